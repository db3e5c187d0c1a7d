"""What each seat sees of a Heads of State table, and the words for actions and events.

``view`` holds nothing the seat may not know (spec §8.2): the board, dead counters,
markers, scores, both displays and discard piles, deck sizes, hand sizes, noble
cards and the cards each player was seen taking from a display are public; a hand
is shown whole only to its owner; the order of the decks (and where the
Revolution card lies) to nobody.
"""

from __future__ import annotations

from typing import Any

from noblesse.core.text import (
    GAME_OVER,
    amount,
    format_event,
    is_zh,
    join,
    join_and,
    quoted,
    relabel,
    result_fields,
    seat_name,
)
from noblesse.games.heads_of_state.data import BOARD, DATA_FILE
from noblesse.games.heads_of_state.rules import (
    ACTION_NAMES,
    ATTRS,
    BOXES,
    CENTURIES,
    COUNTRIES,
    DECISION_NAMES,
    DISCARD_A0,
    DISCARD_T0,
    DRAW,
    DRAW_T,
    END_TURN,
    ENNOBLE0,
    KILL0,
    NC,
    NONE,
    OPT_A,
    OPT_B,
    OPT_RESET,
    OPTION_NAMES,
    PAY0,
    PAY_CARDS,
    RANKS,
    REQUIRES,
    SLOT_NEED,
    SLOTS,
    TAKE_A0,
    TAKE_T0,
    TAKES_A,
    TREACHERY,
    WITH0,
    HeadsRules,
    HeadsState,
)
from noblesse.games.heads_of_state.rules import MAJORITY as _MAJORITY


def _name(item: Any, lang: str) -> str:
    return item.zh if is_zh(lang) else item.en


def card_name(item: Any, lang: str) -> str:
    """An attribute or treachery card, or a box of the board, inside a sentence: 「黃金」."""
    return quoted(_name(item, lang), lang)


def slot_name(slot: int, lang: str = "en") -> str:
    """'Duke of Burgundy' / 「勃艮第」公爵."""
    sl = SLOTS[slot]
    box, rank = BOXES[sl.box], RANKS[sl.rank]
    return f"「{box.zh}」{rank.zh}" if is_zh(lang) else f"{rank.en} of {box.en}"


def _counts(counts: list[int], items: Any) -> dict[str, int]:
    return {items[k].key: v for k, v in enumerate(counts) if v}


def _multiset(cards: list[int], items: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[items[c].key] = out.get(items[c].key, 0) + 1
    return out


def _owner(v: int) -> int | None:
    return v if v >= 0 else None


# The log, in both languages: (English, 繁體中文). Fields: see _event_fields. Card and
# place names ({card}, {tcard}, {cards}, {paid}, {box}, the box in {slot}) come quoted.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "turn": ("{who}'s turn ({century})", "輪到{who}（{century}年）"),
    "option": ("{who} chooses to {option}", "{who}選擇{option}"),
    "take": ("{who} takes {card} from the display", "{who}拿取翻開的{card}"),
    "draw": ("{who} draws an attribute card", "{who}從屬性牌庫抽了1張牌"),
    "draw/seen": ("{who} draws {card}", "{who}從屬性牌庫抽到{card}"),
    "take_treachery": ("{who} takes {tcard} from the display", "{who}拿取翻開的{tcard}"),
    "draw_treachery": ("{who} draws a treachery card", "{who}從背叛牌庫抽了1張牌"),
    "draw_treachery/seen": ("{who} draws {tcard}", "{who}從背叛牌庫抽到{tcard}"),
    "treachery_reshuffle": (
        "The treachery discards are shuffled into a new deck",
        "背叛牌抽完了，棄牌重新洗成背叛牌庫",
    ),
    "shuffle_back": (
        "The set-aside cards are shuffled back into the deck",
        "移開的屬性牌洗回屬性牌庫",
    ),
    "refill": ("Display refilled: {cards}", "翻開的屬性牌補上{cards}"),
    "refill_treachery": ("Treachery display refilled: {tcards}", "翻開的背叛牌補上{tcards}"),
    "ennoble": ("{who} ennobles the {slot}, paying {paid}", "{who}棄掉{paid}，冊封{slot}"),
    "initial_marker": (
        "{who} takes the initial scoring marker of {box} ({points})",
        "{who}取得{box}的最先分數標記（{points}）",
    ),
    "country_marker": (
        "{who} takes the country scoring marker of {country} ({points})",
        "{who}取得{country}的國家分數標記（{points}）",
    ),
    "noble_house": (
        "{who} takes a noble-house scoring marker ({points})",
        "{who}取得貴族世家分數標記（{points}）",
    ),
    "assassinate": (
        "{who} plays {played} against {target}'s {slot}",
        "{who}打出{played}，暗殺{target}的{slot}",
    ),
    "cube_draw": ("From the bag: a cube of {drawn}", "從袋中抽出{drawn}的小方塊"),
    "killed": ("{target}'s {slot} is assassinated", "{target}的{slot}被暗殺了"),
    "survived": ("{target}'s {slot} survives", "{target}的{slot}逃過一劫"),
    "end_turn": ("{who} ends the turn", "{who}結束回合"),
    "discard": ("{who} discards {card}", "{who}棄掉{card}"),
    "discard_treachery": ("{who} discards {tcard}", "{who}棄掉{tcard}"),
    "revolution": ("Revolution! The century of {century} ends", "革命！{century}年的世紀結束"),
    "influence": ("Influence in {country}: {influence}", "{country}的影響力：{influence}"),
    "influence/none": (
        "Influence in {country}: nobody has any",
        "{country}的影響力：沒有人有影響力",
    ),
    "century_marker": (
        "{who} takes the {century} end-of-turn scoring marker of {country} ({points})",
        "{who}取得{country}{century}年的回合結束分數標記（{points}）",
    ),
    "rebuild": ("The decks are rebuilt; now {century}", "重新建立牌庫，進入{century}年"),
    "majority": ("Most {rank} cards: {seats} ({points})", "{seats}的{rank}卡最多，得{points}"),
    "majority/tie": (
        "Most {rank} cards: {seats} ({points} each)",
        "{seats}的{rank}卡並列最多，各得{points}",
    ),
    "majority/none": ("Most {rank} cards: nobody scores", "最多{rank}卡：無人得分"),
    "game_over": GAME_OVER,
}


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    zh = is_zh(lang)
    f: dict[str, Any] = {k: event[k] for k in ("century", "count") if k in event}
    for key in ("points", "value"):
        if key in event:
            f["points"] = amount(event[key], lang, "point", "分")
    for key in ("seat", "target"):
        if key in event and event[key] is not None:
            f["who" if key == "seat" else key] = seat_name(event[key], lang, names)
    if event.get("target") is not None and event.get("target") == event.get("seat"):
        f["target"] = "自己" if zh else "their own"
    if "cube" in event:
        f["drawn"] = seat_name(event["cube"], lang, names)
    if "option" in event:
        f["option"] = OPTION_TEXT[event["option"]][1 if zh else 0]
    if "card" in event:
        kind = event["type"]
        if "treachery" in kind or kind == "assassinate":
            f["tcard"] = card_name(TREACHERY[event["card"]], lang)
            n = event.get("count", 1)
            f["played"] = (
                f"{n}張{f['tcard']}"
                if zh
                else f["tcard"]
                if n == 1
                else f"{n} {TREACHERY[event['card']].en} cards"
            )
        else:
            f["card"] = card_name(ATTRS[event["card"]], lang)
    if "cards" in event:
        items = TREACHERY if event["type"] == "refill_treachery" else ATTRS
        f["cards" if items is ATTRS else "tcards"] = join_and(
            (card_name(items[c], lang) for c in event["cards"]), lang
        )
    if "paid" in event:
        f["paid"] = join_and((card_name(ATTRS[c], lang) for c in event["paid"]), lang)
    if "slot" in event:
        f["slot"] = slot_name(event["slot"], lang)
    if "box" in event:
        f["box"] = card_name(BOXES[event["box"]], lang)
    if "country" in event:
        f["country"] = _name(COUNTRIES[event["country"]], lang)
    if "rank" in event:
        f["rank"] = _name(RANKS[event["rank"]], lang)
    if "influence" in event:
        f["influence"] = join(
            (
                (
                    f"{seat_name(i, lang, names)}有{v}點"
                    if zh
                    else f"{seat_name(i, lang, names)} has {v}"
                )
                for i, v in enumerate(event["influence"])
                if v
            ),
            lang,
        )
    if "seats" in event:
        f["seats"] = join_and((seat_name(i, lang, names) for i in event["seats"]), lang)
    f.update(result_fields(event, lang, names))
    return f


OPTION_TEXT = {
    "attributes": ("take attribute cards", "拿取屬性牌"),
    "reset": ("turn up a new display and take 1 card", "重新翻開6張屬性牌後拿取1張"),
    "treachery": ("take 1 treachery and 1 attribute card", "背叛：拿取1張背叛牌和1張屬性牌"),
}


def end_points(s: HeadsState, seat: int) -> dict[str, Any]:
    """What a seat scored, by source, for the end's score table (§6): the initial markers
    of boxes (§6.1), country markers (§6.2), the century markers (§6.4), a noble-house
    marker (§6.3) and each rank whose noble cards it holds most of (§6.5)."""
    n = s.n_players
    initial = sum(b.initial for b in BOXES if s.initial_owner[b.id] == seat)
    country = sum(
        COUNTRIES[c.id].country_marker[i]
        for c in COUNTRIES
        for i, o in enumerate(s.country_done[c.id])
        if o == seat
    )
    century = 0
    for k in range(len(CENTURIES)):
        for c in range(NC):
            base = (k * NC + c) * 2
            for place in (0, 1):
                if s.century_won[base + place] == seat:
                    century += COUNTRIES[c].century_markers[k][place]
    values = BOARD.noble_house_markers[n]
    house = sum(values[i] for i, o in enumerate(s.house) if o == seat)
    majority = []
    for r in RANKS:
        counts = [s.noble_cards[i][r.id] for i in range(n)]
        most = max(counts)
        holders = [i for i in range(n) if counts[i] == most] if most > 0 else []
        if seat in holders and len(holders) <= 2:
            majority.append([r.key, _MAJORITY[r.id] / len(holders)])
    return {
        "initial": initial,
        "country": country,
        "century": century,
        "noble_house": house,
        "majority": majority,
    }


class HeadsViews(HeadsRules):
    """The observation and text half of the Heads of State game, on top of its rules."""

    def view(self, state: HeadsState, seat: int | None) -> dict[str, Any]:
        s = state
        n = s.n_players
        players: list[dict[str, Any]] = []
        totals = self.scores(s)
        for o in range(n):
            players.append(
                {
                    "seat": o,
                    "score": totals[o],
                    "markers": s.markers[o][:],
                    "majority": s.majority[o],
                    "attribute_count": sum(s.hands[o]),
                    "treachery_count": sum(s.thands[o]),
                    "known_attributes": _counts(s.known[o], ATTRS),
                    "known_treachery": _counts(s.tknown[o], TREACHERY),
                    "noble_cards": _counts(s.noble_cards[o], RANKS),
                    "ranks_ennobled": [r.key for r in RANKS if (s.ranks_ever[o] >> r.id) & 1],
                }
            )
        century_markers = []
        for k in range(len(CENTURIES)):
            row = {}
            for c in range(NC):
                base = (k * NC + c) * 2
                hi, lo = s.century_won[base], s.century_won[base + 1]
                row[COUNTRIES[c].key] = None if hi == -2 else [_owner(hi), _owner(lo)]
            century_markers.append(row)
        house_values = list(BOARD.noble_house_markers[n])
        out: dict[str, Any] = {
            "game": "heads_of_state",
            "seat": seat,
            "century": CENTURIES[s.century],
            "centuries": CENTURIES[:],
            "first_round": self.first_round(s),
            "starter": s.starter,
            "player": s.player,
            "over": s.over,
            "attribute_deck": len(s.attr_deck),
            "revolution_deck": len(s.rev_deck),
            "attribute_display": [ATTRS[c].key for c in s.attr_display],
            "set_aside": [ATTRS[c].key for c in s.set_aside],
            "attribute_discard": _multiset(s.attr_discard, ATTRS),
            "treachery_deck": len(s.tr_deck),
            "treachery_display": [TREACHERY[c].key for c in s.tr_display],
            "treachery_discard": _multiset(s.tr_discard, TREACHERY),
            "board": [_owner(o) for o in s.slots],
            "dead": [[SLOTS[x].key, o] for x, o in s.dead],
            "initial_markers": {b.key: _owner(s.initial_owner[b.id]) for b in BOXES},
            "country_markers": {c.key: s.country_done[c.id][:] for c in COUNTRIES},
            "century_markers": century_markers,
            "noble_house": [[seat_, house_values[i]] for i, seat_ in enumerate(s.house)],
            "noble_house_left": house_values[len(s.house) :],
            "noble_cards_left": {r.key: s.noble_left[r.id] for r in RANKS},
            "players": players,
            "to_act": list(self.to_act(s)),
            "turn": {
                "option": OPTION_NAMES[s.option] or None,
                "owed_attributes": s.owed_attr,
                "owed_treachery": s.owed_tr,
                "targeted": [SLOTS[x].key for x in range(len(SLOTS)) if (s.targeted >> x) & 1],
                "unfilled": SLOTS[s.unfilled].key if s.unfilled >= 0 else None,
            },
            "decision": self._decision_view(s),
            "hand": None,
            "treachery_hand": None,
        }
        if seat is not None:
            out["hand"] = _counts(s.hands[seat], ATTRS)
            out["treachery_hand"] = _counts(s.thands[seat], TREACHERY)
        if s.over:
            out["scores"] = totals
            out["winners"] = self.winners(s)
            for p in players:
                p["end_points"] = end_points(s, p["seat"])
        return out

    @staticmethod
    def _decision_view(s: HeadsState) -> dict[str, Any] | None:
        if s.kind == NONE:
            return None
        d: dict[str, Any] = {"kind": DECISION_NAMES[s.kind], "seat": s.actor, "slot": None}
        if DECISION_NAMES[s.kind] in ("pay", "method"):
            d["slot"] = SLOTS[s.focus].key
        return d

    # ------------------------------------------------------------------ words
    def describe_action(
        self, state: HeadsState, action: int, lang: str = "en", names: list[str] | None = None
    ) -> str:
        zh = is_zh(lang)
        s = state
        if action in (OPT_A, OPT_RESET, OPT_B):
            key = OPTION_NAMES[action + 1]
            if action == OPT_A:
                owed = self.first_round_draws(s) if self.first_round(s) else TAKES_A
                return (
                    f"拿取{owed}張屬性牌"
                    if zh
                    else f"Take {amount(owed, lang, 'attribute card', '')}"
                )
            text = OPTION_TEXT[key][1 if zh else 0]
            return text if zh else text[0].upper() + text[1:]
        if TAKE_A0 <= action < DRAW:
            card = card_name(ATTRS[action - TAKE_A0], lang)
            return f"拿取翻開的{card}" if zh else f"Take {card} from the display"
        if action == DRAW:
            return "從屬性牌庫抽1張牌" if zh else "Draw from the attribute deck"
        if TAKE_T0 <= action < DRAW_T:
            card = card_name(TREACHERY[action - TAKE_T0], lang)
            return f"拿取翻開的{card}" if zh else f"Take {card} from the display"
        if action == DRAW_T:
            return "從背叛牌庫抽1張牌" if zh else "Draw from the treachery deck"
        if ENNOBLE0 <= action < KILL0:
            slot = action - ENNOBLE0
            return f"冊封{slot_name(slot, lang)}" if zh else f"Ennoble the {slot_name(slot, lang)}"
        if KILL0 <= action < PAY_CARDS:
            slot = action - KILL0
            owner = s.slots[slot]
            if owner < 0:
                return (
                    f"暗殺{slot_name(slot, lang)}"
                    if zh
                    else f"Assassinate the {slot_name(slot, lang)}"
                )
            if owner == s.player:
                return (
                    f"暗殺自己的{slot_name(slot, lang)}"
                    if zh
                    else f"Assassinate your own {slot_name(slot, lang)}"
                )
            who = seat_name(owner, lang, names)
            return (
                f"暗殺{who}的{slot_name(slot, lang)}"
                if zh
                else f"Assassinate {who}'s {slot_name(slot, lang)}"
            )
        if action == PAY_CARDS:
            return "用對應的屬性牌付費" if zh else "Pay with the matching cards"
        if PAY0 <= action < WITH0:
            card = card_name(ATTRS[action - PAY0], lang)
            courtesan = card_name(ATTRS[-1], lang)
            return (
                f"用{courtesan}代替{card}" if zh else f"Pay with the {courtesan} instead of {card}"
            )
        if WITH0 <= action < END_TURN:
            t = TREACHERY[action - WITH0]
            need = SLOT_NEED[s.focus] if s.focus >= 0 else 1
            return (
                f"打出{need}張{card_name(t, lang)}"
                if zh
                else f"Play {t.en}"
                if need == 1
                else f"Play {need} {t.en} cards"
            )
        if action == END_TURN:
            return "結束回合" if zh else "End your turn"
        if DISCARD_A0 <= action < DISCARD_T0:
            card = card_name(ATTRS[action - DISCARD_A0], lang)
            return f"棄掉{card}" if zh else f"Discard {card}"
        if action >= DISCARD_T0:
            card = card_name(TREACHERY[action - DISCARD_T0], lang)
            return f"棄掉{card}" if zh else f"Discard {card}"
        return ACTION_NAMES[action]

    def describe_decision(self, state: HeadsState, lang: str = "en") -> str:
        s = state
        if s.kind == NONE:
            return ""
        zh = is_zh(lang)
        kind = DECISION_NAMES[s.kind]
        if kind == "option":
            return "選擇本回合的行動" if zh else "Choose your option for this turn"
        if kind == "take":
            parts = []
            if s.owed_attr:
                parts.append(amount(s.owed_attr, lang, "attribute card", "張屬性牌"))
            if s.owed_tr:
                parts.append(amount(s.owed_tr, lang, "treachery card", "張背叛牌"))
            return (
                f"拿取{join_and(parts, lang)}（翻開的牌或牌庫頂的牌）"
                if zh
                else f"Take {join_and(parts, lang)} (from the display or the deck)"
            )
        if kind == "act":
            if s.option == 3:
                return (
                    "暗殺貴族、冊封你殺掉的貴族，或結束回合"
                    if zh
                    else "Assassinate, ennoble where you killed, or end your turn"
                )
            return "冊封貴族，或結束回合" if zh else "Ennoble nobles, or end your turn"
        if kind == "pay":
            return (
                f"冊封{slot_name(s.focus, lang)}：選擇付費方式"
                if zh
                else f"{slot_name(s.focus, lang)}: how do you pay?"
            )
        if kind == "method":
            return (
                f"暗殺{slot_name(s.focus, lang)}：選擇要打出的背叛牌"
                if zh
                else f"Assassinate the {slot_name(s.focus, lang)}: which cards?"
            )
        if kind == "discard":
            return (
                "回合結束：棄到剩10張屬性牌和4張背叛牌"
                if zh
                else "End of turn: discard down to 10 attribute and 4 treachery cards"
            )
        return (
            "革命：棄到剩6張屬性牌和2張背叛牌"
            if zh
            else "Revolution: discard down to 6 attribute and 2 treachery cards"
        )

    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        kind = event["type"]
        if kind in ("draw", "draw_treachery") and "card" in event:
            kind += "/seen"
        elif kind == "majority":
            seats = event.get("seats") or []
            kind = "majority/none" if not seats else "majority/tie" if len(seats) > 1 else kind
        elif kind == "influence" and not any(event["influence"]):
            kind = "influence/none"
        return format_event(EVENT_TEXT, kind, _event_fields(event, lang, names), lang)

    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def assumed_readings() -> dict[str, Any]:
        """The data file's [assumed] values: the table's house rules (the rules page)."""
        from noblesse.games.heads_of_state.data import BOARD

        return dict(BOARD.assumed)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        return {
            "counter_limit": {
                "en": "Variant: limited noble counters per rank (spec §3.7)",
                "zh-TW": "變化規則：每種貴族標誌數量有限",
            },
            "treachery_rebuilt_when_needed": {
                "en": "The drawn-out treachery deck is rebuilt only when a card is needed "
                "(a variant against the rulebook)",
                "zh-TW": "背叛牌抽完後，待需要抽牌時才將棄牌重新洗成牌庫（與規則書不同的變體）",
            },
        }

    @staticmethod
    def catalog() -> dict[str, Any]:
        """Names of every rank, card, country, box and slot in both languages, for the web,
        and the help of every rank and card (``text``: the data file's text_en / text_zh)."""
        return {
            "ranks": {
                r.key: {
                    "en": r.en,
                    "zh-TW": r.zh,
                    "majority": r.majority,
                    "courtesan": r.courtesan,
                    "requires": [ATTRS[a].key for a in r.requires],
                    "text": {"en": r.text_en, "zh-TW": r.text_zh},
                }
                for r in RANKS
            },
            "attributes": {
                a.key: {
                    "en": a.en,
                    "zh-TW": a.zh,
                    "wild": a.wild,
                    "text": {"en": a.text_en, "zh-TW": a.text_zh},
                }
                for a in ATTRS
            },
            "treachery": {
                t.key: {
                    "en": t.en,
                    "zh-TW": t.zh,
                    "country": COUNTRIES[t.country].key if t.country >= 0 else None,
                    "text": {"en": t.text_en, "zh-TW": t.text_zh},
                }
                for t in TREACHERY
            },
            "countries": {
                c.key: {
                    "en": c.en,
                    "zh-TW": c.zh,
                    "country_marker": list(c.country_marker),
                    "century_markers": [list(m) for m in c.century_markers],
                }
                for c in COUNTRIES
            },
            "boxes": [
                {
                    "key": b.key,
                    "en": b.en,
                    "zh-TW": b.zh,
                    "country": COUNTRIES[b.country].key,
                    "capital": b.capital,
                    "initial": b.initial,
                    "slots": [SLOTS[x].key for x in b.slots],
                }
                for b in BOXES
            ],
            "slots": [
                {
                    "key": x.key,
                    "rank": RANKS[x.rank].key,
                    "box": BOXES[x.box].key,
                    "top": x.top,
                    "influence": x.influence,
                }
                for x in SLOTS
            ],
        }

    @staticmethod
    def secret_fingerprint(state: HeadsState) -> tuple[int, ...]:
        """Changes whenever a card leaves or enters a hidden place (decks, hands)."""
        s = state
        return (
            len(s.attr_deck),
            len(s.rev_deck),
            len(s.tr_deck),
            *map(sum, s.hands),
            *map(sum, s.thands),
        )

    #: the words for each kind of card_features row, for balance reports
    feature_names = {
        "ennobled": {"en": "ennobled", "zh-TW": "冊封"},
        "alive at the end": {"en": "alive at the end", "zh-TW": "遊戲結束時仍在"},
        "paid": {"en": "paid", "zh-TW": "棄掉"},
        "played": {"en": "played", "zh-TW": "打出"},
        "country marker": {"en": "country marker", "zh-TW": "國家分數標記"},
        "century marker 1st": {"en": "century marker 1st", "zh-TW": "回合結束分數標記第1名"},
        "century marker 2nd": {"en": "century marker 2nd", "zh-TW": "回合結束分數標記第2名"},
        "initial marker": {"en": "initial marker", "zh-TW": "最先分數標記"},
        "noble house marker": {"en": "noble house marker", "zh-TW": "貴族世家分數標記"},
    }

    @staticmethod
    def card_features(
        event: dict[str, Any] | None,
        state: HeadsState | None,
    ) -> list[tuple[int, str, str]]:
        """For balance analysis: (seat, what, card) — a rank ennobled, an attribute card
        paid for it, a treachery card played, the markers taken (a country's marker, a
        country's century marker, first or second, a box's initial marker, a noble
        house marker by its points) and the ranks alive on the board at the end."""
        if event is not None:
            kind, seat = event["type"], event.get("seat", -1)
            if kind == "ennoble":
                return [
                    (seat, "ennobled", RANKS[event["rank"]].key),
                    *((seat, "paid", ATTRS[a].key) for a in event["paid"]),
                ]
            if kind == "assassinate":
                return [(seat, "played", TREACHERY[event["card"]].key)]
            if kind == "country_marker":
                return [(seat, "country marker", COUNTRIES[event["country"]].key)]
            if kind == "century_marker":
                place = "1st" if event["place"] == 1 else "2nd"
                return [(seat, f"century marker {place}", COUNTRIES[event["country"]].key)]
            if kind == "initial_marker":
                return [(seat, "initial marker", BOXES[event["box"]].key)]
            if kind == "noble_house":
                return [(seat, "noble house marker", f"{event['value']} points")]
            return []
        assert state is not None
        return [
            (owner, "alive at the end", RANKS[SLOTS[x].rank].key)
            for x, owner in enumerate(state.slots)
            if owner >= 0
        ]

    @staticmethod
    def describe_card(key: str, lang: str = "en") -> str | None:
        """A noble house marker by its points (``8 points``) in words: "8 points" / "8分"."""
        number, _, unit = key.partition(" ")
        return (
            amount(int(number), lang, "point", "分")
            if unit == "points" and number.isdigit()
            else None
        )

    @staticmethod
    def data_files() -> list[str]:
        """The data file a designer edits (copied next to a balance report)."""
        return [str(DATA_FILE)]

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists and the board for ``noblesse rules``. Titled, and the game's own
        columns named, in the reader's language."""
        zh = is_zh(lang)

        def other(item: Any) -> str:
            return item.en if zh else item.zh

        def cards(ids: Any, items: Any) -> str:
            return join((card_name(items[i], lang) for i in ids), lang)

        ranks = [
            {
                "name": _name(r, lang),
                "other": other(r),
                "Requires": cards(REQUIRES[r.id], ATTRS),
                "Courtesan": ("可" if r.courtesan else "不可")
                if zh
                else ("yes" if r.courtesan else "no"),
                "points": r.majority,
                "copies": BOARD.rules["noble_cards_per_rank"],
            }
            for r in RANKS
        ]
        attributes = [
            {
                "name": _name(a, lang),
                "other": other(a),
                "Unmarked/3/4/5": "/".join(str(c) for c in a.copies),
                "copies": sum(a.copies),
            }
            for a in ATTRS
        ]
        treachery = [
            {
                "name": _name(t, lang),
                "other": other(t),
                "Country": _name(COUNTRIES[t.country], lang)
                if t.country >= 0
                else ("任何國家" if zh else "any"),
                "copies": t.copies,
            }
            for t in TREACHERY
        ]
        boxes = [
            {
                "name": _name(b, lang),
                "other": other(b),
                "Country": _name(COUNTRIES[b.country], lang),
                "Capital": ("首都" if zh else "capital") if b.capital else "",
                "Spaces": join((_name(RANKS[SLOTS[x].rank], lang) for x in b.slots), lang),
                "points": b.initial,
            }
            for b in BOXES
        ]
        tables: dict[str, list[dict[str, Any]]] = {
            "Nobles": ranks,
            "Attribute cards": attributes,
            "Treachery cards": treachery,
            "Board boxes": boxes,
        }
        return relabel(tables, _RULES_ZH) if zh else tables


# ``rules_table``'s titles and own columns in Chinese (the shared columns: ``noblesse rules``)
_RULES_ZH = {
    "Nobles": "貴族",
    "Attribute cards": "屬性牌",
    "Treachery cards": "背叛牌",
    "Board boxes": "板圖地區",
    "Requires": "所需屬性牌",
    "Courtesan": "可用「高級娼婦」",
    "Unmarked/3/4/5": "無標記／3／4／5",
    "Country": "國家",
    "Capital": "首都",
    "Spaces": "格子",
}


def render_text(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    colours = ["red", "blue", "green", "yellow", "magenta"]
    none = "無" if zh else "none"

    def who(i: int) -> str:
        return f"[{colours[i % 5]}]{seat_name(i, lang, names)}[/]"

    def cards(counts: dict[str, int], items: dict[str, Any], quote: bool = True) -> str:
        name = card_name if quote else _name
        return (
            join(
                (
                    f"{name(items[k], lang)}×{v}" if v > 1 else name(items[k], lang)
                    for k, v in counts.items()
                ),
                lang,
            )
            or none
        )

    def held(n: int, kind: str) -> str:
        """「屬性牌3張」, 「沒有屬性牌」 / "3 attribute cards", "no attribute cards"."""
        if zh:
            return f"{kind}{n}張" if n else f"沒有{kind}"
        return amount(n, lang, kind, "") if n else f"no {kind}s"

    attrs = {a.key: a for a in ATTRS}
    trs = {t.key: t for t in TREACHERY}
    slot_of = {x.key: x for x in SLOTS}
    out = []
    turn = seat_name(view["player"], lang, names)
    decks = " · ".join(
        f"{name}{view[key]}張" if view[key] else f"{name}已空"
        for key, name in (
            ("attribute_deck", "屬性牌庫"),
            ("revolution_deck", "革命牌庫"),
            ("treachery_deck", "背叛牌庫"),
        )
    )
    out.append(
        f"[bold]{view['century']}年[/] · 輪到{turn} · {decks}"
        if zh
        else f"[bold]{view['century']}[/] · {turn}'s turn · attribute deck {view['attribute_deck']}"
        f" · revolution deck {view['revolution_deck']} · treachery deck {view['treachery_deck']}"
    )
    dead: dict[str, list[str]] = {}
    for key, owner in view["dead"]:
        rank, victim = _name(RANKS[slot_of[key].rank], lang), seat_name(owner, lang, names)
        dead.setdefault(BOXES[slot_of[key].box].key, []).append(
            f"{victim}的{rank}" if zh else f"{victim}'s {rank}"
        )
    for c in COUNTRIES:
        out.append(f"[bold]{_name(c, lang)}[/]")
        for b in BOXES:
            if b.country != c.id:
                continue
            parts = []
            for x in b.slots:
                owner = view["board"][x]
                rank = _name(RANKS[SLOTS[x].rank], lang)
                shown = who(owner) if owner is not None else ("空" if zh else "empty")
                parts.append(f"{rank}：{shown}" if zh else f"{rank}: {shown}")
            notes = []
            if b.capital:
                notes.append("首都" if zh else "capital")
            if view["initial_markers"][b.key] is None:
                notes.append(f"最先分數標記{b.initial}分" if zh else f"initial marker {b.initial}")
            note = (f"（{'，'.join(notes)}）" if zh else f" ({', '.join(notes)})") if notes else ""
            graves = dead.get(b.key)
            if graves:
                killed = join(graves, lang)
                parts.append(f"被暗殺：{killed}" if zh else f"assassinated: {killed}")
            out.append(f"  {card_name(b, lang)}{note} · " + " · ".join(parts))
    out.append(
        ("翻開的屬性牌：" if zh else "Attribute display: ")
        + (join((card_name(attrs[k], lang) for k in view["attribute_display"]), lang) or none)
    )
    out.append(
        ("翻開的背叛牌：" if zh else "Treachery display: ")
        + (join((card_name(trs[k], lang) for k in view["treachery_display"]), lang) or none)
    )
    ranks = {r.key: r for r in RANKS}
    for p in view["players"]:
        nobles = cards(p["noble_cards"], ranks, quote=False)
        line = (
            f"  {who(p['seat'])}：{p['score']:g}分 · {held(p['attribute_count'], '屬性牌')} · "
            f"{held(p['treachery_count'], '背叛牌')} · 貴族卡：{nobles}"
            if zh
            else f"  {who(p['seat'])}: {amount(p['score'], lang, 'point', '')} · "
            f"{held(p['attribute_count'], 'attribute card')} · "
            f"{held(p['treachery_count'], 'treachery card')} · noble cards: {nobles}"
        )
        out.append(line)
    if view["hand"] is not None:
        out.append(
            ("[bold]你的屬性牌：[/]" if zh else "[bold]Your attribute cards:[/] ")
            + cards(view["hand"], attrs)
        )
        out.append(
            ("[bold]你的背叛牌：[/]" if zh else "[bold]Your treachery cards:[/] ")
            + cards(view["treachery_hand"], trs)
        )
    return out
