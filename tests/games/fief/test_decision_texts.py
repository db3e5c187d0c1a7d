"""Every kind of Fief decision has a prompt in English and zh-TW (the web table shows it
above the choices; a kind without one once broke the table mid-game)."""

from __future__ import annotations

import pytest

from noblesse.games.fief import actions as A
from noblesse.games.fief.views import DECISION_TEXT


@pytest.mark.parametrize("kind", [k for k in A.KIND_NAMES if k])
def test_every_decision_kind_has_a_prompt_in_both_languages(kind: str) -> None:
    en, zh = DECISION_TEXT[kind]
    assert en and zh and en != zh
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh
