"""Every 繁體中文 string written in the code (the web client, the terminal, the server's
messages, the games' templates) follows docs/zh-TW.md, and the web client's English
strings the rules English shares."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from tests.i18n.texts import MARKUP as _MARKUP
from tests.i18n.zh_style import english_problems, problems

SRC = Path(__file__).resolve().parents[2] / "src" / "noblesse"
_CJK = re.compile(r"[\u3400-\u9fff]")
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?(?::[^{}]*)?\}")
_JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')
_REGEX_AFTER = re.compile(r"\b(?:return|typeof|case|of|in)$")


def _python_strings(path: Path) -> list[tuple[int, str]]:
    """Chinese string constants of a module, f-strings' fixed parts included."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and (body := node.body)
        and isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _CJK.search(node.value)
        ):
            out.append((node.lineno, node.value))
    return out


class _JsScan:
    """The string literals of a JavaScript source, each with its line: "…", '…' and each
    template literal's fixed text (its ${…} expressions left out, and scanned for strings
    of their own); comments and regular expression literals skipped."""

    REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")

    def __init__(self, source: str) -> None:
        self.src = source
        self.out: list[tuple[int, str]] = []
        self.comments: list[str] = []
        self.prev = ""  # the last significant character outside strings ("a": a name or value)
        self.code(0, closing=False)

    def line(self, k: int) -> int:
        return self.src.count("\n", 0, k) + 1

    def quoted(self, k: int) -> int:
        quote, start, text = self.src[k], k, []
        k += 1
        while self.src[k] != quote:
            step = 2 if self.src[k] == "\\" else 1
            text.append(self.src[k : k + step])
            k += step
        self.out.append((self.line(start), "".join(text)))
        return k + 1

    def template(self, k: int) -> int:
        start, text = k, []
        k += 1
        while self.src[k] != "`":
            if self.src[k] == "\\":
                text.append(self.src[k : k + 2])
                k += 2
            elif self.src.startswith("${", k):
                k = self.code(k + 2, closing=True)
            else:
                text.append(self.src[k])
                k += 1
        self.out.append((self.line(start), "".join(text)))
        return k + 1

    def regex(self, k: int) -> int:
        k += 1
        in_class = False
        while in_class or self.src[k] != "/":
            if self.src[k] == "\\":
                k += 1
            elif self.src[k] in "[]":
                in_class = self.src[k] == "["
            k += 1
        k += 1
        while k < len(self.src) and self.src[k].isalpha():
            k += 1
        return k

    def code(self, k: int, closing: bool) -> int:
        """Scans code from ``k``; with ``closing``, up to the "}" that closes a ${."""
        src, depth = self.src, 0
        while k < len(src):
            c = src[k]
            if c.isspace():
                k += 1
            elif src.startswith("//", k):
                end = src.find("\n", k) if "\n" in src[k:] else len(src)
                self.comments.append(src[k:end])
                k = end
            elif src.startswith("/*", k):
                end = src.index("*/", k) + 2
                self.comments.append(src[k:end])
                k = end
            elif c in "\"'`":
                k = self.quoted(k) if c != "`" else self.template(k)
                self.prev = "a"
            elif c == "/" and (
                self.prev in self.REGEX_BEFORE
                or self.prev == ""
                or _REGEX_AFTER.search(src[max(0, k - 8) : k].rstrip())
            ):
                k = self.regex(k)
                self.prev = "a"
            else:
                if c == "}" and closing and depth == 0:
                    return k + 1
                depth += {"{": 1, "}": -1}.get(c, 0)
                self.prev = "a" if c.isalnum() or c in "_$" else c
                k += 1
        return k


def _js_strings(path: Path) -> list[tuple[int, str]]:
    """The Chinese string literals of a web client module (every one, those inside a
    template's ${…} too)."""
    return [
        (no, text)
        for no, text in _JsScan(path.read_text(encoding="utf-8")).out
        if _CJK.search(text)
    ]


def _check(strings: list[tuple[int, str]], path: Path) -> list[str]:
    bad = []
    for no, value in strings:
        value = _MARKUP.sub("", _PLACEHOLDER.sub("", value))
        for line in value.splitlines():
            if _CJK.search(line):
                bad += [f"{path.relative_to(SRC)}:{no}: {p} in {line!r}" for p in problems(line)]
    return bad


CODE = sorted([*SRC.rglob("*.py"), *SRC.rglob("*.js")])
CODE = [p for p in CODE if "vendor" not in p.parts]


@pytest.mark.parametrize("path", CODE, ids=lambda p: str(p.relative_to(SRC)))
def test_chinese_written_in_the_code_follows_the_style_guide(path: Path) -> None:
    strings = _python_strings(path) if path.suffix == ".py" else _js_strings(path)
    bad = _check(strings, path)
    assert not bad, f"{len(bad)} strings break docs/zh-TW.md:\n" + "\n".join(bad[:40])


def test_the_web_clients_english_strings_agree_with_their_numbers() -> None:
    text = (SRC / "web" / "i18n.js").read_text(encoding="utf-8")
    english = text.split('"zh-TW": {')[0]
    bad = [
        f"{m.group(1)}: {p}"
        for m in _JS_STRING.finditer(english)
        if m.group(1) and m.group(1) != "中文"  # the button that switches to Chinese
        for p in english_problems(m.group(1))
    ]
    assert not bad, "\n".join(bad)


WEB = sorted(p for p in (SRC / "web").rglob("*.js") if "vendor" not in p.parts)


@pytest.mark.parametrize("path", WEB, ids=lambda p: str(p.relative_to(SRC)))
def test_every_chinese_character_of_the_web_client_is_in_a_string_the_check_reads(
    path: Path,
) -> None:
    """The scan of a module's strings misses none: its strings hold as many Chinese
    characters as the module outside its comments (a string in a template's ${…}, in
    single quotes or over several lines is read too)."""
    source = path.read_text(encoding="utf-8")
    scan = _JsScan(source)
    in_strings = sum(len(_CJK.findall(text)) for _, text in scan.out)
    in_comments = sum(len(_CJK.findall(text)) for text in scan.comments)
    assert in_strings + in_comments == len(_CJK.findall(source))


def test_the_scan_reads_strings_in_every_form_javascript_writes_them() -> None:
    source = """// 「註解」 is not read
const a = "甲，乙", b = '丙(丁)';
const c = `第${zh ? "一" : `二${x}`}天
第二行`;  /* 「也不讀」 */ const r = /["'`]/g.test(s) ? 1 / 2 : `戊`;"""
    assert [text for _, text in _JsScan(source).out] == [
        "甲，乙",
        "丙(丁)",
        "一",
        "二",
        "第天\n第二行",
        "戊",
    ]
    assert [no for no, _ in _JsScan(source).out] == [2, 2, 3, 3, 3, 4]
