"""The state of a Fief table: plain lists of ints indexed by the ids of ``data.py``.

Families are seats ``0..n-1``. Lords are the 18 named lord cards, numbered ``0..17`` in
``LORDS`` order. Per-village-per-family counters live in flat lists indexed
``v * SEATS + f`` (``SEATS`` = 6, the largest table), so one list copy clones them.

Carried troops (spec §4.5) are held by the lord (``carried_knights``,
``carried_men_at_arms``), not by the village, until the lord stops; ``spent_knights`` and
``spent_men_at_arms`` count the units of a village that already followed a lord this
turn and may not follow another.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import IntEnum
from typing import Any, NamedTuple, TypeVar

from noblesse.core.frames import Frames
from noblesse.core.game import State
from noblesse.core.rng import Seed
from noblesse.games.fief.battle_state import Battle, Cavalcade, DeathDue, KeeperDue, LossDue
from noblesse.games.fief.data import DATA

BOARD = DATA.board
RULES = DATA.rules
ASSUMED = DATA.assumed
CARDS = DATA.cards
SEATS = 6
NV = len(BOARD.villages)
NF = len(BOARD.fiefs)
NB = len(BOARD.bishoprics)
LORDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "lord")
NL = len(LORDS)
LORD_OF_CARD = {card: i for i, card in enumerate(LORDS)}
LORD_FEMALE = tuple(CARDS[c].sex == "f" for c in LORDS)
CARD_DECK = tuple(c.deck for c in CARDS)
CARD_KIND = tuple(c.kind for c in CARDS)
ADJ = tuple(BOARD.neighbours(v) for v in range(NV))
FIEF_OF = tuple(BOARD.fief_of(v) for v in range(NV))
BISHOPRIC_OF = tuple(BOARD.bishopric_of(v) for v in range(NV))
FIEF_VILLAGES = tuple(BOARD.villages_of_fief(f) for f in range(NF))
BISHOPRIC_VILLAGES = tuple(BOARD.villages_of_bishopric(b) for b in range(NB))
FIEF_SIZE = tuple(len(vs) for vs in FIEF_VILLAGES)


class TitheRank(IntEnum):
    """Who may tithe a bishopric, in the order the source gives them priority (§4.2.5:
    "1.主教 2.紅衣主教 3.教宗，越底層的順位越高")."""

    BISHOP = 0
    CARDINAL = 1
    POPE = 2


class Tithes(NamedTuple):
    """The family whose tax marker is on a bishopric for each rank (-1: none)."""

    bishop: int
    cardinal: int
    pope: int


UNTITHED = Tithes(-1, -1, -1)


class Interrupted(NamedTuple):
    """A decision set aside for another (the owner's choice of an heir, an offer), asked
    again as it was once that one is over: a frame of ``FiefState.interrupted``
    (``core.frames``; ``interrupt``, ``resume``)."""

    kind: int
    actor: int


class TitleDue(NamedTuple):
    """A fief whose dead holder's title its owner gives to one of several lords who may
    hold it (§5.3), ``FiefState.heir_due``; asked before the next decision of the game,
    which is set aside meanwhile (``interrupt``)."""

    fief: int


class PlacementDue(NamedTuple):
    """A lord freed, ransomed, escaped or waiting off the board whose family chooses his
    village in the tier (§5.1.2), ``FiefState.place_due``; asked once the step under way
    is over."""

    lord: int


class EntryLoss(NamedTuple):
    """A group entering a Plague bishopric whose owner chooses the ``units`` it still
    loses (``FiefState.entry_due``): a lord's carried group (``lord``), or with -1 the
    family's units falling back from ``origin`` to ``destination``."""

    lord: int
    family: int
    origin: int
    destination: int
    units: int


class PlagueLoss(NamedTuple):
    """``units`` a ``family`` still loses to the Plague in ``village``, choosing knights
    or men-at-arms one by one (``FiefState.plague_due``)."""

    village: int
    family: int
    units: int


class PactKind(IntEnum):
    """The binding agreements an accepted offer leaves (§7.4, ``FiefState.pacts``)."""

    PASSAGE = 0  # ``first`` lets lord ``second`` through ``village``, up to the Movement
    TRUCE = 1  # families ``first`` and ``second`` fight no battle in ``village``
    CARDINAL = 2  # the Pope's family ``first`` consents to a Cardinal of ``second``
    BETROTHAL = 3  # lords ``first`` and ``second`` marry at the next Announcements


class Deadline(NamedTuple):
    """The last phase of a turn an agreement holds (ordered as time goes: a turn, then
    its phases)."""

    turn: int
    phase: int


class Pact(NamedTuple):
    """One binding agreement; ``until``: the last phase it holds (``None``: a betrothal,
    until the next Announcements); ``village``: -1 when none."""

    kind: PactKind
    first: int
    second: int
    village: int
    until: Deadline | None


class Term(NamedTuple):
    """One term of an offer (§7.4): the ``term:*``, ``promise:*`` or ``ask_promise:*``
    ``action`` that adds it and, for a term of two steps, its ``second`` half: a
    ransom's price, a marriage's partner, the lord a passage is for (-1: none)."""

    action: int
    second: int


class Offer(NamedTuple):
    """The offer being composed or answered (§7.4, ``offers.py``, ``FiefState.offer``):
    from ``author`` to ``recipient``, ``open_terms``, the terms the author could add to
    it when it was opened, its ``terms`` so far, and ``open_term``, a term of two steps
    whose second half the author is still to choose (-1: none). Immutable, as its terms:
    a change is a new record, so that a clone shares it.

    Nothing but the offer changes while it is composed, so what the state allows is
    listed once (``offers.open_offer``); each step takes from it what the terms already
    chosen leave (``offers.legal_compose``)."""

    author: int
    recipient: int
    open_terms: tuple[int, ...]
    terms: tuple[Term, ...] = ()
    open_term: int = -1


class RedHat(NamedTuple):
    """A Cardinal being made (§5.7, ``dynasty.py``, ``FiefState.red_hat``): the Bishop
    it is for (``lord``; -1 while the Cardinal card's player chooses him), the family
    that played the card or buys the biretta (``by``), and ``how`` (``crown.BY_CARD``,
    ``crown.BY_BIRETTA``)."""

    lord: int
    by: int
    how: int


class Proposal(NamedTuple):
    """A marriage being proposed (§5.2, ``announce.py``, ``FiefState.proposal``): the
    proposer's lord and the lord or lady proposed to (-1 until named)."""

    lord: int
    partner: int = -1


class Uprising(NamedTuple):
    """An Uprising being played (§4.12.1, ``intrigue.py``, ``FiefState.uprising``): the
    family that plays it (``by``), the village where it breaks out and the family whose
    troops it rises against (-1 while not yet chosen), the Uprising cards played on it,
    whether a Secret Passage cancelled the fortification's penalty (§4.12.2), the clerics
    there still to try to stop it (the next first) and those who tried and failed."""

    by: int
    village: int = -1
    family: int = -1
    cards: int = 1
    penalty_cancelled: bool = False
    clerics: tuple[int, ...] = ()
    failed: tuple[int, ...] = ()


class Answered(IntEnum):
    """The card a Secret Passage may answer (§4.12.2, §4.12.5)."""

    ASSASSINATION = 1
    AMBUSH = 2


class Answer(NamedTuple):
    """A card aimed at ``lord`` whose family may answer it with a Secret Passage
    (``FiefState.answer``): ``to`` what, played by ``by`` (the assassin, the ambusher)."""

    to: Answered
    lord: int
    by: int


class Promise(NamedTuple):
    """A promise made in an accepted offer (§7.4, ``promises.py``; ``FiefState.promises``)."""

    promiser: int
    promisee: int
    act: int  # the ``promise:*`` action (an asked promise is stored as the promise it is)
    turn: int  # the turn it was made in
    fate: int  # promises.OPEN, KEPT, BROKEN or LAPSED
    paid: int  # deniers given so far towards a promise to pay


class TitleHow(IntEnum):
    """How a fief title is changing hands in the Purchase phase (``s.title_how``)."""

    BOUGHT = 0  # bought: any eligible lord of the family
    TRANSFERRED = 1  # transferred (§4.4.3): another lord than its holder
    RECLAIMED = 2  # a vacant title reclaimed free: a lord born since it fell vacant


class CardsStep(IntEnum):
    """The steps of the Cards phase (``s.cards_step``, ``cards.py``), each a round of
    the table but PLACING."""

    DISCARDING = 0
    DRAWING = 1
    PLACING = 2
    PLAYING = 3
    TRIMMING = 4


class AnnounceStep(IntEnum):
    """The steps of the Announcements phase (``s.announce_step``, ``announce.py``)."""

    MARRYING = 0
    DECREES = 1
    ANNULMENTS = 2
    DECLARING = 3
    BISHOP_VOTE = 4
    POPE_VOTE = 5
    KING_VOTE = 6


class BattleStep(IntEnum):
    """A player's steps in the Battles phase (``s.battle_step``, ``battle.py``): his
    battles, then his sieges (§4.7)."""

    BATTLING = 0
    SIEGING = 1


class PermitFor(IntEnum):
    """What a lord asks another family's leave for (``A.PERMIT``, ``s.permit_for``,
    ``roads.py``)."""

    VILLAGE = 0  # to enter or pass through the village it controls (§4.5)
    ROAD = 1  # to leave by the road it came in by and stands on (§4.5)


def rule(key: str) -> int:
    return int(RULES[key])


VP_TITLE, VP_KING, VP_POPE = rule("vp_per_fief_title"), rule("vp_king"), rule("vp_pope")
VP_REGENT = rule("vp_queen_regent")


def owner_of(s: FiefState, lo: int) -> int:
    return s.l_owner[lo] if lo >= 0 else -1


def victory_points(s: FiefState) -> list[int]:
    """1 per fief title, 1 for the King, 1 for the Pope, the Queen Regent 1 with the
    ``queen_regent_vp`` switch (§4.10, §6 #13)."""
    vp = [0] * s.n_players
    for lo in s.fief_holder:
        if lo >= 0:
            vp[s.l_owner[lo]] += VP_TITLE
    for lo, points in ((s.king, VP_KING), (s.pope, VP_POPE)):
        f = owner_of(s, lo)
        if f >= 0:
            vp[f] += points
    if s.regent and s.options["queen_regent_vp"] and owner_of(s, s.queen) >= 0:
        vp[owner_of(s, s.queen)] += VP_REGENT
    return vp


class Dice:
    """The d6 source: injected results first (tests), then the state's RNG."""

    __slots__ = ("queue",)

    def __init__(self, queue: list[int] | None = None) -> None:
        self.queue = queue or []

    def inject(self, rolls: list[int]) -> None:
        for r in rolls:
            if not 1 <= r <= 6:
                raise ValueError(f"a d6 shows 1-6, not {r}")
        self.queue.extend(rolls)


def d6(s: FiefState) -> int:
    q = s.dice.queue
    if q:
        return q.pop(0)
    return int(s.rng.random() * 6) + 1


_LISTS = (
    "money",
    "lord_deck",
    "fd_deck",
    "lord_discard",
    "fd_discard",
    "set_aside",
    "l_owner",
    "l_loc",
    "l_captor",
    "l_moves",
    "l_prev",
    "l_pass",
    "l_refused",
    "carried_knights",
    "carried_men_at_arms",
    "ctrl",
    "fort",
    "mills",
    "knights",
    "men_at_arms",
    "spent_knights",
    "spent_men_at_arms",
    "free_lords",
    "stamp",
    "entry",
    "engine",
    "new_units",
    "fief_holder",
    "bishop",
    "rain",
    "famine",
    "plague",
    "harvest",
    "weather",
    "deaths",
    "engines_used",
    "tallage",
    "window",
    "assassin",
    "l_escort",
    "left_by",
    "hit",
    "plague_due",
    "l_born",
    "vacated",
    "transferred",
    "biretta_asked",
    "cardinal",
    "tithe",
    "loss_due",
    "keep_due",
    "revealed",
    "revealed_by",
    "heir_due",
    "spouse",
    "excommunicated",
    "place_due",
    "ballot",
    "voters",
    "candidates",
    "new_bishops",
    "markers",
    "offers_made",
    "pacts",
    "promises",
)
_SCALARS = (
    "turn",
    "first",
    "phase",
    "kind",
    "actor",
    "cursor",
    "over",
    "clock",
    "moving_lord",
    "asked_village",
    "new_lord",
    "contested_village",
    "besieger",
    "fortune_card",
    "fortune_bishopric",
    "title_fief",
    "title_how",
    "fought",
    "lifted",
    "king",
    "queen",
    "pope",
    "max_turns",
    "winner_list",
    "cards_step",
    "announce_step",
    "battle_step",
    "permit_for",
    "uprising",
    "answer",
    "joan",
    "entry_due",
    "crown_prince",
    "regent",
    "react",
    "truced",
    "truce_broken",
    "election",
    "proposal",
    "annulment",
    "red_hat",
    "offer",
)


def _field_copier() -> Callable[[Any, Any], None]:
    """``copy(self, c)``: every scalar of ``_SCALARS`` assigned and every list of
    ``_LISTS`` copied, one statement each, written out once from the two tuples (a
    loop of getattr/setattr over them cost most of a clone, and search clones often)."""
    body = [f"    c.{name} = self.{name}" for name in _SCALARS]
    body += [f"    c.{name} = self.{name}[:]" for name in _LISTS]
    namespace: dict[str, Any] = {}
    exec("def copy(self, c):\n" + "\n".join(body), namespace)  # noqa: S102 - our own names
    return namespace["copy"]


_copy_fields = _field_copier()


class FiefState(State):
    """``battle``: the battle on (``None``: none); ``cavalcade``: the cavalcade under
    way, from its setting out to the end of its battle (``None``: none)."""

    __slots__ = (*_LISTS, *_SCALARS, "hand", "dice", "battle", "cavalcade", "interrupted")

    @property
    def vp(self) -> list[int]:
        """Each family's VP as they stand (``victory_points``): titles change mid-turn."""
        return victory_points(self)

    # _LISTS (``new_state`` tells what each holds)
    money: list[int]
    lord_deck: list[int]
    fd_deck: list[int]
    lord_discard: list[int]
    fd_discard: list[int]
    set_aside: list[int]
    l_owner: list[int]
    l_loc: list[int]
    l_captor: list[int]
    l_moves: list[int]
    l_prev: list[int]
    l_pass: list[int]
    l_refused: list[int]
    carried_knights: list[int]
    carried_men_at_arms: list[int]
    ctrl: list[int]
    fort: list[int]
    mills: list[int]
    knights: list[int]
    men_at_arms: list[int]
    spent_knights: list[int]
    spent_men_at_arms: list[int]
    free_lords: list[int]
    stamp: list[int]
    entry: list[int]
    engine: list[int]
    new_units: list[int]
    fief_holder: list[int]
    bishop: list[int]
    rain: list[int]
    famine: list[int]
    plague: list[int]
    harvest: list[int]
    weather: list[int]
    deaths: list[DeathDue]
    engines_used: list[int]
    tallage: list[int]
    window: list[int]
    assassin: list[int]
    l_escort: list[int]
    left_by: list[int]
    hit: list[int]
    plague_due: list[PlagueLoss]
    l_born: list[int]
    vacated: list[int]
    transferred: list[int]
    biretta_asked: list[int]
    cardinal: list[int]
    tithe: list[Tithes]
    loss_due: list[LossDue]
    keep_due: list[KeeperDue]
    revealed: list[int]
    revealed_by: list[int]
    heir_due: list[TitleDue]
    spouse: list[int]
    excommunicated: list[int]
    place_due: list[PlacementDue]
    ballot: list[int]
    voters: list[int]
    candidates: list[int]
    new_bishops: list[int]
    markers: list[int]
    offers_made: list[int]
    pacts: list[Pact]
    promises: list[Promise]
    # _SCALARS
    turn: int
    first: int
    phase: int
    kind: int
    actor: int
    cursor: int
    over: bool
    clock: int
    moving_lord: int
    asked_village: int
    new_lord: int
    contested_village: int
    besieger: int
    fortune_card: int
    fortune_bishopric: int
    title_fief: int
    title_how: TitleHow
    fought: int
    lifted: frozenset[int]
    king: int
    queen: int
    pope: int
    max_turns: int
    winner_list: list[int] | None
    cards_step: CardsStep
    announce_step: AnnounceStep
    battle_step: BattleStep
    permit_for: PermitFor
    uprising: Uprising | None
    answer: Answer | None
    joan: int
    entry_due: EntryLoss | None
    crown_prince: int
    regent: int
    interrupted: Frames[Interrupted]
    react: bool
    truced: int
    truce_broken: int
    election: int
    proposal: Proposal | None
    annulment: int
    red_hat: RedHat | None
    offer: Offer | None
    # the rest
    hand: list[list[int]]
    dice: Dice
    battle: Battle | None
    cavalcade: Cavalcade | None

    def clone(self, rng: random.Random | None = None) -> FiefState:
        c = FiefState.__new__(FiefState)
        self._copy_base(c, rng)
        _copy_fields(self, c)
        c.hand = [h[:] for h in self.hand]
        c.dice = Dice(self.dice.queue[:])
        c.interrupted = self.interrupted.copy()
        b = self.battle
        c.battle = b if b is None else b.clone()
        cav = self.cavalcade
        c.cavalcade = cav if cav is None else cav.clone()
        return c


def new_state(n: int, seed: Seed, options: dict[str, Any]) -> FiefState:
    s = FiefState(n, seed, options)
    s.dice = Dice()
    s.turn, s.first, s.phase, s.kind, s.actor, s.cursor = 0, 0, 0, 0, -1, 0
    s.over, s.clock = False, 1
    # what the decision under way is about (-1: none)
    s.moving_lord = -1  # the lord moving (movement, its permissions)
    s.asked_village = -1  # where he asks passage (a village, or a road's end)
    s.new_lord = -1  # a lord come into play: placed, or Crown Prince
    s.contested_village = -1  # a battle being declared, a siege lifted, a fall back
    s.besieger = -1  # who lifted that siege (the garrison may pursue)
    s.fortune_card = -1  # a fortune card being played
    s.fortune_bishopric = -1  # the bishopric it went to
    s.title_fief = -1  # a fief title being bought, transferred or granted
    s.title_how = TitleHow.BOUGHT  # how (the lords who may hold it differ)
    # the step of the Cards phase, of the Announcements, of a player in the Battles
    # phase, and what a lord asks leave for
    s.cards_step, s.announce_step = CardsStep.DISCARDING, AnnounceStep.MARRYING
    s.battle_step, s.permit_for = BattleStep.BATTLING, PermitFor.VILLAGE
    s.battle = s.cavalcade = None
    s.fought = 0
    s.lifted = frozenset()  # villages whose siege the player lifted in his siege step
    s.truced = s.truce_broken = 0  # villages (bits): a truce this turn; broken since
    s.king = s.queen = s.pope = -1  # the lords holding the offices (-1: vacant)
    s.crown_prince = -1  # §5.7: the Queen's son, King at the King's death
    s.regent = 0  # 1: the Queen rules as Queen Regent (no King)
    s.red_hat = None  # a Cardinal being made (RedHat)
    s.max_turns = int(options.get("max_turns", 0))
    s.winner_list = None
    s.money = [0] * n
    s.hand = [[] for _ in range(n)]
    s.lord_deck, s.fd_deck, s.lord_discard, s.fd_discard, s.set_aside = [], [], [], [], []
    s.l_owner = [-1] * NL
    s.l_loc = [-1] * NL
    s.l_captor = [-1] * NL
    s.l_moves = [0] * NL
    s.l_prev = [-1] * NL
    s.l_pass = [0] * NL
    s.l_refused = [0] * NL
    s.carried_knights = [0] * NL
    s.carried_men_at_arms = [0] * NL
    s.ctrl = [-1] * NV
    s.fort = [0] * NV  # 0 none, 1 stronghold, 2 fortified city
    s.mills = [0] * NV
    size = NV * SEATS
    s.knights, s.men_at_arms = [0] * size, [0] * size
    s.spent_knights, s.spent_men_at_arms = [0] * size, [0] * size
    s.free_lords = [0] * size  # free (not captive) lords of f in v
    s.stamp = [0] * size  # when f arrived in v (first arrival controls)
    s.entry = [-1] * size  # the village f came from, arriving after another
    s.engine = [0] * size  # siege engine of f at v: 0, +1D or +2D
    s.new_units = [0] * size  # units bought this Purchase phase
    s.fief_holder = [-1] * NF  # lord holding the fief title
    s.bishop = [-1] * NB  # the Bishop of each bishopric (-1: vacant)
    s.rain, s.famine, s.plague = [0] * NB, [0] * NB, [0] * NB
    s.harvest, s.weather = [0] * NB, [0] * NB
    s.l_born = [0] * NL  # clock when the lord came into play
    s.vacated = [0] * NF  # clock when the title went back to the board
    s.transferred = [0] * NF  # title transferred in this Purchase phase
    s.biretta_asked = [0] * SEATS  # biretta requests of each family in this Purchase phase
    s.cardinal = [0] * NL  # Cardinals: 1 by the card, 2 by the biretta
    s.spouse = [-1] * NL  # §5.2: the lord a lord is married to
    s.excommunicated = [0] * NL  # §5.7: lords the Pope has excommunicated
    s.ballot = [-1] * n  # a secret ballot: -1 not cast, -2 abstain, a lord
    s.voters = []  # the families voting in the open ballot
    s.candidates = []  # the lords standing in the current election
    s.new_bishops = []  # Bishops elected this turn (no votes in §5.4.1)
    s.election = -1  # the bishopric whose Bishop is being elected
    s.proposal = None  # a marriage being proposed (Proposal)
    s.annulment = -1  # the lord whose marriage the Pope is asked to annul
    s.tithe = [UNTITHED] * NB  # the families tithing each bishopric
    s.plague_due = []  # plague losses the owners still choose (PlagueLoss)
    s.revealed = []  # disasters drawn this Cards phase, to be placed
    s.revealed_by = []  # who drew each of them
    s.hit = [0] * NB  # bishoprics a disaster was placed on this turn
    s.tallage = [-1] * NF  # the family whose tax marker is on the fief
    s.window = []  # seats still to answer a reaction window
    s.react = False  # a public event since the last any-time window
    s.assassin = [0] * NL  # lords carrying an assassin marker
    s.l_escort = [-1] * NL  # the lord a captive is led along by
    # the moving lord who left this lord or captive where both stand: not taken along
    # again by him before he moves on (else taking and leaving would never end)
    s.left_by = [-1] * NL
    s.uprising = None  # an Uprising being played (Uprising)
    s.joan = -1  # the lady Joan d'Arc's card is on
    s.loss_due = []  # a side's losses its leader shares out (LossDue)
    s.keep_due = []  # captives whose keeper the winners choose (KeeperDue)
    s.answer = None  # a card a Secret Passage may answer (Answer)
    s.place_due = []  # freed lords whose family chooses the village (PlacementDue)
    s.entry_due = None  # a group's Plague loss on entry (EntryLoss)
    s.deaths = []  # pending lord deaths in the battle (DeathDue)
    s.heir_due = []  # fiefs whose dead holder's heir the owner picks (TitleDue)
    s.interrupted = Frames()  # decisions set aside, the latest on top (Interrupted)
    s.engines_used = [0] * n
    # diplomacy (§4.11, §7.4; offers.py): markers left, offers opened this phase, the
    # offer being made (Offer; None: none), binding agreements still to apply, promises
    # recorded
    s.markers = [DATA.kit_count("diplomacy_marker")] * n
    s.offers_made = [0] * n
    s.offer = None
    s.pacts, s.promises = [], []
    return s


# ------------------------------------------------------------------ small queries


def interrupt(s: FiefState, kind: int, actor: int, set_aside_actor: int) -> None:
    """Ask ``actor`` a decision of ``kind`` now, setting aside the one under way (whose
    actor is ``set_aside_actor``) until ``resume``."""
    s.interrupted.push(Interrupted(s.kind, set_aside_actor))
    s.kind, s.actor = kind, actor


def resume(s: FiefState) -> None:
    """Back to the decision set aside last."""
    s.kind, s.actor = s.interrupted.pop()


def troops(s: FiefState, v: int, f: int) -> int:
    i = v * SEATS + f
    return s.knights[i] + s.men_at_arms[i]


def present(s: FiefState, v: int, f: int) -> bool:
    """``f`` has a free lord or troops in ``v`` (carried troops are always with a lord)."""
    i = v * SEATS + f
    return s.free_lords[i] > 0 or s.knights[i] + s.men_at_arms[i] > 0


def family_lords(s: FiefState, f: int) -> list[int]:
    return [lo for lo in range(NL) if s.l_owner[lo] == f]


def titles_of(s: FiefState, lord: int) -> int:
    return sum(1 for h in s.fief_holder if h == lord)


def besieged(s: FiefState, v: int) -> bool:
    """A fortress with an enemy siege engine in front of it (§4.7)."""
    if not s.fort[v]:
        return False
    c, base, n = s.ctrl[v], v * SEATS, s.n_players
    engines = s.engine[base : base + n]
    return any(engines) and any(e for g, e in enumerate(engines) if g != c)


def battle_village(s: FiefState) -> int:
    """The village of the battle on, -1 if none."""
    b = s.battle
    return -1 if b is None else b.village


# What is under way, for the rules that run only while it is: each ``the_*`` returns it,
# and asking while none is on is a bug in the rules (an AssertionError).
T = TypeVar("T")


def _under_way(value: T | None, none: str) -> T:
    assert value is not None, none
    return value


def the_battle(s: FiefState) -> Battle:
    """The battle on (its sides, rounds, losses and window)."""
    return _under_way(s.battle, "no battle is on")


def the_cavalcade(s: FiefState) -> Cavalcade:
    """The cavalcade under way (its leader, riders, origin and destination)."""
    return _under_way(s.cavalcade, "no cavalcade is under way")


def the_offer(s: FiefState) -> Offer:
    """The offer being composed or answered."""
    return _under_way(s.offer, "no offer is being made")


def the_red_hat(s: FiefState) -> RedHat:
    """The Cardinal being made."""
    return _under_way(s.red_hat, "no Cardinal is being made")


def the_proposal(s: FiefState) -> Proposal:
    """The marriage being proposed."""
    return _under_way(s.proposal, "no marriage is being proposed")


def the_uprising(s: FiefState) -> Uprising:
    """The Uprising being played."""
    return _under_way(s.uprising, "no Uprising is being played")


def the_answer(s: FiefState) -> Answer:
    """The card a Secret Passage may answer."""
    return _under_way(s.answer, "no card awaits an answer")


_ORDERS = tuple(
    tuple(tuple((first + i) % n for i in range(n)) for first in range(n)) for n in range(SEATS + 1)
)


def order(s: FiefState) -> tuple[int, ...]:
    """Seats in turn order from the first player."""
    return _ORDERS[s.n_players][s.first]


def cleric(s: FiefState, lo: int) -> bool:
    """A Bishop, a Cardinal or the Pope."""
    return lo in s.bishop or bool(s.cardinal[lo]) or s.pope == lo
