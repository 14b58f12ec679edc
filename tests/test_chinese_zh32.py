"""Chinese endings by their verb (sold, deleted, left, refused with stress, contact cut, a job left by its
paperwork), hedges and weighed choices, tasks said topic first or with 把 and a result, unnamed
errands, confirmations, quantities keyed by what they measure, and events of holidays, occasions
and "刚": wordings written for this file (round 32, room zh), with controls that must store no ending."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import MemoryType, Scope

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday
_EXTRACTOR = OfflineExtractor()


def facts(*turns: str) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=t) for t in turns], reference_time=REFERENCE,
                                           scope=Scope(user_id="u1"))).facts


def ended(text: str, word: str) -> bool:
    return any(word in f.object and f.operation is Operation.end for f in facts(text))


# -- endings, by the verb that ends them (ending_words) ----------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("那辆二手车上周卖掉了。", "车"),
    ("老家那套房子已经出手了，钱拿去还贷。", "房子"),
    ("把相机卖了，反正也不怎么拍。", "相机"),
    ("微博我直接注销了，刷多了心累。", "微博"),
    ("抖音我卸载了，一刷就是半夜。", "抖音"),
    ("退出了小区的广场舞群，吵架太多。", "广场舞群"),
    ("注销了那个游戏账号，不玩了。", "游戏账号"),
    ("可乐我一口都不碰了，血糖高。", "可乐"),
    ("烟我再也不抽了，说到做到。", "烟"),
    ("咖啡我三个月没再喝过了。", "咖啡"),
    ("吉他不弹了，没时间练。", "吉他"),
    ("跟前女友彻底没联系了。", "前女友"),
    ("和前任已经断了联系。", "前任"),
    ("我跟男朋友分了，好聚好散。", "男朋友"),
    ("抽了二十年烟，去年彻底戒掉了。", "烟"),
    ("游泳卡过期了，我没再续。", "游泳卡"),
])
def test_an_ending_verb_ends_the_thing_it_names(text: str, word: str) -> None:
    assert ended(text, word), facts(text)


@pytest.mark.parametrize(("text", "word"), [
    ("上周五正式离职了，在那家券商干了五年。", "券商"),
    ("在京东待了六年，前天办完了离职手续。", "京东"),
    ("辞职信交了，告别了干了三年的设计院。", "设计院"),
])
def test_a_job_left_by_its_paperwork_names_the_employer_of_the_years(text: str, word: str) -> None:
    found = [f for f in facts(text) if f.predicate == "works_at" and f.operation is Operation.end]
    assert found and word in found[0].object, facts(text)


@pytest.mark.parametrize("text", [
    "那双鞋码数不合适，我退货了。",
    "退了两件衣服，运费还挺贵。",
    "小区门口不好停车，绕了好几圈。",
    "外面雨停了。",
    "这个戒指是我妈送的，我一直戴着。",
    "我不再送外卖了，改开网约车。",
    "照片我都删了。",
    "我刚才看了一下，没问题。",
])
def test_the_same_characters_used_otherwise_end_nothing_wrongly(text: str) -> None:
    wrong = [f for f in facts(text) if f.operation is Operation.end and re.search(r"衣服|鞋|戒指|^车$|雨|照片|送外", f.object)]
    assert not wrong, facts(text)


def test_a_group_left_along_with_another_is_not_named_by_how() -> None:
    found = facts("那个摄影群我退了，另一个群也一起退了。")
    assert any(f.object == "摄影群" for f in found) and not any("一起" in f.object for f in found), found


def test_a_rented_home_given_back_ends_beside_the_new_home() -> None:
    found = facts("租的那套一居室退了，搬去跟同学合租。")
    assert any("一居室" in f.object and f.operation is Operation.end for f in found), found


# -- hedges stay uncertain ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("我搞不好下个月要去西安出差。", "西安"),
    ("八成是要去广州待一阵子。", "广州"),
    ("maybe 明年去考个教资。", "教资"),
    ("在纠结要不要换个安卓手机，还没想好。", "安卓"),
    ("想着要不要报个游泳班，还在犹豫。", "游泳"),
    ("我应该是 A 型血，记不太清了。", "A"),
    ("车或许会换一下，还在看。", "车"),
])
def test_a_hedge_is_kept_uncertain(text: str, word: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and all(f.hedged for f in found), facts(text)


def test_an_invitation_is_no_weighed_plan() -> None:
    assert not facts("要不要一起去吃火锅。")


# -- tasks, with their period -----------------------------------------------------------------

@pytest.mark.parametrize(("text", "word"), [
    ("合同今天必须签完寄出去。", "合同"),
    ("标书这周得交上去。", "标书"),
    ("我得把开题报告改完，下周答辩。", "开题报告"),
    ("要把年度总结写好发给领导。", "年度总结"),
    ("回头要去补办一下驾驶证。", "驾驶证"),
    ("正在赶一份融资计划书。", "融资计划书"),
    ("身份证快过期了，这两天得去换一下。", "身份证"),
    ("会员卡下周到期了，回头要去续一下。", "会员卡"),
    ("狗狗的驱虫到时间了，这两天得带去宠物店。", "驱虫"),
    ("下班顺路要去驿站拿个包裹。", "包裹"),
    ("回头要给我爸配副老花镜。", "老花镜"),
])
def test_a_task_is_stored_as_a_task(text: str, word: str) -> None:
    found = [f for f in facts(text) if word in f.object]
    assert found and all(f.predicate == "has_task" and f.memory_type is MemoryType.task for f in found), facts(text)


@pytest.mark.parametrize("text", ["我在赶地铁。", "都在忙这个。"])
def test_catching_a_train_or_work_named_before_is_no_task(text: str) -> None:
    assert not [f for f in facts(text) if f.predicate == "has_task"], facts(text)


# -- confirmations -----------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "word", "predicate"), [
    ("果然是对尘螨过敏，医生刚确认的。", "尘螨", "allergic_to"),
    ("公示名单出来了，我评上主任医师了。", "主任医师", "job_title"),
    ("落户办下来了，现在是杭州户口了。", "杭州", "household_registration"),
    ("终于落户成功了，现在是正式的成都户口。", "成都", "household_registration"),
])
def test_a_confirmation_is_a_certain_fact(text: str, word: str, predicate: str) -> None:
    found = facts(text)
    assert any(f.predicate == predicate and word in f.object and not f.hedged for f in found), found
    assert not any(f.predicate == "household_registration" and re.search(r"批|办|成功", f.object) for f in found), found


# -- quantities keyed by what they measure -----------------------------------------------------

@pytest.mark.parametrize(("text", "predicate", "word"), [
    ("期中考试考了 580 分。", "quantity_midterm_exam", "580"),
    ("我家房子 89 平。", "quantity_home_size", "89"),
    ("租的房子一共 45 平，一个人够住。", "quantity_home_size", "45"),
    ("单程通勤 18 公里。", "quantity_commute_distance", "18"),
    ("首付交了 60 万。", "quantity_down_payment", "60"),
    ("房贷还剩 36 期。", "quantity_loan_left", "36"),
    ("结婚都八年了。", "quantity_married_for", "八年"),
    ("毕业快三年了，还在原来那家公司。", "quantity_since_graduation", "三年"),
    ("每天步数都在八千以上。", "quantity_steps", "八千"),
])
def test_a_quantity_is_keyed_by_what_it_measures(text: str, predicate: str, word: str) -> None:
    assert any(f.predicate == predicate and word in f.object for f in facts(text)), facts(text)


# -- dated events: a holiday's day, an occasion, "刚" ------------------------------------------

@pytest.mark.parametrize(("text", "word", "day"), [
    ("五一那天带孩子去了动物园。", "动物园", "2026-05-01"),
    ("元旦那天去看了升旗。", "升旗", "2026-01-01"),
    ("上周五年会抽中了一台戴森吹风机。", "戴森", "2026-05-01"),
    ("昨天婚礼上碰到了大学室友。", "室友", "2026-05-05"),
    ("刚在超市门口碰到了以前的房东。", "房东", "2026-05-06"),
    ("上周日跟大学室友聚餐。", "聚餐", "2026-05-03"),
    ("昨天晚上和同事聚餐。", "聚餐", "2026-05-05"),
    ("上个月跟高中同学聚会。", "聚会", "2026-04-01"),
])
def test_an_event_is_dated(text: str, word: str, day: str) -> None:
    found = facts(text)
    assert any(word in f.object and f.valid_from and f.valid_from.date().isoformat() == day for f in found), found


def test_a_gathering_to_come_is_no_event() -> None:
    assert not any(f.valid_from for f in facts("下周六跟同学聚会。")), facts("下周六跟同学聚会。")


@pytest.mark.parametrize("text", ["刚洗完澡。", "刚到家，累死了。", "我刚才看了一下。"])
def test_a_routine_just_done_is_no_event(text: str) -> None:
    assert not facts(text), facts(text)
