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
from noblesse.games.ruse_and_bruise.data import DATA_FILE, half_to_number
from noblesse.games.ruse_and_bruise.rules import (
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
    K,
    RuseRules,
    RuseState,
)

KEYS = [c.key for c in CHARACTERS]


# What each kind of decision asks for (English, 繁體中文), as a refusal reminds the player.
WAITING_FOR = (
    ("choose a card from your hand", "請從手牌選一張牌"),
    ("choose the row for your card", "請選擇要蓋牌的牌列"),
    (
        "tuck a card from your hand under your Cloak, or none",
        "請選擇是否把一張手牌放進「披風」下方",
    ),
    ("choose the row whose score card your Traitor swaps", "請選擇「叛徒」要和哪一列交換分數卡"),
)


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


_SCORE_CARDS = {
    (ICONS[SCORE_ICON[sc]].key, str(SCORE_VALUE[sc])): sc for sc in range(len(SCORE_ICON))
}  # ``_score_card``'s key, read back

FACE = {DOWN: "-", UP: "+", KNOWN: "~"}


REASONS = {
    "highest": ("highest total", "點數總和最高"),
    "beggar": ("Beggar: lowest total", "「流浪漢」：點數總和最低"),
    "musketeers": ("3 Musketeers: no abilities", "「三劍客」：能力全部取消"),
    "prince_squire": ("Prince and Squire", "「王子」和「侍從」"),
    "nobody": ("no card counts", "沒有可計算的牌"),
}

# The log, in both languages: (English, 繁體中文). Fields: see _event_fields; a kind with
# a "/…" suffix is the same event in other circumstances (see describe_event).
EVENT_TEXT: dict[str, tuple[str, str]] = {
    "round": (
        "Round {round} begins; {starter} starts. Score cards: {score_cards}.",
        "第{round}輪開始，由{starter}先出牌。分數卡：{score_cards}。",
    ),
    "place": ("{who} places a card face down in row {row}", "{who}在第{row}列蓋了一張牌"),
    "place/seen": ("{who} places {card} face down in row {row}", "{who}把{card}蓋在第{row}列"),
    "draw": ("{who} draws {count}", "{who}抽了{count}"),
    "draw/seen": ("{who} draws {cards}", "{who}抽到{cards}"),
    "reshuffle": (
        "{who} shuffles their discard pile into a new draw pile",
        "{who}把自己的棄牌堆洗勻，成為新的牌堆",
    ),
    "reveal": ("Row {row}: {owner}'s {card} is revealed", "第{row}列翻開了{owner}的{card}"),
    "storm": ("Storm: no more cards may be placed in row {row}", "「暴風」：第{row}列不能再蓋牌"),
    "kill": (
        "Assassin: {owner}'s card in row {row} is killed and discarded unseen",
        "「刺客」：{owner}在第{row}列的一張牌被刺殺，沒有翻開就放進棄牌堆",
    ),
    "kill/seen": (
        "Assassin: {owner}'s {card} in row {row} is killed and discarded",
        "「刺客」：{owner}在第{row}列的{card}被刺殺，放進棄牌堆",
    ),
    "musketeers": (
        "3 Musketeers: every ability in row {row} is cancelled",
        "「三劍客」：第{row}列的能力全部取消",
    ),
    "tuck": (
        "{who} tucks a card under the Cloak in row {row}",
        "{who}把一張牌放進第{row}列的「披風」下方",
    ),
    "tuck/seen": (
        "{who} tucks {card} under the Cloak in row {row}",
        "{who}把{card}放進第{row}列的「披風」下方",
    ),
    "tuck_none": (
        "{who} tucks nothing under the Cloak in row {row}",
        "{who}沒有把牌放進第{row}列的「披風」下方",
    ),
    "explorer": (
        "{owner}'s Explorer jumps face down from row {row} to the end of row {to}",
        "{owner}的「探險家」從第{row}列跳到第{to}列，蓋著排在最後",
    ),
    "swap": (
        "Traitor: {who} swaps the score cards of rows {row} and {other}",
        "「叛徒」：{who}交換第{row}列和第{other}列的分數卡",
    ),
    "no_swap": ("Traitor: {who} swaps nothing", "「叛徒」：{who}選擇不換"),
    "skip": ("{who} has no card and is skipped", "{who}沒有手牌，跳過這一次"),
    "round_end": ("Round {round} scored: {results}", "第{round}輪結算：{results}"),
    "game_over": GAME_OVER,
}


def _row_result(row: dict[str, Any], lang: str, names: list[str] | None) -> str:
    """One row of a round's scoring: who wins its score card, and why."""
    zh = is_zh(lang)
    score = score_name(row["score"], lang)
    why = REASONS[row["reason"]][1 if zh else 0]
    if row["winner"] is None:
        return (
            f"第{row['row']}列的{score}無人獲得（{why}）"
            if zh
            else f"nobody wins row {row['row']}'s {score} ({why})"
        )
    who = seat_name(row["winner"], lang, names)
    return (
        f"第{row['row']}列的{score}由{who}獲得（{why}）"
        if zh
        else f"row {row['row']}'s {score} goes to {who} ({why})"
    )


def _event_fields(event: dict[str, Any], lang: str, names: list[str] | None) -> dict[str, Any]:
    """Every field an event's text may name, in the reader's language."""
    zh = is_zh(lang)
    fields: dict[str, Any] = {
        k: v for k, v in event.items() if k in ("round", "row", "to", "other", "pos")
    }
    for key in ("seat", "owner", "starter"):
        if key in event:
            fields["who" if key == "seat" else key] = seat_name(event[key], lang, names)
    if "count" in event:
        fields["count"] = amount(event["count"], lang, "card", "張牌")
    if "card" in event:
        fields["card"] = quoted(card_name(event["card"], lang), lang)
    if "cards" in event:
        fields["cards"] = join_and((quoted(card_name(k, lang), lang) for k in event["cards"]), lang)
    if "score_cards" in event:
        fields["score_cards"] = join((score_name(sc, lang) for sc in event["score_cards"]), lang)
    if "rows" in event:
        fields["results"] = ("；" if zh else "; ").join(
            _row_result(row, lang, names) for row in event["rows"]
        )
    fields.update(result_fields(event, lang, names))
    return fields


def _row_words(s: RuseState, r: int, lang: str) -> str:
    """A row with its score card and how many cards it holds: 「第1列（燒瓶1分，已有2張牌）」."""
    zh = is_zh(lang)
    if r >= s.n_players:
        return f"第{r + 1}列" if zh else f"row {r + 1}"
    sc = s.row_score[r]
    score = score_name(sc, lang) if sc >= 0 else ("沒有分數卡" if zh else "no score card")
    n = len(s.rows[r])
    if zh:
        return f"第{r + 1}列（{score}，{f'已有{n}張牌' if n else '還沒有牌'}）"
    return f"row {r + 1} ({score}, {amount(n, lang, 'card', '') if n else 'no cards yet'})"


def action_words(s: RuseState, action: int, lang: str = "en") -> str:
    """An action in the game's words (a button's label, and what a refusal names)."""
    zh = is_zh(lang)
    p = s.pending
    if PLAY0 <= action < ROW0:
        name = quoted(card_name(action - PLAY0, lang), lang)
        return f"蓋放{name}" if zh else f"Place {name}"
    if ROW0 <= action < TUCK0:
        where = _row_words(s, action - ROW0, lang)
        return f"蓋在{where}" if zh else f"Place it in {where}"
    if TUCK0 <= action < TUCK_NONE:
        name = quoted(card_name(action - TUCK0, lang), lang)
        return f"把{name}放進「披風」下方" if zh else f"Tuck {name} under the Cloak"
    if action == TUCK_NONE:
        return "不放牌" if zh else "Tuck nothing"
    if SWAP0 <= action < SWAP_NONE:
        where = _row_words(s, action - SWAP0, lang)
        if p is not None and p.kind == TRAITOR_DECISION:
            mine = _row_words(s, p.row, lang)
            return f"{mine}和{where}交換分數卡" if zh else f"Swap {mine} with {where}"
        return f"和{where}交換分數卡" if zh else f"Swap with {where}"
    return "不換" if zh else "Swap nothing"


class RuseViews(RuseRules):
    """The observation and text half of the Ruse & Bruise game, on top of its rules."""

    def view(self, state: RuseState, seat: int | None) -> dict[str, Any]:
        s = state
        rows = []
        for r in range(s.n_players):
            up = s.up[r]
            cards = [
                f"{FACE[f]}{KEYS[KIND[c]] if f != DOWN or OWNER[c] == seat else '?'}@{OWNER[c]}"
                for c, f in zip(s.rows[r], up, strict=True)
            ]
            tucks = [
                [
                    s.rows[r].index(cloak) + 1,
                    f"-{KEYS[KIND[c]] if OWNER[c] == seat else '?'}@{OWNER[c]}",
                ]
                for cloak, c in s.tucks[r]
            ]
            sc = s.row_score[r]
            rows.append(
                {
                    "row": r + 1,
                    "score": _score_card(sc),
                    "count": self.count(s, r),
                    "closed": s.closed[r],
                    "suppressed": s.suppressed[r],
                    "satisfied": self.satisfied(s, r) if sc >= 0 else False,
                    "cards": cards,
                    "tucks": tucks,
                }
            )
        players = [
            {
                "seat": o,
                "colour": COLOURS[o].key,
                "hand_size": len(s.hands[o]),
                "deck_size": len(s.decks[o]),
                "discard_size": len(s.discards[o]),
                "won": [_score_card(sc) for sc in s.won[o]],
                "score": self.score(s, o),
            }
            for o in range(s.n_players)
        ]
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
        d: dict[str, Any] = {
            "kind": DECISION_NAMES[p.kind],
            "seat": p.seat,
            "row": p.row + 1 if p.row >= 0 else None,
            "card": None,
        }
        if p.kind == ROW and seat == p.seat:
            d["card"] = CHARACTERS[KIND[p.card]].key
        return d

    # ------------------------------------------------------------------ words
    def _not_a_choice(self, s: RuseState, action: int) -> IllegalAction:
        return IllegalAction.not_a_choice(
            (action_words(s, action, "en"), action_words(s, action, "zh-TW")),
            WAITING_FOR[s.decision().kind],
        )

    def describe_action(
        self, state: RuseState, action: int, lang: str = "en", names: list[str] | None = None
    ) -> str:
        return action_words(state, action, lang)

    def describe_decision(self, state: RuseState, lang: str = "en") -> str:
        """A one-line prompt for the pending decision."""
        p = state.pending
        if p is None:
            return ""
        zh = is_zh(lang)
        if p.kind == CARD:
            return "從手牌選一張牌蓋放" if zh else "Choose a card from your hand to place"
        if p.kind == ROW:
            return "選擇要蓋牌的牌列" if zh else "Choose the row for your card"
        if p.kind == CLOAK_DECISION:
            return (
                f"「披風」（第{p.row + 1}列）：選擇是否把一張手牌放進「披風」下方"
                if zh
                else f"Cloak (row {p.row + 1}): tuck a card from your hand under it, or none"
            )
        return (
            f"「叛徒」（第{p.row + 1}列）：選擇要和哪一列交換分數卡"
            if zh
            else f"Traitor (row {p.row + 1}): choose the row to swap score cards with"
        )

    def describe_event(
        self, event: dict[str, Any], lang: str = "en", names: list[str] | None = None
    ) -> str:
        """One line of the log, from an event as the reader's seat may see it."""
        kind = event["type"]
        if kind in ("place", "kill", "tuck") and "card" in event:
            kind += "/seen"
        elif kind == "draw" and event.get("cards"):
            kind += "/seen"
        return format_event(EVENT_TEXT, kind, _event_fields(event, lang, names), lang)

    @staticmethod
    def assumed_readings() -> dict[str, Any]:
        """The data file's [assumed] values: the table's house rules (the rules page)."""
        from noblesse.games.ruse_and_bruise.data import CARDS

        return dict(CARDS.assumed)

    @staticmethod
    def option_labels() -> dict[str, dict[str, str]]:
        """Ruse & Bruise has no table options (its variants are switches in cards.toml)."""
        return {}

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
                    "value": c.value,
                    "icon": ICONS[c.icon].key if c.icon >= 0 else None,
                    "timing": c.timing,
                    "text": {"en": c.text_en, "zh-TW": c.text_zh},
                }
                for c in CHARACTERS
            },
            "icons": {i.key: {"en": i.en, "zh-TW": i.zh, "symbol": i.extra} for i in ICONS},
            "colours": {c.key: {"en": c.en, "zh-TW": c.zh, "css": c.extra} for c in COLOURS},
            "reasons": {k: {"en": en, "zh-TW": zh} for k, (en, zh) in REASONS.items()},
        }

    @staticmethod
    def secret_fingerprint(state: RuseState) -> tuple[int, ...]:
        """Changes whenever a card leaves or enters a hidden place (draw piles, hands)."""
        return (*map(len, state.decks), *map(len, state.hands), *map(len, state.secret))

    #: the words for each kind of card_features row, for balance reports
    feature_names = {
        "played": {"en": "played", "zh-TW": "打出"},
        "in a winning row": {"en": "in a winning row", "zh-TW": "在獲勝的一列"},
        "killed": {"en": "killed", "zh-TW": "被殺"},
        "tucked": {"en": "tucked", "zh-TW": "放進「披風」下方"},
        "score card won": {"en": "score card won", "zh-TW": "贏得的分數卡"},
    }

    @staticmethod
    def card_features(
        event: dict[str, Any] | None,
        state: RuseState | None,
    ) -> list[tuple[int, str, str]]:
        """For balance analysis: (seat, what, card) — a character played (placed face
        down), in a row its owner won, killed by an Assassin, tucked under a Cloak; and
        at the end the score cards each seat won (``icon:value``). Reads events whole:
        a face-down card's kind is in its owner's private part."""
        if event is not None:
            kind = event["type"]
            if kind in ("place", "tuck", "kill"):
                seat = event["owner" if kind == "kill" else "seat"]
                card = event.get("card", event.get("private", {}).get(seat, {}).get("card"))
                what = {"place": "played", "tuck": "tucked", "kill": "killed"}[kind]
                return [] if card is None else [(seat, what, CHARACTERS[card].key)]
            if kind == "round_end":
                return [
                    (row["winner"], "in a winning row", c["card"])
                    for row in event["rows"]
                    if row["winner"] is not None
                    for c in row["cards"]
                    if c["owner"] == row["winner"] and not c["removed"]
                ]
            return []
        assert state is not None
        return [
            (seat, "score card won", _score_card(sc) or "")
            for seat, won in enumerate(state.won)
            for sc in won
        ]

    @staticmethod
    def describe_card(key: str, lang: str = "en") -> str | None:
        """A score card won (``corn:3``) in words: "Corn 3" / "玉米3分"."""
        icon, _, value = key.partition(":")
        sc = _SCORE_CARDS.get((icon, value))
        return None if sc is None else score_name(sc, lang)

    @staticmethod
    def data_files() -> list[str]:
        """The data file a designer edits (copied next to a balance report)."""
        return [str(DATA_FILE)]

    @staticmethod
    def rules_table(lang: str = "en") -> dict[str, list[dict[str, Any]]]:
        """The card lists for ``noblesse rules``: one deck of characters, the score cards."""
        zh = is_zh(lang)
        characters = [
            {
                "name": c.zh if zh else c.en,
                "other": c.en if zh else c.zh,
                "points": _value_words(c.id, lang),
                "copies": 1,
                "effect": c.text_zh if zh else c.text_en,
            }
            for c in CHARACTERS
        ]
        values = ("、" if zh else ", ").join(map(str, PER_ICON))
        top = RULES["specialist_value_in_own_row"]
        scores = [
            {
                "name": f"{i.extra} {i.zh if zh else i.en}",
                "other": i.en if zh else i.zh,
                "points": values,
                "copies": len(PER_ICON),
                "effect": (
                    f"{quoted(_specialist(i.id, lang), lang)}在這一列算{top}點"
                    if zh
                    else f"{_specialist(i.id, lang)} is worth {top} here"
                ),
            }
            for i in ICONS
        ]
        if zh:
            return {"角色牌（每人一副）": characters, "分數卡": scores}
        return {"Characters (one deck per player)": characters, "Score cards": scores}


def _value_words(kind: int, lang: str) -> str:
    """The printed value, and what an ability makes of it."""
    zh = is_zh(lang)
    v = half_to_number(HALF[kind])
    c = CHARACTERS[kind]
    if c.icon >= 0:
        top = RULES["specialist_value_in_own_row"]
        icon = ICONS[c.icon]
        return f"{v}（在{icon.zh}列為{top}）" if zh else f"{v} ({top} in a {icon.en.lower()} row)"
    if c.key == "romeo":
        top = RULES["romeo_value_with_juliet"]
        juliet = quoted(card_name(K["juliet"], lang), lang)
        return f"{v}（和{juliet}同列時為{top}）" if zh else f"{v} ({top} with {juliet})"
    return f"{v}"


def _specialist(icon: int, lang: str) -> str:
    return card_name(SPECIALIST_ICON.index(icon), lang)


def _how_many(n: int, lang: str, en: str = "card", zh: str = "張") -> str:
    """「3張」 / "3 cards", and 「沒有」 / "none" for nothing."""
    if n == 0:
        return "沒有" if is_zh(lang) else "none"
    return amount(n, lang, en, zh)


def render_text(
    view: dict[str, Any], lang: str = "en", names: list[str] | None = None
) -> list[str]:
    """The table as lines of Rich markup, for the terminal."""
    zh = is_zh(lang)
    by_key = {c.key: c for c in CHARACTERS}
    icons = {i.key: i for i in ICONS}
    rich = {
        "red": "red",
        "blue": "blue",
        "yellow": "yellow",
        "green": "green",
        "white": "white",
        "black": "bright_black",
    }
    none = "沒有" if zh else "none"

    def name(key: str) -> str:
        c = by_key[key]
        return quoted(c.zh if zh else c.en, lang)

    def hidden(key: str) -> str:
        """A face-down card: its name if this reader knows it."""
        if key == "?":
            return "蓋著的牌" if zh else "face down"
        return f"{name(key)}（蓋著）" if zh else f"{name(key)} (face down)"

    def score(card: str | None) -> str:
        if card is None:
            return "沒有分數卡" if zh else "no score card"
        icon, value = card.split(":")
        i = icons[icon]
        return f"{i.extra}{i.zh}{value}分" if zh else f"{i.extra} {i.en} {value}"

    def colour(owner: int) -> str:
        return rich.get(view["players"][owner]["colour"], "white")

    out = []
    turn_of = seat_name(view["player"], lang, names)
    out.append(
        f"[bold]第{view['round']}/{view['rounds']}輪[/] · 輪到{turn_of}"
        if zh
        else f"[bold]Round {view['round']}/{view['rounds']}[/] · {turn_of}'s turn"
    )
    for row in view["rows"]:
        marks = []
        if row["closed"]:
            marks.append("已被「暴風」封閉" if zh else "closed by Storm")
        if row["suppressed"]:
            marks.append("能力已被「三劍客」取消" if zh else "abilities cancelled by 3 Musketeers")
        if row["satisfied"]:
            marks.append("已滿" if zh else "full")
        count = (
            amount(row["count"], lang, "card", "張牌")
            if row["count"]
            else ("還沒有牌" if zh else "no cards yet")
        )
        head = (
            f"  [bold]第{row['row']}列[/] · {score(row['score'])} · {count}"
            if zh
            else f"  [bold]Row {row['row']}[/] · {score(row['score'])} · {count}"
        )
        cards = []
        for c in row["cards"]:
            key, owner = c[1:].split("@")
            text = name(key) if c[0] == "+" else hidden(key)
            cards.append(f"[{colour(int(owner))}]{text}[/]")
        for under, c in row["tucks"]:
            key, owner = c[1:].split("@")
            tucked = (
                f"（第{under}張「披風」下方：{hidden(key)}）"
                if zh
                else f"(under the Cloak, card {under}: {hidden(key)})"
            )
            cards.append(f"[{colour(int(owner))}]{tucked}[/]")
        if cards:
            head += ("：" if zh else ": ") + join(cards, lang)
        if marks:
            head += " · " + join(marks, lang)
        out.append(head)
    for p in view["players"]:
        who = seat_name(p["seat"], lang, names)
        won = join((score(w) for w in p["won"]), lang) or none
        points = amount(p["score"], lang, "pt", "分")
        out.append(
            f"  [{colour(p['seat'])}]■[/] [bold]{who}[/] · {points} · "
            f"手牌：{_how_many(p['hand_size'], lang)} · 牌堆：{_how_many(p['deck_size'], lang)} · "
            f"棄牌堆：{_how_many(p['discard_size'], lang)} · 分數卡：{won}"
            if zh
            else f"  [{colour(p['seat'])}]■[/] [bold]{who}[/] · {points} · "
            f"hand: {_how_many(p['hand_size'], lang)} · deck: {_how_many(p['deck_size'], lang)} · "
            f"discard: {_how_many(p['discard_size'], lang)} · won: {won}"
        )
    if view["hand"] is not None:
        hand = (
            join(
                (
                    f"{name(k)}（{by_key[k].value:g}）"
                    if zh
                    else f"{name(k)} ({by_key[k].value:g})"
                    for k in view["hand"]
                ),
                lang,
            )
            or none
        )
        out.append(("[bold]你的手牌：[/]" if zh else "[bold]Your hand:[/] ") + hand)
    d = view["decision"]
    if d and d.get("card"):
        out.append(("已選：" if zh else "Chosen: ") + name(d["card"]))
    return out
