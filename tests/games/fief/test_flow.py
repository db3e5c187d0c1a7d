"""The flow of Fief is declared in one place (``flow.DECISIONS``, ``flow.PHASES``): one
record per kind of decision and per phase, and every kind has a prompt in English and
zh-TW (the web table shows it above the choices; a kind without one once broke the table
mid-game)."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest
from fief_scenario import GAME, A, begin, lord, table

from noblesse.core.events import Event
from noblesse.core.game import Action
from noblesse.games.fief import flow, intrigue, offers, rules
from noblesse.games.fief.state import FiefState


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


def _steps_of_random_games(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, str]]:
    """Every step an apply took along seeded random games (3-6 players, the green cards
    any time and at windows only): (the decision answered, the one its apply asked next,
    ``again`` for the one it interrupted, ``""`` for none). A green card played beside a
    decision counts as ``green card``; opening an offer, an interruption, is left out."""
    steps: Counter[tuple[str, str]] = Counter()

    def record(kind: str, s: FiefState, before: int) -> None:
        after = "again" if len(s.interrupted) < before else flow.KIND_NAMES[s.kind]
        steps[(kind, after)] += 1

    def watched(d: flow.Decision) -> flow.Decision:
        def apply(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool | None:
            before = len(s.interrupted)
            done = d.apply(s, p, a, ev)
            record(d.name, s, before)
            return done

        return dataclasses.replace(d, apply=apply)

    play_anytime, offer_apply = intrigue.play_anytime, offers.apply

    def green_card(s: FiefState, p: int, a: int, ev: list[Event]) -> None:
        play_anytime(s, p, a, ev)
        record("green card", s, len(s.interrupted))

    def offer_step(s: FiefState, p: int, a: int, ev: list[Event]) -> None:
        kind, before = flow.KIND_NAMES[s.kind], len(s.interrupted)
        offer_apply(s, p, a, ev)
        if s.kind != A.OFFER_COMPOSE or kind in ("offer_compose", "offer_answer"):
            record(kind, s, before)

    monkeypatch.setattr(rules, "DECISIONS", tuple(watched(d) for d in flow.DECISIONS))
    monkeypatch.setattr(intrigue, "play_anytime", green_card)
    monkeypatch.setattr(offers, "apply", offer_step)
    for seed in range(40):
        rng = random.Random(seed)
        windows = {"opportunity_cards_at_windows": seed % 4 == 3}
        s = GAME.setup(3 + seed % 4, seed, {"max_turns": 12, **windows})
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return steps


def test_every_step_an_apply_takes_is_one_its_record_declares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``Decision.then`` lists where each decision may go next: along random games, an
    apply leaves no decision (the machine asks the next), asks one its record names, or
    (``AGAIN``) gives back the decision it interrupted; a green card played beside a
    decision asks one of ``GREEN_CARD_THEN``."""
    names = {**{k: flow.KIND_NAMES[k] for k in range(len(flow.KIND_NAMES))}, flow.AGAIN: "again"}
    declared = {d.name: {"", *(names[k] for k in d.then)} for d in flow.DECISIONS}
    declared["green card"] = {"", *(names[k] for k in flow.GREEN_CARD_THEN)}
    steps = _steps_of_random_games(monkeypatch)
    undeclared = {step: n for step, n in steps.items() if step[1] not in declared[step[0]]}
    assert undeclared == {}
    assert len(steps) >= 100  # most of the table is met
    for step in [("title_heir", "again"), ("offer_compose", "again"), ("play", "place_lord")]:
        assert steps[step] > 0, step


def test_the_steps_a_record_declares_are_decisions_of_the_game() -> None:
    for d in flow.DECISIONS:
        assert len(set(d.then)) == len(d.then), d.name
        assert all(k == flow.AGAIN or 0 < k < len(flow.DECISIONS) for k in d.then), d.name
    assert flow.DECISIONS[A.TITLE_HEIR].then == (flow.AGAIN, A.TITLE_HEIR)
