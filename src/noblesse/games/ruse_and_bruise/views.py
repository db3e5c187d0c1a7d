"""What each seat sees of a Ruse & Bruise table, and the words for actions and events.

``view`` holds nothing the seat may not know (spec §6): score cards, rows with each
card's owner and face, face-up cards, closed and suppressed rows, hand, draw-pile and
discard sizes and won score cards are public; a face-down card only to its owner
(an Explorer that jumped face down is known to all), a tucked card only to its owner,
a hand and a discard pile's contents only to their owner.

Cards on the table are short strings, so views stay small in long games:
``"+king@1"`` a face-up King of seat 1, ``"-queen@2"`` a face-down Queen (only its
owner sees the name), ``"-?@2"`` a face-down card of seat 2, ``"~explorer@0"`` a
jumped Explorer (face down, known to all). A score card is ``"corn:3"``. In the last
round's breakdown a card is ``"<how>key@owner=value"`` with ``how`` "+" live, "-"
concealed, "^" tucked under a Cloak, "x" removed by a Witch or Wizard.
"""

from __future__ import annotations

import json
from typing import Any

from noblesse.core.text import GAME_OVER, is_zh, list_sep, result_fields, seat_name
from noblesse.games.ruse_and_bruise.data import half_to_number
from noblesse.games.ruse_and_bruise.rules import (
    ACTION_NAMES,
    CARD,
    CHARACTERS,
    CLOAK_DECISION,
    COLOURS,
    DECISION_NAMES,
    DOWN,
    HALF,
    ICONS,
    KIND,
    KNOWN,
    OWNER,
    PER_ICON,
    PLAY0,
    ROUNDS,
    ROW,
    ROW0,
    RULES,
    SCORE_ICON,
    SCORE_VALUE,
    SPECIALIST_ICON,
    SWAP0,
    SWAP_NONE,
    TRAITOR_DECISION,
    TUCK0,
    TUCK_NONE,
    UP,
    RuseState,
)

KEYS = [c.key for c in CHARACTERS]



def card_name(kind: int, lang: str = "en") -> str:
    c = CHARACTERS[kind]
    return c.zh if is_zh(lang) else c.en


def score_name(sc: int, lang: str = "en") -> str:
    """A score card in words: "Corn 3" / "玉米3分"."""
    icon = ICONS[SCORE_ICON[sc]]
    return f"{icon.zh}{SCORE_VALUE[sc]}分" if is_zh(lang) else f"{icon.en} {SCORE_VALUE[sc]}"



def _score_card(sc: int) -> str | None:
    """``"corn:3"``."""
    if sc < 0:
        return None
    return f"{ICONS[SCORE_ICON[sc]].key}:{SCORE_VALUE[sc]}"


FACE = {DOWN: "-", UP: "+", KNOWN: "~"}


REASONS = {
    "highest": ("highest total", "點數總和最高"),
    "beggar": ("Beggar: lowest total", "流浪漢：點數總和最低"),
    "musketeers": ("3 Musketeers: no abilities", "三劍客：能力全部取消"),
    "prince_squire": ("Prince & Squire", "王子與侍從"),
    "nobody": ("no card counts", "沒有可計算的牌"),
}

# The log, in both languages: (English, 繁體中文). Fields: see _event_fields.
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "round": ("Round {round} begins; {starter} starts. Score cards: {score_cards}",
              "第{round}輪開始，由{starter}先出牌。分數卡：{score_cards}"),
    "place": ("{who} places a card face down in row {row}", "{who}在第{row}列蓋放一張牌"),
    "place/seen": ("{who} places {card} face down in row {row}", "{who}在第{row}列蓋放{card}"),
    "draw": ("{who} draws {count} card(s)", "{who}抽了{count}張牌"),
    "draw/seen": ("{who} draws: {cards}", "{who}抽到：{cards}"),
    "reshuffle": ("{who} shuffles their discard pile into a new draw pile",
                  "{who}把自己的棄牌洗勻成為新的牌堆"),
    "reveal": ("Row {row}: {owner}'s {card} is revealed", "第{row}列：{owner}的{card}被翻開"),
    "storm": ("Storm: no more cards may be placed in row {row}", "暴風：第{row}列不能再蓋放任何牌"),
    "kill": ("Assassin: {owner}'s card in row {row} is killed and discarded unseen",
             "刺客：{owner}在第{row}列的牌被刺殺，放進棄牌堆"),
    "kill/seen": ("Assassin: {owner}'s {card} in row {row} is killed and discarded",
                  "刺客：{owner}在第{row}列的{card}被刺殺，放進棄牌堆"),
    "musketeers": ("3 Musketeers: every ability in row {row} is cancelled",
                   "三劍客：第{row}列的能力全部取消"),
    "tuck": ("{who} tucks a card under the Cloak in row {row}", "{who}把一張牌放進第{row}列的披風下方"),
    "tuck/seen": ("{who} tucks {card} under the Cloak in row {row}",
                  "{who}把{card}放進第{row}列的披風下方"),
    "tuck_none": ("{who} tucks nothing under the Cloak in row {row}",
                  "{who}沒有把牌放進第{row}列的披風下方"),
    "explorer": ("Explorer: {owner}'s Explorer jumps face down from row {row} to row {to}",
                 "探險家：{owner}的探險家從第{row}列跳到第{to}列，蓋著成為最後一張"),
    "swap": ("Traitor: {who} swaps the score cards of rows {row} and {other}",
             "叛徒：{who}交換第{row}列與第{other}列的分數卡"),
    "no_swap": ("Traitor: {who} swaps nothing", "叛徒：{who}選擇不換"),
    "skip": ("{who} has no card and is skipped", "{who}沒有手牌，跳過"),
    "round_end": ("Round {round} scored: {results}", "第{round}輪結算：{results}"),
    "game_over": GAME_OVER,
}


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """Every field an event's text may name, in the reader's language."""
    zh = is_zh(lang)
    sep = list_sep(lang)
    fields: dict[str, Any] = {k: v for k, v in event.items()
                              if k in ("round", "count", "row", "to", "other", "pos")}
    for key in ("seat", "owner", "starter"):
        if key in event:
            fields["who" if key == "seat" else key] = seat_name(event[key], lang, names)
    if "card" in event:
        fields["card"] = card_name(event["card"], lang)
    if "cards" in event:
        fields["cards"] = sep.join(card_name(k, lang) for k in event["cards"])
    if "score_cards" in event:
        fields["score_cards"] = sep.join(score_name(sc, lang) for sc in event["score_cards"])
    if "rows" in event:
        parts = []
        for row in event["rows"]:
            winner = row["winner"]
            who = seat_name(winner, lang, names) if winner is not None else (
                "無人獲得" if zh else "nobody")
            why = REASONS[row["reason"]][1 if zh else 0]
            parts.append(f"第{row['row']}列 {score_name(row['score'], lang)} → {who}（{why}）" if zh
                         else f"row {row['row']} {score_name(row['score'], lang)} → {who} ({why})")
        fields["results"] = ("；" if zh else "; ").join(parts)
    fields.update(result_fields(event, lang, names))
    return fields


class RuseViews:
    """The observation and text half of the Ruse & Bruise game object."""

    def view(self, state: RuseState, seat: int | None) -> dict[str, Any]:
        s = state
        rows = []
        for r in range(s.n_players):
            up = s.up[r]
            cards = [f"{FACE[f]}{KEYS[KIND[c]] if f != DOWN or OWNER[c] == seat else '?'}"
                     f"@{OWNER[c]}" for c, f in zip(s.rows[r], up, strict=True)]
            tucks = [[s.rows[r].index(cloak) + 1,
                      f"-{KEYS[KIND[c]] if OWNER[c] == seat else '?'}@{OWNER[c]}"]
                     for cloak, c in s.tucks[r]]
            sc = s.row_score[r]
            rows.append({
                "row": r + 1, "score": _score_card(sc),
                "count": self.count(s, r),
                "closed": s.closed[r], "suppressed": s.suppressed[r],
                "satisfied": self.satisfied(s, r) if sc >= 0 else False,
                "cards": cards, "tucks": tucks,
            })
        players = [{
            "seat": o, "colour": COLOURS[o].key,
            "hand_size": len(s.hands[o]), "deck_size": len(s.decks[o]),
            "discard_size": len(s.discards[o]),
            "won": [_score_card(sc) for sc in s.won[o]],
            "score": self.score(s, o),
        } for o in range(s.n_players)]
        last = json.loads(s.last_round) if s.last_round else None
        out: dict[str, Any] = {
            "game": "ruse_and_bruise",
            "seat": seat,
            "round": s.round,
            "rounds": ROUNDS,
            "starter": s.starter,
            "player": s.player,
            "over": s.over,
            "rows": rows,
            "piles": [len(p) for p in s.piles],
            "players": players,
            "unclaimed": [_score_card(sc) for sc in s.lost],
            "decision": self._decision_view(s, seat),
            "last_round": last,
            "hand": None,
            "discard": None,
        }
        if seat is not None:
            out["hand"] = [CHARACTERS[KIND[c]].key for c in sorted(s.hands[seat])]
            out["discard"] = [CHARACTERS[KIND[c]].key for c in sorted(s.discards[seat])]
        if s.over:
            out["scores"] = self.scores(s)
            out["winners"] = self.winners(s)
        return out

    @staticmethod
    def _decision_view(s: RuseState, seat: int | None) -> dict[str, Any] | None:
        p = s.pending
        if p is None:
            return None
        d: dict[str, Any] = {"kind": DECISION_NAMES[p.kind], "seat": p.seat,
                             "row": p.row + 1 if p.row >= 0 else None, "card": None}
        if p.kind == ROW and seat == p.seat:
            d["card"] = CHARACTERS[KIND[p.card]].key
        return d

    # ------------------------------------------------------------------ words
    @staticmethod
    def _row_words(s: RuseState, r: int, lang: str) -> str:
        zh = is_zh(lang)
        sc = s.row_score[r]
        score = score_name(sc, lang) if sc >= 0 else "-"
        n = len(s.rows[r])
        if zh:
            return f"第{r + 1}列（{score}，{n}張）"
        return f"row {r + 1} ({score}, {n} card{'s' if n != 1 else ''})"

    def describe_action(self, state: RuseState, action: int, lang: str = "en",
                        names: list[str] | None = None) -> str:
        zh = is_zh(lang)
        s = state
        p = s.pending
        if PLAY0 <= action < ROW0:
            name = card_name(action - PLAY0, lang)
            return f"打出{name}" if zh else f"Play {name}"
        if ROW0 <= action < TUCK0:
            r = action - ROW0
            if r >= s.n_players:
                return ACTION_NAMES[action]
            where = self._row_words(s, r, lang)
            return f"蓋放在{where}" if zh else f"Place it in {where}"
        if TUCK0 <= action < TUCK_NONE:
            name = card_name(action - TUCK0, lang)
            return f"把{name}放進披風下方" if zh else f"Tuck {name} under the Cloak"
        if action == TUCK_NONE:
            return "不放牌" if zh else "Tuck nothing"
        if SWAP0 <= action < SWAP_NONE:
            r = action - SWAP0
            if r >= s.n_players:
                return ACTION_NAMES[action]
            where = self._row_words(s, r, lang)
            if p is not None and p.kind == TRAITOR_DECISION:
                mine = self._row_words(s, p.row, lang)
                return f"{mine}與{where}交換分數卡" if zh else f"Swap {mine} with {where}"
            return f"與{where}交換分數卡" if zh else f"Swap with {where}"
        return "不換" if zh else "Swap nothing"

    def describe_decision(self, state: RuseState, lang: str = "en") -> str:
        """A one-line prompt for the pending decision."""
        p = state.pending
        if p is None:
            return ""
        zh = is_zh(lang)
        if p.kind == CARD:
            return "選擇要蓋放的手牌" if zh else "Choose a card from your hand to place"
        if p.kind == ROW:
            return "選擇要蓋放的牌列" if zh else "Choose the row for your card"
        if p.kind == CLOAK_DECISION:
            return (f"披風（第{p.row + 1}列）：選擇是否將一張手牌放進披風下方" if zh else
                    f"Cloak (row {p.row + 1}): tuck a card from your hand under it, or none")
        return (f"叛徒（第{p.row + 1}列）：選擇與哪一列交換分數卡" if zh else
                f"Traitor (row {p.row + 1}): choose the row to swap score cards with")

    def describe_event(self, event: dict[str, Any], lang: str = "en",
                       names: list[str] | None = None) -> str:
        """One line of the log, from an event as the reader's seat may see it."""
        zh = is_zh(lang)
        kind = event["type"]
        if kind in ("place", "kill", "tuck") and "card" in event:
            kind += "/seen"
        elif kind == "draw" and "cards" in event:
            kind += "/seen"
        template = EVENT_TEXT.get(kind)
        if template is None:
            return kind
        return template[1 if zh else 0].format(**_event_fields(event, lang, names))

    def render_text(self, view: dict[str, Any], lang: str = "en",
                    names: list[str] | None = None) -> list[str]:
        return render_text(view, lang, names)

    @staticmethod
    def catalog() -> dict[str, Any]:
        """Names and texts of every card in both languages, for the browser table."""
        return {
            "characters": {c.key: {"en": c.en, "zh-TW": c.zh, "value": c.value,
                                   "icon": ICONS[c.icon].key if c.icon >= 0 else None,
                                   "timing": c.timing,
                                   "text": {"en": c.text_en, "zh-TW": c.text_zh}}
                           for c in CHARACTERS},
            "icons": {i.key: {"en": i.en, "zh-TW": i.zh, "symbol": i.extra} for i in ICONS},
            "colours": {c.key: {"en": c.en, "zh-TW": c.zh, "css": c.extra} for c in COLOURS},
            "reasons": {k: {"en": en, "zh-TW": zh} for k, (en, zh) in REASONS.items()},
        }

    @staticmethod
    def secret_fingerprint(state: RuseState) -> tuple[int, ...]:
        """Changes whenever a card leaves or enters a hidden place (draw piles, hands)."""
        return (*map(len, state.decks), *map(len, state.hands), *map(len, state.secret))

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``: one deck of characters, the score cards."""
        zh = is_zh(lang)
        characters = [{
            "name": c.zh if zh else c.en, "other": c.en if zh else c.zh,
            "points": _value_words(c.id, lang), "copies": 1,
            "effect": c.text_zh if zh else c.text_en,
        } for c in CHARACTERS]
        values = ("、" if zh else ", ").join(map(str, PER_ICON))
        top = RULES["specialist_value_in_own_row"]
        scores = [{
            "name": f"{i.extra} {i.zh if zh else i.en}", "other": i.en if zh else i.zh,
            "points": values, "copies": len(PER_ICON),
            "effect": (f"{_specialist(i.id, lang)}在此列值{top}點" if zh
                       else f"{_specialist(i.id, lang)} is worth {top} here"),
        } for i in ICONS]
        if zh:
            return {"角色牌（每人一副）": characters, "分數卡": scores}
        return {"characters (one deck per player)": characters, "score cards": scores}


def _value_words(kind: int, lang: str) -> str:
    """The printed value, and what an ability makes of it."""
    zh = is_zh(lang)
    v = half_to_number(HALF[kind])
    c = CHARACTERS[kind]
    if c.icon >= 0:
        top = RULES["specialist_value_in_own_row"]
        icon = ICONS[c.icon]
        return f"{v}（{icon.zh}列{top}）" if zh else f"{v} ({top} in {icon.en})"
    if c.key == "romeo":
        top = RULES["romeo_value_with_juliet"]
        return f"{v}（與茱麗葉{top}）" if zh else f"{v} ({top} with Juliet)"
    return f"{v}"


def _specialist(icon: int, lang: str) -> str:
    return card_name(SPECIALIST_ICON.index(icon), lang)


def render_text(view: dict[str, Any], lang: str = "en", names: list[str] | None = None) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    sep = list_sep(lang)
    by_key = {c.key: c for c in CHARACTERS}
    icons = {i.key: i for i in ICONS}
    rich = {"red": "red", "blue": "blue", "yellow": "yellow", "green": "green",
            "white": "white", "black": "bright_black"}

    def name(key: str) -> str:
        c = by_key[key]
        return c.zh if zh else c.en

    def score(card: str | None) -> str:
        if card is None:
            return "-"
        icon, value = card.split(":")
        i = icons[icon]
        return f"{i.extra}{i.zh}{value}分" if zh else f"{i.extra} {i.en} {value}"

    def colour(owner: int) -> str:
        return rich.get(view["players"][owner]["colour"], "white")

    out = []
    turn_of = seat_name(view["player"], lang, names)
    out.append(f"[bold]第{view['round']}/{view['rounds']}輪[/] · 輪到{turn_of}" if zh else
               f"[bold]Round {view['round']}/{view['rounds']}[/] · {turn_of}'s turn")
    for row in view["rows"]:
        marks = []
        if row["closed"]:
            marks.append("暴風封閉" if zh else "closed by Storm")
        if row["suppressed"]:
            marks.append("三劍客" if zh else "3 Musketeers")
        if row["satisfied"]:
            marks.append("已滿" if zh else "full")
        head = (f"  [bold]第{row['row']}列[/] {score(row['score'])}（{row['count']}張）" if zh else
                f"  [bold]Row {row['row']}[/] {score(row['score'])} ({row['count']} cards)")
        if marks:
            head += " · " + sep.join(marks)
        cards = []
        for c in row["cards"]:
            key, owner = c[1:].split("@")
            text = name(key) if key != "?" else "?"
            if c[0] != "+":
                text = f"<{text}>"
            cards.append(f"[{colour(int(owner))}]{text}[/]")
        for under, c in row["tucks"]:
            key, owner = c[1:].split("@")
            text = name(key) if key != "?" else "?"
            cards.append(f"[{colour(int(owner))}](披風#{under}下：{text})[/]" if zh else
                         f"[{colour(int(owner))}](under #{under}: {text})[/]")
        out.append(head + ": " + (" ".join(cards) if cards else "-"))
    for p in view["players"]:
        who = seat_name(p["seat"], lang, names)
        won = sep.join(score(w) for w in p["won"]) or "-"
        out.append(f"  [{colour(p['seat'])}]■[/] [bold]{who}[/] {p['score']}分 · "
                   f"手牌{p['hand_size']} · 牌堆{p['deck_size']} · 棄牌{p['discard_size']} · "
                   f"分數卡：{won}" if zh else
                   f"  [{colour(p['seat'])}]■[/] [bold]{who}[/] {p['score']} pts · "
                   f"hand {p['hand_size']} · deck {p['deck_size']} · "
                   f"discard {p['discard_size']} · won: {won}")
    if view["hand"] is not None:
        hand = sep.join(f"{name(k)}({by_key[k].value})" for k in view["hand"]) or "-"
        out.append(("[bold]你的手牌：[/]" if zh else "[bold]Your hand:[/] ") + hand)
    d = view["decision"]
    if d and d.get("card"):
        out.append(("已選：" if zh else "Chosen: ") + name(d["card"]))
    return out
