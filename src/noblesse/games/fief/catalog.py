"""What the browser needs to draw a Fief table: names in both languages and the board
geometry, all read from ``data.toml`` (so a corrected map redraws itself)."""

from __future__ import annotations

from typing import Any

from noblesse.games.fief.data import DATA


def catalog() -> dict[str, Any]:
    board = DATA.board
    villages = board.villages
    return {
        "villages": [{"key": v.key, "en": v.en, "zh-TW": v.zh, "x": v.x, "y": v.y,
                      "fief": board.fiefs[board.fief_of(v.id)].key,
                      "bishopric": board.bishoprics[board.bishopric_of(v.id)].key,
                      "principal": board.is_principal(v.id)} for v in villages],
        "roads": [[villages[r.a].key, villages[r.b].key] for r in board.roads],
        "fiefs": {f.key: {"en": f.en, "zh-TW": f.zh, "rank": {"en": f.rank.en, "zh-TW": f.rank.zh},
                          "villages": [villages[v].key for v in f.villages]} for f in board.fiefs},
        "bishoprics": {b.key: {"en": b.en, "zh-TW": b.zh, "number": b.number,
                               "principal": villages[b.principal].key,
                               "villages": [villages[v].key for v in b.villages]}
                       for b in board.bishoprics},
        "cards": {c.key: {"en": c.en, "zh-TW": c.zh, "deck": c.deck, "kind": c.kind, "sex": c.sex}
                  for c in DATA.cards},
    }
