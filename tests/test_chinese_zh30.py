"""Chinese likings that turned, endings by the kind of thing ended, dated outings and errands, things
in use switched, readings by what they measure: wordings written before the rules (round 30, room zh)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.zh.timeexpr import find_times
from kronograph.model import Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(text: str) -> list[tuple[str, str, str, str, str]]:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    return [(f.subject, f.predicate, f.object, f.operation.value, f.text) for f in found]


# -- a liking that turned: a clause about the past, then one about now -------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("以前很烦背单词，现在一天不背就浑身难受。", "背单词"),
    ("小时候最怕游泳，现在每天都想下水。", "游泳"),
    ("原来我不碰榴莲，如今竟然觉得挺香。", "榴莲"),
    ("我以前不爱看球，现在彻底上头了。", "看球"),
    ("本来对周深无感，听了他的现场直接路转粉。", "周深"),
    ("以前我觉得露营很麻烦，这两年反而成了我最爱的周末活动。", "露营"),
    ("原来不喜欢跑步，现在一周跑四次。", "跑步"),
    ("以前讨厌健身房，现在天天泡在里面。", "健身房"),
])
def test_a_craving_without_object_likes_what_was_named_before(text: str, value: str) -> None:
    assert any(p == "likes" and o == value and op == "add" for _, p, o, op, _ in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "value"), [
    ("以前周末爱宅家，现在习惯去郊区爬山。", "爬山"),
    ("过去一直用安卓，这两年转投华为鸿蒙了。", "鸿蒙"),
    ("之前我追韩剧，现在转到美剧上了。", "美剧"),
    ("以前下了班就刷短视频，现在更愿意去健身房练一会儿。", "健身房"),
    ("原先出差都坐飞机，现在宁愿坐高铁。", "高铁"),
    ("以前爱吃甜的，现在更偏咸口。", "咸口"),
    ("曾经很迷摇滚，后来慢慢听起了古典。", "古典"),
])
def test_a_habit_cue_after_the_past_likes_what_follows_it(text: str, value: str) -> None:
    assert any(p == "likes" and value in o and op == "add" for _, p, o, op, _ in facts(text)), facts(text)


@pytest.mark.parametrize("text", ["我习惯早睡早起。", "以前在百度，现在转到阿里了。", "转到下一个话题吧。"])
def test_a_cue_alone_or_a_job_moved_is_no_turned_liking(text: str) -> None:
    assert not any(p == "likes" for _, p, *_ in facts(text)), facts(text)


def test_a_job_moved_with_the_cue_stays_a_job() -> None:
    assert any(p == "works_at" and o == "阿里" for _, p, o, *_ in facts("以前在百度，现在转到阿里了。"))


# -- endings: the kind of thing says which slot closes ----------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("乐队上个月解散了。", "member_of", "乐队"),
    ("我们那个读书会散伙了。", "member_of", "读书会"),
    ("车贷终于还清了。", "has", "车贷"),
    ("房贷上个月提前还完了。", "has", "房贷"),
    ("那家花店我已经转让出去了。", "owns", "花店"),
    ("工作室注销了，以后接私活就行。", "owns", "工作室"),
])
def test_an_ending_closes_the_slot_of_its_kind(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value and op == "end" for _, p, o, op, _ in facts(text)), facts(text)


def test_take_out_is_no_sale() -> None:
    assert not any(p == "has" for _, p, *_ in facts("不再送外卖了，改开网约车。"))


# -- likings said after their scene -----------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("看电影偏爱悬疑片。", "悬疑片"), ("听歌一般喜欢民谣。", "民谣"), ("放假最爱去海边潜水。", "海边潜水"),
    ("我是川菜的死忠粉。", "川菜"), ("我是湖人的铁杆球迷。", "湖人"),
])
def test_a_liking_after_its_scene_or_as_a_fan(text: str, value: str) -> None:
    assert any(p == "likes" and o == value for _, p, o, *_ in facts(text)), facts(text)


def test_a_person_before_a_liking_is_no_scene() -> None:
    assert not any(o.startswith("喜欢") for _, _, o, *_ in facts("周杰伦最喜欢的歌是晴天。"))


# -- tasks and dated outings -------------------------------------------------------------------

@pytest.mark.parametrize(("text", "value"), [
    ("下周三之前把论文初稿给导师。", "初稿"),
    ("回头要记得去物业交一下停车费。", "停车费"),
    ("要去派出所补办身份证，丢了好几天了。", "身份证"),
    ("要把阳台的空调外机清理一下。", "空调"),
    ("别忘了去银行把卡激活。", "激活"),
])
def test_duties_are_tasks(text: str, value: str) -> None:
    assert any(p == "has_task" and value in o for _, p, o, *_ in facts(text)), facts(text)


@pytest.mark.parametrize(("text", "value", "day"), [
    ("后天去字节面试。", "字节", "2026-05-08"),
    ("后天带孩子去打疫苗。", "疫苗", "2026-05-08"),
    ("这周六约了闺蜜去环球影城。", "环球影城", "2026-05-09"),
    ("下周五晚上要去看五月天演唱会！", "五月天", "2026-05-15"),
])
def test_an_outing_on_a_coming_day_keeps_its_day(text: str, value: str, day: str) -> None:
    assert any(value in o and day in t for _, _, o, _, t in facts(text)), facts(text)


def test_a_weekday_with_its_part_of_day_is_one_span() -> None:
    (span,) = find_times("周三晚上要去", datetime(2024, 7, 22, 10, 45, tzinfo=UTC), "future")
    assert (span.text, span.start, span.end) == ("周三晚上", datetime(2024, 7, 24, 18, tzinfo=UTC), datetime(2024, 7, 25, tzinfo=UTC))
    (span,) = find_times("上周三下午开的会", REFERENCE, "past")
    assert (span.start, span.end) == (datetime(2026, 4, 29, 12, tzinfo=UTC), datetime(2026, 4, 29, 18, tzinfo=UTC))


# -- things in use switched, a new trade, readings, kin ---------------------------------------

@pytest.mark.parametrize(("text", "predicate", "value", "old"), [
    ("手机从安卓转到苹果了。", "uses", "苹果", "安卓"),
    ("宽带换成了电信的。", "uses", "电信", None),
    ("我的主力浏览器改用 Firefox 了。", "uses", "Firefox", None),
    ("输入法从搜狗换成了微信输入法。", "uses", "微信输入法", "搜狗"),
    ("不再送外卖了，改开网约车。", "job_title", "开网约车", "送外卖"),  # the trade given up is the one replaced
])
def test_a_thing_switched(text: str, predicate: str, value: str, old: str | None) -> None:
    found = _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=REFERENCE,
                                            scope=Scope(user_id="u1"))).facts
    assert any(f.predicate == predicate and f.object == value and f.replaces == old for f in found), found


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("我近视 600 度。", "quantity_myopia", "600度"),
    ("我血压150/95。", "quantity_blood_pressure", "150/95"),
    ("这次雅思考了7分。", "quantity_ielts", "7分"),
])
def test_a_reading_by_what_it_measures(text: str, predicate: str, value: str) -> None:
    assert (predicate, value) in [(p, o) for _, p, o, *_ in facts(text)], facts(text)


@pytest.mark.parametrize(("text", "subject"), [("我家小子花生过敏。", "user's son"), ("我家丫头今年上小学了。", "user's daughter")])
def test_kin_by_the_names_parents_use(text: str, subject: str) -> None:
    assert any(s == subject for s, *_ in facts(text)), facts(text)
