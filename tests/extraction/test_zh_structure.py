"""The Chinese structural fallback (subject + verb family + object by jieba's tags) and the
confirmation, plan and preference families widened with it. Real jieba; every sentence here is
written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.extraction.zh.structure import VERBS

from .reading import zh_facts as _facts


def _one(text: str, predicate: str, thing: str, subject: str = "user"):
    found = [f for f in _facts(text) if f.predicate == predicate and thing in f.object and f.subject == subject]
    assert found, f"{text}: {[(f.subject, f.predicate, f.object) for f in _facts(text)]}"
    return found[0]


def test_the_verb_table_is_data_over_existing_predicates() -> None:
    assert {p for _, p in VERBS} <= {"lives_in", "works_at", "likes", "dislikes", "has", "studies", "uses", "plays"}


@pytest.mark.parametrize(("text", "predicate", "thing", "subject"), [
    ("我在自学Kotlin。", "studies", "Kotlin", "user"),
    ("我侄子在学围棋。", "studies", "围棋", "user's nephew"),
    ("我姑姑住厦门。", "lives_in", "厦门", "user's aunt"),
    ("我表姐就职于招商银行。", "works_at", "招商银行", "user's cousin"),
    ("我平时都用 Figma 画原型。", "uses", "Figma", "user"),
    ("我们组现在用钉钉开会。", "uses", "钉钉", "user"),
    ("我外婆养了一群鸡。", "has", "鸡", "user's grandmother"),
    ("我舅舅天天玩斗地主。", "likes", "斗地主", "user's uncle"),
])
def test_a_plain_subject_verb_object_no_phrase_rule_read(text: str, predicate: str, thing: str, subject: str) -> None:
    fact = _one(text, predicate, thing, subject) if predicate != "likes" else next(
        f for f in _facts(text) if thing in f.object and f.subject == subject)
    assert not fact.hedged


def test_the_clause_keeps_its_hedge_and_its_ending() -> None:
    assert _one("我好像在自学Rust。", "studies", "Rust").hedged
    assert _one("我已经不用印象笔记了。", "uses", "印象笔记").operation.value == "end"


@pytest.mark.parametrize("text", [
    "我用那个就够了。", "我学不会。", "我喜欢她。", "我住得挺偏的。", "我用它凑合一下。", "你在学什么？",
    "假如我住在三亚就好了。", "我同学说他在学德语。", "好的，学到了，谢谢！", "哈哈我玩不过他。", "我在用心听。",
])
def test_no_object_a_question_a_hypothetical_or_someone_else_s_words_store_nothing(text: str) -> None:
    assert _facts(text) == []


@pytest.mark.parametrize(("text", "thing"), [
    ("过敏原检测做出来，我对蒿草过敏。", "蒿草"),
    ("我被测出来对粉尘过敏。", "粉尘"),
    ("医生说是对磺胺过敏。", "磺胺"),
    ("报告上写的是对羊毛过敏。", "羊毛"),
])
def test_a_finding_by_whoever_found_it_confirms_the_allergy(text: str, thing: str) -> None:
    fact = _one(text, "allergic_to", thing)
    assert not fact.hedged and fact.confidence == 0.95


@pytest.mark.parametrize(("text", "condition"), [
    ("医生说是肩周炎。", "肩周炎"), ("体检查出来是肾结石。", "肾结石"), ("确诊是带状疱疹。", "带状疱疹"),
])
def test_a_diagnosis_named_by_its_kind_of_word_is_refused_as_health(text: str, condition: str) -> None:
    (fact,) = _facts(text)
    assert fact.sensitive_kind == "health" and condition in text


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("我预计八月份搬去合肥。", "planned_lives_in", "合肥"),
    ("我们决定下个月去大理旅拍。", "plans_to", "大理"),
    ("我争取明年考上注册会计师。", "plans_to", "注册会计师"),
    ("我想着年底换辆电车。", "plans_to", "电车"),
    ("过段时间我要去趟桂林。", "plans_to", "桂林"),
    ("我后年准备生二胎。", "plans_to", "二胎"),
])
def test_plan_markers_by_family(text: str, predicate: str, thing: str) -> None:
    fact = _one(text, predicate, thing)
    assert not any(w in fact.object for w in ("预计", "决定", "争取", "想着", "准备"))


@pytest.mark.parametrize("text", [
    "我想躺一会儿。", "我想歇歇。", "我原本打算去青海的，结果没去。", "我之前想过考公。", "我想要的是清净。",
    "我计划中的装修一拖再拖。", "我姐说我今年应该去学车。", "我爸老催我早点买房。",
])
def test_wishes_of_the_moment_past_plans_and_others_advice_are_no_plans(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("plan")]


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("蔡琴的歌我百听不厌。", "likes", "蔡琴"),
    ("螺蛳粉我怎么吃都不腻。", "likes", "螺蛳粉"),
    ("我热衷于骑行。", "likes", "骑行"),
    ("我钟情于水墨画。", "likes", "水墨画"),
    ("我离不开冰美式。", "likes", "冰美式"),
    ("我受够了早高峰。", "dislikes", "早高峰"),
])
def test_liking_by_family(text: str, predicate: str, thing: str) -> None:
    _one(text, predicate, thing)


@pytest.mark.parametrize("text", ["我喜欢他。", "我爱她。", "那首歌我百听不厌？", "我离不开你。"])
def test_a_person_or_a_question_is_no_liking(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate in ("likes", "dislikes")]


@pytest.mark.parametrize(("text", "start"), [
    ("下学期我打算报个书法班。", "2026-09-01"), ("下个学期我准备去交换。", "2026-09-01"), ("这学期我计划把驾照考了。", None),
])
def test_a_school_term_dates_a_plan(text: str, start: str | None) -> None:
    (fact,) = [f for f in _facts(text) if f.predicate == "plans_to"]
    assert start is None or f"（{start}起）" in fact.text


@pytest.mark.parametrize(("text", "thing"), [
    ("化验做完了，对芝麻过敏坐实了。", "芝麻"), ("我对荞麦过敏实锤了。", "荞麦"), ("麸质不耐受坐实了。", "麸质"),
])
def test_certainty_said_after_the_fact_confirms_it(text: str, thing: str) -> None:
    fact = _one(text, "allergic_to", thing)
    assert fact.operation.value == "add" and fact.confidence == 0.95


@pytest.mark.parametrize(("text", "thing"), [
    ("我盘算着明年把车卖了。", "车"), ("我打算年底把工作辞了。", "辞"), ("我寻思着下周把健身卡退了。", "健身卡"),
])
def test_a_stop_to_come_is_a_plan_not_an_ending(text: str, thing: str) -> None:
    facts = _facts(text)
    assert not [f for f in facts if f.operation.value == "end"]
    assert [f for f in facts if f.predicate == "plans_to" and thing in f.object]


@pytest.mark.parametrize("text", ["入职培训结束了，下周去美的报到。", "入职面试过了，下个月去顺丰上班。"])
def test_a_step_of_joining_is_no_employer(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "works_at"]


@pytest.mark.parametrize(("text", "thing"), [
    ("以前讨厌喝豆浆，现在离不开它了。", "豆浆"), ("小时候讨厌游泳，现在爱上它了。", "游泳"), ("以前嫌弃香菜，后来离不开了。", "香菜"),
])
def test_a_liking_of_it_likes_what_was_named(text: str, thing: str) -> None:
    assert [f for f in _facts(text) if f.predicate == "likes" and thing in f.object and f.operation.value == "add"]


@pytest.mark.parametrize(("text", "thing"), [("我爸钓鱼钓了好多年了。", None), ("我哥玩吉他好几年了。", "吉他"), ("我在学日语快两年了。", "日语")])
def test_how_long_is_not_part_of_the_object(text: str, thing: str | None) -> None:
    assert not [f for f in _facts(text) if "年" in f.object]
    if thing:
        assert [f for f in _facts(text) if f.object == thing]


@pytest.mark.parametrize(("text", "thing"), [
    ("大夫听完就说是对酒精过敏。", "酒精"), ("我百分百确定对芹菜过敏。", "芹菜"), ("医生看了一眼说是对染发剂过敏。", "染发剂"),
])
def test_a_finder_with_words_between_still_confirms(text: str, thing: str) -> None:
    assert _one(text, "allergic_to", thing).confidence == 0.95


@pytest.mark.parametrize("text", ["肺上那个阴影查清楚了，是良性的肺结节。", "查明了，是慢性鼻窦炎。"])
def test_a_finding_said_after_the_check_is_health(text: str) -> None:
    assert [f for f in _facts(text) if f.sensitive_kind == "health"]


@pytest.mark.parametrize(("text", "thing"), [
    ("香菜这东西我一闻就反胃。", "香菜"), ("数学题我一看就头疼。", "数学题"), ("蛇我一想到就起鸡皮疙瘩。", "蛇"),
])
def test_an_aversion_to_a_thing_named_first(text: str, thing: str) -> None:
    fact = _one(text, "dislikes", thing)
    assert "东西" not in fact.object


@pytest.mark.parametrize(("text", "predicate", "thing"), [
    ("我不再害怕打针了。", None, None), ("我已经不讨厌加班了。", "dislikes", "加班"), ("我不再反感相亲了。", "dislikes", "相亲"),
])
def test_a_dislike_that_ended_is_no_liking_that_ended(text: str, predicate: str | None, thing: str | None) -> None:
    assert not [f for f in _facts(text) if f.predicate == "likes"]
    if predicate:
        assert _one(text, predicate, thing).operation.value == "end"


@pytest.mark.parametrize(("text", "thing"), [("以前不吃香菇，现在觉得挺香。", "香菇"), ("小时候讨厌芹菜，如今觉得很好吃。", "芹菜")])
def test_a_judgement_without_its_object_likes_what_was_named(text: str, thing: str) -> None:
    assert [f for f in _facts(text) if f.predicate == "likes" and thing in f.object and f.operation.value == "add"]


@pytest.mark.parametrize("text", ["我当初想学法律的，后来没学。", "我原来打算去读博的，最后放弃了。", "我看一会儿就睡。", "我喝完了。", "我用好了。"])
def test_past_plans_moments_and_used_up_store_nothing(text: str) -> None:
    assert _facts(text) == []


@pytest.mark.parametrize(("text", "thing"), [("五一我打算去青岛住两三天。", "青岛"), ("下个月我们计划去顺德吃几天。", "顺德")])
def test_a_plan_for_a_few_days_is_a_plan(text: str, thing: str) -> None:
    assert [f for f in _facts(text) if f.predicate == "plans_to" and thing in f.object]


@pytest.mark.parametrize("text", ["老师让我下周去办公室一趟。", "客户催我月底交方案。", "朋友劝我明年换个城市。"])
def test_someone_else_asking_the_user_is_no_plan_of_theirs(text: str) -> None:
    assert _facts(text) == []


def test_an_errand_given_to_the_user_is_the_users_plan() -> None:
    (fact,) = _facts("单位安排我下周去成都培训。")
    assert fact.predicate == "plans_to" and fact.object.startswith("去成都")


@pytest.mark.parametrize(("text", "thing"), [("我对手办简直爱不释手。", "手办"), ("我对桌游真是欲罢不能。", "桌游")])
def test_fond_of_a_thing_with_an_intensifier_between(text: str, thing: str) -> None:
    assert _one(text, "likes", thing).object == thing


@pytest.mark.parametrize(("text", "old", "new"), [("我从讨厌数学变成了爱上数学。", "数学", "数学"), ("我由怕狗变成了喜欢狗。", "狗", "狗")])
def test_from_a_dislike_to_a_liking(text: str, old: str, new: str) -> None:
    facts = _facts(text)
    assert [f for f in facts if f.predicate == "dislikes" and f.object == old and f.operation.value == "end"]
    assert [f for f in facts if f.predicate == "likes" and f.object == new and f.operation.value == "add"]


@pytest.mark.parametrize("text", ["我用电脑写字很慢。", "我用筷子夹菜不太习惯。", "我用这台笔记本挺卡的。"])
def test_how_a_tool_goes_is_no_tool_habit(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "uses"]


@pytest.mark.parametrize("text", ["医生确定我是腱鞘囊肿。", "活检结果出来，是个良性的脂肪瘤。", "大夫确认我这是慢性鼻窦炎。"])
def test_a_diagnosis_after_a_certain_finder_or_a_result_is_health(text: str) -> None:
    assert [f for f in _facts(text) if f.sensitive_kind == "health"]


@pytest.mark.parametrize("text", ["计划赶不上变化。", "计划泡汤了。", "计划有变，先不去了。"])
def test_a_plan_as_a_noun_is_no_plan(text: str) -> None:
    assert not [f for f in _facts(text) if f.predicate.startswith("plan")]


@pytest.mark.parametrize(("text", "thing"), [("以前讨厌坐飞机，现在挺享受的。", "坐飞机"), ("小时候讨厌爬山，长大了反而很享受。", "爬山")])
def test_enjoying_without_its_object_likes_what_was_named(text: str, thing: str) -> None:
    assert [f for f in _facts(text) if f.predicate == "likes" and thing in f.object and f.operation.value == "add"]


@pytest.mark.parametrize(("text", "place", "subject"), [
    ("我舅在长沙开出租。", "长沙", "user's uncle"), ("我姨在昆明卖花。", "昆明", "user's aunt"), ("我在成都开火锅店。", "成都", "user"),
])
def test_a_place_then_what_one_does_there_keeps_the_place_alone(text: str, place: str, subject: str) -> None:
    assert not [f for f in _facts(text) if f.predicate == "lives_in" and f.object != place]
    assert [f for f in _facts(text) if f.object == place and f.subject == subject] or subject == "user"
