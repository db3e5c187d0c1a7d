"""The flow of Fief as data: every kind of decision and every phase, in one place.

A **decision** (``Decision``, one per kind in ``actions``) is what a seat is asked: its
name (the view's ``decision.kind``), its prompt in English and Traditional Chinese, its
legal actions, what an action does, what the view shows about it, who answers it and
whether an offer may open beside it (§7.4) and whether its seat may play a green card
beside it (§4.12, ``intrigue.anytime_plays``), and where it goes next. An ``apply``
returning true means the seat is done in this phase: the turn order moves on; otherwise
the apply has set the next decision itself, one of its record's ``then`` (``AGAIN``: the
decision it interrupted), or left none, and the machine looks for the next one. A test
plays random games and holds every step an apply takes to its record's ``then``.

A **phase** (``Phase``, one per §3 step of the turn) says what happens on entering it, what
each player is asked in turn order (``offer``: false when he has nothing to decide), what
follows once the table has gone round (``more``: the next step of the Cards and the
Announcements phases), what happens on leaving it, and the phase that comes after.

``rules.FiefRules`` drives the machine from these two tables, ``views`` takes its words and
the decision's details from them and ``observation`` its one-hot of kinds and phases.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from noblesse.core.events import Event
from noblesse.core.game import Action
from noblesse.games.fief import actions as A
from noblesse.games.fief import (
    announce,
    battle,
    cards,
    disasters,
    dynasty,
    economy,
    fortune,
    intrigue,
    joan,
    movement,
    offers,
    roads,
    succession,
)
from noblesse.games.fief.control import start_in, start_villages
from noblesse.games.fief.endturn import end_turn
from noblesse.games.fief.state import BOARD, CARDS, LORDS, NV, SEATS, FiefState

Legal = Callable[[FiefState, int], list[Action]]
Apply = Callable[[FiefState, int, Action, list[Event]], "bool | None"]
Shows = Callable[[FiefState], dict[str, Any]]

VILLAGES, FIEFS = BOARD.villages, BOARD.fiefs
LORD_CARDS = [CARDS[c] for c in LORDS]


class Who(Enum):
    """Who answers a decision."""

    ACTOR = "actor"  # the one seat in ``s.actor``
    VOTERS = "voters"  # every voter who has not cast his secret ballot yet (§7.1)


AGAIN = -1
"""In ``Decision.then``: the decision this one interrupted is asked again (``resume``)."""

GREEN_CARD_THEN = (A.UPRISING_TARGET, A.ASSASSIN_TARGET, A.JUSTICE_TARGET)
"""What a green card played beside a decision asks next (``intrigue.play_anytime``)."""


@dataclass(frozen=True, slots=True)
class Decision:
    kind: int  # its number in ``actions``
    name: str  # its name in views and logs
    prompt: tuple[str, str]  # what the seat is asked: English, zh-TW
    legal: Legal  # its legal actions, for the seat that answers
    apply: Apply  # what an action does (true: done in the phase)
    then: tuple[int, ...] = ()  # the decisions its apply may ask next (AGAIN: the one set aside)
    shows: Shows | None = None  # what the view names about it besides its kind
    offers: bool = False  # §7.4: an offer may open here
    frees: bool = False  # §7.3: a captor may free a captive here
    anytime: bool = False  # §4.12: its seat may play a green card beside
    who: Who = Who.ACTOR
    words: Mapping[int, tuple[str, str]] = field(default_factory=dict)  # its own action words


@dataclass(frozen=True, slots=True)
class Phase:
    phase: int  # its number in ``actions``
    name: str  # its name in views and events
    offer: Callable[[FiefState, int, list[Event]], bool]
    after: int  # the phase that follows it
    enter: Callable[[FiefState, list[Event]], None] | None = None
    more: Callable[[FiefState, list[Event]], bool] | None = None
    leave: Callable[[FiefState], None] | None = None
    opens_turn: bool = False  # entering it begins a new turn


# ==================================================================== small pieces
def _fixed(*actions: int) -> Legal:
    return lambda s, p: list(actions)


def _of_state(legal: Callable[[FiefState], list[Action]]) -> Legal:
    return lambda s, p: legal(s)


def _pick_start(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    start_in(s, p, a - A.START0, ev)
    return True


def _move_lord(s: FiefState, p: int, a: Action, ev: list[Event]) -> None:
    s.kind = A.MOVE_LORD  # a lord keeps moving until he says he is done
    movement.apply_move_lord(s, p, a, ev)


def _battle(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    """Declaring the last battle ends the battling; the player's sieges follow."""
    if battle.apply_battle(s, p, a, ev):
        battle.begin_sieges(s, p, ev)
    return False


def _siege(s: FiefState, p: int, a: Action, ev: list[Event]) -> bool:
    if battle.apply_siege(s, p, a, ev):
        s.fought = s.truced = 0
        return True
    return False


def _plague_loss(s: FiefState, p: int, a: Action, ev: list[Event]) -> None:
    """A unit the Plague takes, the owner's choice: where it struck, or on entering its
    bishopric, after which the lord's move or the fall back goes on."""
    if not s.entry_due:
        disasters.apply_plague_loss(s, p, a, ev)
        return
    lo, f, v, w, _ = s.entry_due
    if disasters.entry_choice(s, p, a == A.LOSE_K, ev):
        if lo >= 0:
            roads.arrived(s, lo, ev)
        else:
            battle.finish_withdrawal(s, f, v, w, ev)


# -- what a view names about a decision ---------------------------------------------
def _moving_lord(s: FiefState) -> dict[str, Any]:
    return {"lord": LORD_CARDS[s.moving_lord].key} if s.moving_lord >= 0 else {}


def _passage_asked(s: FiefState) -> dict[str, Any]:
    return {**_moving_lord(s), "village": VILLAGES[s.asked_village].key}


def _new_lord(s: FiefState) -> dict[str, Any]:
    return {"lord": LORD_CARDS[s.new_lord].key} if s.new_lord >= 0 else {}


def _fortune_card(s: FiefState) -> dict[str, Any]:
    return {"card": CARDS[s.fortune_card].key}


def _title_fief(s: FiefState) -> dict[str, Any]:
    return {"fief": FIEFS[s.title_fief].key}


def _heir_fief(s: FiefState) -> dict[str, Any]:
    return {"fief": FIEFS[s.heir_due[0].fief].key}


def _red_hat(s: FiefState) -> dict[str, Any]:
    lo = -1 if s.red_hat is None else s.red_hat.lord  # the Bishop
    return {"lord": LORD_CARDS[lo].key} if lo >= 0 else {}


def _plague_due(s: FiefState) -> dict[str, Any]:
    if s.entry_due:  # a group entering the Plague
        lo, _, _, w, left = s.entry_due
        d: dict[str, Any] = {"village": VILLAGES[w].key, "units_to_lose": left}
        if lo >= 0:
            d["lord"] = LORD_CARDS[lo].key
        return d
    due = s.plague_due[0]
    return {"village": VILLAGES[due.village].key, "units_to_lose": due.units}


def _freed_lord(s: FiefState) -> dict[str, Any]:
    return {"lord": LORD_CARDS[s.place_due[0].lord].key}


def _window(s: FiefState) -> dict[str, Any]:
    return {"still_to_answer": s.window[1:]}


def _voters(s: FiefState) -> dict[str, Any]:
    return {"seats": announce.still_to_vote(s)}


# ==================================================================== the decisions
DECISIONS_IN_ORDER = (
    Decision(
        A.PICK_START,
        "start_village",
        ("Choose your start village", "選擇起始村莊"),
        legal=lambda s, p: [A.START0 + v for v in start_villages(s)],
        apply=_pick_start,
    ),
    Decision(
        A.DISCARD,
        "discard",
        ("Discard cards before anyone draws, or pass", "在所有人抽牌前棄掉手牌，或跳過"),
        legal=lambda s, p: cards.legal_discard(s, p, True),
        apply=cards.apply_discard,
        anytime=True,
    ),
    Decision(
        A.DRAW,
        "draw",
        (
            "Draw 2 Fortune cards, or 1 Fortune and 1 Lord card",
            "抽2張財富災難卡，或1張財富災難卡和1張貴族卡",
        ),
        legal=_of_state(cards.legal_draw),
        apply=cards.apply_draw,
        anytime=True,
    ),
    Decision(
        A.PLAY,
        "play",
        (
            "Play lord cards, fortune cards, Joan d'Arc or opportunity cards, or pass",
            "打出貴族卡、財富卡、「聖女貞德」或機會卡，或跳過",
        ),
        legal=cards.legal_play,
        apply=cards.apply_play,
        then=(
            A.PLACE,
            A.TARGET_BISHOPRIC,
            A.TALLAGE,
            A.JOAN_TARGET,
            A.CROWN_PRINCE,
            A.CARDINAL_TARGET,
        ),
        anytime=True,
    ),
    Decision(
        A.PLACE,
        "place_lord",
        ("Where does the new lord arrive?", "新貴族放在哪裡？"),
        legal=cards.legal_place,
        apply=cards.apply_place,
        shows=_new_lord,
    ),
    Decision(
        A.HAND_LIMIT,
        "hand_limit",
        ("Discard down to 3 cards", "棄到剩3張手牌"),
        legal=lambda s, p: cards.legal_discard(s, p, False),
        apply=cards.apply_discard,
        anytime=True,
    ),
    Decision(
        A.RANSOM,
        "ransom",
        ("Pay ransoms or release captives, or pass", "支付贖金或釋放肉票，或跳過"),
        legal=economy.legal_ransom,
        apply=economy.apply_ransom,
        offers=True,
        anytime=True,
    ),
    Decision(
        A.PURCHASE,
        "purchase",
        ("Buy, or pass", "購買，或跳過"),
        legal=dynasty.legal_purchase,
        apply=dynasty.apply_purchase,
        then=(A.HOLDER, A.CARDINAL_CONSENT, A.GRANTEE),
        offers=True,
        frees=True,
        anytime=True,
    ),
    Decision(
        A.HOLDER,
        "title_holder",
        ("Which lord takes the fief title?", "哪位貴族取得封地爵位？"),
        legal=economy.legal_holder,
        apply=economy.apply_holder,
        then=(A.CITY,),
        shows=_title_fief,
    ),
    Decision(
        A.CITY,
        "city_upgrade",
        ("Upgrade a stronghold to a fortified city?", "將要塞擴建為城堡？"),
        legal=economy.legal_city,
        apply=economy.apply_city,
        shows=_title_fief,
    ),
    Decision(
        A.MOVE_SELECT,
        "movement",
        ("Choose a lord to move, or end your movement", "選擇要移動的貴族，或結束移動"),
        legal=movement.legal_select,
        apply=movement.apply_select,
        then=(A.MOVE_LORD, A.LIFT_PURSUE, A.WITHDRAW_TO),
        offers=True,
        frees=True,
        anytime=True,
    ),
    Decision(
        A.MOVE_LORD,
        "move_lord",
        ("Move, carry or drop troops, or stop", "移動、帶上或留下部隊，或停下"),
        legal=movement.legal_move_lord,
        apply=_move_lord,
        then=(A.MOVE_LORD, A.PERMIT, A.ROUND_ATT, A.BATTLE_WINDOW, A.PLAGUE_LOSS),
        shows=_moving_lord,
    ),
    Decision(
        A.PERMIT,
        "permission",
        ("May this lord pass through your village?", "是否允許這位貴族通過你的村莊？"),
        legal=_of_state(movement.legal_permit),
        apply=movement.apply_permit,
        then=(A.MOVE_LORD, A.PERMIT, A.REFUSED, A.PLAGUE_LOSS),
        shows=_passage_asked,
    ),
    Decision(
        A.REFUSED,
        "refused",
        ("Passage refused: go back or stay", "對方不允許通過：退回或留下"),
        legal=movement.legal_refused,
        apply=movement.apply_refused,
        then=(A.MOVE_LORD, A.PERMIT),
        shows=_moving_lord,
    ),
    Decision(
        A.BATTLE_SELECT,
        "battle",
        ("Declare a battle, or pass", "宣戰，或跳過"),
        legal=battle.legal_battle,
        apply=_battle,
        then=(A.BATTLE_FOE, A.ROUND_ATT, A.BATTLE_WINDOW, A.JOIN_SIDE),
        offers=True,
        frees=True,
        anytime=True,
    ),
    Decision(
        A.BATTLE_FOE,
        "battle_foe",
        ("Whom do you attack?", "攻擊哪一家？"),
        legal=battle.legal_foe,
        apply=battle.apply_foe,
        then=(A.JOIN_SIDE,),
    ),
    Decision(
        A.ROUND_ATT,
        "battle_round",
        ("Fight, propose a truce, withdraw or surrender", "戰鬥、提議休戰、撤退或投降"),
        legal=_of_state(battle.legal_round_att),
        apply=battle.apply_round_att,
        then=(A.TRUCE_ANSWER, A.ROUND_DEF, A.PURSUE_CHOICE, A.KEEPER),
    ),
    Decision(
        A.TRUCE_ANSWER,
        "truce_answer",
        ("Accept the truce?", "接受休戰嗎？"),
        legal=_fixed(A.TRUCE_YES, A.TRUCE_NO),
        apply=battle.apply_truce_answer,
        then=(
            A.MOVE_LORD,
            A.PERMIT,
            A.ROUND_ATT,
            A.ROUND_DEF,
            A.LORD_DEATH,
            A.LOSS_SHARE,
            A.KEEPER,
            A.SIDE_CHANGE,
        ),
    ),
    Decision(
        A.ROUND_DEF,
        "defend",
        ("Fight, propose a truce or surrender", "戰鬥、提議休戰或投降"),
        legal=_of_state(battle.legal_round_def),
        apply=battle.apply_round_def,
        then=(
            A.MOVE_LORD,
            A.PERMIT,
            A.ROUND_ATT,
            A.TRUCE_ANSWER,
            A.LORD_DEATH,
            A.LOSS_SHARE,
            A.KEEPER,
            A.SIDE_CHANGE,
        ),
    ),
    Decision(
        A.PURSUE_CHOICE,
        "pursue",
        ("Pursue the withdrawing attacker?", "追擊撤退的攻方嗎？"),
        legal=_fixed(A.PURSUE, A.LET_GO),
        apply=battle.apply_pursue,
        then=(A.ROUND_ATT, A.LORD_DEATH, A.WITHDRAW_TO, A.LOSS_SHARE, A.KEEPER, A.SIDE_CHANGE),
    ),
    Decision(
        A.LORD_DEATH,
        "lord_death",
        ("Choose which of your lords dies", "選擇哪位貴族陣亡"),
        legal=_of_state(battle.legal_death),
        apply=battle.apply_death,
        then=(A.MOVE_LORD, A.PERMIT, A.LORD_DEATH, A.KEEPER),
    ),
    Decision(
        A.SIEGE,
        "siege",
        ("Besiege a fortress, or pass", "圍攻要塞，或跳過"),
        legal=battle.legal_siege,
        apply=_siege,
        then=(A.LIFT_PURSUE, A.WITHDRAW_TO),
        anytime=True,
    ),
    Decision(
        A.PILLAGE,
        "pillage",
        ("Pillage a mill, or pass", "掠奪磨坊，或跳過"),
        legal=battle.legal_pillage,
        apply=battle.apply_pillage,
        anytime=True,
    ),
    Decision(
        A.TARGET_BISHOPRIC,
        "fortune_bishopric",
        ("On which bishopric?", "用在哪個教區？"),
        legal=_of_state(fortune.legal_bishopric),
        apply=fortune.apply_bishopric,
        then=(A.FORTUNE_EFFECT,),
        shows=_fortune_card,
    ),
    Decision(
        A.FORTUNE_EFFECT,
        "fortune_effect",
        ("Cancel the disaster, or +1 D per mill?", "取消災難，或每個磨坊+1元？"),
        legal=_fixed(A.EFFECT_CANCEL, A.EFFECT_BONUS),
        apply=fortune.apply_effect,
        shows=_fortune_card,
    ),
    Decision(
        A.TALLAGE,
        "tallage",
        ("Tallage on a fief, or Tithe on a bishopric?", "對封地徵封地稅，或對教區徵什一稅？"),
        legal=fortune.legal_tallage,
        apply=fortune.apply_tallage,
        shows=_fortune_card,
    ),
    Decision(
        A.WINDOW,
        "intrigue_window",
        ("Play an opportunity card, or pass", "打出機會卡，或跳過"),
        legal=intrigue.legal_window,
        apply=intrigue.apply_window,
        then=(
            A.WINDOW,
            A.UPRISING_TARGET,
            A.ASSASSIN_TARGET,
            A.JUSTICE_TARGET,
            A.JOAN_TARGET,
            A.ESCAPE_CHOICE,
            A.CARDINAL_TARGET,
        ),
        shows=_window,
    ),
    Decision(
        A.UPRISING_TARGET,
        "uprising_village",
        ("Where does the Uprising break out?", "在哪個村莊引發「暴動」？"),
        legal=intrigue.legal_uprising_target,
        apply=intrigue.apply_uprising_target,
        then=(A.UPRISING_FOE, A.UPRISING_MORE, A.UPRISING_STOP),
    ),
    Decision(
        A.UPRISING_FOE,
        "uprising_family",
        ("Whose troops suffer the Uprising?", "哪一家的部隊承受「暴動」？"),
        legal=_of_state(intrigue.legal_uprising_foe),
        apply=intrigue.apply_uprising_foe,
        then=(A.UPRISING_MORE, A.UPRISING_STOP),
    ),
    Decision(
        A.UPRISING_MORE,
        "uprising_more",
        ("Add another Uprising card, or roll", "再加1張「暴動」，或擲骰"),
        legal=intrigue.legal_uprising_more,
        apply=intrigue.apply_uprising_more,
        then=(A.UPRISING_MORE, A.UPRISING_STOP),
    ),
    Decision(
        A.ASSASSIN_TARGET,
        "assassination_target",
        ("Whom do you have assassinated?", "「暗殺」哪位貴族？"),
        legal=intrigue.legal_assassin_target,
        apply=intrigue.apply_assassin_target,
        then=(A.ASSASSIN_MARKER, A.SP_ANSWER),
    ),
    Decision(
        A.ASSASSIN_MARKER,
        "assassin_marker",
        ("Which of your lords carries the assassin marker?", "哪位貴族帶上刺客標記？"),
        legal=intrigue.legal_marker,
        apply=intrigue.apply_marker,
    ),
    Decision(
        A.JUSTICE_TARGET,
        "justice_target",
        ("Which marked lord meets Justice?", "以「正義」制裁哪位帶刺客標記的貴族？"),
        legal=_of_state(intrigue.legal_justice),
        apply=intrigue.apply_justice,
    ),
    Decision(
        A.SP_ANSWER,
        "secret_passage_answer",
        ("Play a Secret Passage to foil it, or pass", "打出「秘密通道」化解，或跳過"),
        legal=intrigue.legal_sp_answer,
        apply=intrigue.apply_sp_answer,
        then=(A.ROUND_ATT, A.ASSASSIN_MARKER, A.BATTLE_WINDOW, A.AMBUSH_DECIDE),
    ),
    Decision(
        A.BATTLE_WINDOW,
        "battle_window",
        (
            "Before the first round: Ambush, Secret Passage, Joan d'Arc, or pass",
            "第一輪之前：打出「伏擊」、「秘密通道」、「聖女貞德」，或跳過",
        ),
        legal=intrigue.legal_battle_window,
        apply=intrigue.apply_battle_window,
        then=(
            A.ROUND_ATT,
            A.UPRISING_TARGET,
            A.BATTLE_WINDOW,
            A.AMBUSH_CAPTURE,
            A.JOAN_TARGET,
            A.CARDINAL_TARGET,
        ),
    ),
    Decision(
        A.AMBUSH_CAPTURE,
        "ambush_capture",
        ("Which lord does the Ambush take?", "「伏擊」抓走哪位貴族？"),
        legal=intrigue.legal_ambush_capture,
        apply=intrigue.apply_ambush_capture,
        then=(A.ROUND_ATT, A.SP_ANSWER, A.AMBUSH_DECIDE),
    ),
    Decision(
        A.AMBUSH_DECIDE,
        "ambush_decide",
        ("His last lord is taken: go on with the battle?", "對方最後一名貴族被抓：繼續戰鬥嗎？"),
        legal=_fixed(A.AMBUSH_GO_ON, A.AMBUSH_END),
        apply=intrigue.apply_ambush_decide,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW),
    ),
    Decision(
        A.LIFT_PURSUE,
        "pursue_lifted_siege",
        ("The siege is lifted: pursue the besiegers?", "圍攻解除：追擊圍攻方嗎？"),
        legal=_fixed(A.PURSUE, A.LET_GO),
        apply=battle.apply_lift_pursue,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW, A.JOIN_SIDE, A.WITHDRAW_TO),
    ),
    Decision(
        A.JOIN_SIDE,
        "join_side",
        (
            "A battle here: join the attacker, the defender, or neither?",
            "此地開戰：加入攻方、守方，或都不加入？",
        ),
        legal=battle.legal_join_side,
        apply=battle.apply_join_side,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW, A.JOIN_SIDE, A.KEEPER),
    ),
    Decision(
        A.PLAGUE_LOSS,
        "plague_loss",
        ("Plague: choose a unit to lose", "「瘟疫」：選擇要失去的部隊"),
        legal=_of_state(disasters.legal_plague_loss),
        apply=_plague_loss,
        then=(A.MOVE_LORD, A.PERMIT, A.PLAGUE_LOSS),
        shows=_plague_due,
    ),
    Decision(
        A.WITHDRAW_TO,
        "withdraw_to",
        ("Withdraw to which village?", "撤退到哪個村莊？"),
        legal=_of_state(battle.legal_withdraw_to),
        apply=battle.apply_withdraw_to,
        then=(A.PLAGUE_LOSS,),
    ),
    Decision(
        A.UPRISING_STOP,
        "uprising_stop",
        (
            "Try to stop the Uprising (a d6 roll), or let it come?",
            "嘗試阻止「暴動」（擲1顆骰子），或任其發生？",
        ),
        legal=_fixed(A.PASS, A.STOP_UPRISING),
        apply=intrigue.apply_uprising_stop,
        then=(A.UPRISING_STOP,),
    ),
    Decision(
        A.LOSS_SHARE,
        "side_loss",
        ("Which family of your side takes this loss?", "你這一方由哪一家承受這次損失？"),
        legal=_of_state(battle.legal_side_loss),
        apply=battle.apply_side_loss,
        then=(A.ROUND_ATT, A.LORD_DEATH, A.LOSS_SHARE, A.KEEPER, A.SIDE_CHANGE),
    ),
    Decision(
        A.KEEPER,
        "captive_keeper",
        ("Which family of your side keeps the captive?", "你這一方由哪一家看管肉票？"),
        legal=_of_state(battle.legal_keeper),
        apply=battle.apply_keeper,
        then=(A.KEEPER,),
    ),
    Decision(
        A.JOAN_TARGET,
        "joan_target",
        ("On which unmarried lady is Joan d'Arc played?", "「聖女貞德」打在哪位未婚女性貴族身上？"),
        legal=_of_state(joan.legal_target),
        apply=intrigue.apply_joan_target,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW),
    ),
    Decision(
        A.TITLE_HEIR,
        "title_heir",
        (
            "The holder died: which lord of the family inherits the fief title?",
            "封地貴族死亡：家族中哪位貴族繼承封地爵位？",
        ),
        legal=_of_state(succession.legal_heir),
        apply=succession.apply_heir,
        then=(AGAIN, A.TITLE_HEIR),
        shows=_heir_fief,
    ),
    Decision(
        A.PLACE_FREED,
        "place_freed_lord",
        ("Where does your freed or waiting lord arrive?", "你獲釋或等待中的貴族放在哪裡？"),
        legal=cards.legal_place_freed,
        apply=cards.apply_place_freed,
        shows=_freed_lord,
    ),
    Decision(
        A.ESCAPE_CHOICE,
        "escape_captive",
        (
            "Which of your captive lords escapes by the Secret Passage?",
            "哪位被俘的貴族經由「秘密通道」逃脫？",
        ),
        legal=intrigue.legal_escape_choice,
        apply=intrigue.apply_escape_choice,
    ),
    Decision(
        A.SIDE_CHANGE,
        "side_change",
        (
            "After the round: stay on your side, go over to the other side, or leave the battle?",
            "這一輪結束：留在原本一方、倒戈到另一方，或退出戰鬥？",
        ),
        legal=battle.legal_side_change,
        apply=battle.apply_side_change,
        then=(A.ROUND_ATT, A.KEEPER, A.SIDE_CHANGE),
        words={  # the choices of join_side, mid-battle
            A.SIDE_ATT: ("Go over to the attacker's side", "倒戈加入攻方"),
            A.SIDE_DEF: ("Go over to the defender's side", "倒戈加入守方"),
            A.SIDE_NONE: ("Leave the battle", "退出戰鬥"),
        },
    ),
    Decision(
        A.PROPOSAL,
        "marriage_proposal",
        ("Propose a marriage for one of your lords, or pass", "為你的一位貴族提親，或跳過"),
        legal=announce.legal_proposal,
        apply=announce.apply_proposal,
        then=(A.PARTNER,),
        offers=True,
        frees=True,
        anytime=True,
    ),
    Decision(
        A.PARTNER,
        "marriage_partner",
        ("Whom should he or she marry?", "要與哪一位結婚？"),
        legal=announce.legal_partner,
        apply=announce.apply_partner,
        then=(A.MARRIAGE_ANSWER,),
    ),
    Decision(
        A.MARRIAGE_ANSWER,
        "marriage_answer",
        ("A marriage is proposed to your family: accept?", "有人向你的家族提親：接受嗎？"),
        legal=_fixed(A.MARRY_YES, A.MARRY_NO),
        apply=announce.apply_marriage_answer,
    ),
    Decision(
        A.POPE_DECREE,
        "pope_decree",
        (
            "The Pope: excommunicate a lord, reinstate one, or pass",
            "教宗：將一位貴族逐出教會、恢復其教籍，或跳過",
        ),
        legal=announce.legal_decree,
        apply=announce.apply_decree,
        anytime=True,
    ),
    Decision(
        A.ANNULMENT_REQUEST,
        "annulment_request",
        ("Ask the Pope to annul your family's marriage?", "請求教宗宣告你家族的婚姻無效嗎？"),
        legal=_fixed(A.PASS, A.ANNUL_ASK),
        apply=announce.apply_annulment_request,
        then=(A.ANNULMENT_ANSWER,),
        anytime=True,
    ),
    Decision(
        A.ANNULMENT_ANSWER,
        "annulment_answer",
        (
            "A family asks you, the Pope, to annul its marriage: grant it?",
            "有家族請求身為教宗的你宣告其婚姻無效：同意嗎？",
        ),
        legal=_fixed(A.ANNUL_YES, A.ANNUL_NO),
        apply=announce.apply_annulment_answer,
    ),
    Decision(
        A.CANDIDACY,
        "candidacy",
        ("Bishop election: declare a candidate, or pass", "主教選舉：推舉一位候選人，或跳過"),
        legal=announce.legal_candidacy,
        apply=announce.apply_candidacy,
        anytime=True,
    ),
    Decision(
        A.BALLOT,
        "ballot",
        (
            "Secret ballot: give all your votes to one candidate, or abstain",
            "秘密投票：把你所有的票投給一位候選人，或棄權",
        ),
        legal=announce.legal_ballot,
        apply=announce.apply_ballot,
        then=(A.BALLOT,),
        shows=_voters,
        who=Who.VOTERS,
    ),
    Decision(
        A.CROWN_PRINCE,
        "crown_prince",
        ("Does this lord come as the Crown Prince?", "這位貴族以皇儲身分登場嗎？"),
        legal=_fixed(A.PRINCE_YES, A.PRINCE_NO),
        apply=cards.apply_prince,
        then=(A.PLACE,),
        shows=_new_lord,
    ),
    Decision(
        A.CARDINAL_TARGET,
        "cardinal_target",
        ("Which of your Bishops becomes Cardinal?", "你的哪位主教升為「紅衣主教」？"),
        legal=_of_state(dynasty.legal_cardinal_target),
        apply=dynasty.apply_cardinal_target,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW, A.CARDINAL_CONSENT),
    ),
    Decision(
        A.CARDINAL_CONSENT,
        "cardinal_consent",
        ("The Pope: approve or veto the new Cardinal?", "教宗：同意或否決新的「紅衣主教」？"),
        legal=_fixed(A.CONSENT_YES, A.CONSENT_NO),
        apply=dynasty.apply_consent,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW, A.CARDINAL_REDIRECT),
        shows=_red_hat,
    ),
    Decision(
        A.CARDINAL_REDIRECT,
        "cardinal_redirect",
        (
            "Vetoed: give the Cardinal card to another Bishop, or discard it",
            "已否決：把「紅衣主教」給另一位主教，或棄掉",
        ),
        legal=_of_state(dynasty.legal_redirect),
        apply=dynasty.apply_redirect,
        then=(A.ROUND_ATT, A.BATTLE_WINDOW),
        shows=_red_hat,
    ),
    Decision(
        A.GRANTEE,
        "royal_grant",
        ("To which lord does the Crown grant the title?", "王室把爵位賜給哪位貴族？"),
        legal=_of_state(dynasty.legal_grantee),
        apply=dynasty.apply_grantee,
        then=(A.CITY,),
        shows=_title_fief,
    ),
    Decision(
        A.OFFER_COMPOSE,
        "offer_compose",
        ("Your offer: add terms, then send it (or drop it)", "你的協議：加入條款後送出（或取消）"),
        legal=offers.legal_compose,
        apply=offers.apply,
        then=(AGAIN, A.OFFER_COMPOSE, A.OFFER_ANSWER),
    ),
    Decision(
        A.OFFER_ANSWER,
        "offer_answer",
        ("An offer to you: accept it or refuse it", "有人向你提出協議：接受或拒絕"),
        legal=offers.legal_answer,
        apply=offers.apply,
        then=(AGAIN,),
    ),
)


def _never(s: FiefState, p: int, a: Action, ev: list[Event]) -> None:
    raise AssertionError("no decision is pending: nobody acts")


NO_DECISION = Decision(A.NONE, "", ("", ""), legal=_fixed(), apply=_never)

DECISIONS: tuple[Decision, ...] = tuple(
    sorted((NO_DECISION, *DECISIONS_IN_ORDER), key=lambda d: d.kind)
)
"""Every kind of decision, indexed by its number."""
assert [d.kind for d in DECISIONS] == list(range(len(DECISIONS)))
KIND_NAMES = tuple(d.name for d in DECISIONS)
OFFER_KINDS = frozenset((A.OFFER_COMPOSE, A.OFFER_ANSWER))  # its apply: offers.apply
VOTED = frozenset(d.kind for d in DECISIONS if d.who is Who.VOTERS)


def decision_named(name: str) -> Decision:
    return next(d for d in DECISIONS if d.name == name)


# ==================================================================== the phases (§3)
def _offer_start(s: FiefState, p: int, ev: list[Event]) -> bool:
    s.kind = A.PICK_START
    return True


def _offer_income(s: FiefState, p: int, ev: list[Event]) -> bool:
    """The opportunity window first, each holder of a card in turn; then the income of
    every family at once."""
    s.window = [f for f in s.window if s.hand[f]]
    if s.window:
        s.kind, s.actor = A.WINDOW, s.window[0]
        return True
    economy.collect_income(s, ev)
    s.cursor = s.n_players
    return False


def _asks(
    kind: int, legal: Callable[[FiefState, int], Any]
) -> Callable[[FiefState, int, list[Event]], bool]:
    """The phase asks ``kind`` of a player while ``legal`` is true for him."""

    def offer(s: FiefState, p: int, ev: list[Event]) -> bool:
        if legal(s, p):
            s.kind = kind
            return True
        return False

    return offer


def _offer_battles(s: FiefState, p: int, ev: list[Event]) -> bool:
    """The player's battles first, then (with his engines turned) his sieges."""
    if s.battle_step == battle.BATTLING:
        if battle.legal_battle(s, p):
            s.kind = A.BATTLE_SELECT
            return True
        battle.begin_sieges(s, p, ev)
    if battle.legal_siege(s, p):
        s.kind = A.SIEGE
        return True
    s.fought = s.truced = 0
    return False


def _offer_nothing(s: FiefState, p: int, ev: list[Event]) -> bool:
    return False


def _enter_purchases(s: FiefState, ev: list[Event]) -> None:
    s.new_units = [0] * (NV * SEATS)
    s.transferred = [0] * len(s.transferred)
    s.biretta_asked = [0] * len(s.biretta_asked)


def _enter_battles(s: FiefState, ev: list[Event]) -> None:
    s.fought = s.truced = s.truce_broken = 0


def _enter_end_of_turn(s: FiefState, ev: list[Event]) -> None:
    end_turn(s, ev)
    s.cursor = s.n_players


PHASES_IN_ORDER = (
    Phase(A.SETUP, "setup", _offer_start, after=A.ANNOUNCE),
    Phase(
        A.ANNOUNCE,
        "announcements",
        announce.offer,
        after=A.CARDS_PHASE,
        enter=lambda s, ev: announce.open_phase(s),
        more=announce.next_step,
        opens_turn=True,
    ),
    Phase(A.CARDS_PHASE, "cards", cards.offer, after=A.INCOME, more=cards.next_step),
    Phase(
        A.INCOME,
        "income",
        _offer_income,
        after=A.RANSOMS,
        enter=lambda s, ev: intrigue.open_window(s),
    ),  # the switch's window
    Phase(A.RANSOMS, "ransoms", _asks(A.RANSOM, economy.legal_ransom), after=A.PURCHASES),
    Phase(
        A.PURCHASES,
        "purchase",
        _asks(A.PURCHASE, lambda s, p: True),
        after=A.MOVEMENT,
        enter=_enter_purchases,
    ),
    Phase(
        A.MOVEMENT,
        "movement",
        _asks(A.MOVE_SELECT, movement.may_move),
        after=A.BATTLES,
        enter=lambda s, ev: roads.start_movement(s),
        leave=roads.end_movement,
    ),
    Phase(A.BATTLES, "battles", _offer_battles, after=A.PILLAGES, enter=_enter_battles),
    Phase(A.PILLAGES, "pillage", _asks(A.PILLAGE, battle.legal_pillage), after=A.END_OF_TURN),
    Phase(A.END_OF_TURN, "end_of_turn", _offer_nothing, after=A.ANNOUNCE, enter=_enter_end_of_turn),
)

PHASES: tuple[Phase, ...] = tuple(sorted(PHASES_IN_ORDER, key=lambda ph: ph.phase))
"""Every phase, indexed by its number."""
assert [ph.phase for ph in PHASES] == list(range(len(PHASES)))
PHASE_NAMES = tuple(ph.name for ph in PHASES)
