"""General Chinese readings added in round 24: a thing stopped named before its verb, a thing or liking
swapped for another, a liking said without its object after an earlier dislike. Every sentence here is
written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.candidates import Operation

from .reading import zh_facts as _facts


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("瑜伽班我已经不去了。", "member_of", "瑜伽班"),
    ("美术课早就停了。", "member_of", "美术课"),
    ("腾讯视频会员我没续费了。", "member_of", "腾讯视频会员"),
    ("小红书我现在不刷了。", "activity", "小红书"),
    ("滴滴那边我去年就辞职了。", "works_at", "滴滴"),
    ("夜跑我彻底放弃了。", "activity", "夜跑"),
])
def test_a_thing_named_first_then_stopped_ends(text: str, predicate: str, thing: str) -> None:
    (fact,) = _facts(text)
    assert fact.operation is Operation.end and thing in fact.object
    assert fact.predicate == predicate or fact.predicate == "activity"


@pytest.mark.parametrize("text", ["这个我不要了。", "这事我不管了。", "他那边不去了。", "瑜伽班我可能不去了。", "你不去了吗？"])
def test_a_stop_without_a_thing_or_hedged_or_asked_ends_nothing(text: str) -> None:
    assert not [f for f in _facts(text) if f.operation is Operation.end]


@pytest.mark.parametrize(("text", "old", "new"), [
    ("我从喜欢民谣转到喜欢说唱了。", "民谣", "说唱"),
    ("我从爱看韩剧变成爱看美剧了。", "看韩剧", "看美剧"),
    ("这两年我从喜欢吃甜食转向喜欢吃水果了。", "吃甜食", "吃水果"),
])
def test_a_liking_turned_into_another_likes_the_new_in_place_of_the_old(text: str, old: str, new: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.replaces) == ("likes", new, old)


@pytest.mark.parametrize(("text", "new", "old"), [
    ("我把安卓手机换成了 iPhone 15。", "iPhone 15", "安卓手机"),
    ("上个月我把笔记软件换成了 Obsidian。", "Obsidian", "笔记软件"),
    ("我把 Chrome 改成了 Firefox。", "Firefox", "Chrome"),
])
def test_a_thing_swapped_for_another_is_used_in_its_place(text: str, new: str, old: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.replaces) == ("uses", new, old)


@pytest.mark.parametrize(("text", "city"), [
    ("我由南京调到了苏州。", "苏州"), ("我已经由武汉搬到了长沙。", "长沙"), ("我们家由郑州搬去了洛阳。", "洛阳"),
])
def test_you_as_from_in_a_move(text: str, city: str) -> None:
    assert city in {f.object for f in _facts(text)}


@pytest.mark.parametrize(("text", "thing"), [
    ("以前很讨厌健身，现在反而离不开了。", "健身"),
    ("原来讨厌吃茄子，现在越来越爱吃了。", "茄子"),
    ("小时候不喜欢下棋，后来慢慢着迷了。", "下棋"),
])
def test_a_liking_without_its_object_after_a_dislike_likes_it(text: str, thing: str) -> None:
    likes = [f for f in _facts(text) if f.predicate == "likes" and f.operation is Operation.add]
    assert [thing in f.object for f in likes] == [True]


@pytest.mark.parametrize(("text", "tool"), [("我天天用 Notion 记笔记。", "Notion"), ("我天天用钉钉。", "钉钉"),
                                            ("我天天使用 Excel 做报表。", "Excel")])
def test_a_tool_used_every_day(text: str, tool: str) -> None:
    assert ("uses", tool) in {(f.predicate, f.object) for f in _facts(text)}


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("之前说我在美团那条删掉吧。", "works_at", "美团"),
    ("我说我喜欢爬山那条记录删了。", "likes", "爬山"),
    ("刚才讲我住在无锡那条忘掉吧。", "lives_in", "无锡"),
])
def test_that_line_said_before_is_forgotten(text: str, predicate: str, thing: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.operation) == (predicate, thing, Operation.forget)


@pytest.mark.parametrize(("text", "thing"), [("好像是麸质不耐。", "麸质"), ("估计是果糖不耐吧。", "果糖"),
                                             ("可能是乳糖不耐，喝完奶就难受。", "乳糖")])
def test_a_hedged_intolerance_without_its_verb(text: str, thing: str) -> None:
    facts = [f for f in _facts(text) if f.predicate == "allergic_to"]
    assert [(f.object, f.hedged) for f in facts] == [(thing, True)]


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("我一直觉得香菜很难吃。", "dislikes", "香菜"), ("我觉得爵士乐很好听。", "likes", "爵士乐"),
    ("说实话我感觉高尔夫挺无聊的。", "dislikes", "高尔夫"),
])
def test_a_judgement_of_a_thing_is_a_liking_or_a_dislike(text: str, predicate: str, thing: str) -> None:
    assert [(f.predicate, f.object) for f in _facts(text)] == [(predicate, thing)]


@pytest.mark.parametrize("text", ["我觉得这个挺好玩的。", "你觉得榴莲好吃吗？", "我觉得他很烦。"])
def test_a_judgement_of_the_reply_a_question_or_a_person_stores_nothing(text: str) -> None:
    assert _facts(text) == []


@pytest.mark.parametrize(("text", "thing"), [
    ("以前觉得猫很烦，养了之后爱上了。", "猫"), ("原来觉得咖啡难喝，喝多了以后就爱上了。", "咖啡"),
    ("我以前觉得羊肉一般，吃多了之后反而很喜欢。", "羊肉"),
])
def test_a_liking_after_an_earlier_judgement_likes_the_thing(text: str, thing: str) -> None:
    assert [f.object for f in _facts(text) if f.predicate in ("likes", "preferred_drink") and f.operation is Operation.add] == [thing]


@pytest.mark.parametrize(("text", "thing"), [("我最烦堵车了。", "堵车"), ("我这人最反感画大饼。", "画大饼"),
                                             ("我最受不了熬夜。", "熬夜")])
def test_most_disliked_without_de(text: str, thing: str) -> None:
    assert [(f.predicate, f.object) for f in _facts(text)] == [("dislikes", thing)]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("上面说的不准确，我在顺丰上班。", "works_at", "顺丰"),
    ("刚才那句有误，我今年四十一岁。", "age", "41"),
    ("前面讲的有问题，我住在昆山。", "lives_in", "昆山"),
    ("我搞混了，我住在佛山，不是东莞。", "lives_in", "佛山"),
])
def test_a_remark_that_what_was_said_is_wrong_corrects_the_next_value(text: str, predicate: str, value: str) -> None:
    facts = [f for f in _facts(text) if f.predicate == predicate]
    assert [(f.object, f.operation) for f in facts] == [(value, Operation.correct)]


@pytest.mark.parametrize("text", ["去过敏科看了看，对尘螨过敏。", "昨天去过敏专科复诊。", "去过敏门诊挂了个号。"])
def test_going_to_an_allergy_clinic_is_no_visit_to_a_place_named_guomin(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "visited" and f.object.startswith("过敏")]


@pytest.mark.parametrize(("text", "amount"), [("坐地铁去公司四十分钟左右。", "四十分钟"), ("我骑电动车上班二十分钟。", "二十分钟"),
                                              ("每天走路去单位十五分钟。", "十五分钟/天")])
def test_the_way_to_work_by_how_long_it_takes(text: str, amount: str) -> None:
    assert [(f.predicate, f.object) for f in _facts(text)] == [("quantity_commute", amount)]


def test_one_day_on_the_way_to_work_is_no_commute() -> None:
    assert not [f for f in _facts("昨天上班路上堵了两个小时。") if f.predicate == "quantity_commute"]


@pytest.mark.parametrize(("text", "status"), [("我已婚已育。", "married"), ("本人未婚。", "single"), ("我离异，一个人带娃。", "divorced"),
                                              ("我跟前夫早就分了。", "single")])
def test_a_marital_status_said_in_one_word(text: str, status: str) -> None:
    assert ("relationship_status", status) in {(f.predicate, f.object) for f in _facts(text)}


@pytest.mark.parametrize(("text", "thing"), [("酒我是一滴不沾的。", "酒"), ("肥肉我压根不碰。", "肥肉"), ("内脏我从来不吃。", "内脏")])
def test_a_thing_named_first_and_refused_as_a_rule_is_disliked(text: str, thing: str) -> None:
    assert [(f.predicate, f.object) for f in _facts(text)] == [("dislikes", thing)]


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我女儿五岁半了。", "age", "5"), ("我今年二十八岁半。", "age", "28"),
    ("我身高168。", "height", "168"), ("身高182，偏瘦。", "height", "182"),
    ("我体重现在65。", "weighs", "65"), ("体重大概90左右。", "weighs", "90"),
    ("每个月水电两百多。", "quantity_utilities", "两百多/月"),
])
def test_measures_said_without_their_unit(text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in {(f.predicate, f.object) for f in _facts(text)}


@pytest.mark.parametrize("text", ["身高250。", "我觉得体重不重要。"])
def test_no_measure_outside_a_human_range_or_without_a_number(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate in ("height", "weighs")]


@pytest.mark.parametrize(("text", "thing"), [("奶茶我戒了半年了。", "奶茶"), ("烧烤我停了三个多月了。", "烧烤"),
                                             ("陪练课我取消了两周了。", "陪练课")])
def test_a_thing_stopped_some_time_ago_ends(text: str, thing: str) -> None:
    (fact,) = _facts(text)
    assert (fact.object, fact.operation) == (thing, Operation.end)


@pytest.mark.parametrize(("text", "group"), [("羽毛球群我早退了。", "羽毛球群"), ("篮球队我早就退出了。", "篮球队"),
                                             ("那个校友群我早退了。", "校友群")])
def test_a_group_left_long_ago_is_no_early_leave(text: str, group: str) -> None:
    (fact,) = _facts(text)
    assert (fact.predicate, fact.object, fact.operation) == ("member_of", group, Operation.end)


def test_leaving_work_early_today_ends_nothing() -> None:
    assert _facts("我今天早退了。") == []


@pytest.mark.parametrize(("text", "hedged"), [("我感觉自己有点咽炎。", True), ("我怀疑自己有点湿疹。", True),
                                              ("我大概有点鼻炎。", True), ("体检查出来有鼻炎。", False)])
def test_a_suspected_diagnosis_stays_uncertain(text: str, hedged: bool) -> None:
    (fact,) = _facts(text)
    assert (fact.sensitive_kind, fact.hedged) == ("health", hedged)


@pytest.mark.parametrize("text", [
    "午饭还没吃。", "邮件没看。", "吉他最近没练。", "报告我没写。", "游泳馆好久没去了。",
    "牛肉我老婆不吃。", "我妈瑜伽课不去了。", "花生我儿子不碰。",
])
def test_not_done_yet_or_someone_elses_habit_is_no_dislike_and_no_ending(text: str) -> None:
    assert [(f.predicate, f.object) for f in _facts(text) if f.subject == "user"] == []


@pytest.mark.parametrize("text", ["我每天上班九个小时。", "一周上班五天，一天十小时。", "上学一天八节课。"])
def test_hours_at_work_are_no_commute(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "quantity_commute"]


@pytest.mark.parametrize(("text", "value"), [
    ("骑电动车去单位二十分钟。", "二十分钟"), ("上班路上要一个小时。", "一个小时"), ("坐公交到学校要半小时。", "半小时"),
])
def test_the_way_to_work_is_the_commute(text: str, value: str) -> None:
    assert [f.object for f in _facts(text) if f.predicate == "quantity_commute"] == [value]


@pytest.mark.parametrize("text", ["和合租的同学分了。", "跟合伙人分了。", "和表哥分了。"])
def test_splitting_from_someone_not_a_partner_is_no_break_up(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "relationship_status"]


@pytest.mark.parametrize("text", ["把昵称改成了小鱼。", "把会议时间改成了周五。", "把女朋友换成了小美。", "把专业换成了金融。"])
def test_a_name_time_person_or_job_changed_is_no_thing_the_user_uses(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("uses")]


@pytest.mark.parametrize("text", ["我" + "1" * 5000 + "岁", "我" + "一" * 5000 + "岁", "攒了" + "9" * 6000 + "块"])
def test_a_number_too_long_for_any_age_or_count_is_read_without_error(text: str) -> None:
    assert _facts(text) is not None


@pytest.mark.parametrize("text", ["觉得有点冷。", "觉得最近挺无聊的。", "觉得外面特别吵。", "觉得今天的课很无聊。"])
def test_a_judgement_of_a_mood_a_day_or_a_place_is_no_liking(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate in {"likes", "dislikes"}]


@pytest.mark.parametrize(("text", "predicate"), [
    ("刚才有问题，我住在南京。", "lives_in"), ("前面有点忙，我在京东上班。", "works_at"), ("之前错了一道题，我住在厦门。", "lives_in"),
])
def test_small_talk_about_a_problem_is_no_correction(text: str, predicate: str) -> None:
    assert [f.operation for f in _facts(text) if f.predicate == predicate] == [Operation.add]


@pytest.mark.parametrize(("text", "condition"), [
    ("我爸可能有高血压，我有鼻炎。", "鼻炎"), ("也许是我想多了，我有咽炎。", "咽炎"), ("好像要下雨了，我有胃炎。", "胃炎"),
])
def test_a_hedge_in_an_earlier_clause_leaves_a_stated_condition_certain(text: str, condition: str) -> None:
    found = [f for f in _facts(text) if f.sensitive_kind == "health" and f.object == condition]
    assert found and not any(f.hedged for f in found), [(f.predicate, f.object, f.hedged) for f in _facts(text)]
