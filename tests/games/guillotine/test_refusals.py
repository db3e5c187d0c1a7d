"""A refused action changes nothing and says why, in both languages, in the game's words."""

from guillotine_scenario import assert_illegal, table


def test_a_play_under_the_unpopular_judge_is_refused_naming_the_judge():
    s = table(
        line=["unpopular_judge", "duke"],
        hands={0: ["stumble", "fountain_of_blood"]},
        front={0: ["callous_guards"]},
    )  # (a decision: it may discard its guards)
    refusal = assert_illegal(s, 0, "play:fountain_of_blood")
    assert refusal.message == (
        "You cannot play Fountain of Blood: the Unpopular Judge is at the "
        "front of the line: no one may play action cards."
    )
    assert (
        refusal.message_zh
        == "不能打出「血池」：「討厭的法官」站在斷頭臺前，所有玩家都不能打出行動牌。"
    )


def test_a_play_under_rush_job_is_refused_naming_rush_job():
    s = table(
        line=["duke", "baron"],
        hands={0: ["stumble", "fountain_of_blood"]},
        rush=[0],
        front={0: ["callous_guards"]},
    )
    refusal = assert_illegal(s, 0, "play:fountain_of_blood")
    assert refusal.message == (
        "You cannot play Fountain of Blood: Rush Job: you may not play action cards this turn."
    )
    assert refusal.message_zh == "不能打出「血池」：受到「趕工」影響，你這回合不能打出行動牌。"


def test_a_line_card_under_callous_guards_is_refused_naming_the_guards():
    s = table(
        line=["duke", "baron"],
        hands={0: ["stumble", "fountain_of_blood"]},
        front={0: ["callous_guards"]},
    )
    refusal = assert_illegal(s, 0, "play:stumble")
    assert refusal.message == (
        "You cannot play Stumble: Callous Guards forbid cards that change the line."
    )
    assert (
        refusal.message_zh
        == "不能打出「絆腳」：「冷酷的守衛」在場時，不能打出改變人物隊列的行動牌。"
    )


def test_a_card_not_in_hand_and_a_card_without_a_target_are_refused_for_that_reason():
    s = table(line=["duke", "baron"], hands={0: ["fountain_of_blood", "twist_of_fate"]})
    assert assert_illegal(s, 0, "play:stumble").message == "You have no Stumble in your hand."
    refusal = assert_illegal(s, 0, "play:twist_of_fate")  # no face-up card in front of anyone
    assert refusal.message == "Twist of Fate has nothing it could act on now."
    assert refusal.message_zh == "「命途多舛」現在沒有可以作用的對象。"


def test_an_answer_to_another_decision_is_refused_saying_what_is_asked():
    s = table(line=["duke", "baron"], hands={0: ["fountain_of_blood"]})
    refusal = assert_illegal(s, 0, "noble:1")
    assert refusal.message.startswith("“") and refusal.message.endswith(
        "is not a choice now: play an action card, or none."
    )
    assert refusal.message_zh.endswith("請選擇要打出的行動牌，或不出牌。")
