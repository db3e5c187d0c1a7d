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


def _python_strings(path: Path) -> list[tuple[int, str]]:
    """Chinese string constants of a module, f-strings' fixed parts included."""
    out = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and (body := node.body) and isinstance(body[0], ast.Expr)
                  and isinstance(body[0].value, ast.Constant)}
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and _CJK.search(node.value):
            out.append((node.lineno, node.value))
    return out


def _js_strings(path: Path) -> list[tuple[int, str]]:
    out = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = re.sub(r"\$\{[^{}]*\}", "", line)  # a template's expressions
        for m in _JS_STRING.finditer(line):
            value = m.group(1) if m.group(1) is not None else m.group(2)
            if _CJK.search(value):
                out.append((no, value))
    return out


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
    bad = [f"{m.group(1)}: {p}" for m in _JS_STRING.finditer(english)
           if m.group(1) and m.group(1) != "中文"  # the button that switches to Chinese
           for p in english_problems(m.group(1))]
    assert not bad, "\n".join(bad)
