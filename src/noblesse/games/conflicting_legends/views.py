"""What each seat sees of a Conflicting Legends table, and the words for actions and events.

``view`` holds nothing the seat may not know (spec §6, A23): tokens, territories and
their sides, table areas (with armed effects), the discard pile, hand and deck sizes,
passes and the top territory card are public; a hand only to its owner. During a war
the announcements and every revealed throw are public; a throw made but not yet
revealed is shown to its thrower alone (the others see only, through ``to_act``, that
they are no longer waited for).
"""

from __future__ import annotations

from typing import Any

from noblesse.core.text import (
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
from noblesse.games.conflicting_legends.data import (
    CARDS,
    COLOURS,
    DATA_FILE,
    GESTURE_ZH,
    GESTURES,
    TOKEN_ZH,
    TOKENS,
    TYPE_ZH,
    TYPES,
)
from noblesse.games.conflicting_legends.rules import (
    ACT,
    ANNOUNCE0,
    BUILD0,
    CARD0,
    CHARLEMAGNE,
    CHARS,
    DECISION_NAMES,
    DEVELOP0,
    EXPAND,
    GUTENBERG,
    LAND_BUILD,
    LAND_MIL,
    LANDS,
    NOBEL,
    PASS,
    PAY0,
    PLAY0,
    RESULT_NAMES,
    SILENCE,
    SILENT,
    SKIP,
    TARGET0,
    THROW,
    THROW0,
    TOKEN0,
    USE,
    LegendsRules,
    LegendsState,
)

CONTINENTS = CARDS.continents
_KEYS = [c.key for c in CHARS]
CHARLEMAGNE_CARD = _KEYS.index("charlemagne")
QIN_CARD = _KEYS.index("qin_shi_huang")
PEOPLE_CARD = _KEYS.index("people")


def card_name(card: int, lang: str = "en") -> str:
    """A character inside a sentence: 「李白」 / Li Bai."""
    c = CHARS[card]
    return quoted(c.zh if is_zh(lang) else c.en, lang)


def land_name(land: int, lang: str = "en") -> str:
    """A territory inside a sentence: 「西非」 / West Africa."""
    t = LANDS[land]
    return quoted(t.zh if is_zh(lang) else t.en, lang)


def token_name(k: int, lang: str = "en") -> str:
    return TOKEN_ZH[k] if is_zh(lang) else TOKENS[k]


def gesture_name(key: str | None, lang: str = "en") -> str:
    if key is None:
        return "不宣告" if is_zh(lang) else "silence"
    g = GESTURES.index(key)
    return GESTURE_ZH[g] if is_zh(lang) else key.capitalize()


def token_amount(n: int, k: int, lang: str = "en") -> str:
    """「3點文化標記」 / "3 culture tokens"."""
    return amount(n, lang, f"{TOKENS[k]} token", f"點{TOKEN_ZH[k]}標記")


def tokens_text(amounts: list[int], lang: str = "en") -> str:
    """「2點武力、1點文化和1點科技標記」 / "2 military, 1 culture and 1 technology tokens";
    the zero parts left out (the caller says nothing at all in its own words)."""
    parts = [(k, v) for k, v in enumerate(amounts) if v]
    if len(parts) == 1:
        return token_amount(parts[0][1], parts[0][0], lang)
    if is_zh(lang):
        return join_and((f"{v}點{TOKEN_ZH[k]}" for k, v in parts), lang) + "標記"
    return join_and((f"{v} {TOKENS[k]}" for k, v in parts), lang) + " tokens"


# The log, in both languages: (English, 繁體中文). Fields: see _event_fields. Characters
# ({card}, {cards}) and territories ({land}) come quoted.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "turn": ("{who}'s turn", "輪到{who}"),
    "pass": ("{who} passes for this round", "{who}喊PASS，本回合不再行動"),
    "play": ("{who} plays {card}", "{who}打出{card}"),
    "expand": ("{who} takes {land} for {paid}", "{who}支付{paid}，取得{land}"),
    "expand/free": ("{who} takes {land} for nothing", "{who}免費取得{land}"),
    "build": (
        "{who} builds {land} for {paid} (yellow side up)",
        "{who}支付{paid}建設{land}（翻至黃色面）",
    ),
    "develop": ("{card}: {who} develops {land} for {paid}", "{card}：{who}支付{paid}建設{land}"),
    "develop/free": (
        "{card}: {who} develops {land} for nothing",
        "{card}：{who}免費建設{land}（翻至黃色面）",
    ),
    "draw": ("{who} draws {cards_drawn}", "{who}抽了{count}張牌"),
    "draw/none": ("{who} draws no card", "{who}沒有抽牌"),
    "draw/seen": ("{who} draws {cards_drawn}: {cards}", "{who}抽了{count}張牌：{cards}"),
    "gain": ("{who} gains {gain}", "{who}獲得{gain}"),
    "gain/card": ("{card}: {who} gains {gain}", "{card}：{who}獲得{gain}"),
    "discard": ("{who} discards {card} from hand", "{who}從手牌丟棄{card}"),
    "discard/table": ("{card} is discarded from {who}'s table area", "{who}面前的{card}被丟棄"),
    "heaven": (
        "{who}'s {card} is discarded: its heaven ability resolves",
        "{who}的{card}被丟棄，發動特殊技能（天）",
    ),
    "armed": ("{card} waits for {who}'s next war", "{card}為{who}的下一場戰爭待命"),
    "attached": ("{card} joins this war on {who}'s side", "{who}的{card}加入此場戰爭"),
    "no_use": ("{card} has no effect now", "{card}目前無法發揮效果"),
    "decline": ("{who} does not use {card}", "{who}不使用{card}"),
    "war": (
        "{card}: {who} attacks {defender} for {land}",
        "{card}：{who}向{defender}發動戰爭，要搶奪{land}",
    ),
    "announce": (
        "Throw {throw}: {who} announces {gesture}",
        "第{throw}次猜拳：{who}宣告要出{gesture}",
    ),
    "announce/silent": ("Throw {throw}: {who} announces nothing", "第{throw}次猜拳：{who}不宣告"),
    "reveal": (
        "Throw {throw}: {who} {attacker_gesture}, {defender} {defender_gesture}: {result}",
        "第{throw}次猜拳：{who}出{attacker_gesture}，{defender}出{defender_gesture}，{result}",
    ),
    "converted": ("{card}: the throw counts as {result}", "{card}：此次猜拳改為{result}"),
    "tie": ("A tie", "平手"),
    "tie/again": ("A tie ({ties} in a row)", "平手（連續{ties}次）"),
    "trigger": (
        "{cards}: {ties} ties in a row, {who} wins the war",
        "{cards}：連續{ties}次平手，{who}贏得戰爭",
    ),
    "triggers_cancel": ("{cards} fire together and cancel out", "{cards}同時發動，互相抵銷"),
    "war_end/taken": (
        "{winner} wins the war and takes {land} from {defender}",
        "{winner}贏得戰爭，從{defender}面前取得{land}",
    ),
    "war_end/flipped": (
        "{winner} wins the war: {land} flips to its white side",
        "{winner}贏得戰爭：{defender}的{land}翻回白色面",
    ),
    "war_end/flipped_taken": (
        "{winner} wins the war: {land} flips to white and goes to them",
        "{winner}贏得戰爭：{defender}的{land}翻回白色面，移到自己面前",
    ),
    "war_end/nothing": ("{winner} holds: nothing happens", "{winner}守住了，無事發生"),
    "steal": ("{who} takes {taken} from {defender}", "{who}從{defender}拿取{taken}"),
    "settlement": (
        "Round {round}: everyone has passed; settlement",
        "第{round}回合：所有玩家皆已PASS，進行結算",
    ),
    "reshuffle": (
        "The character deck is reshuffled ({cards_drawn})",
        "人物卡重新洗勻成人物卡牌堆（{count}張）",
    ),
    "round": ("Round {round} begins; {start} starts", "第{round}回合開始，由{start}擔任起始玩家"),
    "game_over": (
        "{winner} wins ({goal}). Glory: {scores}.",
        "{winner}獲勝（{goal}）。榮耀：{scores}。",
    ),
}
RESULT_TEXT = {
    "tie": ("a tie", "平手"),
    "attacker": ("the attacker wins", "攻方獲勝"),
    "defender": ("the defender wins", "守方獲勝"),
}
GOAL_TEXT = {
    "glory": ("10 glory or more", "榮耀10分以上"),
    "continents": ("all six continents", "征服六大洲"),
}


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """Every field an event's text may name, in the reader's language."""
    zh = is_zh(lang)
    fields: dict[str, Any] = {
        k: v for k, v in event.items() if k in ("count", "throw", "ties", "round")
    }
    if "count" in event:
        fields["cards_drawn"] = amount(event["count"], lang, "card", "張牌")
    for key in ("seat", "defender", "start", "winner"):
        if key in event:
            fields["who" if key == "seat" else key] = seat_name(event[key], lang, names)
    if "card" in event:
        fields["card"] = card_name(event["card"], lang) if event["card"] >= 0 else ""
    if "land" in event:
        fields["land"] = land_name(event["land"], lang)
    for key in ("gain", "paid"):
        if key in event:
            fields[key] = tokens_text(event[key], lang)
    if "cards" in event:
        fields["cards"] = join((card_name(c, lang) for c in event["cards"]), lang)
        if event["type"] in ("trigger", "triggers_cancel"):
            fields["cards"] = join_and((card_name(c, lang) for c in event["cards"]), lang)
    for key in ("gesture", "attacker_gesture", "defender_gesture"):
        if key in event:
            fields[key] = gesture_name(event[key], lang)
    if "result" in event:
        fields["result"] = RESULT_TEXT[event["result"]][zh]
    if "token" in event:
        fields["taken"] = token_amount(event.get("amount", 0), TOKENS.index(event["token"]), lang)
    if "goal" in event:
        fields["goal"] = GOAL_TEXT[event["goal"]][zh]
    fields.update(result_fields(event, lang, names))
    if "scores" in event and zh:
        fields["scores"] = join(
            (f"{seat_name(i, lang, names)}有{v:g}分" for i, v in enumerate(event["scores"])), lang
        )
    return fields


class LegendsViews(LegendsRules):
    """The observation and text half of the Conflicting Legends game, on top of its rules."""

    def view(self, state: LegendsState, seat: int | None) -> dict[str, Any]:
        s = state
        players = []
        for o in range(s.n_players):
            glory = self.glory(s, o)
            players.append(
                {
                    "seat": o,
                    "hand_size": len(s.hands[o]),
                    "tokens": dict(zip(TOKENS, s.tokens[o], strict=True)),
                    "lands": [{"key": LANDS[t].key, "yellow": s.yellow[t]} for t in s.lands[o]],
                    "tableau": [CHARS[c].key for c in s.tableau[o]],
                    "armed": [CHARS[c].key for c, owner in s.armed if owner == o],
                    "passed": s.passed[o],
                    "score": glory,
                    "glory": glory,
                    "continents": self.continents(s, o),
                }
            )
        out: dict[str, Any] = {
            "game": "conflicting_legends",
            "seat": seat,
            "round": s.round,
            "start": s.start,
            "active": s.active,
            "over": s.over,
            "land_deck": len(s.land_deck),
            "land_top": LANDS[s.land_deck[-1]].key if s.land_deck else None,
            "deck": len(s.deck),
            "discard": [CHARS[c].key for c in s.discard],
            "players": players,
            "to_act": list(self.to_act(s)),
            "war": self._war_view(s, seat),
            "decision": self._decision_view(s),
            "hand": sorted(CHARS[c].key for c in s.hands[seat]) if seat is not None else None,
        }
        if s.over:
            out["winner"] = s.winner
            out["winners"] = [s.winner]
            out["scores"] = self.scores(s)
        return out

    def _war_view(self, s: LegendsState, seat: int | None) -> dict[str, Any] | None:
        w = s.war
        if w is None:
            return None

        def said(g: int) -> str | None:
            return None if g < 0 else "silent" if g == SILENCE else GESTURES[g]

        banned = self._banned(w)
        out: dict[str, Any] = {
            "attacker": w.attacker,
            "defender": w.defender,
            "land": LANDS[w.target].key,
            "card": CHARS[w.card].key,
            "throw": w.throw_no,
            "ties": w.ties,
            "announced": {"attacker": said(w.announced[0]), "defender": said(w.announced[1])},
            "throws": [
                {"attacker": GESTURES[a], "defender": GESTURES[d], "result": RESULT_NAMES[r]}
                for a, d, r in w.throws
            ],
            "triggers": {
                "attacker": [CHARS[c].key for c, _ in w.att_triggers],
                "defender": [CHARS[c].key for c, _ in w.def_triggers],
            },
            "gandhi": w.gandhi,
            "charlemagne": w.charlemagne,
            "defender_may_not": GESTURES[banned] if banned >= 0 else None,
            "my_throw": None,
            "decided": w.winner >= 0,
        }
        p = s.pending
        if p is not None and p.kind == THROW and seat in (w.attacker, w.defender):
            mine = w.committed[0 if seat == w.attacker else 1]  # only ever one's own
            out["my_throw"] = GESTURES[mine] if mine >= 0 else None
        elif p is not None and p.kind != THROW:
            # revealed: the throw that is being resolved (Charlemagne's choice)
            a, d = w.committed
            if a >= 0 and d >= 0:
                out["revealed"] = {"attacker": GESTURES[a], "defender": GESTURES[d]}
        return out

    def _decision_view(self, s: LegendsState) -> dict[str, Any] | None:
        p = s.pending
        if p is None:
            return None
        return {
            "kind": DECISION_NAMES[p.kind],
            "seat": p.seat,
            "seats": list(self.to_act(s)),
            "card": CHARS[p.card].key if p.card >= 0 else None,
            "land": LANDS[p.land].key if p.land >= 0 else None,
            "count": p.count,
        }

    # ------------------------------------------------------------------ words
    def describe_action(
        self, state: LegendsState, action: int, lang: str = "en", names: list[str] | None = None
    ) -> str:
        zh = is_zh(lang)
        s = state
        p = s.pending
        kind = p.kind if p is not None else ACT
        if action == PASS:
            return "PASS（本回合不再行動）" if zh else "Pass (no more actions this round)"
        if action == EXPAND:
            if not s.land_deck:
                return "擴張" if zh else "Expand"
            top = s.land_deck[-1]
            cost = tokens_text(self._paid(0, LAND_MIL[top]), lang)
            return (
                (
                    f"擴張：支付{cost}，取得{land_name(top, lang)}"
                    if LAND_MIL[top]
                    else f"擴張：免費取得{land_name(top, lang)}"
                )
                if zh
                else f"Expand: take {land_name(top, lang)} for {cost}"
                if LAND_MIL[top]
                else f"Expand: take {land_name(top, lang)} for nothing"
            )
        if action == SKIP:
            if kind == GUTENBERG and p is not None and p.count:
                return "不再丟棄，抽牌" if zh else "Discard no more; draw"
            if kind == NOBEL:
                return "不丟棄" if zh else "Discard nothing"
            if kind == CHARLEMAGNE:
                return (
                    f"不使用{card_name(CHARLEMAGNE_CARD, lang)}（此次猜拳落敗）"
                    if zh
                    else "Keep the lost throw"
                )
            return "不使用" if zh else "Decline"
        if action == USE:
            if kind == CHARLEMAGNE:
                return "使用：此次猜拳改為平手" if zh else "Use it: the lost throw counts as a tie"
            if s.land_deck and p is not None and p.card >= 0:
                top = s.land_deck[-1]
                k = self._take_top_type(p.card)
                price = self._take_top_cost(s, p.card)
                if not price:
                    return (
                        f"免費取得{land_name(top, lang)}"
                        if zh
                        else f"Take {land_name(top, lang)} for nothing"
                    )
                return (
                    f"支付{token_amount(price, k, lang)}，取得{land_name(top, lang)}"
                    if zh
                    else f"Take {land_name(top, lang)} for {token_amount(price, k, lang)}"
                )
            return "使用" if zh else "Use"
        if action == SILENT:
            return "不宣告" if zh else "Announce nothing"
        if BUILD0 <= action < PLAY0:
            land, k = (action - BUILD0) // 2, (action - BUILD0) % 2 + 1
            cost = token_amount(LAND_BUILD[land], k, lang)
            return (
                f"建設{land_name(land, lang)}：支付{cost}"
                if zh
                else f"Build {land_name(land, lang)} for {cost}"
            )
        if PLAY0 <= action < TARGET0:
            card = action - PLAY0
            return f"打出{card_name(card, lang)}" if zh else f"Play {card_name(card, lang)}"
        if TARGET0 <= action < DEVELOP0:
            land = action - TARGET0
            holder = self.owner(s, land)
            side = (
                ("黃" if s.yellow[land] else "白")
                if zh
                else ("yellow" if s.yellow[land] else "white")
            )
            if holder < 0:  # a territory of the deck: nobody's
                return (
                    f"攻打{land_name(land, lang)}（{side}色面）"
                    if zh
                    else f"Attack {land_name(land, lang)} ({side} side)"
                )
            owner = seat_name(holder, lang, names)
            return (
                f"攻打{owner}的{land_name(land, lang)}（{side}色面）"
                if zh
                else f"Attack {owner}'s {land_name(land, lang)} ({side} side)"
            )
        if DEVELOP0 <= action < CARD0:
            land = action - DEVELOP0
            return (
                f"建設{land_name(land, lang)}（建設需求{LAND_BUILD[land]}點）"
                if zh
                else f"Develop {land_name(land, lang)} (build {LAND_BUILD[land]})"
            )
        if CARD0 <= action < ANNOUNCE0:
            card = action - CARD0
            return f"丟棄{card_name(card, lang)}" if zh else f"Discard {card_name(card, lang)}"
        if ANNOUNCE0 <= action < THROW0:
            g = action - ANNOUNCE0
            return f"宣告出{GESTURE_ZH[g]}" if zh else f"Announce {GESTURES[g].capitalize()}"
        if THROW0 <= action < TOKEN0:
            g = action - THROW0
            return (
                f"出{GESTURE_ZH[g]}（秘密）" if zh else f"Throw {GESTURES[g].capitalize()} (secret)"
            )
        if TOKEN0 <= action < PAY0:
            k = action - TOKEN0
            if p is not None and DECISION_NAMES[p.kind] == "pay_type":
                price = self._michelangelo_cost(p.card, p.land)
                return (
                    f"支付{token_amount(price, k, lang)}"
                    if zh
                    else f"Pay {token_amount(price, k, lang)}"
                )
            return TOKEN_ZH[k] if zh else TOKENS[k].capitalize()
        c = action - PAY0
        b = LAND_BUILD[p.land] if p is not None and p.land >= 0 else c
        return (
            f"支付{tokens_text([0, c, b - c], lang)}"
            if zh
            else f"Pay {tokens_text([0, c, b - c], lang)}"
        )

    def describe_decision(self, state: LegendsState, lang: str = "en") -> str:
        """A one-line prompt for the pending decision."""
        p = state.pending
        if p is None:
            return ""
        zh = is_zh(lang)
        card = card_name(p.card, lang) if p.card >= 0 else ""
        w = state.war
        n = w.throw_no if w is not None else 0
        prompts = {
            "act": ("選擇行動：出牌、擴張、建設或PASS", "Play a card, expand, build or pass"),
            "target": (f"{card}：選擇要攻打的領土", f"{card}: choose the territory to attack"),
            "nobel": (
                f"{card}：可丟棄守方面前1張人物卡",
                f"{card}: you may discard a card from the defender's table area",
            ),
            "announce": (
                f"第{n}次猜拳：出拳前可宣告（不具約束力）",
                f"Throw {n}: announce a gesture if you like (it binds no one)",
            ),
            "throw": (
                f"第{n}次猜拳：秘密出拳，雙方都出拳後才公開",
                f"Throw {n}: throw in secret; both are shown once both are in",
            ),
            "charlemagne": (
                f"{card}：你輸了此次猜拳，要改為平手嗎？",
                f"{card}: you lost this throw; count it as a tie?",
            ),
            "machiavelli": (
                f"{card}：選擇要從守方拿取的標記種類",
                f"{card}: which type of tokens to take from the defender?",
            ),
            "take_top": (
                f"{card}：要拿取領土卡牌堆最上方的卡牌嗎？",
                f"{card}: take the top territory?",
            ),
            "develop": (
                f"{card}：選擇要建設的白色面領土",
                f"{card}: choose a white territory to develop",
            ),
            "split": (
                f"{card}：選擇文化與科技的支付比例",
                f"{card}: how much of it in culture (the rest in technology)?",
            ),
            "pay_type": (f"{card}：以哪一種標記支付？", f"{card}: pay in which type?"),
            "gutenberg": (
                f"{card}：可從手牌丟棄牌（已丟棄{p.count}張）"
                if p.count
                else f"{card}：可從手牌丟棄至多2張牌",
                f"{card}: discard a card from hand ({p.count} discarded so far)"
                if p.count
                else f"{card}: you may discard up to 2 cards from hand",
            ),
            "darwin": (
                f"{card}：可丟棄你面前另1張人物卡，然後抽2張牌",
                f"{card}: you may discard another card of your table area to draw 2",
            ),
            "qin": (
                f"{card or card_name(QIN_CARD, lang)}：選擇1張手牌丟棄",
                f"{card or card_name(QIN_CARD, lang)}: choose a card from your hand to discard",
            ),
            "augustus": (
                f"{card}：選擇1張白色面領土免費翻至黃色面",
                f"{card}: choose a white territory to flip to yellow for free",
            ),
            "gain_any": (f"{card}：選擇要獲得的標記種類", f"{card}: choose the type of tokens"),
            "income": (
                f"結算：你的{card_name(PEOPLE_CARD, lang)}可拿取任何1點發展標記",
                "Settlement: your People card yields one token of your choice",
            ),
        }
        zh_text, en_text = prompts[DECISION_NAMES[p.kind]]
        return zh_text if zh else en_text

    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        """One line of the log, from an event as the reader's seat may see it."""
        kind = event["type"]
        if kind == "draw" and not event.get("count"):
            kind = "draw/none"
        elif kind == "draw" and "cards" in event:
            kind = "draw/seen"
        elif kind == "gain" and event.get("card", -1) >= 0:
            kind = "gain/card"
        elif kind == "discard" and event.get("from_table"):
            kind = "discard/table"
        elif kind == "announce" and event.get("gesture") is None:
            kind = "announce/silent"
        elif kind == "war_end":
            kind = f"war_end/{event['outcome']}"
        elif kind == "tie" and event.get("ties", 1) > 1:
            kind = "tie/again"
        elif kind in ("expand", "develop") and not any(event.get("paid") or ()):
            kind += "/free"
        if kind not in EVENT_TEXT:
            return kind
        return format_event(EVENT_TEXT, kind, _event_fields(event, lang, names), lang)

    def render_text(
        self, view: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def catalog() -> dict[str, Any]:
        """Names and texts of every card in both languages, for the browser table."""
        return {
            "characters": {
                c.key: {
                    "en": c.en,
                    "zh-TW": c.zh,
                    "code": c.code,
                    "colour": COLOURS[c.colour],
                    "type": TYPES[c.type],
                    "type_zh": TYPE_ZH[c.type],
                    "optional": c.optional,
                    "text": {"en": c.text_en, "zh-TW": c.text_zh},
                }
                for c in CHARS
            },
            "territories": {
                t.key: {
                    "en": t.en,
                    "zh-TW": t.zh,
                    "code": t.code,
                    "continent": CONTINENTS[t.continent].key,
                    "military": t.military,
                    "build": t.build,
                    "white": list(t.white),
                    "yellow": list(t.yellow),
                    "glory": [t.glory(False), t.glory(True)],
                }
                for t in LANDS
            },
            "continents": {c.key: {"en": c.en, "zh-TW": c.zh} for c in CONTINENTS},
            "tokens": {
                k: {"en": k.capitalize(), "zh-TW": TOKEN_ZH[i]} for i, k in enumerate(TOKENS)
            },
            "gestures": {
                g: {"en": g.capitalize(), "zh-TW": GESTURE_ZH[i]} for i, g in enumerate(GESTURES)
            },
        }

    @staticmethod
    def secret_fingerprint(state: LegendsState) -> tuple[int, ...]:
        """Changes whenever a card enters or leaves a hidden place (decks, hands) or a
        secret throw is made."""
        w = state.war
        commits = tuple(w.committed) if w is not None else ()
        return (len(state.deck), len(state.land_deck), *map(len, state.hands), *commits)

    #: the words for each kind of card_features row, for balance reports
    feature_names = {
        "played": {"en": "played", "zh-TW": "打出"},
        "threw": {"en": "threw", "zh-TW": "出拳"},
        "expanded into": {"en": "expanded into", "zh-TW": "擴張取得"},
        "held at the end": {"en": "held at the end", "zh-TW": "遊戲結束時擁有"},
        "held built at the end": {"en": "held built at the end", "zh-TW": "遊戲結束時擁有並已建設"},
    }

    @staticmethod
    def card_features(
        event: dict[str, Any] | None,
        state: LegendsState | None,
    ) -> list[tuple[int, str, str]]:
        """For balance analysis: (seat, what, card) — a great person played, a gesture
        thrown in a war (either side), a territory taken by Expand; and at the end the
        territories each seat holds (and, apart, those held built: yellow side up)."""
        if event is not None:
            kind = event["type"]
            if kind == "play":
                return [(event["seat"], "played", CHARS[event["card"]].key)]
            if kind == "reveal":
                return [
                    (event["seat"], "threw", event["attacker_gesture"]),
                    (event["defender"], "threw", event["defender_gesture"]),
                ]
            if kind == "expand":
                return [(event["seat"], "expanded into", LANDS[event["land"]].key)]
            return []
        assert state is not None
        out = [
            (seat, "held at the end", LANDS[t].key)
            for seat, lands in enumerate(state.lands)
            for t in lands
        ]
        out += [
            (seat, "held built at the end", LANDS[t].key)
            for seat, lands in enumerate(state.lands)
            for t in lands
            if state.yellow[t]
        ]
        return out

    @staticmethod
    def data_files() -> list[str]:
        """The data file a designer edits (copied next to a balance report)."""
        return [str(DATA_FILE)]

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``. Titled, and the game's own columns
        named, in the reader's language."""
        zh = is_zh(lang)
        characters = [
            {
                "name": c.zh if zh else c.en,
                "other": c.en if zh else c.zh,
                "colour": ("武力", "文化", "科技", "—")[c.colour]
                if zh
                else (*TOKENS, "—")[c.colour],
                "Type": (TYPE_ZH[c.type] or "無")
                if zh
                else (TYPES[c.type] if c.type < 3 else "none"),
                "copies": c.copies,
                "effect": c.text_zh if zh else c.text_en,
            }
            for c in CHARS
        ]
        territories = [
            {
                "name": t.zh if zh else t.en,
                "other": t.en if zh else t.zh,
                "Continent": CONTINENTS[t.continent].zh if zh else CONTINENTS[t.continent].en,
                "Military": t.military,
                "Build": t.build,
                "White side": f"{t.glory(False):+d}",
                "Yellow side": f"{t.glory(True):+d}",
            }
            for t in LANDS
        ]
        tables = {"Characters": characters, "Territories": territories}
        return relabel(tables, _RULES_ZH) if zh else tables

    @staticmethod
    def assumed_readings() -> dict[str, Any]:
        """The data file's [assumed] values: the table's house rules (the rules page)."""
        from noblesse.games.conflicting_legends.data import CARDS

        return dict(CARDS.assumed)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        """The table options (none: the spec's readings are fixed in cards.toml)."""
        return {}


RICH_COLOURS = {"military": "red", "culture": "green", "technology": "blue", "people": "white"}
_BY_KEY_CHAR = {c.key: c for c in CHARS}
_BY_KEY_LAND = {t.key: t for t in LANDS}


def _card_markup(key: str, lang: str, armed: bool = False) -> str:
    """A character in the terminal: 「孫子」（技，待命） / Sun Tzu (skill, armed)."""
    c = _BY_KEY_CHAR[key]
    zh = is_zh(lang)
    notes = [TYPE_ZH[c.type] if zh else TYPES[c.type]] if c.type < 3 else []
    if armed:
        notes.append("待命" if zh else "armed")
    name = f"[{RICH_COLOURS[COLOURS[c.colour]]}]{quoted(c.zh if zh else c.en, lang)}[/]"
    if not notes:
        return name
    return name + (f"（{'，'.join(notes)}）" if zh else f" ({', '.join(notes)})")


def _land_markup(entry: dict[str, Any], lang: str) -> str:
    """A territory in the terminal: 「西非」（黃色面+3） / West Africa (yellow, +3)."""
    t = _BY_KEY_LAND[entry["key"]]
    zh = is_zh(lang)
    glory = t.glory(entry["yellow"])
    colour = "yellow" if entry["yellow"] else "white"
    side = ("黃色面" if entry["yellow"] else "白色面") if zh else colour
    name = quoted(t.zh if zh else t.en, lang)
    return f"[{colour}]{name}[/]" + (f"（{side}{glory:+d}）" if zh else f" ({side}, {glory:+d})")


# ``rules_table``'s titles and own columns in Chinese (the shared columns: ``noblesse rules``)
_RULES_ZH = {
    "Characters": "人物卡",
    "Territories": "領土卡",
    "Type": "類型",
    "Continent": "大洲",
    "Military": "武力需求",
    "Build": "建設需求",
    "White side": "白色面榮耀",
    "Yellow side": "黃色面榮耀",
}


def render_text(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    none = "無" if zh else "none"
    me = view["seat"]
    out = []
    top = _BY_KEY_LAND[view["land_top"]] if view["land_top"] else None
    start = seat_name(view["start"], lang, names)
    if zh:
        lands = (
            f"領土卡牌堆{view['land_deck']}張（最上方：「{top.zh}」，武力需求{top.military}點）"
            if top
            else "領土卡牌堆已空"
        )
        deck = f"人物卡牌堆{view['deck']}張" if view["deck"] else "人物卡牌堆已空"
        discard = f"棄牌堆{len(view['discard'])}張" if view["discard"] else "棄牌堆沒有牌"
        out.append(
            f"[bold]第{view['round']}回合[/] · 起始玩家：{start} · {lands} · {deck} · {discard}"
        )
    else:
        lands = (
            f"territory deck {view['land_deck']}, top: {top.en} (military {top.military})"
            if top
            else "territory deck empty"
        )
        out.append(
            f"[bold]Round {view['round']}[/] · start: {start} · {lands} · "
            f"character deck {view['deck']} · discard {len(view['discard'])}"
        )
    for p in view["players"]:
        who = seat_name(p["seat"], lang, names)
        if p["seat"] == me and not names:
            who += "（你）" if zh else " (you)"
        tok = p["tokens"]
        n, hand = p["continents"], p["hand_size"]
        if zh:
            tokens = (
                f"[red]武力{tok['military']}[/]、[green]文化{tok['culture']}[/]、"
                f"[blue]科技{tok['technology']}[/]"
            )
            flags = "（已PASS）" if p["passed"] else ""
            out.append(
                f"  [bold]{who}[/]{flags}：榮耀{p['glory']}分 · "
                f"{f'{n}個大洲' if n else '尚無大洲'} · {tokens} · "
                f"{f'手牌{hand}張' if hand else '沒有手牌'}"
            )
        else:
            tokens = (
                f"[red]M{tok['military']}[/] [green]C{tok['culture']}[/] "
                f"[blue]T{tok['technology']}[/]"
            )
            flags = " (passed)" if p["passed"] else ""
            out.append(
                f"  [bold]{who}[/]{flags}: glory {p['glory']} · "
                f"{amount(n, lang, 'continent', '') if n else 'no continents'} · {tokens} · "
                f"{amount(hand, lang, 'card', '') if hand else 'no cards'} in hand"
            )
        out.append(
            ("    領土：" if zh else "    territories: ")
            + (join((_land_markup(t, lang) for t in p["lands"]), lang) or none)
        )
        if p["tableau"]:
            armed = set(p["armed"])
            out.append(
                ("    面前：" if zh else "    table: ")
                + join((_card_markup(k, lang, k in armed) for k in p["tableau"]), lang)
            )
    w = view["war"]
    if w:
        att, dfn = seat_name(w["attacker"], lang, names), seat_name(w["defender"], lang, names)
        land = _BY_KEY_LAND[w["land"]]
        card = _BY_KEY_CHAR[w["card"]]
        ties = w["ties"]
        out.append(
            f"[bold]戰爭[/]：{att}打出「{card.zh}」，攻打{dfn}的「{land.zh}」 · "
            + (f"第{w['throw']}次猜拳 · " if w["throw"] else "尚未猜拳 · ")
            + (f"連續平手{ties}次" if ties else "尚未平手")
            if zh
            else f"[bold]War[/]: {att} ({card.en}) attacks {dfn}'s {land.en} · throw "
            f"{w['throw']} · ties in a row: {ties}"
        )
        for side, label in (
            ("attacker", "攻方" if zh else "attacker"),
            ("defender", "守方" if zh else "defender"),
        ):
            said = w["announced"][side]
            if said == "silent":
                out.append(f"    {label}不宣告" if zh else f"    {label} announced nothing")
            elif said:
                out.append(
                    f"    {label}宣告要出{gesture_name(said, lang)}"
                    if zh
                    else f"    {label} announced {gesture_name(said, lang)}"
                )
        for i, t in enumerate(w["throws"], start=1):
            a, d = gesture_name(t["attacker"], lang), gesture_name(t["defender"], lang)
            result = RESULT_TEXT[t["result"]][zh]
            out.append(
                f"    第{i}次：攻方出{a}，守方出{d}，{result}"
                if zh
                else f"    throw {i}: {a} / {d}: {result}"
            )
        if w["my_throw"]:
            out.append(
                ("    你已秘密出拳：" if zh else "    Your secret throw: ")
                + gesture_name(w["my_throw"], lang)
            )
        if w["defender_may_not"]:
            out.append(
                "    「漢尼拔」：守方此次不能出布"
                if zh
                else "    Hannibal: the defender may not throw Paper now"
            )
    if view["hand"] is not None:
        hand_cards = join((_card_markup(k, lang) for k in view["hand"]), lang) or none
        out.append(("[bold]你的手牌：[/]" if zh else "[bold]Your hand:[/] ") + hand_cards)
    return out
