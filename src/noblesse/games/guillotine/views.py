"""What each seat sees of a Guillotine table, and the words for actions and events.

``view`` holds nothing the seat may not know (spec §6): the line, piles, in-front
cards, discard piles and hand sizes are public; a hand only to its owner (and the
cards a seat has learnt about in others' hands); Late Arrival's peeked nobles and
Lack of Support's looked-at hand only to the actor; hidden support cards only to
their owner until the game ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from noblesse.core.errors import IllegalAction
from noblesse.core.text import (
    GAME_OVER,
    amount,
    format_event,
    is_zh,
    join,
    join_and,
    quoted,
    result_fields,
    seat_name,
)
from noblesse.games.guillotine.data import COLOUR_ZH, COLOURS, DATA_FILE, GRAY
from noblesse.games.guillotine.rules import (
    ACTIONS,
    BY0,
    CALLOUS,
    CARD0,
    COUNT,
    COUNTESS,
    DECISION_NAMES,
    DISCARD_CALLOUS,
    GUARDS,
    INDIFFERENT,
    LOOK_DISCARD,
    NOBLE0,
    NOBLE_COLOUR,
    NOBLES,
    ORDER,
    PALACE_GUARD,
    PASS,
    PEEK0,
    PEEK_PICK,
    PILE0,
    PILE_PICK,
    PILE_PICK_BACK,
    PLAY0,
    RULES,
    SEAT0,
    TAKE,
    TOUGH_CROWD,
    TRAGIC,
    GuillotineRules,
    GuillotineState,
)


def end_points(s: GuillotineState, seat: int) -> dict[str, Any]:
    """What ``seat``'s cards scored at the end (spec §3.4), for the end's score table:
    ``pile`` (each noble of the score pile in order: Palace Guard and Tragic Figure, whose
    printed points vary, with what they are worth in this pile) and ``cards`` (each
    in-front or hidden card that scored, and the Count and Countess's bonus, as
    ``[key, points]``). Their sum is the seat's score."""
    pile = s.piles[seat]
    cards = list(s.front[seat]) + ([s.hidden[seat]] if s.hidden[seat] >= 0 else [])
    indifferent = INDIFFERENT in cards
    grays = sum(1 for n in pile if NOBLE_COLOUR[n] == GRAY)
    values = []
    for n in pile:
        if indifferent and NOBLE_COLOUR[n] == GRAY:
            values.append(RULES["indifferent_gray_value"])
        elif n == PALACE_GUARD:
            values.append(pile.count(PALACE_GUARD))
        elif n == TRAGIC:
            values.append(-grays)
        else:
            values.append(NOBLES[n].points)
    extra: list[list[Any]] = []
    if COUNT in pile and COUNTESS in pile:
        extra.append(["count_countess", RULES["count_countess_bonus"]])
    for c in cards:
        colour = ACTIONS[c].support
        if colour >= 0:
            extra.append([ACTIONS[c].key, sum(1 for n in pile if NOBLE_COLOUR[n] == colour)])
        elif ACTIONS[c].key == "fountain_of_blood":
            extra.append([ACTIONS[c].key, RULES["fountain_of_blood_bonus"]])
        elif c == TOUGH_CROWD:
            extra.append([ACTIONS[c].key, -RULES["tough_crowd_penalty"]])
    return {"pile": values, "cards": extra}


def noble_name(noble: int, lang: str = "en") -> str:
    n = NOBLES[noble]
    return n.zh if is_zh(lang) else n.en


def card_name(card: int, lang: str = "en") -> str:
    a = ACTIONS[card]
    return a.zh if is_zh(lang) else a.en


def _nobles(nobles: list[int]) -> list[str]:
    return [NOBLES[n].key for n in nobles]


def _cards(cards: Iterable[int]) -> list[str]:
    return [ACTIONS[c].key for c in cards]


# The log, in both languages: (English, 繁體中文). Fields: see _event_fields; a kind with
# a "/…" suffix is the same event in other circumstances (see describe_event).
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "day": (
        "Day {day} begins; {starter} starts. The line, front first: {line}.",
        "第{day}天開始，由{starter}先行。人物隊列（由前到後）：{line}。",
    ),
    "turn": ("{who}'s turn", "輪到{who}"),
    "turn/rush": (
        "{who}'s turn (Rush Job: no action cards this turn)",
        "輪到{who}（受到「趕工」影響，這回合不能打出行動牌）",
    ),
    "pass": ("{who} plays no card", "{who}不出牌"),
    "play": ("{who} plays {card}", "{who}打出{card}"),
    "target": ("{who} targets {target} with {card}", "{who}以{card}指定{target}"),
    "target/self": ("{who} targets themselves with {card}", "{who}以{card}指定自己"),
    "resolved": ("The line is now: {line}", "人物隊列現在是：{line}"),
    "resolved/move": (
        "{noble} moves {dir} from place {start} to place {end}. The line is now: {line}.",
        "{noble}從第{start}位往{dir}移到第{end}位。人物隊列現在是：{line}。",
    ),
    "resolved/empty": ("The line is now empty", "人物隊列已經空了"),
    "collect": ("{who} collects {noble}", "{who}處決了{noble}"),
    "draw": ("{who} draws {count}", "{who}抽了{count}"),
    "draw/none": ("{who} has no action card left to draw", "{who}已經沒有行動牌可抽"),
    "draw/seen": ("{who} draws {cards}", "{who}抽到{cards}"),
    "discard": ("{who} discards {card}", "{who}丟棄了{card}"),
    "discard/innocent_victim": (
        "{who} discards {card} for collecting the Innocent Victim",
        "{who}因為處決了「犧牲者」而丟棄{card}",
    ),
    "discard/forced_break": (
        "Forced Break: {who} discards {card} at random",
        "「中斷」：{who}隨機丟棄了{card}",
    ),
    "discard/infighting": ("Infighting: {who} discards {card}", "「暗鬥」：{who}丟棄了{card}"),
    "discard/lack_of_support": (
        "Lack of Support: {who}'s {card} is discarded",
        "「缺乏支持」：{who}的{card}被丟棄",
    ),
    "discard_front": (
        "{who} discards {card} from in front of {owner}",
        "{who}丟棄了{owner}面前的{card}",
    ),
    "discard_front/self": ("{who} discards their {card}", "{who}丟棄了自己面前的{card}"),
    "clown": ("{who} gives The Clown to {target}", "{who}把「小丑」放進{target}的分數欄"),
    "given": (
        "{who} puts {noble} into {target}'s score pile",
        "{who}把{noble}放進{target}的分數欄",
    ),
    "master_spy": ("The Master Spy moves to the back of the line", "「間諜頭子」移到隊列末端"),
    "confusion": (
        "Confusion in Line: the line is shuffled before {who} collects",
        "「隊列混亂」：{who}處決之前，人物隊列重新洗勻",
    ),
    "reveal_deck": ("{noble} is revealed from the noble deck", "從人物牌疊翻開{noble}"),
    "added": ("{nobles} {join} the back of the line", "{nobles}加到隊列末端"),
    "line_discarded": ("The rest of the line is discarded", "隊列中剩下的人物全部丟棄"),
    "day_end": ("Day {day} ends", "第{day}天結束"),
    "game_over": GAME_OVER,
    "peek": (
        "{who} looks at the top {count} of the noble deck",
        "{who}檢視人物牌疊最上面的{count}",
    ),
    "peek/seen": ("{who} looks at {nobles}", "{who}看到{nobles}"),
    "late_arrival": (
        "{noble} joins the back of the line; {rejected} {are} discarded",
        "{noble}加到隊列末端，{rejected}被丟棄",
    ),
    "late_arrival/alone": ("{noble} joins the back of the line", "{noble}加到隊列末端"),
    "take_discard": ("{who} takes {card} from the discard pile", "{who}從棄牌堆拿走{card}"),
    "look": ("{who} looks at {target}'s hand", "{who}檢視{target}的手牌"),
    "look/self": ("{who} looks at their own hand", "{who}檢視自己的手牌"),
    "look/seen": ("{who} looks at {target}'s hand: {hand}", "{who}檢視{target}的手牌：{hand}"),
    "look/seen/empty": (
        "{who} looks at {target}'s hand: it is empty",
        "{who}檢視{target}的手牌：沒有手牌",
    ),
    "missed": (
        "{target}'s {noble} goes back to the end of the line",
        "{target}的{noble}回到隊列末端",
    ),
    "missing_heads": ("{target}'s {noble} is discarded", "{target}分數欄中的{noble}被丟棄"),
    "clerical_pick": (
        "{who} picks {noble} from {source}'s score pile",
        "{who}從{source}的分數欄選了{noble}",
    ),
    "clerical_error": (
        "Clerical Error: {who} takes {took}, {target} takes {gave}",
        "「筆誤」：{who}拿到{took}，{target}拿到{gave}",
    ),
    "clerical_error/took": (
        "Clerical Error: {who} takes {took}; {target} takes nothing",
        "「筆誤」：{who}拿到{took}，{target}沒有拿到人物",
    ),
    "clerical_error/gave": (
        "Clerical Error: {target} takes {gave}; {who} takes nothing",
        "「筆誤」：{target}拿到{gave}，{who}沒有拿到人物",
    ),
    "clerical_error/none": ("Clerical Error: nobody takes a noble", "「筆誤」：雙方都沒有拿到人物"),
    "reshuffle": (
        "The action deck is used up: the discard pile is shuffled into a new one",
        "行動牌疊用完了，把棄牌堆洗勻成為新的行動牌疊",
    ),
}


def _noble_list(ids: list[int], lang: str) -> str:
    return join((quoted(noble_name(n, lang), lang) for n in ids), lang)


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """Every field an event's text may name, in the reader's language."""
    zh = is_zh(lang)
    fields: dict[str, Any] = {k: v for k, v in event.items() if k == "day"}
    for key, field in (
        ("seat", "who"),
        ("target", "target"),
        ("owner", "owner"),
        ("starter", "starter"),
        ("from", "source"),
    ):
        if key in event:
            fields[field] = seat_name(event[key], lang, names)
    if "card" in event:
        fields["card"] = quoted(card_name(event["card"], lang), lang)
    if "noble" in event:
        fields["noble"] = quoted(noble_name(event["noble"], lang), lang)
    if "count" in event:
        if event["type"] == "peek":
            fields["count"] = amount(event["count"], lang, "noble", "張人物牌")
        else:
            fields["count"] = amount(event["count"], lang, "action card", "張行動牌")
    for key in ("line", "nobles", "rejected"):
        if key in event:
            fields[key] = (join if key == "line" else join_and)(
                (quoted(noble_name(n, lang), lang) for n in event[key]), lang
            )
    for key in ("nobles", "rejected"):
        if key in event:
            fields["join" if key == "nobles" else "are"] = (
                ("joins" if key == "nobles" else "is")
                if len(event[key]) == 1
                else ("join" if key == "nobles" else "are")
            )
    for key in ("cards", "hand"):
        if key in event:
            fields[key] = join_and((quoted(card_name(c, lang), lang) for c in event[key]), lang)
    for key in ("took", "gave"):
        if key in event and event[key] >= 0:
            fields[key] = quoted(noble_name(event[key], lang), lang)
    if "to" in event and "line" in event and 0 < event["to"] <= len(event["line"]):
        fields["noble"] = quoted(noble_name(event["line"][event["to"] - 1], lang), lang)
        fields["start"], fields["end"] = event["from"], event["to"]
        forward = event["to"] < event["from"]
        fields["dir"] = ("前" if forward else "後") if zh else ("forward" if forward else "back")
    fields.update(result_fields(event, lang, names))
    return fields


def _event_kind(event: dict[str, Any]) -> str:
    """The template of an event: its type, or a variant for the circumstances."""
    kind = event["type"]
    if kind == "turn" and event.get("rush_job"):
        return "turn/rush"
    if kind in ("target", "look") and event.get("target") == event.get("seat"):
        return kind + "/self"
    if kind == "look" and "hand" in event:
        return "look/seen" if event["hand"] else "look/seen/empty"
    if kind == "draw":
        if "cards" in event and event["cards"]:
            return "draw/seen"
        return kind if event.get("count") else "draw/none"
    if kind == "peek" and "nobles" in event:
        return "peek/seen"
    if kind == "resolved":
        if not event.get("line"):
            return "resolved/empty"
        return "resolved/move" if "to" in event else kind
    if kind == "discard" and event.get("why") in _DISCARD_WHY:
        return f"discard/{event['why']}"
    if kind == "discard_front" and event.get("owner") == event.get("seat"):
        return "discard_front/self"
    if kind == "late_arrival" and not event.get("rejected"):
        return "late_arrival/alone"
    if kind == "clerical_error":
        took, gave = event.get("took", -1) >= 0, event.get("gave", -1) >= 0
        return (
            kind
            if took and gave
            else (
                "clerical_error/took"
                if took
                else "clerical_error/gave"
                if gave
                else "clerical_error/none"
            )
        )
    return kind


_DISCARD_WHY = ("innocent_victim", "forced_break", "infighting", "lack_of_support")


def action_words(
    s: GuillotineState, action: int, lang: str = "en", names: list[str] | None = None
) -> str:
    """An action in the game's words (a button's label, and what a refusal names)."""
    zh = is_zh(lang)
    p = s.pending
    if action == PASS:
        if p is not None and p.kind == GUARDS:
            callous = quoted(card_name(CALLOUS, lang), lang)
            return f"保留{callous}" if zh else f"Keep your {callous}"
        if s.after_trip:
            return "不再出牌" if zh else "Play no more cards"
        return "不出牌" if zh else "Play no card"
    if action == DISCARD_CALLOUS:
        callous = quoted(card_name(CALLOUS, lang), lang)
        return f"丟棄自己面前的{callous}" if zh else f"Discard your {callous}"
    if PLAY0 <= action < CARD0:
        card = quoted(card_name(action - PLAY0, lang), lang)
        return f"打出{card}" if zh else f"Play {card}"
    if CARD0 <= action < NOBLE0:
        card = quoted(card_name(action - CARD0, lang), lang)
        if p is not None and p.kind == TAKE:
            return f"拿走{card}" if zh else f"Take {card}"
        return f"丟棄{card}" if zh else f"Discard {card}"
    if NOBLE0 <= action < BY0:
        i = action - NOBLE0
        if i >= len(s.line):
            return f"隊列第{i + 1}位的人物" if zh else f"the noble at place {i + 1} of the line"
        noble = quoted(noble_name(s.line[i], lang), lang)
        return f"第{i + 1}位的{noble}" if zh else f"{noble} (place {i + 1})"
    if BY0 <= action < SEAT0:
        d = action - BY0 + 1
        back = p is not None and p.card >= 0 and bool(ACTIONS[p.card].back)
        if zh:
            return f"往{'後' if back else '前'}移{d}個位置"
        return f"{amount(d, lang, 'place', '')} {'back' if back else 'forward'}"
    if SEAT0 <= action < PILE0:
        target = action - SEAT0
        if p is not None and target == p.seat:
            return "自己" if zh else "Yourself"
        return seat_name(target, lang, names)
    if PILE0 <= action < PEEK0:
        i = action - PILE0
        pile = s.piles[p.target] if p is not None and p.target >= 0 else []
        if i >= len(pile):
            return f"分數欄的第{i + 1}張人物牌" if zh else f"noble #{i + 1} of a score pile"
        noble = quoted(noble_name(pile[i], lang), lang)
        return f"{noble}（分數欄第{i + 1}張）" if zh else f"{noble} (score pile #{i + 1})"
    i = action - PEEK0
    if p is not None and p.kind == PEEK_PICK and i < len(p.picks):
        noble = quoted(noble_name(p.picks[i], lang), lang)
        return f"把{noble}加到隊列末端" if zh else f"Put {noble} at the back of the line"
    return f"翻開的第{i + 1}張人物牌" if zh else f"revealed noble #{i + 1}"


# What each decision asks for, without the card that asks it: (English, 繁體中文).
DECISION_TASKS = {
    "act": ("play an action card, or none", "選擇要打出的行動牌，或不出牌"),
    "act/trip": ("play one more action card, or none", "選擇是否再打出一張行動牌"),
    "noble": ("choose a noble in the line", "選擇隊列中的一名人物"),
    "distance": ("choose how far it moves", "選擇移動幾個位置"),
    "seat": ("choose a player", "選擇一名玩家"),
    "front_card": ("choose the card in front of them to discard", "選擇要丟棄的一張面前的行動牌"),
    "pile": ("take a noble from their score pile", "從對方的分數欄拿一張人物牌"),
    "pile_back": ("take a noble from their score pile", "從對方的分數欄拿一張人物牌"),
    "order": ("choose the noble for the next place from the front", "依序選出要排在最前面的人物"),
    "peek": ("choose the noble for the back of the line", "選一名人物加到隊列末端"),
    "take": ("take a card from the discard pile", "從棄牌堆拿一張行動牌"),
    "look_discard": ("choose a card of theirs to discard", "選出對方要丟棄的一張行動牌"),
    "discard": ("discard an action card from your hand", "從手牌中丟棄一張行動牌"),
    "clown": ("give The Clown to another player", "把「小丑」放進另一名玩家的分數欄"),
    "guards": (
        "keep your Callous Guards, or discard it before {who} acts",
        "保留「冷酷的守衛」，或在{who}行動前丟棄它",
    ),
}


def decision_task(s: GuillotineState, lang: str = "en") -> str:
    """What the pending decision asks for, in a few words (the prompt's second half, and
    what a refusal reminds the player of)."""
    p = s.pending
    if p is None:
        return ""
    zh = is_zh(lang)
    kind = DECISION_NAMES[p.kind]
    if kind == "act" and s.after_trip:
        kind = "act/trip"
    en, zh_text = DECISION_TASKS[kind]
    if kind == "guards":
        who = seat_name(p.target, lang)
        return zh_text.format(who=who) if zh else en.format(who=who)
    if kind == "discard" and p.count > 1:
        many = amount(p.count, lang, "action card", "張行動牌")
        return (
            f"從手牌中丟棄{many}：先選一張" if zh else f"discard {many} from your hand: choose one"
        )
    return zh_text if zh else en


class GuillotineViews(GuillotineRules):
    """The observation and text half of the Guillotine game, on top of its rules."""

    def view(self, state: GuillotineState, seat: int | None) -> dict[str, Any]:
        return self.views(state, [seat])[0]

    def views(self, state: GuillotineState, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """Each of ``seats``' view. What a seat sees beyond the others: its hand, the
        hands it has looked at, its own hidden support card (and the score with it), and
        the nobles or hand a decision shows it alone; the rest is made once and is the
        same object in every view."""
        s = state
        over = s.over
        public = [self._player(s, o, over) for o in range(s.n_players)]
        if over:
            for o, p in enumerate(public):
                p["end_points"] = end_points(s, o)
        line, noble_discard = _nobles(s.line), _nobles(s.noble_discard)
        action_discard, to_act = _cards(s.action_discard), list(self.to_act(s))
        turn = {
            "rush_job": s.rush_active,
            "political_influence": s.political,
            "double_feature": s.double,
            "scarlet_pimpernel": s.pimpernel,
            "after_trip": s.after_trip,
            "in_play": ACTIONS[s.in_play].key if s.in_play >= 0 else None,
        }
        decision = self._decision_view(s, None)
        pending = s.pending
        shown = (
            pending.seat
            if pending is not None and pending.kind in (PEEK_PICK, LOOK_DISCARD)
            else None
        )
        end = {"scores": self.scores(s), "winners": self.winners(s)} if over else {}
        out = []
        for seat in seats:
            players = public
            if seat is not None and not over and s.hidden[seat] >= 0:
                players = list(public)
                players[seat] = self._player(s, seat, True)
            out.append(
                {
                    "game": "guillotine",
                    "seat": seat,
                    "day": s.day,
                    "days": RULES["days"],
                    "starter": s.starter,
                    "player": s.player,
                    "over": over,
                    "line": line,
                    "noble_deck": len(s.noble_deck),
                    "action_deck": len(s.action_deck),
                    "noble_discard": noble_discard,
                    "action_discard": action_discard,
                    "players": players,
                    "to_act": to_act,
                    "turn": turn,
                    "decision": self._decision_view(s, seat) if seat == shown else decision,
                    "hand": None if seat is None else sorted(_cards(s.hands[seat])),
                    "known_hands": {}
                    if seat is None
                    else {
                        str(o): sorted(_cards(s.seen[seat][o]))
                        for o in range(s.n_players)
                        if o != seat and s.seen[seat][o]
                    },
                    **end,
                }
            )
        return out

    def _player(self, s: GuillotineState, o: int, reveal: bool) -> dict[str, Any]:
        """Seat ``o`` on the table; ``reveal``: with its hidden support card."""
        hidden = s.hidden[o]
        return {
            "seat": o,
            "hand_size": len(s.hands[o]),
            "pile": _nobles(s.piles[o]),
            "front": _cards(s.front[o]),
            "has_hidden_support": hidden >= 0,
            "hidden_support": ACTIONS[hidden].key if hidden >= 0 and reveal else None,
            "rush_job": s.rush[o],
            "confusion": s.confusion[o],
            "score": self.score(s, o, reveal=reveal),
        }

    def _decision_view(self, s: GuillotineState, seat: int | None) -> dict[str, Any] | None:
        p = s.pending
        if p is None:
            return None
        d: dict[str, Any] = {
            "kind": DECISION_NAMES[p.kind],
            "seat": p.seat,
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
    def describe_action(
        self, state: GuillotineState, action: int, lang: str = "en", names: list[str] | None = None
    ) -> str:
        return action_words(state, action, lang, names)

    def _not_a_choice(self, s: GuillotineState, action: int) -> IllegalAction:
        return IllegalAction.not_a_choice(
            (action_words(s, action, "en"), action_words(s, action, "zh-TW")),
            (decision_task(s, "en"), "請" + decision_task(s, "zh-TW")),
        )

    def describe_decision(self, state: GuillotineState, lang: str = "en") -> str:
        """A one-line prompt for the pending decision."""
        p = state.pending
        if p is None:
            return ""
        task = decision_task(state, lang)
        if p.card >= 0:
            return f"{quoted(card_name(p.card, lang), lang)}{'：' if is_zh(lang) else ': '}{task}"
        return task[0].upper() + task[1:]

    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        """One line of the log, from an event as the reader's seat may see it."""
        return format_event(EVENT_TEXT, _event_kind(event), _event_fields(event, lang, names), lang)

    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def assumed_readings() -> dict[str, Any]:
        """The data file's [assumed] values: the table's house rules (the rules page)."""
        from noblesse.games.guillotine.data import CARDS

        return dict(CARDS.assumed)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        return {
            "hidden_support": {
                "en": "Variant: hidden support cards (one dealt face down to each player)",
                "zh-TW": "變化規則：暗置支持牌（每人獲得一張支持牌，牌背朝上放在自己面前）",
            },
            "callous_discard_on_own_turn_only": {
                "en": "Callous Guards may be discarded only in its owner's own turn "
                "(a variant against the rulebook: at any time)",
                "zh-TW": "「冷酷的守衛」只能在擁有者自己的回合丟棄（與規則書不同的變體：規則書為隨時）",
            },
        }

    @staticmethod
    def catalog() -> dict[str, Any]:
        """Names and texts of every card in both languages, for the browser table."""
        return {
            "nobles": {
                n.key: {
                    "en": n.en,
                    "zh-TW": n.zh,
                    "colour": COLOURS[n.colour],
                    "points": n.points,
                    "effect": n.effect,
                    "text": {"en": n.text_en, "zh-TW": n.text_zh},
                }
                for n in NOBLES
            },
            "actions": {
                a.key: {
                    "en": a.en,
                    "zh-TW": a.zh,
                    "line": a.line,
                    "front": a.front,
                    "text": {"en": a.text_en, "zh-TW": a.text_zh},
                }
                for a in ACTIONS
            },
        }

    #: the words for each kind of card_features row, for balance reports
    feature_names = {
        "played": {"en": "played", "zh-TW": "打出"},
        "collected": {"en": "collected", "zh-TW": "處決"},
        "held": {"en": "held", "zh-TW": "遊戲結束時在手上"},
        "kept": {"en": "kept", "zh-TW": "遊戲結束時在計分堆"},
    }

    @staticmethod
    def card_features(
        event: dict[str, Any] | None,
        state: GuillotineState | None,
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
        out = [
            (seat, "held", ACTIONS[c].key) for seat, hand in enumerate(state.hands) for c in hand
        ]
        out += [
            (seat, "kept", NOBLES[n].key) for seat, pile in enumerate(state.piles) for n in pile
        ]
        return out

    @staticmethod
    def data_files() -> list[str]:
        """The data files a designer edits (copied next to a balance report)."""
        return [str(DATA_FILE)]

    @staticmethod
    def secret_fingerprint(state: GuillotineState) -> tuple[int, ...]:
        """Changes whenever a card leaves or enters a hidden place (decks, hands)."""
        return (len(state.noble_deck), len(state.action_deck), *map(len, state.hands))

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``."""
        zh = is_zh(lang)
        nobles = [
            {
                "name": n.zh if zh else n.en,
                "other": n.en if zh else n.zh,
                "colour": COLOUR_ZH[COLOURS[n.colour]] if zh else COLOURS[n.colour],
                "points": n.points
                if n.effect not in ("palace_guard", "tragic_figure")
                else ("1~5" if n.effect == "palace_guard" else "-1~-7"),
                "copies": n.copies,
                "effect": n.text_zh if zh else n.text_en,
            }
            for n in NOBLES
        ]
        actions = [
            {
                "name": a.zh if zh else a.en,
                "other": a.en if zh else a.zh,
                "copies": a.copies,
                "effect": a.text_zh if zh else a.text_en,
            }
            for a in ACTIONS
        ]
        if zh:
            return {"人物牌": nobles, "行動牌": actions}
        return {"Nobles": nobles, "Action cards": actions}


RICH_COLOURS = {
    "purple": "magenta",
    "blue": "blue",
    "green": "green",
    "red": "red",
    "gray": "bright_black",
}
_BY_KEY_NOBLE = {n.key: n for n in NOBLES}
_BY_KEY_CARD = {a.key: a for a in ACTIONS}


def _noble_markup(key: str, lang: str) -> str:
    n = _BY_KEY_NOBLE[key]
    colour = RICH_COLOURS[COLOURS[n.colour]]
    name = quoted(n.zh if is_zh(lang) else n.en, lang)
    if n.effect in ("palace_guard", "tragic_figure"):
        return f"[{colour}]{name}[/]"
    return (
        f"[{colour}]{name}[/]（{n.points:+d}）"
        if is_zh(lang)
        else f"[{colour}]{name}[/] ({n.points:+d})"
    )


def _card_markup(key: str, lang: str) -> str:
    a = _BY_KEY_CARD[key]
    return quoted(a.zh if is_zh(lang) else a.en, lang)


def _how_many(n: int, lang: str, en: str, zh: str) -> str:
    """「5張」 / "5 cards", and 「沒有」 / "none" for nothing."""
    if n == 0:
        return "沒有" if is_zh(lang) else "none"
    return amount(n, lang, en, zh)


def render_text(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    me = view["seat"]
    empty = "（空）" if zh else "(empty)"
    out = []
    turn_of = seat_name(view["player"], lang, names)
    nobles_left = _how_many(view["noble_deck"], lang, "noble", "張")
    actions_left = _how_many(view["action_deck"], lang, "card", "張")
    out.append(
        f"[bold]第{view['day']}/{view['days']}天[/] · 輪到{turn_of} · 人物牌疊：{nobles_left} · "
        f"行動牌疊：{actions_left}"
        if zh
        else f"[bold]Day {view['day']}/{view['days']}[/] · {turn_of}'s turn · noble deck: "
        f"{nobles_left} · action deck: {actions_left}"
    )
    out.append(
        "[bold]人物隊列（由斷頭臺前到末端）：[/]"
        if zh
        else "[bold]The line (from the guillotine to the back):[/]"
    )
    out.append(
        "  " + "  ".join(f"{i + 1}.{_noble_markup(k, lang)}" for i, k in enumerate(view["line"]))
        if view["line"]
        else "  " + empty
    )
    for p in view["players"]:
        who = seat_name(p["seat"], lang, names)
        if p["seat"] == me and not names:
            who += "（你）" if zh else " (you)"
        pile = join((_noble_markup(k, lang) for k in p["pile"]), lang) or empty
        front = join((_card_markup(k, lang) for k in p["front"]), lang)
        marks = []
        if p["has_hidden_support"]:
            hidden = p["hidden_support"]
            if hidden:
                marks.append(
                    ("暗置支持牌：" if zh else "hidden support: ") + _card_markup(hidden, lang)
                )
            else:
                marks.append("一張暗置支持牌" if zh else "a hidden support card")
        if p["rush_job"]:
            marks.append(quoted("趕工" if zh else "Rush Job", lang))
        if p["confusion"]:
            marks.append(quoted("隊列混亂" if zh else "Confusion in Line", lang))
        score = amount(p["score"], lang, "pt", "分")
        hand = _how_many(p["hand_size"], lang, "card", "張")
        line = (
            f"  [bold]{who}[/] · {score} · 手牌：{hand} · 分數欄：{pile}"
            if zh
            else f"  [bold]{who}[/] · {score} · hand: {hand} · pile: {pile}"
        )
        if front:
            line += (" · 面前：" if zh else " · in front: ") + front
        if marks:
            line += " · " + join(marks, lang)
        out.append(line)
    if view["hand"] is not None:
        hand = join((_card_markup(k, lang) for k in view["hand"]), lang) or empty
        out.append(("[bold]你的手牌：[/]" if zh else "[bold]Your hand:[/] ") + hand)
        for other, cards in view["known_hands"].items():
            known = join((_card_markup(k, lang) for k in cards), lang)
            out.append(
                f"  已知{seat_name(int(other), lang, names)}的手牌有：{known}"
                if zh
                else f"  Known in {seat_name(int(other), lang, names)}'s hand: {known}"
            )
    d = view["decision"]
    if d and d.get("nobles"):
        out.append(
            ("你看到的人物：" if zh else "You see: ")
            + join((_noble_markup(k, lang) for k in d["nobles"]), lang)
        )
    if d and d.get("hand"):
        out.append(
            ("對方的手牌：" if zh else "Their hand: ")
            + join((_card_markup(k, lang) for k in d["hand"]), lang)
        )
    return out
