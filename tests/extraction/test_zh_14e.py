"""Chinese preferences said by field or by comparison, errands with no day named, a thing stopped on
someone's advice, and private addresses and conditions in chat wordings. Real jieba; every sentence is
written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.candidates import Operation
from kronograph.model import MemoryType
from kronograph.sensitive import find_sensitive

from .reading import zh_facts as _facts
from .reading import zh_read as _read


def _liked(text: str) -> set[str]:
    return {o for _, p, o in _read(text) if p == "likes" or p.startswith("preferred_")}


# -- a liking named inside a field said first, with no 我 ("音乐方面最爱爵士") ----------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("音乐方面最爱爵士。", "爵士"),
    ("吃的方面偏爱川菜。", "川菜"),
    ("看电影的话更喜欢悬疑片。", "悬疑片"),
    ("水果里面最爱榴莲。", "榴莲"),
    ("旅行的话比较喜欢自由行。", "自由行"),
    ("说到运动，最喜欢打羽毛球。", "羽毛球"),
    ("零食方面特别爱吃薯片。", "薯片"),
    ("听歌的话偏爱民谣。", "民谣"),
    ("喝的上面比较偏爱无糖茶。", "无糖茶"),
    ("看书的话最喜欢推理小说。", "推理小说"),
])
def test_a_liking_inside_a_field_said_without_the_speaker(text: str, thing: str) -> None:
    assert any(thing in o for o in _liked(text))


@pytest.mark.parametrize("text", ["工作方面最近挺顺的。", "你的话最喜欢什么？", "这方面他更喜欢自己来。", "学习上要多努力。"])
def test_a_field_without_a_liking_or_someone_else_likes_nothing(text: str) -> None:
    assert not _liked(text)


# -- a liking said by comparison ("爬山比逛街有意思多了", "还是国产车好") -------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("爬山比逛街有意思多了。", "爬山"),
    ("火锅比烧烤好吃多了。", "火锅"),
    ("骑车比挤地铁舒服得多。", "骑车"),
    ("纸质书比电子书看着舒服多了。", "纸质书"),
    ("猫比狗好养多了，我更想养猫。", "猫"),
    ("还是国产车好，性价比高。", "国产车"),
    ("还是老家的米粉香。", "老家的米粉"),
    ("还是机械键盘打字舒服。", "机械键盘"),
    ("说到底还是川菜最好吃。", "川菜"),
    ("绿茶比咖啡好喝太多了。", "绿茶"),
])
def test_the_better_of_two_things_is_liked(text: str, thing: str) -> None:
    assert any(thing in o for o in _liked(text))


@pytest.mark.parametrize("text", [
    "今天比昨天冷多了。", "他比我高多了。", "这个比那个好多了。", "还是你说得对。", "还是算了吧。",
    "还是早点睡好。", "价格比去年贵多了。", "身体比以前好多了。", "还是先吃饭好。",
])
def test_a_comparison_of_times_people_or_advice_likes_nothing(text: str) -> None:
    assert not _liked(text)


def test_a_brand_beginning_with_love_is_no_liking() -> None:
    (fact,) = _facts("爱奇艺会员取消自动续费了。")
    assert fact.operation is Operation.end and "爱奇艺" in fact.object
    assert not _liked("爱彼迎上订了一间民宿。")


# -- an errand with no day named ("得去续一下合同", "要给空调约个清洗") ------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("得去续一下车险，这个月底就到期了。", "车险"),
    ("要给家里的热水器约个维修。", "热水器"),
    ("回头记得把借小李的充电宝还了。", "充电宝"),
    ("得去社区把居住证办了。", "居住证"),
    ("记得给车约个保养。", "保养"),
    ("得抽时间去医院挂个号。", "挂"),
    ("要去学校把学费交了。", "学费"),
    ("得去邮局把包裹取回来。", "包裹"),
    ("得给宽带续个费。", "宽带"),
    ("要去 4S 店把刹车片换了。", "刹车片"),
])
def test_an_errand_with_no_day_named_is_a_task(text: str, thing: str) -> None:
    tasks = [f for f in _facts(text) if f.predicate == "has_task"]
    assert tasks and thing in tasks[0].object and tasks[0].memory_type is MemoryType.task


@pytest.mark.parametrize("text", ["我还要交社保吗？", "你得去续一下合同。", "他要去医院挂个号。", "上周去把居住证办了。"])
def test_an_errand_asked_about_done_or_someone_elses_is_no_task_of_the_user(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "has_task" and f.subject == "user"]


# -- private data: a lane address and a condition one carries -----------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("我家在浦东新区张杨路 500 弄 12 号 801 室。", "张杨路 500 弄 12 号 801 室"),
    ("快递寄到长宁区愚园路 1088 弄 3 号 602。", "愚园路 1088 弄 3 号 602"),
    ("地址是黄浦区复兴中路 30 弄 7 号。", "复兴中路 30 弄 7 号"),
])
def test_a_lane_address_with_its_house_and_room_is_found_whole(text: str, value: str) -> None:
    found = [text[f.start:f.end] for f in find_sensitive(text) if f.kind == "address"]
    assert found and value in found[0]


@pytest.mark.parametrize("text", ["我是 HIV 携带者，家里人都不知道。", "查出来是 HPV 阳性。", "我是乙肝病毒携带者。"])
def test_a_condition_one_carries_is_health(text: str) -> None:
    assert any(f.kind == "health" for f in find_sensitive(text))
    assert not any(p == "job_title" for _, p, _ in _read(text))


@pytest.mark.parametrize("text", [
    "订单号 202605061234567890 怎么还没发货？", "这双鞋 1299 元买的。", "会议室在 3 楼 305，下午开会。",
    "航班号 CA1234，明早起飞。", "我 2019 年毕业的。", "住的酒店房间号是 1502。", "我们组在 12 号楼 5 层。",
])
def test_numbers_in_chatter_are_not_private(text: str) -> None:
    assert not [f for f in find_sensitive(text) if f.kind in {"identity_number", "card_number", "bank_account", "address"}]


# -- an aversion to a thing said with the speaker left out ("恐怖片真的受不了") -----------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("恐怖片真的受不了。", "恐怖片"),
    ("香菜是真吃不惯。", "香菜"),
    ("对二次元不太感冒。", "二次元"),
    ("对广场舞一点都不感冒。", "广场舞"),
    ("海鲜实在吃不来。", "海鲜"),
    ("京剧真的听不下去。", "京剧"),
    ("榴莲根本接受不了。", "榴莲"),
    ("对短视频无感。", "短视频"),
])
def test_an_aversion_to_a_thing_without_the_speaker_is_a_dislike(text: str, thing: str) -> None:
    assert any(p == "dislikes" and thing in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["热得受不了。", "这个受不了。", "疼得受不了。", "对，我在杭州。", "对我来说无所谓。"])
def test_a_state_a_pointer_or_a_yes_is_no_dislike(text: str) -> None:
    assert not any(p == "dislikes" for _, p, _ in _read(text))


# -- won over (种草, 安利) and a scene liked ("超爱那种阴天窝在家里听歌") -------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("被同事种草了飞盘。", "飞盘"),
    ("最近被种草了一款露营灯。", "露营灯"),
    ("桨板被朋友安利了。", "桨板"),
    ("被小红书种草了手冲咖啡。", "手冲咖啡"),
    ("我超爱那种阴天窝在沙发上听歌。", "听歌"),
    ("特别喜欢那种一个人慢慢逛博物馆。", "博物馆"),
])
def test_a_thing_one_was_won_over_to_or_a_scene_is_liked(text: str, thing: str) -> None:
    assert any(thing in o for o in _liked(text))


@pytest.mark.parametrize("text", ["同事种草了飞盘。", "我给你安利一部剧。", "你给我种草一下吧。", "我喜欢这种感觉。"])
def test_a_recommendation_by_or_to_someone_else_or_a_pointer_likes_nothing(text: str) -> None:
    assert not _liked(text)


# -- a thing held dear in chat words ("X是我的心头好", "X yyds", "湖人球迷") -------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("甜食是我的命。", "甜食"),
    ("鱼香肉丝是我的心头好。", "鱼香肉丝"),
    ("羊肉串yyds。", "羊肉串"),
    ("听歌的话，周杰伦永远的神。", "周杰伦"),
    ("老北京炸酱面简直是我的白月光。", "炸酱面"),
    ("我是铁杆湖人球迷。", "湖人"),
    ("我爱死这家店的酸菜鱼了。", "酸菜鱼"),
    ("螺蛳粉真的是我的快乐源泉。", "螺蛳粉"),
])
def test_a_thing_held_dear_in_chat_words_is_liked(text: str, thing: str) -> None:
    assert any(thing in o for o in _liked(text))


@pytest.mark.parametrize("text", ["这家店yyds。", "他是我的老板。", "这部电影是我的菜。", "你是我的命。"])
def test_a_pointer_or_a_person_held_dear_is_no_liking(text: str) -> None:
    assert not _liked(text)


# -- forget: a reason said after the request, a line pointed at not to be kept, "当没听过" -----------

@pytest.mark.parametrize(("text", "predicate"), [
    ("我的生日你别记了，不想过。", "birthday"),
    ("我的手机号你别存了，怕泄露。", "phone"),
    ("手机号那条删了吧，没必要留。", "phone"),
    ("住址帮我删掉，太隐私了。", "address"),
    ("刚才那条别存了。", "last_message"),
    ("那段聊天记录别保存了。", "last_message"),
    ("上一条不用记了。", "last_message"),
    ("你就当没听过我说的那个地址。", "address"),
    ("就当没看见我发的身份证号。", "identity_number"),
    ("忘掉我说的工资，没啥意义。", "quantity_income"),
])
def test_a_forget_request_with_its_reason_or_pointing_at_a_line(text: str, predicate: str) -> None:
    forgets = [f for f in _facts(text) if f.operation is Operation.forget]
    assert forgets and forgets[0].predicate == predicate


@pytest.mark.parametrize("text", ["聊天记录清空了，找不到了。", "照片删了，手机内存不够。", "我的生日是三月五号，别忘了。",
                                  "忘了告诉你，我搬家了。", "那条裙子别买了，太贵。"])
def test_a_deletion_told_or_a_reminder_forgets_nothing(text: str) -> None:
    assert not [f for f in _facts(text) if f.operation is Operation.forget]


# -- endings: a medicine stopped, an activity not kept up, a habit quit some time ago --------------

@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("我已经停止服用褪黑素了。", "takes_medication", "褪黑素"),
    ("钙片不吃了。", "takes_medication", "钙片"),
    ("降糖药已经停掉了。", "takes_medication", "降糖药"),
    ("不再服用布洛芬了。", "takes_medication", "布洛芬"),
    ("游泳后来没坚持下来。", "activity", "游泳"),
    ("瑜伽坚持不下去了。", "activity", "瑜伽"),
    ("晨跑最后还是半途而废了。", "activity", "晨跑"),
    ("戒酒快一年了。", "activity", "酒"),
])
def test_a_medicine_stopped_or_an_activity_not_kept_up_ends(text: str, predicate: str, thing: str) -> None:
    ends = [f for f in _facts(text) if f.operation is Operation.end]
    assert ends and ends[0].predicate == predicate and thing in ends[0].object and "一年" not in ends[0].object


@pytest.mark.parametrize("text", ["车停了。", "他没坚持下来。", "雨停了。", "空调不用了吗？"])
def test_a_stop_of_no_medicine_or_someone_elses_ends_nothing_of_the_user(text: str) -> None:
    assert not [f for f in _facts(text) if f.operation is Operation.end and f.predicate in ("takes_medication", "activity")]


# -- a guess said before, confirmed now, is no past state -------------------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("之前说可能对蟹过敏，现在确认了，就是过敏。", "蟹"),
    ("之前说可能对芒果过敏，这回查清楚了。", "芒果"),
    ("上次说好像对青霉素过敏，医院确认了。", "青霉素"),
])
def test_a_guess_said_before_and_confirmed_is_not_ended(text: str, thing: str) -> None:
    facts = [f for f in _facts(text) if f.predicate == "allergic_to" and thing in f.object]
    assert facts and all(f.operation is not Operation.end for f in facts)


def test_a_value_said_before_and_corrected_is_still_replaced() -> None:
    assert ("user", "lives_in", "天津") in _read("我之前说我住在北京，其实是天津。")


# -- a plan on a condition to come ("等孩子上小学就搬回老家") ---------------------------------------

@pytest.mark.parametrize(("text", "thing"), [
    ("等孩子上小学就搬回老家。", "老家"),
    ("等攒够钱就去冰岛旅游。", "冰岛"),
    ("等毕业了我就回成都工作。", "成都"),
    ("等疫情结束再出国。", "出国"),
    ("等退休了我就去大理定居。", "大理"),
])
def test_a_plan_on_a_condition_to_come(text: str, thing: str) -> None:
    plans = [f for f in _facts(text) if f.predicate.startswith("plan")]
    assert plans and thing in plans[0].object


@pytest.mark.parametrize("text", ["等等我就来。", "等一下再说。", "等了半天也没来。", "等他回来再说吧。"])
def test_a_wait_or_someone_elses_condition_plans_nothing(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("plan")]


# -- a condition guessed at ("应该是近视加深了") is health, and hedged --------------------------------

@pytest.mark.parametrize(("text", "condition"), [
    ("应该是近视加深了。", "近视"),
    ("我估计是得了哮喘。", "哮喘"),
    ("可能是鼻炎犯了。", "鼻炎"),
    ("八成是湿疹，痒得不行。", "湿疹"),
])
def test_a_condition_guessed_at_is_a_hedged_health_fact(text: str, condition: str) -> None:
    facts = [f for f in _facts(text) if f.sensitive_kind == "health"]
    assert facts and condition in facts[0].object and facts[0].hedged


@pytest.mark.parametrize("text", ["应该是系统的毛病。", "可能是网络问题。", "估计是快递慢了。"])
def test_a_guess_about_no_condition_is_no_health(text: str) -> None:
    assert not any(f.kind == "health" for f in find_sensitive(text))


# -- events: the October holiday said as 十一, an interview said as 面了 -----------------------------

@pytest.mark.parametrize(("text", "thing", "day"), [
    ("前年十一去了趟喀什。", "喀什", "2024-10-01"),
    ("十一假期回了趟老家。", "老家", "2025-10-01"),
    ("上周五面了一家券商。", "券商", "2026-05-01"),
    ("昨天面了字节。", "字节", "2026-05-05"),
])
def test_an_event_on_the_october_holiday_or_an_interview_is_dated(text: str, thing: str, day: str) -> None:
    facts = [f for f in _facts(text) if thing in f.object]
    assert facts and facts[0].valid_from is not None and facts[0].valid_from.date().isoformat() == day


@pytest.mark.parametrize("text", ["我十一点睡觉。", "面了三家都没过。", "中午吃了碗面。"])
def test_eleven_o_clock_or_a_failed_round_is_no_holiday_or_interview(text: str) -> None:
    assert not [f for f in _facts(text) if f.valid_from is not None and f.valid_from.month == 10]
    assert not [f for f in _facts(text) if "面试" in f.object]
