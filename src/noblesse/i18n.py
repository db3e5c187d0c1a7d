"""Interface text in English and Traditional Chinese (zh-TW)."""

from __future__ import annotations

LANGS = ("en", "zh-TW")

MESSAGES: dict[str, dict[str, str]] = {
    "choose": {"en": "Your choice (number)", "zh-TW": "你的選擇（編號）"},
    "not_a_number": {"en": "Please type one of the numbers 1-{n}.", "zh-TW": "請輸入 1-{n} 之間的編號。"},
    "bot_acts": {"en": "{who} ({bot}) acts", "zh-TW": "{who}（{bot}）行動"},
    "record_saved": {"en": "Game record saved to {path}", "zh-TW": "遊戲紀錄已存到 {path}"},
    "game_over": {"en": "Game over", "zh-TW": "遊戲結束"},
    "winner": {"en": "Winner(s): {names}", "zh-TW": "勝者：{names}"},
    "final_scores": {"en": "Final scores", "zh-TW": "最後分數"},
    "quit": {"en": "Game left unfinished; the record so far is kept.", "zh-TW": "遊戲未完成即離開；已保存目前的紀錄。"},
    "seat": {"en": "Seat", "zh-TW": "座位"},
    "bot": {"en": "Player", "zh-TW": "玩家"},
    "score": {"en": "Score", "zh-TW": "分數"},
    "you": {"en": "you", "zh-TW": "你"},
    "hand_over": {"en": "Pass the terminal to {who}, then press Enter.", "zh-TW": "請把終端交給{who}，然後按 Enter。"},
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
