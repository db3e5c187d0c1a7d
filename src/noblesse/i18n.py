"""Interface text in English and Traditional Chinese (zh-TW)."""

from __future__ import annotations

LANGS = ("en", "zh-TW")

MESSAGES: dict[str, dict[str, str]] = {
    "choose": {"en": "Your choice (number): ", "zh-TW": "你的選擇（編號）："},
    "not_a_number": {
        "en": "Please type one of the numbers 1-{n}.",
        "zh-TW": "請輸入1-{n}之間的編號。",
    },
    "your_turn": {"en": "Your turn ({who}): {prompt}", "zh-TW": "輪到你（{who}）：{prompt}"},
    "record_saved": {"en": "Game record saved: {path}", "zh-TW": "遊戲紀錄已儲存：{path}"},
    "final_scores": {"en": "Final scores", "zh-TW": "最終分數"},
    "quit": {
        "en": "Game left unfinished; the record so far is kept.",
        "zh-TW": "遊戲未完成就離開了；目前的紀錄已儲存。",
    },
    "player": {"en": "Player", "zh-TW": "玩家"},
    "played_by": {"en": "Played by", "zh-TW": "操作者"},
    "score": {"en": "Score", "zh-TW": "分數"},
    "you": {"en": "you", "zh-TW": "你"},
    "you_are": {"en": "You are {who}", "zh-TW": "你是{who}"},
    "is_kind": {"en": "{who} is {kind}", "zh-TW": "{who}是{kind}"},
    "are_kind": {"en": "{who} are {kind}", "zh-TW": "{who}是{kind}"},
    "hand_over": {
        "en": "Pass the terminal to {who}, then press Enter.",
        "zh-TW": "請把終端機交給{who}，然後按Enter。",
    },
    "seed": {"en": "seed {seed}", "zh-TW": "種子{seed}"},
    "actions": {"en": "{n} actions", "zh-TW": "{n}個行動"},
    "unfinished": {
        "en": "Unfinished game. Scores so far: {scores}",
        "zh-TW": "牌局尚未結束。目前分數：{scores}",
    },
    # Who plays a seat (docs/zh-TW.md): a person, or a bot by its level (the levels a
    # player chooses, then the bots they are made of).
    "human": {"en": "Human", "zh-TW": "真人"},
    "easy": {"en": "Bot (easy)", "zh-TW": "電腦（簡單）"},
    "normal": {"en": "Bot (medium)", "zh-TW": "電腦（普通）"},
    "hard": {"en": "Bot (hard)", "zh-TW": "電腦（困難）"},
    "random": {"en": "Bot (easy)", "zh-TW": "電腦（簡單）"},
    "greedy": {"en": "Bot (medium)", "zh-TW": "電腦（普通）"},
    "ismcts": {"en": "Bot (hard)", "zh-TW": "電腦（困難）"},
}


def normalize_lang(lang: str) -> str:
    """'zh', 'zh-tw', 'zh_TW' → 'zh-TW'; anything else English; raise on an unknown tag."""
    low = lang.replace("_", "-").lower()
    if low in ("zh", "zh-tw", "zh-hant", "tw"):
        return "zh-TW"
    if low in ("en", "en-us", "en-gb"):
        return "en"
    raise ValueError(f"unknown language '{lang}'; use en or zh-TW")


def t(key: str, lang: str = "en", **fields: object) -> str:
    entry = MESSAGES[key]
    return entry.get(lang, entry["en"]).format(**fields)


def kind_name(kind: str, lang: str = "en") -> str:
    """Who plays a seat, from its spec: "human", "Bot (medium)" / 「真人」, 「電腦（普通）」
    (``ismcts:ms=500`` and ``hard:ms=1000.0`` are 「電腦（困難）」)."""
    base = kind.split(":")[0]
    return t(base, lang) if base in KIND_KEYS else kind


KIND_KEYS = ("human", "easy", "normal", "hard", "random", "greedy", "ismcts")
