"""Errors the kernel raises, each carrying a message a player understands."""

from __future__ import annotations


class NoblesseError(Exception):
    """Base of every error noblesse raises on purpose."""


class IllegalAction(NoblesseError):
    """An action that is not legal for that seat now. The state is left unchanged.

    ``message`` is English; ``message_zh`` the same in Traditional Chinese when the
    game provides it, so that a table in either language can show it.
    """

    def __init__(self, message: str, message_zh: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.message_zh = message_zh or message

    def text(self, lang: str = "en") -> str:
        return self.message_zh if lang.startswith("zh") else self.message

    @classmethod
    def not_a_choice(cls, label: tuple[str, str], now: tuple[str, str]) -> IllegalAction:
        """An action that answers no part of the pending decision, named by its ``label``
        (English, 繁體中文), with what the decision asks for ``now`` (its zh-TW text a
        clause that follows 「，」)."""
        zh = label[1].replace("「", "『").replace("」", "』")  # a quotation inside 「」
        return cls(
            f"“{label[0]}” is not a choice now: {now[0]}.", f"現在不能選「{zh}」，{now[1]}。"
        )


class RecordError(NoblesseError):
    """A game record that cannot be read or replayed; names the offending line."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
