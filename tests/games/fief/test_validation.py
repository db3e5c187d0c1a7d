"""The loader refuses inconsistent data with a message naming the file and the entry.

Each case edits one line of the real data file, writes it to a temporary directory and
loads it; the error must name ``data.toml`` and the entry at fault.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from noblesse.games.fief.data import DATA_FILE, FiefDataError, load

TEXT = DATA_FILE.read_text(encoding="utf-8")


def broken(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    text = TEXT
    for old, new in edits:
        assert text.count(old) == 1, f"edit target not unique: {old!r}"
        text = text.replace(old, new)
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path, message: str) -> None:
    with pytest.raises(FiefDataError, match=re.escape(f"data.toml: {message}")):
        load(path)


def test_the_real_file_loads(tmp_path: Path) -> None:
    assert len(load(broken(tmp_path)).board.villages) == 24


CASES = [
    pytest.param(
        ('{ a = "sigy", b = "marcamps"', '{ a = "sigy", b = "paris"'),
        "road #35 (sigy - paris): unknown village 'paris'",
        id="unknown-village-in-road",
    ),
    pytest.param(
        ('{ a = "sigy", b = "marcamps"', '{ a = "sigy", b = "sigy"'),
        "road #35 (sigy - sigy): a road cannot lead from a village to itself",
        id="road-to-itself",
    ),
    pytest.param(
        ('{ a = "marcamps", b = "st_ciers_d_abzac"', '{ a = "marcamps", b = "sigy"'),
        "road #36 (marcamps - sigy): duplicates road #35",
        id="duplicate-road",
    ),
    pytest.param(
        (
            'villages = ["marcamps", "sigy", "st_ciers_d_abzac"]',
            'villages = ["marcamps", "sigy", "st_ciers_d_abzac", "beaujeu"]',
        ),
        "village 'beaujeu': is in two fiefs: 'blaye' and 'sigy'",
        id="village-in-two-fiefs",
    ),
    pytest.param(
        ('villages = ["tournus", "belleville", "pugnac"]', 'villages = ["tournus", "belleville"]'),
        "village 'pugnac': belongs to no fief",
        id="village-in-no-fief",
    ),
    pytest.param(
        ('villages = ["les_essarts", "st_paul"]', 'villages = ["les_essarts"]'),
        "fief 'les_essarts': has 1 villages; ranks exist for [2, 3, 4] villages",
        id="fief-size-without-rank",
    ),
    pytest.param(
        (
            'villages = ["marcamps", "sigy", "st_ciers_d_abzac"]',
            'villages = ["marcamps", "sigy", "paris"]',
        ),
        "fief 'sigy': unknown village 'paris'",
        id="unknown-village-in-fief",
    ),
    pytest.param(
        ('villages = ["mazilles", "st_andromy"]', 'villages = ["mazilles", "mazilles"]'),
        "fief 'mazilles': lists a village twice",
        id="village-twice-in-fief",
    ),
    pytest.param(
        (
            'villages = ["bourg", "st_vivien", "les_essarts", "marcamps"]',
            'villages = ["bourg", "st_vivien", "les_essarts", "marcamps", "sigy"]',
        ),
        "village 'sigy': is in two bishoprics: 'bourg' and 'sigy'",
        id="village-in-two-bishoprics",
    ),
    pytest.param(
        ('principal = "sigy"', 'principal = "bourg"'),
        "bishopric 'sigy': principal village 'bourg' is not one of its villages",
        id="principal-outside-bishopric",
    ),
    pytest.param(
        ("number = 5", "number = 4"),
        "bishopric number '4': duplicate id",
        id="duplicate-bishopric-number",
    ),
    pytest.param(
        ('key = "st_paul"', 'key = "st_vivien"'),
        "village 'st_vivien': duplicate id",
        id="duplicate-village-id",
    ),
    pytest.param(
        ('key = "justice"', 'key = "ambush"'), "card 'ambush': duplicate id", id="duplicate-card-id"
    ),
    pytest.param(
        ("copies = 2            # lords roll", "copies = 3            # lords roll"),
        "totals.fortune_disaster_deck: the file lists 36, but the total says 35",
        id="deck-total",
    ),
    pytest.param(
        (
            'key = "thierry"\nen = "Thierry"\nzh = "提耶里"\ndeck = "lord"\nkind = "lord"\nsex = "m"',
            'key = "thierry"\nen = "Thierry"\nzh = "提耶里"\ndeck = "lord"\nkind = "lord"\nsex = "f"',
        ),
        "totals.lord_cards_male: the file lists 11, but the total says 12",
        id="lord-sex-total",
    ),
    pytest.param(
        ("villages = 24", "villages = 25"),
        "totals.villages: the file lists 24, but the total says 25",
        id="village-total",
    ),
    pytest.param(
        ("count = 8             # one per fief", "count = 7"),
        "pool 'fief_title': count 7 should be 8 (one per fief)",
        id="pool-per-fief",
    ),
    pytest.param(
        ("count = 13", "count = -13"),
        "kit 'man_at_arms': count -13 is negative",
        id="negative-kit-count",
    ),
    pytest.param(
        ('3 = ["blaye", "tournus", "bourg"]', '3 = ["blaye", "tournus", "blaye"]'),
        "assumed.start_villages.3: needs 3 different villages",
        id="start-villages",
    ),
    pytest.param(
        ("battle_die_faces = [1, 1, 1, 2, 2, 3]", "battle_die_faces = [1, 1, 2, 2, 3]"),
        "assumed.battle_die_faces: a battle die needs 6 faces",
        id="die-faces",
    ),
    pytest.param(
        ("x = 88.5", "x = 188.5"),
        "village 'st_andre': position (188.5, 79.5) is outside the board",
        id="position",
    ),
    pytest.param(('en = "Ambush"\n', ""), "card 'ambush': missing 'en'", id="missing-field"),
    pytest.param(
        (
            'kind = "disaster"\ncopies = 4            # no movement',
            'kind = "weather"\ncopies = 4            # no movement',
        ),
        "card 'heavy_rain': unknown kind 'weather'",
        id="unknown-card-kind",
    ),
    pytest.param(
        ("max_lords_on_board = 4", 'max_lords_on_board = "four"'),
        "rules.max_lords_on_board: must be a number",
        id="rule-not-a-number",
    ),
    pytest.param(
        ("knights = 1\n", "knights = 9\n"),
        "start.knights: 9 is more than the kit's 8",
        id="start-beyond-kit",
    ),
    pytest.param(
        ("joan_two_sp = false", "joan_two_sp = 0"),
        "switches.joan_two_sp: must be true or false, not 0",
        id="switch-not-a-flag",
    ),
    pytest.param(
        ('"fief_lords", "bishops", "villages"]', '"fief_lords", "bishops", "bishops"]'),
        "rules.tie_break_order: must order exactly king, pope, queen_regent, fief_lords, "
        "bishops, villages",
        id="tie-break-order-incomplete",
    ),
    pytest.param(
        (
            'french_grey_removed = ["bountiful_harvest", "good_weather"]',
            'french_grey_removed = ["bountiful_harvest", "arthur"]',
        ),
        "rules.french_grey_removed: 'arthur' is no Fortune & Disaster card",
        id="french-grey-removed-unknown",
    ),
]


@pytest.mark.parametrize(("edit", "message"), CASES)
def test_inconsistent_data_is_refused(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    refused(broken(tmp_path, edit), message)


def test_disconnected_map_is_refused(tmp_path: Path) -> None:
    path = broken(
        tmp_path,
        ('  { a = "st_gerome", b = "st_andre", tag = "P" },', ""),
        ('  { a = "la_buissiere", b = "bourg", tag = "Pi" },', ""),
    )
    refused(
        path,
        "roads: the map is disconnected: no route from 'beaujeu' to 'st_andre', 'la_buissiere'",
    )


def test_invalid_toml_is_refused(tmp_path: Path) -> None:
    refused(broken(tmp_path, ("[players]", "[players")), "not valid TOML")
