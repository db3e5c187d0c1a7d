"""The flow of Fief is declared in one place (``flow.DECISIONS``, ``flow.PHASES``): one
record per kind of decision and per phase, and every kind has a prompt in English and
zh-TW (the web table shows it above the choices; a kind without one once broke the table
mid-game)."""

from __future__ import annotations

import pytest
from fief_scenario import GAME, A, begin, lord, table

from noblesse.games.fief import flow


def test_each_kind_of_decision_is_one_record_under_its_own_number_and_name() -> None:
    kinds = [d.kind for d in flow.DECISIONS]
    assert kinds == list(range(A.OFFER_ANSWER + 1))
    names = [d.name for d in flow.DECISIONS[1:]]
    assert len(set(names)) == len(names) and all(names)
    assert flow.decision_named("battle_round").kind == A.ROUND_ATT


def test_each_phase_is_one_record_and_the_turn_comes_back_to_the_announcements() -> None:
    assert [ph.phase for ph in flow.PHASES] == list(range(A.END_OF_TURN + 1))
    seen, phase = [], flow.PHASES[A.ANNOUNCE]
    while phase.phase not in seen:
        seen.append(phase.phase)
        phase = flow.PHASES[phase.after]
    assert [flow.PHASE_NAMES[p] for p in seen] == [
        "announcements",
        "cards",
        "income",
        "ransoms",
        "purchase",
        "movement",
        "battles",
        "pillage",
        "end_of_turn",
    ]
    assert [ph.name for ph in flow.PHASES if ph.opens_turn] == ["announcements"]


@pytest.mark.parametrize("decision", flow.DECISIONS[1:], ids=lambda d: d.name)
def test_every_decision_kind_has_a_prompt_in_both_languages(decision: flow.Decision) -> None:
    en, zh = decision.prompt
    assert en and zh and en != zh
    assert any("\u4e00" <= ch <= "\u9fff" for ch in zh), zh


def test_the_view_and_the_words_of_a_decision_come_from_its_record() -> None:
    s = table(3)
    lord(s, "arthur", 0, "blaye")
    begin(s, "purchase")
    purchase = flow.DECISIONS[A.PURCHASE]
    assert GAME.view(s, 0)["decision"] == {"kind": purchase.name, "seat": 0}
    assert GAME.describe_decision(s, "en") == purchase.prompt[0] == "Buy, or pass"
    assert GAME.describe_decision(s, "zh-TW") == purchase.prompt[1]


def test_an_offer_may_open_exactly_at_the_decisions_the_rules_name() -> None:
    """§7.4: at the Ransom step, each purchase, movement and battle choice and each
    marriage proposal; a captor frees a captive at each of them but the Ransom step, whose
    own actions already hold the releases (§7.3)."""
    assert {d.name for d in flow.DECISIONS if d.offers} == {
        "ransom",
        "purchase",
        "movement",
        "battle",
        "marriage_proposal",
    }
    assert {d.name for d in flow.DECISIONS if d.frees} == {
        "purchase",
        "movement",
        "battle",
        "marriage_proposal",
    }
    assert {d.name for d in flow.DECISIONS if d.who is flow.Who.VOTERS} == {"ballot"}
