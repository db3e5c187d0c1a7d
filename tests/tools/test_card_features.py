"""Balance reports for every game: ``card_features`` names real cards, and a small
``noblesse analyze`` run of each game gives a non-empty card table (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from budget import budget
from noblesse import games
from noblesse.cli import app
from noblesse.core.events import Event
from noblesse.games.conflicting_legends.data import CARDS as CL
from noblesse.games.conflicting_legends.data import GESTURES
from noblesse.games.fief.data import DATA as FIEF
from noblesse.games.fief.state import LORDS
from noblesse.games.heads_of_state.data import BOARD as HOS
from noblesse.games.ruse_and_bruise.data import CARDS as RB
from noblesse.sim.batch import whole_event

runner = CliRunner()

# -- what each game may name, per kind of row --------------------------------------
_RB_CHARS = {c.key for c in RB.characters}
_RB_SCORES = {f"{i.key}:{v}" for i in RB.icons for v in RB.rules["score_cards_per_icon"]}
_HOS_COUNTRIES = {c.key for c in HOS.countries}
_HOS_RANKS = {r.key for r in HOS.ranks}
_CL_CHARS = {c.key for c in CL.characters}
_CL_LANDS = {t.key for t in CL.territories}
_FIEF_CARDS = {c.key for c in FIEF.cards}
_FIEF_LORDS = {FIEF.cards[c].key for c in LORDS}
_FIEF_BISHOPRICS = {b.key for b in FIEF.board.bishoprics}
_FIEF_OFFICES = {"king", "queen", "pope", "cardinal"} | {f"bishop of {b}" for b in _FIEF_BISHOPRICS}

NAMES: dict[str, dict[str, set[str]]] = {
    "ruse_and_bruise": {
        "played": _RB_CHARS,
        "in a winning row": _RB_CHARS,
        "killed": _RB_CHARS,
        "tucked": _RB_CHARS,
        "score card won": _RB_SCORES,
    },
    "heads_of_state": {
        "ennobled": _HOS_RANKS,
        "alive at the end": _HOS_RANKS,
        "paid": {a.key for a in HOS.attributes},
        "played": {t.key for t in HOS.treachery},
        "country marker": _HOS_COUNTRIES,
        "century marker 1st": _HOS_COUNTRIES,
        "century marker 2nd": _HOS_COUNTRIES,
        "initial marker": {b.key for b in HOS.boxes},
        "noble house marker": {
            f"{v} points" for vs in HOS.noble_house_markers.values() for v in vs
        },
    },
    "conflicting_legends": {
        "played": _CL_CHARS,
        "threw": set(GESTURES),
        "expanded into": _CL_LANDS,
        "held at the end": _CL_LANDS,
        "held built at the end": _CL_LANDS,
    },
    "fief": {
        "played": _FIEF_CARDS,
        "drew": _FIEF_CARDS,
        "start village": {v.key for v in FIEF.board.villages},
        "married": _FIEF_LORDS,
        "elected bishop": _FIEF_BISHOPRICS,
        "elected king": _FIEF_LORDS,
        "elected pope": _FIEF_LORDS,
        "fief held at the end": {f.key for f in FIEF.board.fiefs},
        "office held at the end": _FIEF_OFFICES,
    },
}
# kinds of row that even a short run of random bots always shows
COMMON = {
    "ruse_and_bruise": {"played", "in a winning row", "killed", "tucked", "score card won"},
    "heads_of_state": {"ennobled", "paid", "played", "initial marker", "century marker 1st"},
    "conflicting_legends": {"played", "threw", "expanded into", "held at the end"},
    "fief": {"played", "drew", "start village", "married"},
}
DATA_FILE = {
    "ruse_and_bruise": "cards.toml",
    "heads_of_state": "board.toml",
    "conflicting_legends": "cards.toml",
    "fief": "data.toml",
}


GAMES, BOTS = budget((30, "random"), (200, "greedy"))


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_analyze_gives_a_card_table_of_real_cards(tmp_path: Path, game_id: str) -> None:
    result = runner.invoke(
        app,
        [
            "analyze",
            game_id,
            "-n",
            str(GAMES),
            "--bots",
            BOTS,
            "--workers",
            "1",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    cards = json.loads((tmp_path / "analysis.json").read_text())["cards"]
    assert cards
    names = NAMES[game_id]
    for row in cards:
        assert row["card"] in names[row["what"]], row
        assert 0 < row["seat_games"] <= GAMES * 4
        lo, hi = row["win_rate_95ci"]
        assert 0 <= lo <= row["win_rate"] <= hi <= 1
    assert COMMON[game_id] <= {row["what"] for row in cards}
    assert (tmp_path / DATA_FILE[game_id]).exists()
    page = (tmp_path / "report.html").read_text()
    assert "card data: —" not in page
    assert page.count("<tr>") > len(cards)  # every row in the table
    assert page.count("data:image/png;base64,") == 3 + len({row["what"] for row in cards})


def _rows(game_id: str, event: Event | dict, state=None) -> list[tuple[int, str, str]]:
    features = games.get(game_id).card_features
    if isinstance(event, Event):
        event = whole_event(event)
    return sorted(features(event, state))


def test_ruse_and_bruise_features_read_face_down_cards() -> None:
    game = games.get("ruse_and_bruise")
    s = game.setup(3, 1)
    (seat,) = game.to_act(s)
    key = RB.characters[s.hands[seat][0] % len(RB.characters)].key
    game.apply(s, seat, game.decode(f"play:{key}"))
    events = game.apply(s, seat, game.decode("row:1"))
    assert [e.type for e in events][0] == "place"
    assert "card" not in events[0].for_seat(None)  # face down: the public part hides it
    rows = sorted(r for e in events for r in _rows("ruse_and_bruise", e))
    assert rows == [(seat, "played", key)]
    assert _rows("ruse_and_bruise", Event("kill", {"row": 1, "owner": 2}, {2: {"card": 3}})) == [
        (2, "killed", RB.characters[3].key)
    ]
    assert _rows(
        "ruse_and_bruise", Event("tuck", {"seat": 1, "row": 2}, {1: {"card": RB.kind("king")}})
    ) == [(1, "tucked", "king")]
    round_end = {
        "type": "round_end",
        "round": 1,
        "ender": 0,
        "rows": [
            {
                "row": 1,
                "winner": 1,
                "cards": [
                    {"card": "king", "owner": 1, "removed": False},
                    {"card": "queen", "owner": 0, "removed": False},
                    {"card": "witch", "owner": 1, "removed": True},
                ],
            },
            {"row": 2, "winner": None, "cards": [{"card": "storm", "owner": 2, "removed": False}]},
        ],
    }
    assert _rows("ruse_and_bruise", round_end) == [(1, "in a winning row", "king")]
    s.won = [[0], [], [6, 7]]  # corn:1; coin:1, coin:2
    assert _rows("ruse_and_bruise", None, s) == [
        (0, "score card won", "corn:1"),
        (2, "score card won", "coin:1"),
        (2, "score card won", "coin:2"),
    ]


def test_heads_of_state_features() -> None:
    duke = next(r for r in HOS.ranks if r.key == "Duke")
    event = {
        "type": "ennoble",
        "seat": 2,
        "slot": 0,
        "rank": duke.id,
        "paid": list(duke.requires),
        "noble_card": True,
    }
    assert _rows("heads_of_state", event) == sorted(
        [(2, "ennobled", "Duke")] + [(2, "paid", HOS.attributes[a].key) for a in duke.requires]
    )
    assert _rows(
        "heads_of_state",
        {"type": "assassinate", "seat": 1, "slot": 3, "target": 0, "card": 0, "count": 2},
    ) == [(1, "played", HOS.treachery[0].key)]
    assert _rows(
        "heads_of_state", {"type": "country_marker", "seat": 0, "value": 4, "country": 1}
    ) == [(0, "country marker", HOS.countries[1].key)]
    assert _rows(
        "heads_of_state",
        {"type": "century_marker", "seat": 3, "value": 2, "country": 0, "century": 17, "place": 2},
    ) == [(3, "century marker 2nd", HOS.countries[0].key)]
    assert _rows("heads_of_state", {"type": "noble_house", "seat": 1, "value": 16}) == [
        (1, "noble house marker", "16 points")
    ]
    assert _rows("heads_of_state", {"type": "take", "seat": 1, "card": 0}) == []
    game = games.get("heads_of_state")
    s = game.setup(3, 1)
    s.slots = [-1] * len(s.slots)
    s.slots[0] = 2
    assert _rows("heads_of_state", None, s) == [
        (2, "alive at the end", HOS.ranks[HOS.slots[0].rank].key)
    ]


def test_conflicting_legends_features() -> None:
    homer = CL.character("homer")
    assert _rows("conflicting_legends", Event("play", {"seat": 1, "card": homer})) == [
        (1, "played", "homer")
    ]
    assert _rows(
        "conflicting_legends",
        Event(
            "reveal",
            {
                "throw": 1,
                "seat": 0,
                "defender": 2,
                "attacker_gesture": "rock",
                "defender_gesture": "paper",
                "result": "defender",
            },
        ),
    ) == [(0, "threw", "rock"), (2, "threw", "paper")]
    game = games.get("conflicting_legends")
    s = game.setup(3, 1)
    s.lands = [[0], [], [1, 2]]
    s.yellow = [False] * len(s.yellow)
    s.yellow[2] = True
    lands = [t.key for t in CL.territories]
    assert _rows("conflicting_legends", None, s) == sorted(
        [
            (0, "held at the end", lands[0]),
            (2, "held at the end", lands[1]),
            (2, "held at the end", lands[2]),
            (2, "held built at the end", lands[2]),
        ]
    )


def test_fief_features() -> None:
    lord = LORDS.index(FIEF.card("gauvain"))
    other = LORDS.index(FIEF.card("isabelle"))
    assert _rows(
        "fief", Event("play_lord", {"seat": 0, "card": FIEF.card("gauvain"), "lord": lord})
    ) == [(0, "played", "gauvain")]
    assert _rows("fief", Event("play_opportunity", {"seat": 2, "card": FIEF.card("uprising")})) == [
        (2, "played", "uprising")
    ]
    assert _rows(
        "fief", Event("marriage", {"seat": 0, "lord": lord, "partner": other, "with": 3})
    ) == [(0, "married", "gauvain"), (3, "married", "isabelle")]
    assert _rows(
        "fief", Event("elected", {"lord": lord, "seat": 0, "office": "bishop", "bishopric": 0})
    ) == [(0, "elected bishop", FIEF.board.bishoprics[0].key)]
    assert _rows(
        "fief", Event("elected", {"lord": lord, "seat": 0, "office": "king", "bishopric": -1})
    ) == [(0, "elected king", "gauvain")]
    assert _rows("fief", Event("start_village", {"seat": 1, "village": 0})) == [
        (1, "start village", FIEF.board.villages[0].key)
    ]
    game = games.get("fief")
    s = game.setup(3, 1, {"max_turns": 10})
    s.l_owner[lord], s.l_owner[other] = 1, 2
    s.fief_holder = [-1] * len(s.fief_holder)
    s.fief_holder[0] = lord
    s.king, s.pope, s.queen = lord, -1, other
    s.bishop = [-1] * len(s.bishop)
    s.cardinal = [0] * len(s.cardinal)
    assert _rows("fief", None, s) == [
        (1, "fief held at the end", FIEF.board.fiefs[0].key),
        (1, "office held at the end", "king"),
        (2, "office held at the end", "queen"),
    ]


def test_analyze_several_player_counts_in_one_report(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "analyze",
            "conflicting_legends",
            "-n",
            "10",
            "--players",
            "3,5",
            "--bots",
            "random",
            "--workers",
            "1",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 0, result.output
    analysis = json.loads((tmp_path / "analysis.json").read_text())
    assert analysis["report"]["games"] == 20 and analysis["report"]["players"] == [3, 5]
    by = analysis["by_players"]
    assert sorted(by) == ["3", "5"] and [len(by[k]["seats"]) for k in ("3", "5")] == [3, 5]
    assert all(by[k]["games"] == 10 and by[k]["length_decisions"]["mean"] > 0 for k in by)
    page = (tmp_path / "report.html").read_text()
    assert "3 players (10 games)" in page and "5 players (10 games)" in page
    assert "<h2>Game length, ties and the lead by player count</h2>" in page and analysis["cards"]
    bad = runner.invoke(
        app,
        [
            "analyze",
            "conflicting_legends",
            "-n",
            "2",
            "--players",
            "3,4",
            "--bots",
            "random,greedy",
            "--out",
            str(tmp_path / "x"),
        ],
    )
    assert bad.exit_code != 0


@pytest.mark.parametrize("game_id", sorted(NAMES))
def test_every_card_a_report_may_show_has_a_name_in_both_languages(game_id: str) -> None:
    """No key shows raw in a report's card table: the catalog names it, or the game
    describes it (score cards, noble house markers, offices). English names may be
    the key itself ("Duke", "8 points") but never a key's form (``corn:3``,
    ``st_gerome``); Chinese names are never the key and hold no Latin letters."""
    from tests.i18n.zh_style import problems

    from noblesse.sim.analyze import card_names

    keys = set().union(*NAMES[game_id].values())
    game = games.get(game_id)
    english = card_names(game, "en", keys)
    assert sorted(k for k in keys if any(c in english.get(k, k) for c in ":_")) == []
    chinese = card_names(game, "zh-TW", keys)
    assert sorted(k for k in keys if chinese.get(k, k) == k and not k.isdigit()) == []
    assert sorted(k for k in keys if any("a" <= ch.lower() <= "z" for ch in chinese[k])) == []
    assert {k: problems(chinese[k]) for k in keys if problems(chinese[k])} == {}
