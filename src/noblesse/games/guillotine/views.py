"""What each seat sees of a Guillotine table, and the words for actions and events.

``view`` holds nothing the seat may not know (spec §6): the line, piles, in-front
cards, discard piles and hand sizes are public; a hand only to its owner (and the
cards a seat has learnt about in others' hands); Late Arrival's peeked nobles and
Lack of Support's looked-at hand only to the actor; hidden support cards only to
their owner until the game ends.
"""

from __future__ import annotations

from typing import Any

from noblesse.core.text import GAME_OVER, format_event, is_zh, list_sep, result_fields, seat_name
from noblesse.games.guillotine.data import COLOUR_ZH, COLOURS
from noblesse.games.guillotine.rules import (
    ACTION_NAMES,
    ACTIONS,
    BY0,
    CARD0,
    DECISION_NAMES,
    DISCARD_CALLOUS,
    LOOK_DISCARD,
    NOBLE0,
    NOBLES,
    ORDER,
    PASS,
    PEEK0,
    PEEK_PICK,
    PILE0,
    PILE_PICK,
    PILE_PICK_BACK,
    PLAY0,
    RULES,
    SEAT0,
    GuillotineState,
)


def noble_name(noble: int, lang: str = "en") -> str:
    n = NOBLES[noble]
    return n.zh if is_zh(lang) else n.en


def card_name(card: int, lang: str = "en") -> str:
    a = ACTIONS[card]
    return a.zh if is_zh(lang) else a.en


def _nobles(nobles: list[int]) -> list[str]:
    return [NOBLES[n].key for n in nobles]


def _cards(cards: list[int]) -> list[str]:
    return [ACTIONS[c].key for c in cards]


# The log, in both languages: (English, 繁體中文). Fields: see _event_fields.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "day": ("Day {day} begins; {starter} starts. Line (front first): {line}",
            "第{day}天開始，由{starter}先行。隊列：{line}"),
    "turn": ("{who}'s turn", "輪到{who}"),
    "turn/rush": ("{who}'s turn (Rush Job: no action cards)", "輪到{who}（趕工：不可出牌）"),
    "pass": ("{who} plays no card", "{who}不出牌"),
    "play": ("{who} plays {card}", "{who}打出{card}"),
    "target": ("{who} chooses {target}", "{who}選擇了{target}"),
    "resolved": ("Line: {line}", "隊列：{line}"),
    "collect": ("{who} collects {noble}", "{who}處決了{noble}"),
    "draw": ("{who} draws {count} card(s)", "{who}抽了{count}張行動牌"),
    "draw/seen": ("{who} draws {count}: {cards}", "{who}抽了{count}張：{cards}"),
    "discard": ("{who} discards {card}", "{who}丟棄了{card}"),
    "discard_front": ("{who} discards {card} from in front of {owner}", "{who}丟棄了{owner}面前的{card}"),
    "clown": ("{who} gives the Clown to {target}", "{who}把小丑放到{target}的分數欄"),
    "given": ("{who} puts {noble} into {target}'s pile", "{who}把{noble}放到{target}的分數欄"),
    "master_spy": ("The Master Spy moves to the back", "間諜頭子移到隊列末端"),
    "confusion": ("Confusion in Line: the line is shuffled before {who} collects",
                  "隊列混亂：{who}處決前隊列被洗混"),
    "reveal_deck": ("{noble} is revealed from the deck", "從人物牌疊翻開{noble}"),
    "added": ("Joining the back of the line: {nobles}", "加到隊列末端：{nobles}"),
    "line_discarded": ("The rest of the line is discarded", "隊列餘下的人物牌全數丟棄"),
    "day_end": ("Day {day} ends", "第{day}天完結"),
    "game_over": GAME_OVER,
    "peek": ("{who} looks at the top {count} nobles", "{who}檢視人物牌疊頂的{count}張牌"),
    "peek/seen": ("{who} looks at: {nobles}", "{who}檢視了：{nobles}"),
    "late_arrival": ("{noble} joins the back of the line; discarded: {rejected}",
                     "{noble}加到隊列末端；丟棄：{rejected}"),
    "take_discard": ("{who} takes {card} from the discard pile", "{who}從棄牌堆取回{card}"),
    "look": ("{who} looks at {target}'s hand", "{who}檢視{target}的手牌"),
    "look/seen": ("{who} looks at {target}'s hand: {hand}", "{who}檢視{target}的手牌：{hand}"),
    "missed": ("{target}'s {noble} goes back to the line", "{target}的{noble}回到隊列末端"),
    "missing_heads": ("{target}'s {noble} is discarded", "{target}的{noble}被丟棄"),
    "clerical_pick": ("{who} picks {noble}", "{who}選了{noble}"),
    "clerical_error": ("Clerical Error: {who} receives {took}, {target} receives {gave}",
                       "筆誤：{who}取得{took}，{target}取得{gave}"),
    "reshuffle": ("The action deck is rebuilt from the discard pile", "行動牌疊用完，棄牌重新洗混"),
}


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """Every field an event's text may name, in the reader's language."""
    sep = list_sep(lang)

    def nobles(ids: list[int]) -> str:
        return sep.join(noble_name(n, lang) for n in ids) or "-"

    fields: dict[str, Any] = {k: v for k, v in event.items() if k in ("day", "count")}
    for key in ("seat", "target", "owner", "starter"):
        if key in event:
            fields["who" if key == "seat" else key] = seat_name(event[key], lang, names)
    if "card" in event:
        fields["card"] = card_name(event["card"], lang)
    if "noble" in event:
        fields["noble"] = noble_name(event["noble"], lang)
    for key in ("line", "nobles", "rejected"):
        if key in event:
            fields[key] = nobles(event[key])
    for key in ("cards", "hand"):
        if key in event:
            fields[key] = sep.join(card_name(c, lang) for c in event[key]) or "-"
    for key in ("took", "gave"):
        if key in event:
            fields[key] = noble_name(event[key], lang) if event[key] >= 0 else "-"
    fields.update(result_fields(event, lang, names))
    return fields


class GuillotineViews:
    """The observation and text half of the Guillotine game object."""

    def view(self, state: GuillotineState, seat: int | None) -> dict[str, Any]:
        s = state
        over = s.over
        players = []
        for o in range(s.n_players):
            hidden = s.hidden[o]
            show_hidden = hidden >= 0 and (over or o == seat)
            players.append({
                "seat": o,
                "hand_size": len(s.hands[o]),
                "pile": _nobles(s.piles[o]),
                "front": _cards(s.front[o]),
                "has_hidden_support": hidden >= 0,
                "hidden_support": ACTIONS[hidden].key if show_hidden else None,
                "rush_job": s.rush[o],
                "confusion": s.confusion[o],
                "score": self.score(s, o, reveal=over or o == seat),
            })
        out: dict[str, Any] = {
            "game": "guillotine",
            "seat": seat,
            "day": s.day,
            "days": RULES["days"],
            "starter": s.starter,
            "player": s.player,
            "over": over,
            "line": _nobles(s.line),
            "noble_deck": len(s.noble_deck),
            "action_deck": len(s.action_deck),
            "noble_discard": _nobles(s.noble_discard),
            "action_discard": _cards(s.action_discard),
            "players": players,
            "to_act": list(self.to_act(s)),
            "turn": {
                "rush_job": s.rush_active, "political_influence": s.political,
                "double_feature": s.double, "scarlet_pimpernel": s.pimpernel,
                "after_trip": s.after_trip,
                "in_play": ACTIONS[s.in_play].key if s.in_play >= 0 else None,
            },
            "decision": self._decision_view(s, seat),
            "hand": None,
            "known_hands": {},
        }
        if seat is not None:
            out["hand"] = sorted(_cards(s.hands[seat]))
            out["known_hands"] = {
                str(o): sorted(_cards(s.seen[seat][o]))
                for o in range(s.n_players) if o != seat and s.seen[seat][o]
            }
        if over:
            out["scores"] = self.scores(s)
            out["winners"] = self.winners(s)
        return out

    def _decision_view(self, s: GuillotineState, seat: int | None) -> dict[str, Any] | None:
        p = s.pending
        if p is None:
            return None
        d: dict[str, Any] = {
            "kind": DECISION_NAMES[p.kind], "seat": p.seat,
            "card": ACTIONS[p.card].key if p.card >= 0 else None,
            "target": p.target if p.target >= 0 else None,
            "noble": p.noble + 1 if p.noble >= 0 else None,
        }
        if p.kind == ORDER:
            d["order"] = [i + 1 for i in p.picks]
        elif p.kind == PEEK_PICK:
            d["count"] = len(p.picks)
            if seat == p.seat:
                d["nobles"] = _nobles(list(p.picks))
        elif p.kind in (PILE_PICK, PILE_PICK_BACK) and p.picks:
            d["first_pick"] = p.picks[0] + 1 if p.picks[0] >= 0 else None
        elif p.kind == LOOK_DISCARD and seat == p.seat:
            d["hand"] = sorted(_cards(s.hands[p.target]))
        if p.count:
            d["count"] = p.count
        return d

    # ------------------------------------------------------------------ words
    def describe_action(self, state: GuillotineState, action: int, lang: str = "en",
                        names: list[str] | None = None) -> str:
        zh = is_zh(lang)
        s = state
        p = s.pending
        name = ACTION_NAMES[action]
        if action == PASS:
            if s.after_trip:
                return "不再出牌" if zh else "Play no more cards"
            return "不出牌" if zh else "Play no card"
        if action == DISCARD_CALLOUS:
            return "丟棄面前的冷酷的守衛" if zh else "Discard your Callous Guards"
        if PLAY0 <= action < CARD0:
            card = action - PLAY0
            return f"打出{card_name(card, lang)}" if zh else f"Play {card_name(card, lang)}"
        if CARD0 <= action < NOBLE0:
            return card_name(action - CARD0, lang)
        if NOBLE0 <= action < BY0:
            i = action - NOBLE0
            noble = noble_name(s.line[i], lang) if i < len(s.line) else "?"
            return f"第{i + 1}位的{noble}" if zh else f"{noble} (position {i + 1})"
        if BY0 <= action < SEAT0:
            d = action - BY0 + 1
            if p is not None and p.card >= 0 and ACTIONS[p.card].back:
                return f"往後移{d}個位置" if zh else f"{d} place{'s' if d > 1 else ''} back"
            return f"往前移{d}個位置" if zh else f"{d} place{'s' if d > 1 else ''} forward"
        if SEAT0 <= action < PILE0:
            return seat_name(action - SEAT0, lang, names)
        if PILE0 <= action < PEEK0:
            i = action - PILE0
            pile = s.piles[p.target] if p is not None and p.target >= 0 else []
            noble = noble_name(pile[i], lang) if i < len(pile) else "?"
            return f"{noble}（分數欄第{i + 1}張）" if zh else f"{noble} (score pile #{i + 1})"
        if action >= PEEK0:
            i = action - PEEK0
            if p is not None and i < len(p.picks) and p.seat in self.to_act(s):
                return noble_name(p.picks[i], lang)
        return name

    def describe_decision(self, state: GuillotineState, lang: str = "en") -> str:
        """A one-line prompt for the pending decision."""
        p = state.pending
        if p is None:
            return ""
        zh = is_zh(lang)
        card = card_name(p.card, lang) if p.card >= 0 else ""
        prompts = {
            "act": ("選擇要打出的行動牌，或不出牌", "Play an action card, or none"),
            "noble": (f"{card}：選擇隊列中的人物", f"{card}: choose a noble in the line"),
            "distance": (f"{card}：選擇移動的距離", f"{card}: how far?"),
            "seat": (f"{card}：選擇一名玩家", f"{card}: choose a player"),
            "front_card": (f"{card}：選擇要丟棄的面前卡牌", f"{card}: choose the card to discard"),
            "pile": (f"{card}：從對方分數欄選一張人物牌", f"{card}: take a noble from their pile"),
            "pile_back": (f"{card}：從對方分數欄選一張人物牌", f"{card}: take a noble from their pile"),
            "order": (f"{card}：依次選出排在最前的人物",
                      f"{card}: choose the noble for the next place from the front"),
            "peek": (f"{card}：選一名人物加到隊列末端", f"{card}: choose the noble for the back of the line"),
            "take": (f"{card}：從棄牌堆取回一張行動牌", f"{card}: take a card from the discard pile"),
            "look_discard": (f"{card}：選出對方要丟棄的一張牌", f"{card}: choose a card of theirs to discard"),
            "discard": ("從手牌中丟棄一張行動牌", "Discard a card from your hand"),
            "clown": ("把小丑放到另一名玩家的分數欄", "Give the Clown to another player"),
        }
        zh_text, en_text = prompts[DECISION_NAMES[p.kind]]
        return zh_text if zh else en_text

    def describe_event(self, event: dict[str, Any], lang: str = "en",
                       names: list[str] | None = None) -> str:
        """One line of the log, from an event as the reader's seat may see it."""
        kind = event["type"]
        if kind == "turn" and event.get("rush_job"):
            kind = "turn/rush"
        elif kind in ("draw", "peek", "look") and ({"cards", "nobles", "hand"} & event.keys()):
            kind += "/seen"  # the private part this reader may see
        return format_event(EVENT_TEXT, kind, _event_fields(event, lang, names), lang)

    def render_text(self, view: dict[str, Any], lang: str = "en",
                    names: list[str] | None = None) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        return {"hidden_support": {
            "en": "Variant: hidden support cards (one dealt face down to each player)",
            "zh-TW": "變化規則：暗置支持卡（每人獲發一張牌背向上的支持卡）"}}

    @staticmethod
    def catalog() -> dict[str, Any]:
        """Names and texts of every card in both languages, for the browser table."""
        return {
            "nobles": {n.key: {"en": n.en, "zh-TW": n.zh, "colour": COLOURS[n.colour],
                               "points": n.points, "effect": n.effect,
                               "text": {"en": n.text_en, "zh-TW": n.text_zh}} for n in NOBLES},
            "actions": {a.key: {"en": a.en, "zh-TW": a.zh, "line": a.line, "front": a.front,
                                "text": {"en": a.text_en, "zh-TW": a.text_zh}} for a in ACTIONS},
        }

    @staticmethod
    def card_features(event: dict[str, Any] | None, state: GuillotineState | None,
                      ) -> list[tuple[int, str, str]]:
        """For balance analysis: (seat, what, card) — a card played, a noble collected,
        and at the end the cards held and the nobles kept in each score pile."""
        if event is not None:
            if event["type"] == "play":
                return [(event["seat"], "played", ACTIONS[event["card"]].key)]
            if event["type"] == "collect":
                return [(event["seat"], "collected", NOBLES[event["noble"]].key)]
            return []
        assert state is not None
        out = [(seat, "held", ACTIONS[c].key) for seat, hand in enumerate(state.hands) for c in hand]
        out += [(seat, "kept", NOBLES[n].key) for seat, pile in enumerate(state.piles) for n in pile]
        return out

    @staticmethod
    def data_files() -> list[str]:
        """The data files a designer edits (copied next to a balance report)."""
        from noblesse.games.guillotine.data import DATA_FILE

        return [str(DATA_FILE)]

    @staticmethod
    def secret_fingerprint(state: GuillotineState) -> tuple[int, ...]:
        """Changes whenever a card leaves or enters a hidden place (decks, hands)."""
        return (len(state.noble_deck), len(state.action_deck), *map(len, state.hands))

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``."""
        zh = is_zh(lang)
        nobles = [{
            "name": n.zh if zh else n.en, "other": n.en if zh else n.zh,
            "colour": COLOUR_ZH[COLOURS[n.colour]] if zh else COLOURS[n.colour],
            "points": n.points if n.effect not in ("palace_guard", "tragic_figure")
            else ("1~5" if n.effect == "palace_guard" else "-1~-7"),
            "copies": n.copies, "effect": n.text_zh if zh else n.text_en,
        } for n in NOBLES]
        actions = [{
            "name": a.zh if zh else a.en, "other": a.en if zh else a.zh, "copies": a.copies,
            "effect": a.text_zh if zh else a.text_en,
        } for a in ACTIONS]
        return {"nobles": nobles, "actions": actions}


RICH_COLOURS = {"purple": "magenta", "blue": "blue", "green": "green", "red": "red", "gray": "bright_black"}
_BY_KEY_NOBLE = {n.key: n for n in NOBLES}
_BY_KEY_CARD = {a.key: a for a in ACTIONS}


def _noble_markup(key: str, lang: str) -> str:
    n = _BY_KEY_NOBLE[key]
    colour = RICH_COLOURS[COLOURS[n.colour]]
    return f"[{colour}]{n.zh if is_zh(lang) else n.en}[/] ({n.points:+d})" if n.effect not in (
        "palace_guard", "tragic_figure") else f"[{colour}]{n.zh if is_zh(lang) else n.en}[/]"


def _card_markup(key: str, lang: str) -> str:
    a = _BY_KEY_CARD[key]
    return a.zh if is_zh(lang) else a.en


def render_text(view: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    sep = list_sep(lang)
    me = view["seat"]
    out = []
    turn_of = seat_name(view["player"], lang, names)
    out.append(
        f"[bold]第{view['day']}/{view['days']}天[/] · 輪到{turn_of} · 人物牌疊 {view['noble_deck']} · "
        f"行動牌疊 {view['action_deck']}" if zh else
        f"[bold]Day {view['day']}/{view['days']}[/] · {turn_of}'s turn · noble deck "
        f"{view['noble_deck']} · action deck {view['action_deck']}")
    out.append("[bold]人物隊列（斷頭臺 → 末端）：[/]" if zh else "[bold]The line (guillotine → back):[/]")
    out.append("  " + "  ".join(f"{i + 1}.{_noble_markup(k, lang)}" for i, k in enumerate(view["line"]))
               if view["line"] else ("  （空）" if zh else "  (empty)"))
    for p in view["players"]:
        who = seat_name(p["seat"], lang, names)
        if p["seat"] == me and not names:
            who += "（你）" if zh else " (you)"
        pile = sep.join(_noble_markup(k, lang) for k in p["pile"]) or "-"
        front = sep.join(_card_markup(k, lang) for k in p["front"])
        marks = []
        if p["has_hidden_support"]:
            hidden = p["hidden_support"]
            marks.append(("暗置支持：" if zh else "hidden support: ") +
                         (_card_markup(hidden, lang) if hidden else "?"))
        if p["rush_job"]:
            marks.append("趕工" if zh else "Rush Job")
        if p["confusion"]:
            marks.append("隊列混亂" if zh else "Confusion in Line")
        line = (f"  [bold]{who}[/] {p['score']}分 · 手牌{p['hand_size']}張 · 分數欄：{pile}" if zh else
                f"  [bold]{who}[/] {p['score']} pts · {p['hand_size']} cards · pile: {pile}")
        if front:
            line += (" · 面前：" if zh else " · in front: ") + front
        if marks:
            line += " · " + sep.join(marks)
        out.append(line)
    if view["hand"] is not None:
        hand = sep.join(_card_markup(k, lang) for k in view["hand"]) or "-"
        out.append(("[bold]你的手牌：[/]" if zh else "[bold]Your hand:[/] ") + hand)
        for other, cards in view["known_hands"].items():
            out.append(("  已知" if zh else "  Known in ") + seat_name(int(other), lang, names) +
                       ("手牌：" if zh else "'s hand: ") + sep.join(_card_markup(k, lang) for k in cards))
    d = view["decision"]
    if d and d.get("nobles"):
        out.append(("檢視的人物：" if zh else "You see: ") + sep.join(_noble_markup(k, lang) for k in d["nobles"]))
    if d and d.get("hand"):
        out.append(("對方手牌：" if zh else "Their hand: ") + sep.join(_card_markup(k, lang) for k in d["hand"]))
    return out
