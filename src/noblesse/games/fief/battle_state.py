"""What a battle (§4.6), a cavalcade (§4.5.2) and their pending choices hold.

``FiefState.battle`` is a ``Battle`` while a battle is on (in the Battles phase, after a
pursuit of a lifted siege, or a cavalcade's) and ``None`` otherwise;
``FiefState.cavalcade`` is a ``Cavalcade`` from the moment a cavalcade sets out until
its battle is over. ``battle.py`` and ``cavalcade.py`` play them; this module holds
only their data, so that the state can name its types without importing the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import NamedTuple


class Side(IntEnum):
    """The side a family is on in the battle (``Battle.sides``)."""

    NONE = 0
    ATTACKER = 1
    DEFENDER = 2


class CavalcadeCase(IntEnum):
    """The three cavalcades of §4.5.2."""

    BREAKOUT = 1  # out of its besieged fortress, fighting the besiegers there
    ROAD = 2  # down a road another family stands on, fighting it there
    CROSSING = 3  # through an opponent's village, fighting its holder in it


@dataclass(slots=True)
class Battle:
    """One battle between the ``attacker``'s side and the ``defender``'s in ``village``.

    ``sides[f]``: the ``Side`` of family ``f`` (seats ``0..5``); ``asking``: the families
    still to choose a side (before the first round) or to stay, change or leave (after
    each round); ``penalty``: the dice the attacking side loses to the fortification as
    the sides stand (§4.6.3); ``pursued``: the defender pursued a withdrawing attacker
    into the open field; ``secret_passage``: a Secret Passage cancelled the penalty for
    the whole battle (neither has a penalty); ``cannot_withdraw``: the attackers may not
    withdraw (not a fortress's attackers, or they withdrew already); ``round``: rounds
    fought; ``quiet``: rounds in a row without casualties; ``casualties``: those of the
    last round.
    """

    village: int
    attacker: int
    defender: int
    sides: list[int]
    asking: list[int] = field(default_factory=list)
    penalty: int = 0
    pursued: bool = False
    secret_passage: bool = False
    cannot_withdraw: bool = False
    round: int = 0
    quiet: int = 0
    casualties: int = 0

    def clone(self) -> Battle:
        b = Battle.__new__(Battle)
        b.village, b.attacker, b.defender = self.village, self.attacker, self.defender
        b.sides, b.asking = self.sides[:], self.asking[:]
        b.penalty, b.pursued, b.secret_passage = self.penalty, self.pursued, self.secret_passage
        b.cannot_withdraw, b.round, b.quiet = self.cannot_withdraw, self.round, self.quiet
        b.casualties = self.casualties
        return b


@dataclass(slots=True)
class Cavalcade:
    """A cavalcade under way: its ``case``, its ``leader`` (a rider takes over if he
    falls), the lords riding (``riders``, the leader first), the village it set out
    from (``origin``) and the one it rides to (``destination``), and the ``knights``
    that rode into the battle with the leader (they ride on with him)."""

    case: CavalcadeCase
    leader: int
    riders: list[int]
    origin: int
    destination: int
    knights: int = 0

    def clone(self) -> Cavalcade:
        c = Cavalcade.__new__(Cavalcade)
        c.case, c.leader, c.riders = self.case, self.leader, self.riders[:]
        c.origin, c.destination, c.knights = self.origin, self.destination, self.knights
        return c


# ------------------------------------------------------------------ pending choices
# Immutable, so that the state's queues (lists of them) clone with one list copy.


class KeeperDue(NamedTuple):
    """A captive whose keeper the winning side's ``leader`` chooses among ``keepers``
    (families of that side with troops in the village), ``FiefState.keep_due``."""

    leader: int
    captive: int
    keepers: tuple[int, ...]


class LossDue(NamedTuple):
    """``units`` (knights or men-at-arms) that a ``side``'s leader still shares out among
    its families, ``FiefState.loss_due``."""

    side: Side
    knights: bool
    units: int


class DeathDue(NamedTuple):
    """``hits`` that kill as many lords of ``family`` in the battle, the owner choosing
    who (§6 #16), ``FiefState.deaths``."""

    family: int
    hits: int
