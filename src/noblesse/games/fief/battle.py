"""Battles (§4.6), sieges (§4.7) and pillage (§4.8).

In turn order a player declares battles (``battle:<village>``) where he has a lord and
another family has figures (not lords alone on both sides), one per village; with
several other families there he names the foe (``against:<seat>``). Each round the
attacker fights, proposes a truce, surrenders or (against a fortress) withdraws; the
defender then fights or surrenders; both roll together and take casualties (§4.6.4).
After his battles the player may besiege fortresses (``siege:<village>``); engines
placed earlier turn to +2D first. After all battles, players pillage mills in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress

from noblesse.core.events import Event
from noblesse.games.fief import actions as A
from noblesse.games.fief.battle_state import (
    Battle,
    DeathDue,
    KeeperDue,
    LossDue,
    Side,
)
from noblesse.games.fief.control import arrive, capture, lift_lord, put_lord, settle
from noblesse.games.fief.death import kill
from noblesse.games.fief.disasters import death_check, entry_loss, plague_entry
from noblesse.games.fief.economy import titles_held
from noblesse.games.fief.joan import side_dice
from noblesse.games.fief.pacts import truce_agreed
from noblesse.games.fief.promises import on_battle
from noblesse.games.fief.state import (
    ADJ,
    ASSUMED,
    BISHOPRIC_OF,
    LORD_FEMALE,
    NL,
    NV,
    SEATS,
    BattleStep,
    FiefState,
    d6,
    order,
    present,
    rule,
    the_battle,
    troops,
)

FACES = tuple(int(x) for x in ASSUMED["battle_die_faces"])
FACES_ALT = tuple(int(x) for x in ASSUMED["battle_die_faces_alternative"])
KNIGHT_SP, MAA_SP, LORD_SP = rule("knight_sp"), rule("man_at_arms_sp"), rule("lord_sp")
LADY_SP = int(ASSUMED["untitled_lady_sp"])
LADY_SP_ALT = int(ASSUMED["untitled_lady_sp_alternative"])
KNIGHT_HP = rule("knight_hp")
JOAN_SP = rule("joan_sp")
JOAN_SP_ALT = rule("joan_sp_alternative")
if rule("lord_hp") != 1 or int(ASSUMED["untitled_lady_hp"]) != 1 or rule("man_at_arms_hp") != 1:
    # queue_deaths kills one lord per hit beyond the troops (§4.6.4)
    raise ValueError(
        "data.toml: lord_hp, untitled_lady_hp and man_at_arms_hp must be 1: "
        "the engine takes one hit per lord and per man-at-arms"
    )
DICE_1, DICE_7, DICE_13 = rule("dice_at_1_sp"), rule("dice_at_7_sp"), rule("dice_at_13_sp")
PENALTY = (0, rule("stronghold_penalty"), rule("city_penalty"))
ENGINE_FIRST, ENGINE_LATER = rule("siege_engine_first"), rule("siege_engine_later")
QUIET_END = rule("quiet_rounds_to_end")
PILLAGE_GAIN = rule("pillage_per_mill")
CAVALCADE_BONUS = rule("cavalcade_defender_bonus")
ENGINES = 2


BATTLING, SIEGING = BattleStep
ATTACKER, DEFENDER = Side.ATTACKER, Side.DEFENDER


# ------------------------------------------------------------------ dice


CavalcadeEnd = Callable[[FiefState, int, int, int, list[Event]], None]


def _unwired(s: FiefState, p: int, where: int, foe: int, ev: list[Event]) -> None:
    raise RuntimeError("battle.wire was not called (rules.py wires the flow)")


_after_cavalcade: CavalcadeEnd = _unwired


def wire(after_cavalcade: CavalcadeEnd) -> None:
    """What follows the battle of a cavalcade (``cavalcade.after_battle``, called with
    the attacker, the village and the foe). A cavalcade starts its battle, so
    ``cavalcade`` sits above this module and ``rules``, which wires the flow, hands it
    down here."""
    global _after_cavalcade
    _after_cavalcade = after_cavalcade


def roll(s: FiefState, why: str, seat: int, count: int, ev: list[Event], **extra: int) -> list[int]:
    """``count`` d6, logged as one event (every roll is in the log)."""
    rolls = [d6(s) for _ in range(count)]
    ev.append(Event("roll", {"seat": seat, "why": why, "dice": rolls, **extra}))
    return rolls


def hits_of(s: FiefState, rolls: list[int]) -> int:
    faces = FACES_ALT if s.options["public_dice_faces"] else FACES
    return sum(faces[r - 1] for r in rolls)


def strength(s: FiefState, v: int, f: int) -> int:
    """SP of a family's figures in ``v`` (§4.6.2; an untitled lady has 0 SP, §6 #8,
    1 with ``untitled_lady_has_sp``; Joan 1, 2 with ``joan_two_sp``, §6 #10)."""
    i = v * SEATS + f
    sp = s.knights[i] * KNIGHT_SP + s.men_at_arms[i] * MAA_SP
    for lo in range(NL):
        if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0:
            if lo == s.joan:
                sp += JOAN_SP_ALT if s.options["joan_two_sp"] else JOAN_SP
            elif LORD_FEMALE[lo] and lo not in s.fief_holder:
                sp += LADY_SP_ALT if s.options["untitled_lady_has_sp"] else LADY_SP
            else:
                sp += LORD_SP
    return sp


def dice_for(sp: int) -> int:
    if sp <= 0:
        return 0
    if sp <= 6:
        return DICE_1
    return DICE_7 if sp <= 12 else DICE_13


def take_hits(s: FiefState, v: int, f: int, hits: int) -> tuple[int, int, int]:
    """§4.6.4: knights first (3 hits each, remainders never kill one), then men-at-arms;
    returns (knights lost, men-at-arms lost, hits left for the lords)."""
    i = v * SEATS + f
    k = min(s.knights[i], hits // KNIGHT_HP)
    hits -= k * KNIGHT_HP
    m = min(s.men_at_arms[i], hits)
    hits -= m
    s.knights[i] -= k
    s.men_at_arms[i] -= m
    s.spent_knights[i] = min(s.spent_knights[i], s.knights[i])
    s.spent_men_at_arms[i] = min(s.spent_men_at_arms[i], s.men_at_arms[i])
    return k, m, hits if s.knights[i] + s.men_at_arms[i] == 0 else 0


# ------------------------------------------------------------------ declaring


def foes(s: FiefState, v: int, p: int) -> list[int]:
    """Families ``p`` may attack in ``v``: present, ``p`` having troops there (a foe with
    lords alone is taken without dice, source: "遇到別人入侵會直接被綁票"). With
    ``lords_alone_declare_battle`` (spec §4.6.1 "figures", NOTES disagreement 12) his
    lords alone may attack a family with troops there (lords alone on both sides: no
    battle); his side, without troops, is taken after the first round (``decided``)."""
    there: Callable[[FiefState, int, int], object]  # who may be attacked
    if troops(s, v, p):
        there = present
    elif s.options["lords_alone_declare_battle"]:
        there = troops
    else:
        return []  # source: "在有自己和對方部隊的村莊" (NOTES disagreement 12)
    out = [g for g in range(s.n_players) if g != p and there(s, v, g)]
    if s.pacts:  # §7.4: a truce agreed in an offer blocks the declaration
        out = [g for g in out if not truce_agreed(s, p, g, v)]
    return out


def breakable(s: FiefState, v: int) -> bool:
    """§4.6.1 "a truce may be broken at once" (source "休戰可以馬上被打破"): where one of
    the player's own battles ended in a truce (``truced`` is cleared when a player's
    battles are over) he may declare once more, once per village per turn [assumed:
    so that no two players can truce and re-declare for ever]."""
    bit = 1 << v
    return bool(s.truced & bit) and not s.truce_broken & bit


def legal_battle(s: FiefState, p: int) -> list[int]:
    out = []
    for v in compress(range(NV), s.free_lords[p::SEATS]):  # troops need a lord to attack
        if (s.fought >> v) & 1 and not breakable(s, v):
            continue
        if s.rain[BISHOPRIC_OF[v]]:
            continue  # no battle in rain (§4.6.1)
        if foes(s, v, p):
            out.append(A.BATTLE0 + v)
    return [A.PASS, *out] if out else []


def apply_battle(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    """True when ``p`` is done declaring battles."""
    if action == A.PASS:
        return True
    v = action - A.BATTLE0
    if (s.fought >> v) & 1:
        s.truce_broken |= 1 << v
        ev.append(Event("truce_broken", {"seat": p, "village": v}))
    s.fought |= 1 << v
    targets = foes(s, v, p)
    if len(targets) > 1:
        s.kind, s.contested_village = A.BATTLE_FOE, v
        return False
    start_battle(s, v, p, targets[0], ev)
    return False


def legal_foe(s: FiefState, p: int) -> list[int]:
    return [A.FOE0 + g for g in foes(s, s.contested_village, p)]


def apply_foe(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    start_battle(s, s.contested_village, p, action - A.FOE0, ev)


def start_battle(s: FiefState, v: int, att: int, dfn: int, ev: list[Event]) -> None:
    """The attacker names his foe; the other families there choose a side, in turn
    order (§4.6.1: sides sum their SP), unless it is a cavalcade."""
    sides = [0] * SEATS
    sides[att], sides[dfn] = ATTACKER, DEFENDER
    s.battle = b = Battle(v, att, dfn, sides)
    s.contested_village = s.moving_lord = -1  # a cavalcade's leader: see after_battle
    ev.append(Event("battle", {"seat": att, "foe": dfn, "village": v}))
    if s.promises:
        on_battle(s, att, dfn)  # §7.4: a promise of peace to the foe breaks
    if s.cavalcade is None:
        b.asking = [g for g in order(s) if g not in (att, dfn) and present(s, v, g)]
    next_side_or_fight(s, ev)


def next_side_or_fight(s: FiefState, ev: list[Event]) -> None:
    asking = the_battle(s).asking
    if asking:
        s.kind, s.actor = A.JOIN_SIDE, asking[0]
        return
    begin_fight(s, ev)


def may_attack(s: FiefState, p: int) -> bool:
    """§4.6.1 "troops with no lord cannot attack but defend normally" (source
    "沒有貴族率領的部隊不能進攻"): only a family with a free lord in the battle's village
    joins or goes over to the attacking side [assumed: one already there may stay]."""
    return s.free_lords[the_battle(s).village * SEATS + p] > 0


def legal_join_side(s: FiefState, p: int) -> list[int]:
    return [a for a in (A.SIDE_ATT, A.SIDE_DEF, A.SIDE_NONE) if a != A.SIDE_ATT or may_attack(s, p)]


def apply_join_side(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    b = the_battle(s)
    b.asking.pop(0)
    if action != A.SIDE_NONE:
        b.sides[p] = ATTACKER if action == A.SIDE_ATT else DEFENDER
        ev.append(
            Event(
                "join_side",
                {
                    "seat": p,
                    "village": b.village,
                    "with": b.attacker if action == A.SIDE_ATT else b.defender,
                },
            )
        )
    next_side_or_fight(s, ev)


def side(s: FiefState, which: Side) -> list[int]:
    """The families of a side, its leader first, then in turn order."""
    b = the_battle(s)
    lead = b.attacker if which == ATTACKER else b.defender
    sides = b.sides
    return [lead, *(g for g in order(s) if g != lead and sides[g] == which)]


def side_troops(s: FiefState, which: Side) -> int:
    v = the_battle(s).village
    return sum(troops(s, v, f) for f in side(s, which))


def side_present(s: FiefState, which: Side) -> bool:
    v = the_battle(s).village
    return any(present(s, v, f) for f in side(s, which))


def fortification(s: FiefState, ev: list[Event]) -> None:
    """§4.6.3 as the sides stand (allies may change sides after a round): −1/−2 dice
    against the defending side's stronghold/city, cancelled by the attacking side's
    siege engines (allies' engines add up); a sally (the garrison attacking) has no
    penalty, nor a battle the defender pursued into the open field, nor one where a
    Secret Passage cancelled it. Withdrawing is for the attackers of a fortress."""
    b = the_battle(s)
    v = b.village
    holder = s.ctrl[v]
    fortress = holder >= 0 and b.sides[holder] == DEFENDER and s.fort[v] > 0
    walled = fortress and not (b.pursued or b.secret_passage)
    penalty = PENALTY[s.fort[v]] if walled else 0
    engines = sum(s.engine[v * SEATS + f] for f in side(s, ATTACKER))
    pen = max(0, penalty - engines)
    if pen and pen != b.penalty:
        ev.append(Event("fortification", {"village": v, "penalty": pen}))
    b.penalty = pen
    b.cannot_withdraw = not fortress or b.pursued


def begin_fight(s: FiefState, ev: list[Event]) -> None:
    the_battle(s).penalty = 0
    fortification(s, ev)
    if side_troops(s, DEFENDER) == 0 and side_troops(s, ATTACKER) > 0:
        # lords alone facing troops are taken without dice (§4.6.1)
        capture_side(s, DEFENDER, ev)
        end_battle(s, "captured", ev)
        return
    open_battle_window(s)


def open_battle_window(s: FiefState) -> None:
    """The battle window (§4.12.5, §4.12.6): every family of either side whose hand
    holds a card, the attacker first, then the defender, then their allies in turn
    order [assumed]; being asked reveals nothing (hand sizes are public)."""
    b = the_battle(s)
    att, dfn = b.attacker, b.defender
    members = [att, dfn, *(g for g in order(s) if b.sides[g] and g not in (att, dfn))]
    s.window = [f for f in members if s.hand[f]]
    if s.window:
        s.kind, s.actor = A.BATTLE_WINDOW, s.window[0]
    else:
        s.kind, s.actor = A.ROUND_ATT, att


def next_in_battle_window(s: FiefState) -> None:
    s.window = [f for f in s.window if s.hand[f]]  # a hand emptied meanwhile: not asked
    if s.window:
        s.kind, s.actor = A.BATTLE_WINDOW, s.window[0]
    else:
        s.kind, s.actor = A.ROUND_ATT, the_battle(s).attacker


def capture_side(s: FiefState, which: Side, ev: list[Event]) -> None:
    """The side's free lords there are taken by the winning side (source
    "戰鬥組隊時…決定誰受傷亡跟誰抓到俘虜"): a captive is kept by a family of that side with
    troops there (captives escape from a captor without troops, §4.6.6); with several
    such families, the winning side's leader chooses the keeper of each."""
    b = the_battle(s)
    leader = b.defender if which == ATTACKER else b.attacker
    v = b.village
    keepers = [f for f in side(s, DEFENDER if which == ATTACKER else ATTACKER) if troops(s, v, f)]
    captor = keepers[0] if keepers else leader  # the leader first, when he has troops
    choice = tuple(sorted(keepers))
    for f in side(s, which):
        for lo in range(NL):
            if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0:
                capture(s, lo, captor, ev)
                if len(keepers) > 1:
                    s.keep_due.append(KeeperDue(leader, lo, choice))


def legal_keeper(s: FiefState) -> list[int]:
    return [A.KEEPER0 + g for g in s.keep_due[0].keepers]


def apply_keeper(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    lo = s.keep_due.pop(0).captive
    g = action - A.KEEPER0
    s.l_captor[lo] = g
    ev.append(Event("captive_kept", {"seat": g, "lord": lo, "village": s.l_loc[lo]}))
    next_keeper(s)


def next_keeper(s: FiefState) -> None:
    if s.keep_due:
        s.kind, s.actor = A.KEEPER, s.keep_due[0].leader
    else:
        s.kind = A.NONE


def capture_all(s: FiefState, v: int, f: int, captor: int, ev: list[Event]) -> None:
    for lo in range(NL):
        if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0:
            capture(s, lo, captor, ev)


def end_battle(s: FiefState, how: str, ev: list[Event]) -> None:
    b = the_battle(s)
    v, att, foe = b.village, b.attacker, b.defender
    ev.append(Event("battle_end", {"village": v, "how": how, "seat": att, "foe": foe}))
    if how == "truce":
        s.truced |= 1 << v
    settle(s, v, ev)
    s.battle = None
    s.react = True  # a battle ends: a public event (§4.12)
    s.kind, s.actor = A.NONE, att
    if s.keep_due:
        next_keeper(s)
    if s.cavalcade is not None:
        _after_cavalcade(s, att, v, foe, ev)


# ------------------------------------------------------------------ rounds


def legal_round_att(s: FiefState) -> list[int]:
    out = [A.FIGHT, A.SURRENDER, A.TRUCE]
    if not the_battle(s).cannot_withdraw:
        out.append(A.WITHDRAW)
    return out


def surrender(s: FiefState, loser: int, winner: int, ev: list[Event]) -> None:
    """§4.6.5: the surrendering side's troops are removed and its lords captured."""
    b = the_battle(s)
    v = b.village
    which = ATTACKER if loser == b.attacker else DEFENDER
    for f in side(s, which):
        i = v * SEATS + f
        s.knights[i] = s.men_at_arms[i] = s.spent_knights[i] = s.spent_men_at_arms[i] = 0
    capture_side(s, which, ev)
    end_battle(s, "surrender", ev)


def apply_round_att(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    b = the_battle(s)
    if action == A.FIGHT:
        s.kind, s.actor = A.ROUND_DEF, b.defender
    elif action == A.SURRENDER:
        surrender(s, b.attacker, b.defender, ev)
    elif action == A.TRUCE:
        s.kind, s.actor = A.TRUCE_ANSWER, b.defender
    else:
        ev.append(Event("withdraw", {"seat": p, "village": b.village}))
        b.cannot_withdraw = True
        s.kind, s.actor = A.PURSUE_CHOICE, b.defender


def apply_truce_answer(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """Source: "雙方同意休戰" (both sides agree); refused, the round goes on: the
    defender answers the attacker's fight, or the defender's proposal becomes his fight."""
    if action == A.TRUCE_YES:
        end_battle(s, "truce", ev)
        return
    b = the_battle(s)
    ev.append(Event("truce_refused", {"seat": p, "village": b.village}))
    if p == b.defender:
        s.kind, s.actor = A.ROUND_DEF, b.defender
    else:
        fight_round(s, ev)


def legal_round_def(s: FiefState) -> list[int]:
    return [A.FIGHT, A.SURRENDER, A.TRUCE]


def apply_round_def(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    b = the_battle(s)
    if action == A.SURRENDER:
        surrender(s, b.defender, b.attacker, ev)
    elif action == A.TRUCE:
        s.kind, s.actor = A.TRUCE_ANSWER, b.attacker
    else:
        fight_round(s, ev)


def apply_pursue(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """§4.6.5 #6: pursued, the battle goes on in the open field, without penalty; let
    go, the attacker leaves the village (source "攻方可以直接撤退", NOTES #13)."""
    b = the_battle(s)
    if action == A.LET_GO:
        att, v, caval = b.attacker, b.village, s.cavalcade is not None
        end_battle(s, "withdrawn", ev)
        if not caval and s.kind == A.NONE:
            start_withdrawal(s, att, v, ev)
        return
    b.pursued = True
    b.penalty = 0
    fight_round(s, ev)


def side_strength(s: FiefState, which: Side) -> int:
    v = the_battle(s).village
    return sum(strength(s, v, f) for f in side(s, which))


def side_hits(s: FiefState, which: Side, hits: int) -> tuple[int, int, int]:
    """§4.6.4 over a side: knights first, then men-at-arms. A side of several families
    shares each loss as its leader chooses (source: "戰鬥組隊時…決定誰受傷亡跟誰抓到俘虜";
    the leader speaks for the side [assumed]); forced losses are taken at once."""
    v = the_battle(s).village
    families = side(s, which)
    knights = sum(s.knights[v * SEATS + f] for f in families)
    k_lost = min(knights, hits // KNIGHT_HP)
    hits -= k_lost * KNIGHT_HP
    men = sum(s.men_at_arms[v * SEATS + f] for f in families)
    m_lost = min(men, hits)
    hits -= m_lost
    for units, lost, knight in ((s.knights, k_lost, 1), (s.men_at_arms, m_lost, 0)):
        holders = [f for f in families if units[v * SEATS + f]]
        if len(holders) > 1 and lost < sum(units[v * SEATS + f] for f in holders):
            s.loss_due.append(LossDue(which, bool(knight), lost))
            continue
        for f in holders:
            take_unit(s, v * SEATS + f, knight, min(lost, units[v * SEATS + f]))
            lost -= min(lost, units[v * SEATS + f])
    left = hits if knights + men - k_lost - m_lost == 0 else 0
    return k_lost, m_lost, left


def take_unit(s: FiefState, i: int, knight: int, count: int) -> None:
    if knight:
        s.knights[i] -= count
        s.spent_knights[i] = min(s.spent_knights[i], s.knights[i])
    else:
        s.men_at_arms[i] -= count
        s.spent_men_at_arms[i] = min(s.spent_men_at_arms[i], s.men_at_arms[i])


def loss_holders(s: FiefState) -> list[int]:
    due = s.loss_due[0]
    units = s.knights if due.knights else s.men_at_arms
    v = the_battle(s).village
    return [f for f in side(s, due.side) if units[v * SEATS + f]]


def legal_side_loss(s: FiefState) -> list[int]:
    return [A.LOSS0 + f for f in loss_holders(s)]


def apply_side_loss(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    due = s.loss_due[0]
    f = action - A.LOSS0
    v = the_battle(s).village
    take_unit(s, v * SEATS + f, due.knights, 1)
    ev.append(
        Event(
            "side_loss",
            {"seat": f, "village": v, "unit": "knight" if due.knights else "man_at_arms"},
        )
    )
    s.loss_due[0] = due._replace(units=due.units - 1)
    settle_losses(s)
    resume_battle(s, ev)


def settle_losses(s: FiefState) -> None:
    """Drop the shares done, and take those left to one family at once."""
    while s.loss_due:
        due = s.loss_due[0]
        n = due.units
        holders = loss_holders(s)
        units = s.knights if due.knights else s.men_at_arms
        v = the_battle(s).village
        total = sum(units[v * SEATS + f] for f in holders)
        if n and len(holders) > 1 and n < total:
            return
        s.loss_due.pop(0)
        for f in holders:
            i = v * SEATS + f
            take = min(n, units[i])
            take_unit(s, i, due.knights, take)
            n -= take


def fight_round(s: FiefState, ev: list[Event]) -> None:
    b = the_battle(s)
    v, att, dfn = b.village, b.attacker, b.defender
    b.round += 1
    a_dice = max(
        0, dice_for(side_strength(s, ATTACKER)) + side_dice(s, side(s, ATTACKER), v) - b.penalty
    )
    d_dice = dice_for(side_strength(s, DEFENDER)) + side_dice(s, side(s, DEFENDER), v)
    a_rolls = roll(s, "battle", att, a_dice, ev, village=v)
    d_rolls = roll(s, "battle", dfn, d_dice, ev, village=v)
    a_hits, d_hits = hits_of(s, a_rolls), hits_of(s, d_rolls)
    if s.cavalcade is not None:
        d_hits += CAVALCADE_BONUS * d_dice  # §4.5.2: +1 hit on each defender die
    dk, dm, d_left = side_hits(s, DEFENDER, a_hits)
    ak, am, a_left = side_hits(s, ATTACKER, d_hits)
    ev.append(
        Event(
            "round",
            {
                "village": v,
                "round": b.round,
                "hits": [a_hits, d_hits],
                "losses": [[ak, am], [dk, dm]],
            },
        )
    )
    b.casualties = ak + am + dk + dm
    for which, left in ((DEFENDER, d_left), (ATTACKER, a_left)):
        for f in side(s, which):
            if left:
                left = queue_deaths(s, v, f, left, ev)
    resume_battle(s, ev)


def queue_deaths(s: FiefState, v: int, f: int, hits: int, ev: list[Event]) -> int:
    """Hits beyond the troops kill lords, one each; the owner chooses who (§6 #16).
    Returns the hits left for the next family of the side."""
    lords = [
        lo for lo in range(NL) if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0
    ]
    if not lords:
        return hits
    the_battle(s).casualties += min(hits, len(lords))
    if hits >= len(lords):
        for lo in lords:
            kill(s, lo, "battle", ev)
        return hits - len(lords)
    if not s.options["owner_chooses_losses"]:  # §6 #16 switched: least valuable first
        for lo in sorted(lords, key=lambda lo: (titles_held(s, lo), lo))[:hits]:
            kill(s, lo, "battle", ev)
        return 0
    s.deaths.append(DeathDue(f, hits))
    return 0


def legal_death(s: FiefState) -> list[int]:
    f = s.deaths[0].family
    v = the_battle(s).village
    return [
        A.KILL0 + lo
        for lo in range(NL)
        if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0
    ]


def apply_death(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    kill(s, action - A.KILL0, "battle", ev)
    due = s.deaths[0]
    if due.hits > 1:
        s.deaths[0] = due._replace(hits=due.hits - 1)
    else:
        s.deaths.pop(0)
    resume_battle(s, ev)


def resume_battle(s: FiefState, ev: list[Event]) -> None:
    """After a round (and its lord deaths): end conditions of §4.6.5, or the next round."""
    settle_losses(s)
    b = the_battle(s)
    if s.loss_due:
        which = s.loss_due[0].side
        s.kind, s.actor = A.LOSS_SHARE, b.attacker if which == ATTACKER else b.defender
        return
    if s.deaths:
        s.kind, s.actor = A.LORD_DEATH, s.deaths[0].family
        return
    b.quiet = 0 if b.casualties else b.quiet + 1
    if decided(s, ev):
        return
    if b.quiet >= QUIET_END:
        end_battle(s, "quiet", ev)
        return
    v = b.village  # §4.6.1: after each round allies may change sides
    b.asking = [
        g for g in order(s) if b.sides[g] and g not in (b.attacker, b.defender) and present(s, v, g)
    ]
    next_side_change(s, ev)


def decided(s: FiefState, ev: list[Event]) -> bool:
    """§4.6.4-4.6.5: a side without troops loses (its lords are taken by a side that
    still has troops); no troops on either side ends the battle."""
    a_tr, d_tr = side_troops(s, ATTACKER), side_troops(s, DEFENDER)
    if a_tr == 0 and d_tr == 0:
        both = side_present(s, ATTACKER) and side_present(s, DEFENDER)
        end_battle(s, "lords_only" if both else "eliminated", ev)
    elif a_tr == 0:
        capture_side(s, ATTACKER, ev)
        end_battle(s, "defender_wins", ev)
    elif d_tr == 0:
        capture_side(s, DEFENDER, ev)
        end_battle(s, "attacker_wins", ev)
    else:
        return False
    return True


# ------------------------------------------------------------------ changing sides


def legal_side_change(s: FiefState, p: int) -> list[int]:
    """Stay, go over to the other side (to the attackers only with a lord there), or
    leave the battle."""
    other = A.SIDE_DEF if the_battle(s).sides[p] == ATTACKER else A.SIDE_ATT
    out = [A.SIDE_STAY, A.SIDE_NONE]
    if other == A.SIDE_DEF or may_attack(s, p):
        out.append(other)
    return sorted(out)


def apply_side_change(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    """Source "同盟也可以在戰鬥中背叛" (an ally may betray mid-battle); spec §4.6.1 "after
    each round allies may change sides": strength, dice, losses and captives follow."""
    b = the_battle(s)
    b.asking.pop(0)
    v = b.village
    if action == A.SIDE_NONE:
        b.sides[p] = Side.NONE
        ev.append(Event("leave_battle", {"seat": p, "village": v}))
    elif action != A.SIDE_STAY:
        b.sides[p] = ATTACKER if action == A.SIDE_ATT else DEFENDER
        ev.append(
            Event(
                "change_side",
                {
                    "seat": p,
                    "village": v,
                    "with": b.attacker if action == A.SIDE_ATT else b.defender,
                },
            )
        )
    next_side_change(s, ev)


def next_side_change(s: FiefState, ev: list[Event]) -> None:
    """The next ally to answer; when all have, the penalty as the sides now stand and,
    unless a side is left without troops, the next round."""
    b = the_battle(s)
    if b.asking:
        s.kind, s.actor = A.SIDE_CHANGE, b.asking[0]
        return
    fortification(s, ev)
    if not decided(s, ev):
        s.kind, s.actor = A.ROUND_ATT, b.attacker


# ------------------------------------------------------------------ sieges (§4.7)


def begin_sieges(s: FiefState, p: int, ev: list[Event]) -> None:
    """The player's battles are over: his siege step begins. Still besieging a turn
    later, his engines turn to their +2D side; no siege of his is lifted yet."""
    s.battle_step = SIEGING
    s.lifted = frozenset()
    for v in compress(range(NV), s.engine[p::SEATS]):
        i = v * SEATS + p
        if s.engine[i] == ENGINE_FIRST and s.ctrl[v] != p:
            s.engine[i] = ENGINE_LATER
            ev.append(Event("engine_flipped", {"seat": p, "village": v}))


def liftable(s: FiefState, p: int) -> list[int]:
    """The sieges ``p`` may lift now: §4.7 "at any time" (source "圍攻方可以在任何時候結束
    圍攻"), offered in his siege step and whenever he picks a lord to move."""
    return [v for v in compress(range(NV), s.engine[p::SEATS]) if s.ctrl[v] != p]


def legal_siege(s: FiefState, p: int) -> list[int]:
    """§4.7: a siege declared at an opponent's fortress where his troops stand after his
    battles (one declaration a village in the step: a siege he lifted in it, his troops
    kept there by Heavy Rain, is not declared again), or one of his sieges lifted."""
    out = []
    if s.engines_used[p] < ENGINES:
        out = [
            A.SIEGE0 + v
            for v in range(NV)
            if s.fort[v]
            and s.ctrl[v] not in (-1, p)
            and troops(s, v, p)
            and not s.engine[v * SEATS + p]
            and v not in s.lifted
        ]
    out += [A.LIFT0 + v for v in liftable(s, p)]
    return [A.PASS, *out] if out else []


def apply_siege(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    if action == A.PASS:
        return True
    if action >= A.LIFT0:
        v = action - A.LIFT0
        s.lifted = s.lifted | {v}
        lift(s, p, v, ev)
        return False
    v = action - A.SIEGE0
    s.engine[v * SEATS + p] = ENGINE_FIRST
    s.engines_used[p] += 1
    ev.append(Event("siege", {"seat": p, "village": v, "defender": s.ctrl[v]}))
    return False


def lift(s: FiefState, p: int, v: int, ev: list[Event]) -> None:
    """§4.7: the besieger takes his engine away; the garrison may pursue (a battle in
    the open field, the garrison attacking) or let him be."""
    s.engine[v * SEATS + p] = 0
    s.engines_used[p] -= 1
    ev.append(Event("siege_lifted", {"seat": p, "village": v}))
    garrison = s.ctrl[v]  # no pursuit (a battle) under Heavy Rain (§4.2.1)
    if (
        garrison not in (-1, p)
        and s.free_lords[v * SEATS + garrison]
        and troops(s, v, p)
        and not s.rain[BISHOPRIC_OF[v]]
    ):
        s.kind, s.actor, s.contested_village, s.besieger = A.LIFT_PURSUE, garrison, v, p
    else:
        start_withdrawal(s, p, v, ev)


def apply_lift_pursue(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    v, besieger = s.contested_village, s.besieger
    s.contested_village = s.besieger = -1
    if action == A.PURSUE:
        start_battle(s, v, p, besieger, ev)
    else:
        s.kind = A.NONE
        start_withdrawal(s, besieger, v, ev)


# ------------------------------------------------------------------ withdrawing (NOTES #13)


def withdraw_options(s: FiefState, v: int) -> list[int]:
    """Adjacent villages the withdrawing family may fall back to (not through Heavy
    Rain, §4.2.1)."""
    if s.rain[BISHOPRIC_OF[v]]:
        return []
    return [w for w in ADJ[v] if not s.rain[BISHOPRIC_OF[w]]]


def start_withdrawal(s: FiefState, f: int, v: int, ev: list[Event]) -> None:
    """Source "攻方可以直接撤退" / "把攻城車拆掉撤退": the withdrawing family's lords and
    troops (and the captives they guard) leave for an adjacent village it chooses."""
    options = withdraw_options(s, v)
    if not options or not troops(s, v, f) and not s.free_lords[v * SEATS + f]:
        return
    if len(options) == 1:
        withdraw_to(s, f, v, options[0], ev)
        return
    s.kind, s.actor, s.contested_village = A.WITHDRAW_TO, f, v


def legal_withdraw_to(s: FiefState) -> list[int]:
    return [A.MOVE0 + w for w in withdraw_options(s, s.contested_village)]


def apply_withdraw_to(s: FiefState, p: int, action: int, ev: list[Event]) -> None:
    v, s.contested_village = s.contested_village, -1
    withdraw_to(s, p, v, action - A.MOVE0, ev)


def withdraw_to(s: FiefState, f: int, v: int, w: int, ev: list[Event]) -> None:
    """Falling back into a Plague bishopric is an entry like a move (source "進入疫區的
    貴族 / 部隊要進行死亡檢定"): the group first loses half its units, its owner choosing
    when it has both kinds; its lords and the captives they guard then roll."""
    if plague_entry(s, v, w) and entry_loss(s, -1, f, v, w, ev):
        return  # finish_withdrawal once the owner has chosen
    finish_withdrawal(s, f, v, w, ev)


def finish_withdrawal(s: FiefState, f: int, v: int, w: int, ev: list[Event]) -> None:
    i, j = v * SEATS + f, w * SEATS + f
    held = [c for c in range(NL) if s.l_captor[c] == f and s.l_loc[c] == v]
    lords = [
        lo for lo in range(NL) if s.l_loc[lo] == v and s.l_owner[lo] == f and s.l_captor[lo] < 0
    ]
    for lo in lords:
        lift_lord(s, lo)
        put_lord(s, lo, w, v)
    arrive(s, w, f, v)  # no-op when his lords got there first
    s.knights[j] += s.knights[i]
    s.men_at_arms[j] += s.men_at_arms[i]
    s.knights[i] = s.men_at_arms[i] = s.spent_knights[i] = s.spent_men_at_arms[i] = 0
    for c in held:
        s.l_loc[c] = w
    ev.append(Event("withdrawn", {"seat": f, "from": v, "to": w}))
    settle(s, v, ev)
    if plague_entry(s, v, w):
        for lo in (*held, *lords):  # the captives, then his lords
            death_check(s, lo, ev)
    settle(s, w, ev)


# ------------------------------------------------------------------ pillage (§4.8)


def legal_pillage(s: FiefState, p: int) -> list[int]:
    out = [
        A.PILLAGE0 + v
        for v in compress(range(NV), s.mills)
        if s.ctrl[v] == p or s.engine[v * SEATS + p]
    ]
    return [A.PASS, *out] if out else []


def apply_pillage(s: FiefState, p: int, action: int, ev: list[Event]) -> bool:
    if action == A.PASS:
        return True
    v = action - A.PILLAGE0
    s.mills[v] -= 1
    s.money[p] += PILLAGE_GAIN
    ev.append(Event("pillage", {"seat": p, "village": v}))
    return False
