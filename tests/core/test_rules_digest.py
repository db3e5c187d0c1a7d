"""A game's version follows its rules, not its words."""

from __future__ import annotations

from noblesse.core.record import rules_digest


def test_rewording_a_cards_name_or_text_keeps_the_digest() -> None:
    card = {
        "key": "fool",
        "en": "Fool",
        "zh": "傻子",
        "copies": 2,
        "text_en": "Move a noble.",
        "text_zh": "移動一名人物。",
    }
    reworded = {
        **card,
        "zh": "「傻子」",
        "text_zh": "把一名人物往前移。",
        "text_en": "Move one noble.",
    }
    assert rules_digest({"action": [card]}) == rules_digest({"action": [reworded]})


def test_changing_a_rule_changes_the_digest() -> None:
    card = {"key": "fool", "en": "Fool", "zh": "傻子", "copies": 2}
    assert rules_digest({"action": [card]}) != rules_digest({"action": [{**card, "copies": 3}]})
    assert rules_digest({"rules": {"days": 3}}) != rules_digest({"rules": {"days": 4}})
