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
    "pass", "draw:fortune", "draw:mixed", "lord_done", "permit:yes", "permit:no", "retreat",
    "stay", "fight", "surrender", "withdraw", "truce", "truce:yes", "truce:no", "pursue",
    "let_go", "carry:knight", "carry:man_at_arms", "drop:knight", "drop:man_at_arms",
    "city:none", "effect:cancel", "effect:bonus", "ambush:continue", "ambush:end",
    "side:attacker", "side:defender", "side:none", "lose:knight", "lose:man_at_arms",
    "tithe:all", "stop_uprising",
]
(PASS, DRAW_FORTUNE, DRAW_MIXED, LORD_DONE, PERMIT_YES, PERMIT_NO, RETREAT, STAY, FIGHT,
 SURRENDER, WITHDRAW, TRUCE, TRUCE_YES, TRUCE_NO, PURSUE, LET_GO, CARRY_K, CARRY_M, DROP_K,
 DROP_M, CITY_NONE, EFFECT_CANCEL, EFFECT_BONUS, AMBUSH_GO_ON, AMBUSH_END, SIDE_ATT, SIDE_DEF,
 SIDE_NONE, LOSE_K, LOSE_M, TITHE_ALL, STOP_UPRISING) = range(len(ACTION_NAMES))


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
SIDE_STAY = len(ACTION_NAMES)           # an ally keeps his side after a round (§4.6.1)
ACTION_NAMES.append("side:stay")
# -- the Announcements phase (spec §3 step 1, §5.2, §5.4-§5.7) --------------------------
PROPOSE0 = _block("propose", LKEYS)            # the proposer's own lord
PARTNER0 = _block("marry", LKEYS)              # the lord of the other family he is to marry
EXCOMMUNICATE0 = _block("excommunicate", LKEYS)
REINSTATE0 = _block("reinstate", LKEYS)
CANDIDATE0 = _block("candidate", LKEYS)
VOTE0 = _block("vote", LKEYS)
(MARRY_YES, MARRY_NO, ANNUL_ASK, ANNUL_YES, ANNUL_NO, ABSTAIN) = range(
    len(ACTION_NAMES), len(ACTION_NAMES) + 6)
ACTION_NAMES.extend(["marriage:yes", "marriage:no", "annulment:ask", "annulment:yes",
                     "annulment:no", "abstain"])
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
MAX_PRICE = 15                                 # an agreed ransom is below the cap (<= 14)
OFFER_TO0 = _block("offer:to", [str(i + 1) for i in range(SEATS)])
OFFER_SEND = _block("offer", ["send", "cancel", "accept", "refuse"])
OFFER_CANCEL, OFFER_ACCEPT, OFFER_REFUSE = OFFER_SEND + 1, OFFER_SEND + 2, OFFER_SEND + 3
GIVE_MONEY0 = _block("term:give_money", ["1", "2", "3"])     # the author pays
ASK_MONEY0 = _block("term:ask_money", ["1", "2", "3"])       # the recipient pays
GIVE_CARD0 = _block("term:give_card", CARD_KEYS)             # from the author's hand
RANSOM_TERM0 = _block("term:ransom", LKEYS)                  # then term:price:<D>
PRICE0 = _block("term:price", [str(i) for i in range(MAX_PRICE + 1)])
PASSAGE0 = _block("term:passage", VKEYS)                     # then term:passage_for:<lord>
TRUCE_TERM0 = _block("term:truce", VKEYS)
CEDE0 = _block("term:cede", VKEYS)
TITLE_TERM0 = _block("term:title", FKEYS)
WED0 = _block("term:marry", LKEYS)                           # own lord, then the partner
CARDINAL_TERM = _block("term", ["cardinal", "annulment"])
ANNUL_TERM = CARDINAL_TERM + 1
PROMISE_VOTE0 = _block("promise:vote", LKEYS)
PROMISE_PAY0 = _block("promise:pay", ["1", "2", "3"])
PROMISE_PEACE = _block("promise", ["peace"])
PROMISES = PROMISE_PEACE + 1 - PROMISE_VOTE0                # the size of a promise block
# promises asked of the recipient (the same layout: vote, pay, peace; promises.py)
ASK_PROMISE_VOTE0 = _block("ask_promise:vote", LKEYS)
ASK_PROMISE_PAY0 = _block("ask_promise:pay", ["1", "2", "3"])
ASK_PROMISE_PEACE = _block("ask_promise", ["peace"])
ASKED = ASK_PROMISE_VOTE0 - PROMISE_VOTE0                   # an asked promise - its promise
PASSAGE_LORD0 = _block("term:passage_for", LKEYS)            # after term:passage:<village>
OFFER_END = len(ACTION_NAMES)
assert len(LKEYS) == NL and len(VKEYS) == NV and len(FKEYS) == NF

# -- kinds of decision ------------------------------------------------------------
(NONE, PICK_START, DISCARD, DRAW, PLAY, PLACE, HAND_LIMIT, RANSOM, PURCHASE, HOLDER, CITY,
 MOVE_SELECT, MOVE_LORD, PERMIT, REFUSED, BATTLE_SELECT, BATTLE_FOE, ROUND_ATT, TRUCE_ANSWER,
 ROUND_DEF, PURSUE_CHOICE, LORD_DEATH, SIEGE, PILLAGE, TARGET_BISHOPRIC, FORTUNE_EFFECT,
 TALLAGE, WINDOW, UPRISING_TARGET, UPRISING_FOE, UPRISING_MORE, ASSASSIN_TARGET,
 ASSASSIN_MARKER, JUSTICE_TARGET, SP_ANSWER, BATTLE_WINDOW, AMBUSH_CAPTURE,
 AMBUSH_DECIDE, LIFT_PURSUE, JOIN_SIDE, PLAGUE_LOSS, WITHDRAW_TO, UPRISING_STOP, LOSS_SHARE,
 KEEPER, JOAN_TARGET, TITLE_HEIR, PLACE_FREED, ESCAPE_CHOICE, SIDE_CHANGE, PROPOSAL, PARTNER,
 MARRIAGE_ANSWER, POPE_DECREE, ANNULMENT_REQUEST, ANNULMENT_ANSWER, CANDIDACY, BALLOT,
 CROWN_PRINCE, CARDINAL_TARGET, CARDINAL_CONSENT, CARDINAL_REDIRECT, GRANTEE) = range(63)
OFFER_COMPOSE, OFFER_ANSWER = 63, 64        # diplomacy (offers.py)
KIND_NAMES = (
    "", "start_village", "discard", "draw", "play", "place_lord", "hand_limit", "ransom",
    "purchase", "title_holder", "city_upgrade", "movement", "move_lord", "permission",
    "refused", "battle", "battle_foe", "battle_round", "truce_answer", "defend", "pursue",
    "lord_death", "siege", "pillage", "fortune_bishopric", "fortune_effect", "tallage",
    "intrigue_window", "uprising_village", "uprising_family", "uprising_more",
    "assassination_target", "assassin_marker", "justice_target", "secret_passage_answer",
    "battle_window", "ambush_capture", "ambush_decide", "pursue_lifted_siege", "join_side",
    "plague_loss", "withdraw_to", "uprising_stop", "side_loss", "captive_keeper",
    "joan_target", "title_heir", "place_freed_lord", "escape_captive",
    "side_change",
    "marriage_proposal", "marriage_partner", "marriage_answer", "pope_decree",
    "annulment_request", "annulment_answer", "candidacy", "ballot",
    "crown_prince", "cardinal_target", "cardinal_consent", "cardinal_redirect",
    "royal_grant",
    "offer_compose", "offer_answer",
)

# -- phases (spec §3) ----------------------------------------------------------------
(SETUP, ANNOUNCE, CARDS_PHASE, INCOME, RANSOMS, PURCHASES, MOVEMENT, BATTLES, PILLAGES,
 END_OF_TURN) = range(10)
PHASE_NAMES = ("setup", "announcements", "cards", "income", "ransoms", "purchase", "movement",
               "battles", "pillage", "end_of_turn")
