"""What the browser needs to draw a Fief table: names in both languages, the board
geometry and the help of every card and piece (its ``text``) with the prices, all read
from ``data.toml`` (so a corrected map redraws itself and a reworded card shows at once)."""

from __future__ import annotations

from typing import Any

from noblesse.games.fief.data import DATA

# What the Purchase phase sells, and the [rules] entry holding its price.
PRICES = {
    "man_at_arms": "man_at_arms_cost",
    "knight": "knight_cost",
    "stronghold": "stronghold_cost",
    "mill": "mill_cost",
    "biretta": "biretta_cost",
    "fief_title_per_village": "title_cost_per_village",
}


def catalog() -> dict[str, Any]:
    board = DATA.board
    villages = board.villages
    return {
        "villages": [
            {
                "key": v.key,
                "en": v.en,
                "zh-TW": v.zh,
                "x": v.x,
                "y": v.y,
                "fief": board.fiefs[board.fief_of(v.id)].key,
                "bishopric": board.bishoprics[board.bishopric_of(v.id)].key,
                "principal": board.is_principal(v.id),
            }
            for v in villages
        ],
        "roads": [[villages[r.a].key, villages[r.b].key] for r in board.roads],
        "fiefs": {
            f.key: {
                "en": f.en,
                "zh-TW": f.zh,
                "rank": {"en": f.rank.en, "zh-TW": f.rank.zh},
                "price": DATA.fief_title_cost(f.id),
                "villages": [villages[v].key for v in f.villages],
            }
            for f in board.fiefs
        },
        "bishoprics": {
            b.key: {
                "en": b.en,
                "zh-TW": b.zh,
                "number": b.number,
                "principal": villages[b.principal].key,
                "villages": [villages[v].key for v in b.villages],
            }
            for b in board.bishoprics
        },
        "cards": {
            c.key: {
                "en": c.en,
                "zh-TW": c.zh,
                "deck": c.deck,
                "kind": c.kind,
                "sex": c.sex,
                "text": {"en": c.text_en, "zh-TW": c.text_zh},
            }
            for c in DATA.cards
        },
        # the family kit and the shared supply that have help: troops, siege engines, titles,
        # offices, buildings, the battle die
        "pieces": {
            i.key: {
                "name": {"en": i.en, "zh-TW": i.zh},
                "text": {"en": i.text_en, "zh-TW": i.text_zh},
            }
            for i in (*DATA.kit, *DATA.pools)
            if i.text_en
        },
        # deniers (D, 元); a fief title's price is per village (see fiefs' "price")
        "prices": {key: int(DATA.rules[rule]) for key, rule in PRICES.items()},
    }
