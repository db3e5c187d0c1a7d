"""The data file against the spec (shared/specs/fief.md §1-§2) and the source document."""

from __future__ import annotations

from noblesse.games.fief.data import DATA

BOARD = DATA.board


def names(ids: tuple[int, ...]) -> set[str]:
    return {BOARD.villages[v].en for v in ids}


def test_player_counts_are_three_to_six() -> None:
    assert (DATA.min_players, DATA.max_players) == (3, 6)


def test_map_has_24_villages_8_fiefs_5_bishoprics() -> None:
    assert len(BOARD.villages) == 24
    assert len(BOARD.fiefs) == 8
    assert len(BOARD.bishoprics) == 5
    assert len({v.key for v in BOARD.villages}) == 24


# §2.4, transcribed from the spec's fief table: name -> (rank, title cost, villages).
FIEFS = {
    "Blaye": ("duchy", 8, {"Beaujeu", "La Salle", "Blaye", "Charolles"}),
    "L'Épervier": ("county", 6, {"Sennecy", "L'Épervier", "Château-Neuf"}),
    "Mazilles": ("barony", 4, {"Mazilles", "St Andromy"}),
    "Tournus": ("county", 6, {"Tournus", "Belleville", "Pugnac"}),
    "St Gérôme": ("county", 6, {"St Médard", "St Gérôme", "St André"}),
    "Bourg": ("duchy", 8, {"Villeneuve", "La Buissière", "Bourg", "St Vivien"}),
    "Les Essarts": ("barony", 4, {"Les Essarts", "St Paul"}),
    "Sigy": ("county", 6, {"Marcamps", "Sigy", "St Ciers d'Abzac"}),
}


def test_fiefs_match_spec_table() -> None:
    found = {f.en: (f.rank.key, DATA.fief_title_cost(f.id), names(f.villages)) for f in BOARD.fiefs}
    assert found == FIEFS


def test_fief_rank_names_follow_the_source() -> None:
    assert {r.key: (r.villages, r.zh) for r in DATA.ranks} == {
        "duchy": (4, "公國"),
        "county": (3, "郡"),
        "barony": (2, "大莊園"),
    }


# §2.5: number -> (name, principal village, villages).
BISHOPRICS = {
    1: (
        "Blaye",
        "Blaye",
        {"La Salle", "Blaye", "Charolles", "Sennecy", "L'Épervier", "St Médard", "Villeneuve"},
    ),
    2: ("Tournus", "Tournus", {"Château-Neuf", "Mazilles", "St Andromy", "Tournus"}),
    3: (
        "St Gérôme",
        "St Gérôme",
        {"Belleville", "Pugnac", "St Gérôme", "St André", "La Buissière"},
    ),
    4: ("Bourg", "Bourg", {"Bourg", "St Vivien", "Les Essarts", "Marcamps"}),
    5: ("Sigy", "Sigy", {"Beaujeu", "St Paul", "Sigy", "St Ciers d'Abzac"}),
}


def test_bishoprics_match_spec_table() -> None:
    found = {
        b.number: (
            b.en.removeprefix("Bishopric of "),
            BOARD.villages[b.principal].en,
            names(b.villages),
        )
        for b in BOARD.bishoprics
    }
    assert found == BISHOPRICS


def test_principal_villages_are_the_five_banner_villages() -> None:
    principal = {v.en for v in BOARD.villages if BOARD.is_principal(v.id)}
    assert principal == {"Blaye", "Tournus", "St Gérôme", "Bourg", "Sigy"}


# §2.6: village -> (fief, bishopric number, x, y).
VILLAGES = {
    "Beaujeu": ("Blaye", 5, 6, 11),
    "La Salle": ("Blaye", 1, 22, 4),
    "Blaye": ("Blaye", 1, 25, 26),
    "Charolles": ("Blaye", 1, 36, 37),
    "Sennecy": ("L'Épervier", 1, 37, 12),
    "L'Épervier": ("L'Épervier", 1, 50, 28),
    "Château-Neuf": ("L'Épervier", 2, 51, 8),
    "Mazilles": ("Mazilles", 2, 63, 13),
    "St Andromy": ("Mazilles", 2, 71.5, 40),
    "Tournus": ("Tournus", 2, 77, 20),
    "Belleville": ("Tournus", 3, 86.5, 6),
    "Pugnac": ("Tournus", 3, 88, 36),
    "St Médard": ("St Gérôme", 1, 63.5, 56),
    "St Gérôme": ("St Gérôme", 3, 85.5, 58.5),
    "St André": ("St Gérôme", 3, 88.5, 79.5),
    "Villeneuve": ("Bourg", 1, 44, 56),
    "La Buissière": ("Bourg", 3, 71.5, 82.5),
    "Bourg": ("Bourg", 4, 53, 80.5),
    "St Vivien": ("Bourg", 4, 37.5, 80),
    "Les Essarts": ("Les Essarts", 4, 29.5, 59),
    "St Paul": ("Les Essarts", 5, 14, 81),
    "Marcamps": ("Sigy", 4, 14.5, 48.5),
    "Sigy": ("Sigy", 5, 5, 63),
    "St Ciers d'Abzac": ("Sigy", 5, 7, 32),
}


def test_village_table_matches_spec() -> None:
    found = {
        v.en: (
            BOARD.fiefs[BOARD.fief_of(v.id)].en,
            BOARD.bishoprics[BOARD.bishopric_of(v.id)].number,
            v.x,
            v.y,
        )
        for v in BOARD.villages
    }
    assert found == VILLAGES


def test_every_village_has_a_chinese_name() -> None:
    assert all(v.zh and v.zh != v.en for v in BOARD.villages)
    assert len({v.zh for v in BOARD.villages}) == 24


# §2.7: the 36 roads of the spec's table, in its order.
ROADS = [
    ("Beaujeu", "La Salle"),
    ("Beaujeu", "Blaye"),
    ("Beaujeu", "St Ciers d'Abzac"),
    ("La Salle", "Blaye"),
    ("La Salle", "Sennecy"),
    ("Blaye", "Charolles"),
    ("Blaye", "St Ciers d'Abzac"),
    ("Charolles", "L'Épervier"),
    ("Charolles", "Villeneuve"),
    ("Sennecy", "Château-Neuf"),
    ("Sennecy", "L'Épervier"),
    ("Château-Neuf", "L'Épervier"),
    ("Château-Neuf", "Mazilles"),
    ("L'Épervier", "Mazilles"),
    ("Mazilles", "St Andromy"),
    ("Mazilles", "Belleville"),
    ("St Andromy", "Tournus"),
    ("St Andromy", "St Médard"),
    ("Tournus", "Belleville"),
    ("Tournus", "Pugnac"),
    ("Pugnac", "St Gérôme"),
    ("St Gérôme", "St Médard"),
    ("St Gérôme", "St André"),
    ("St André", "La Buissière"),
    ("La Buissière", "Bourg"),
    ("St Médard", "Villeneuve"),
    ("Villeneuve", "Bourg"),
    ("Villeneuve", "Les Essarts"),
    ("Bourg", "St Vivien"),
    ("St Vivien", "St Paul"),
    ("St Vivien", "Les Essarts"),
    ("Les Essarts", "St Paul"),
    ("Les Essarts", "Marcamps"),
    ("St Paul", "Sigy"),
    ("Sigy", "Marcamps"),
    ("Marcamps", "St Ciers d'Abzac"),
]


def test_19_roads_are_exactly_the_spec_table() -> None:
    found = [{BOARD.villages[r.a].en, BOARD.villages[r.b].en} for r in BOARD.roads]
    assert found == [set(pair) for pair in ROADS]


def test_road_tags_of_stated_roads() -> None:
    stated = [r.id + 1 for r in BOARD.roads if r.tag == "P"]
    assert stated == [6, 8, 9, 15, 17, 18, 22, 23, 24, 26, 30, 32, 34]


DEGREES = {
    "Beaujeu": 3,
    "La Salle": 3,
    "Blaye": 4,
    "St Ciers d'Abzac": 3,
    "Charolles": 3,
    "Sennecy": 3,
    "Château-Neuf": 3,
    "L'Épervier": 4,
    "Mazilles": 4,
    "St Andromy": 3,
    "Tournus": 3,
    "Belleville": 2,
    "Pugnac": 2,
    "St Gérôme": 3,
    "St Médard": 3,
    "St André": 2,
    "La Buissière": 2,
    "Bourg": 3,
    "Villeneuve": 4,
    "St Vivien": 3,
    "Les Essarts": 4,
    "St Paul": 3,
    "Sigy": 2,
    "Marcamps": 3,
}


def test_road_degrees_match_spec() -> None:
    assert {v.en: len(BOARD.neighbours(v.id)) for v in BOARD.villages} == DEGREES


def test_kit_matches_spec() -> None:
    assert {i.key: i.count for i in DATA.kit} == {
        "knight": 8,
        "man_at_arms": 13,
        "siege_engine": 2,
        "diplomacy_marker": 3,
        "vote_marker": 2,
        "tax_marker": 3,
        "marriage_marker": 1,
    }
    assert dict(DATA.start) == {
        "money": 5,
        "knights": 1,
        "men_at_arms": 3,
        "strongholds": 1,
        "lords": 1,
    }


def test_shared_pools_match_spec() -> None:
    assert {i.key: i.count for i in DATA.pools} == {
        "fief_title": 8,
        "bishop_title": 5,
        "king": 1,
        "queen": 1,
        "pope": 1,
        "crown_prince": 1,
        "biretta": 1,
        "mill": 15,
        "stronghold": 12,
        "fortified_city": 8,
        "assassin_marker": 2,
        "excommunication_marker": 1,
        "battle_die": 8,
        "standard_d6": 1,
        "first_player_card": 1,
    }


def copies(deck: str) -> dict[str, int]:
    result: dict[str, int] = {}
    for card_id in DATA.deck(deck):
        key = DATA.cards[card_id].key
        result[key] = result.get(key, 0) + 1
    return result


def test_2_grey_card_counts_are_the_source_documents() -> None:
    assert copies("fortune") == {
        "heavy_rain": 4,
        "famine": 4,
        "plague": 2,
        "bountiful_harvest": 5,
        "good_weather": 5,
        "taxes": 5,
        "uprising": 4,
        "secret_passage": 3,
        "assassination": 1,
        "justice": 1,
        "ambush": 1,
    }
    assert len(DATA.deck("fortune")) == 35
    assert sum(c.copies for c in DATA.cards if c.kind == "disaster") == 10


def test_lord_deck_has_18_lords_one_darc_three_cardinals() -> None:
    deck = [DATA.cards[i] for i in DATA.deck("lord")]
    assert len(deck) == 22
    lords = [c for c in deck if c.kind == "lord"]
    assert len(lords) == 18 and len({c.key for c in lords}) == 18
    assert sum(c.sex == "m" for c in lords) == 12
    assert {c.en for c in lords if c.sex == "f"} == {
        "Aliénor",
        "Blanche",
        "Guenièvre",
        "Isabelle",
        "Jeanne",
        "Mireille",
    }
    assert copies("lord")["darc"] == 1 and copies("lord")["cardinal"] == 3


def test_unknown_lord_name_is_the_assumed_one() -> None:
    assert DATA.assumed["lord_card"]["en"] == "Baudouin"
    assert DATA.cards[DATA.card("baudouin")].sex == "m"


def test_card_names_are_the_source_documents() -> None:
    zh = {c.key: c.zh for c in DATA.cards}
    assert (zh["heavy_rain"], zh["famine"], zh["plague"]) == ("暴雨", "飢荒", "瘟疫")
    assert (zh["bountiful_harvest"], zh["good_weather"]) == ("大豐收", "好天氣")
    assert (zh["uprising"], zh["secret_passage"], zh["assassination"]) == (
        "暴動",
        "秘密通道",
        "暗殺",
    )
    assert (zh["justice"], zh["ambush"], zh["darc"], zh["cardinal"]) == (
        "正義",
        "伏擊",
        "聖女貞德",
        "紅衣主教",
    )


def test_card_kinds() -> None:
    kinds = {c.key: c.kind for c in DATA.cards}
    assert {k for k, v in kinds.items() if v == "fortune"} == {
        "bountiful_harvest",
        "good_weather",
        "taxes",
    }
    assert {k for k, v in kinds.items() if v == "opportunity"} == {
        "uprising",
        "secret_passage",
        "assassination",
        "justice",
        "ambush",
    }
    assert {k for k, v in kinds.items() if v == "lord_opportunity"} == {"darc", "cardinal"}


def test_assumed_battle_die_and_values() -> None:
    assert DATA.assumed["battle_die_faces"] == [1, 1, 1, 2, 2, 3]
    assert DATA.assumed["battle_die_faces_alternative"] == [0, 1, 1, 2, 2, 3]
    assert DATA.assumed["hand_limit"] == 3
    assert DATA.assumed["max_disasters_per_turn"] == 3
    assert DATA.assumed["untitled_lady_sp"] == 0


def test_rule_numbers_of_the_source() -> None:
    r = DATA.rules
    assert (r["man_at_arms_cost"], r["knight_cost"], r["stronghold_cost"], r["mill_cost"]) == (
        1,
        3,
        10,
        3,
    )
    assert (r["max_lords_on_board"], r["lord_moves"], r["joan_moves"]) == (4, 2, 3)
    assert (r["ransom_base"], r["ransom_per_title"], r["max_new_units_per_location"]) == (2, 2, 4)
    assert (r["dice_at_1_sp"], r["dice_at_7_sp"], r["dice_at_13_sp"]) == (1, 2, 3)
    assert (r["stronghold_penalty"], r["city_penalty"]) == (1, 2)
    assert (r["vp_to_win_alone"], r["vp_to_win_married"]) == (3, 4)
    assert DATA.switches["troops_capped_by_kit"] is False


def test_start_villages_per_player_count() -> None:
    def start_names(n: int) -> list[str]:
        return [BOARD.villages[v].en for v in DATA.starts(n)]

    assert start_names(3) == ["Blaye", "Tournus", "Bourg"]
    assert start_names(4) == ["Blaye", "Tournus", "Bourg", "Sigy"]
    assert start_names(5) == ["Blaye", "Tournus", "Bourg", "Sigy", "St Gérôme"]
    assert start_names(6) == ["Blaye", "Tournus", "Bourg", "Sigy", "St Gérôme", "L'Épervier"]


def test_package_registers_the_game() -> None:
    import noblesse.games as games
    import noblesse.games.fief as fief

    assert fief.GAME.id == "fief"
    assert games.get("fief") is fief.GAME


def test_kit_and_pool_lookups() -> None:
    assert DATA.kit_count("knight") == 8
    assert DATA.pool_count("mill") == 15
    assert DATA.fief_title_cost(BOARD.fief("mazilles")) == 4
