"""The fixed action index of Fief and the kinds of decision.

Every action is a position in ``ACTION_NAMES``; a block of related actions starts at an
offset (``MOVE0 + village`` is ``move:<village>``). Names use the data-file keys.
"""

from __future__ import annotations

from noblesse.games.fief.state import BOARD, CARDS, LORDS, NF, NL, NV, SEATS

VKEYS = [v.key for v in BOARD.villages]
FKEYS = [f.key for f in BOARD.fiefs]
LKEYS = [CARDS[c].key for c in LORDS]
CARD_KEYS = [c.key for c in CARDS]

ACTION_NAMES: list[str] = [
    "pass",
    "draw:fortune",
    "draw:mixed",
    "lord_done",
    "permit:yes",
    "permit:no",
    "retreat",
    "stay",
    "fight",
    "surrender",
    "withdraw",
    "truce",
    "truce:yes",
    "truce:no",
    "pursue",
    "let_go",
    "carry:knight",
    "carry:man_at_arms",
    "drop:knight",
    "drop:man_at_arms",
    "city:none",
    "effect:cancel",
    "effect:bonus",
    "ambush:continue",
    "ambush:end",
    "side:attacker",
    "side:defender",
    "side:none",
    "lose:knight",
    "lose:man_at_arms",
    "tithe:all",
    "stop_uprising",
]
(
    PASS,
    DRAW_FORTUNE,
    DRAW_MIXED,
    LORD_DONE,
    PERMIT_YES,
    PERMIT_NO,
    RETREAT,
    STAY,
    FIGHT,
    SURRENDER,
    WITHDRAW,
    TRUCE,
    TRUCE_YES,
    TRUCE_NO,
    PURSUE,
    LET_GO,
    CARRY_K,
    CARRY_M,
    DROP_K,
    DROP_M,
    CITY_NONE,
    EFFECT_CANCEL,
    EFFECT_BONUS,
    AMBUSH_GO_ON,
    AMBUSH_END,
    SIDE_ATT,
    SIDE_DEF,
    SIDE_NONE,
    LOSE_K,
    LOSE_M,
    TITHE_ALL,
    STOP_UPRISING,
) = range(len(ACTION_NAMES))


def _block(prefix: str, keys: list[str]) -> int:
    start = len(ACTION_NAMES)
    ACTION_NAMES.extend(f"{prefix}:{k}" for k in keys)
    return start


START0 = _block("start", VKEYS)
DISCARD0 = _block("discard", CARD_KEYS)
PLAY0 = _block("play", CARD_KEYS)
PLACE0 = _block("place", VKEYS)
RANSOM0 = _block("ransom", LKEYS)
RELEASE0 = _block("release", LKEYS)
BUY_MAA0 = _block("buy:man_at_arms", VKEYS)
BUY_KNIGHT0 = _block("buy:knight", VKEYS)
BUY_STRONGHOLD0 = _block("buy:stronghold", VKEYS)
BUY_MILL0 = _block("buy:mill", VKEYS)
TITLE0 = _block("title", FKEYS)
TRANSFER0 = _block("transfer", FKEYS)
HOLDER0 = _block("holder", LKEYS)
CITY0 = _block("city", VKEYS)
LORD0 = _block("lord", LKEYS)
MOVE0 = _block("move", VKEYS)
BATTLE0 = _block("battle", VKEYS)
FOE0 = _block("against", [str(i + 1) for i in range(SEATS)])
KILL0 = _block("dies", LKEYS)
SIEGE0 = _block("siege", VKEYS)
PILLAGE0 = _block("pillage", VKEYS)
CAVALCADE0 = _block("cavalcade", VKEYS)
BISHOPRIC0 = _block("bishopric", [b.key for b in BOARD.bishoprics])
TALLAGE0 = _block("tallage", FKEYS)
UPRISING0 = _block("uprising", VKEYS)
MARKER0 = _block("assassin_marker", LKEYS)
CAPTURE0 = _block("capture", LKEYS)
LIFT0 = _block("lift_siege", VKEYS)
ESCORT0 = _block("escort", LKEYS)
TITHE0 = _block("tithe", [b.key for b in BOARD.bishoprics])
LOSS0 = _block("loss", [str(i + 1) for i in range(SEATS)])
KEEPER0 = _block("keeper", [str(i + 1) for i in range(SEATS)])
JOAN0 = _block("joan", LKEYS)
SECRET0 = _block("secret_passage", VKEYS)
ESCAPE0 = _block("escape", LKEYS)
SIDE_STAY = len(ACTION_NAMES)  # an ally keeps his side after a round (§4.6.1)
ACTION_NAMES.append("side:stay")
# -- the Announcements phase (spec §3 step 1, §5.2, §5.4-§5.7) --------------------------
PROPOSE0 = _block("propose", LKEYS)  # the proposer's own lord
PARTNER0 = _block("marry", LKEYS)  # the lord of the other family he is to marry
EXCOMMUNICATE0 = _block("excommunicate", LKEYS)
REINSTATE0 = _block("reinstate", LKEYS)
CANDIDATE0 = _block("candidate", LKEYS)
VOTE0 = _block("vote", LKEYS)
(MARRY_YES, MARRY_NO, ANNUL_ASK, ANNUL_YES, ANNUL_NO, ABSTAIN) = range(
    len(ACTION_NAMES), len(ACTION_NAMES) + 6
)
ACTION_NAMES.extend(
    ["marriage:yes", "marriage:no", "annulment:ask", "annulment:yes", "annulment:no", "abstain"]
)
# -- dynasty and crown (Fief II): Crown Prince, Cardinals, the biretta, royal grants
PRINCE_YES = _block("prince", ["yes", "no"])
PRINCE_NO = PRINCE_YES + 1
CONSENT_YES = _block("consent", ["yes", "no"])
CONSENT_NO = CONSENT_YES + 1
CARDINAL0 = _block("cardinal", LKEYS)
BIRETTA0 = _block("biretta", LKEYS)
GRANT0 = _block("grant", FKEYS)
GRANTEE0 = _block("grant_to", LKEYS)
# -- diplomacy: structured offers (spec §4.11, §7.4; offers.py) -------------------------
MAX_PRICE = 15  # an agreed ransom is below the cap (<= 14)
OFFER_TO0 = _block("offer:to", [str(i + 1) for i in range(SEATS)])
OFFER_SEND = _block("offer", ["send", "cancel", "accept", "refuse"])
OFFER_CANCEL, OFFER_ACCEPT, OFFER_REFUSE = OFFER_SEND + 1, OFFER_SEND + 2, OFFER_SEND + 3
GIVE_MONEY0 = _block("term:give_money", ["1", "2", "3"])  # the author pays
ASK_MONEY0 = _block("term:ask_money", ["1", "2", "3"])  # the recipient pays
GIVE_CARD0 = _block("term:give_card", CARD_KEYS)  # from the author's hand
RANSOM_TERM0 = _block("term:ransom", LKEYS)  # then term:price:<D>
PRICE0 = _block("term:price", [str(i) for i in range(MAX_PRICE + 1)])
PASSAGE0 = _block("term:passage", VKEYS)  # then term:passage_for:<lord>
TRUCE_TERM0 = _block("term:truce", VKEYS)
CEDE0 = _block("term:cede", VKEYS)
TITLE_TERM0 = _block("term:title", FKEYS)
WED0 = _block("term:marry", LKEYS)  # own lord, then the partner
CARDINAL_TERM = _block("term", ["cardinal", "annulment"])
ANNUL_TERM = CARDINAL_TERM + 1
PROMISE_VOTE0 = _block("promise:vote", LKEYS)
PROMISE_PAY0 = _block("promise:pay", ["1", "2", "3"])
PROMISE_PEACE = _block("promise", ["peace"])
PROMISES = PROMISE_PEACE + 1 - PROMISE_VOTE0  # the size of a promise block
# promises asked of the recipient (the same layout: vote, pay, peace; promises.py)
ASK_PROMISE_VOTE0 = _block("ask_promise:vote", LKEYS)
ASK_PROMISE_PAY0 = _block("ask_promise:pay", ["1", "2", "3"])
ASK_PROMISE_PEACE = _block("ask_promise", ["peace"])
ASKED = ASK_PROMISE_VOTE0 - PROMISE_VOTE0  # an asked promise - its promise
PASSAGE_LORD0 = _block("term:passage_for", LKEYS)  # after term:passage:<village>
OFFER_END = len(ACTION_NAMES)
assert len(LKEYS) == NL and len(VKEYS) == NV and len(FKEYS) == NF

# -- kinds of decision: what each is, its name, words, legal actions and effect are its
# record in flow.DECISIONS (one per number here)
NONE = 0
PICK_START = 1
DISCARD = 2
DRAW = 3
PLAY = 4
PLACE = 5
HAND_LIMIT = 6
RANSOM = 7
PURCHASE = 8
HOLDER = 9
CITY = 10
MOVE_SELECT = 11
MOVE_LORD = 12
PERMIT = 13
REFUSED = 14
BATTLE_SELECT = 15
BATTLE_FOE = 16
ROUND_ATT = 17
TRUCE_ANSWER = 18
ROUND_DEF = 19
PURSUE_CHOICE = 20
LORD_DEATH = 21
SIEGE = 22
PILLAGE = 23
TARGET_BISHOPRIC = 24
FORTUNE_EFFECT = 25
TALLAGE = 26
WINDOW = 27
UPRISING_TARGET = 28
UPRISING_FOE = 29
UPRISING_MORE = 30
ASSASSIN_TARGET = 31
ASSASSIN_MARKER = 32
JUSTICE_TARGET = 33
SP_ANSWER = 34
BATTLE_WINDOW = 35
AMBUSH_CAPTURE = 36
AMBUSH_DECIDE = 37
LIFT_PURSUE = 38
JOIN_SIDE = 39
PLAGUE_LOSS = 40
WITHDRAW_TO = 41
UPRISING_STOP = 42
LOSS_SHARE = 43
KEEPER = 44
JOAN_TARGET = 45
TITLE_HEIR = 46
PLACE_FREED = 47
ESCAPE_CHOICE = 48
SIDE_CHANGE = 49
PROPOSAL = 50
PARTNER = 51
MARRIAGE_ANSWER = 52
POPE_DECREE = 53
ANNULMENT_REQUEST = 54
ANNULMENT_ANSWER = 55
CANDIDACY = 56
BALLOT = 57
CROWN_PRINCE = 58
CARDINAL_TARGET = 59
CARDINAL_CONSENT = 60
CARDINAL_REDIRECT = 61
GRANTEE = 62
OFFER_COMPOSE = 63
OFFER_ANSWER = 64

# -- phases (spec §3): what each is, its record in flow.PHASES
SETUP = 0
ANNOUNCE = 1
CARDS_PHASE = 2
INCOME = 3
RANSOMS = 4
PURCHASES = 5
MOVEMENT = 6
BATTLES = 7
PILLAGES = 8
END_OF_TURN = 9
