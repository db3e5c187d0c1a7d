"""Map queries the rules rely on: neighbours, road distances, membership (spec §2.4-2.8)."""

from __future__ import annotations

import pytest

from noblesse.games.fief.data import DATA, bfs_distances

BOARD = DATA.board
V = BOARD.village


def test_map_is_connected() -> None:
    for v in range(len(BOARD.villages)):
        assert -1 not in BOARD.distances[v]


def test_neighbours_are_symmetric() -> None:
    for v in range(len(BOARD.villages)):
        for w in BOARD.neighbours(v):
            assert v in BOARD.neighbours(w)
            assert BOARD.adjacent(v, w) and BOARD.adjacent(w, v)


def test_neighbours_of_st_andromy_are_its_three_roads() -> None:
    assert set(BOARD.neighbours(V("st_andromy"))) == {V("mazilles"), V("tournus"), V("st_medard")}
    assert set(BOARD.neighbours(V("st_andre"))) == {V("st_gerome"), V("la_buissiere")}
    assert not BOARD.adjacent(V("blaye"), V("tournus"))


@pytest.mark.parametrize(
    ("a", "b", "steps"),
    [
        ("blaye", "blaye", 0),
        ("blaye", "charolles", 1),
        # the FFF blog's "influences indirectly" pairs are two roads apart
        ("st_andromy", "l_epervier", 2),
        ("st_andromy", "belleville", 2),
        ("st_gerome", "tournus", 2),
        ("st_andre", "bourg", 2),
        ("st_medard", "bourg", 2),
        ("st_medard", "les_essarts", 2),
        ("st_paul", "bourg", 2),
        ("blaye", "villeneuve", 2),
        ("blaye", "tournus", 5),
        ("beaujeu", "st_andre", 6),
        ("sigy", "belleville", 7),
    ],
)
def test_shortest_path_lengths(a: str, b: str, steps: int) -> None:
    assert BOARD.distance(V(a), V(b)) == steps
    assert BOARD.distance(V(b), V(a)) == steps


def test_diameter_is_seven() -> None:
    assert max(max(row) for row in BOARD.distances) == 7


def test_within_two_moves_of_st_andre() -> None:
    reach = {BOARD.villages[v].key for v in BOARD.within(V("st_andre"), 2)}
    assert reach == {"st_andre", "st_gerome", "la_buissiere", "pugnac", "st_medard", "bourg"}


def test_fief_and_bishopric_of_a_village() -> None:
    assert BOARD.fief_of(V("st_medard")) == BOARD.fief("st_gerome")
    assert BOARD.bishopric_of(V("st_medard")) == BOARD.bishopric("blaye")
    assert BOARD.bishopric_of(V("beaujeu")) == BOARD.bishopric("sigy")


def test_villages_of_a_fief_and_a_bishopric() -> None:
    assert BOARD.villages_of_fief(BOARD.fief("mazilles")) == (V("mazilles"), V("st_andromy"))
    assert len(BOARD.villages_of_bishopric(BOARD.bishopric("blaye"))) == 7
    for f in BOARD.fiefs:
        assert all(BOARD.fief_of(v) == f.id for v in BOARD.villages_of_fief(f.id))


def test_bishopric_numbered_follows_the_d6() -> None:
    assert [BOARD.bishoprics[BOARD.bishopric_numbered(n)].key for n in range(1, 6)] == [
        "blaye",
        "tournus",
        "st_gerome",
        "bourg",
        "sigy",
    ]


def test_start_villages_are_far_apart() -> None:
    starts = DATA.starts(6)
    assert min(BOARD.distance(a, b) for a in starts for b in starts if a != b) >= 2


def test_bfs_reports_unreachable_villages() -> None:
    assert bfs_distances([(1,), (0,), ()], 0) == (0, 1, -1)


def test_unknown_keys_raise() -> None:
    with pytest.raises(KeyError, match="unknown village 'paris'"):
        V("paris")
