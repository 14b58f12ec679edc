"""Review fixes of round 33's Chinese readers (room zh): the reviewer's sentences and controls of our own."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.candidates import Operation
from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.zh.timeexpr import find_times
from kronograph.model import Scope

from .conftest import Clock

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
_EXTRACTOR = OfflineExtractor()


def facts(text: str, reference: datetime = REFERENCE) -> list:
    return _EXTRACTOR.extract(EpisodeInput(turns=[Turn(role="user", content=text)], reference_time=reference,
                                           scope=Scope(user_id="u1"))).facts


def triples(text: str) -> set[tuple[str, str, str]]:
    return {(f.subject, f.predicate, f.object) for f in facts(text)}


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory


# -- festivals out of the table keep the holiday's span ----------------------------------------------

@pytest.mark.parametrize("text", ["中秋回家", "端午回家", "中秋节我们回老家"])
def test_a_lunar_festival_in_a_year_not_listed_is_no_single_day(text: str) -> None:
    spans = find_times(text, datetime(2030, 11, 1, tzinfo=UTC), "future")
    assert spans and all((s.end - s.start).days > 1 for s in spans)


@pytest.mark.parametrize(("text", "day"), [("中秋回家", (9, 25)), ("端午回家", (6, 19)), ("过年回家", None)])
def test_a_lunar_festival_in_a_listed_year_keeps_its_day(text: str, day: tuple[int, int] | None) -> None:
    span = find_times(text, REFERENCE, "future")[0]
    if day is None:
        assert (span.end - span.start).days > 1  # 过年 is the season
    else:
        assert (span.start.month, span.start.day) == day


# -- 只敢 is fear, no new liking ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["以前怕狗，后来只敢远远看着", "小时候怕水，现在只敢在浅水区站着", "以前怕蛇，后来只敢隔着玻璃看",
                                  "以前怕高，现在只敢坐二楼"])
def test_only_daring_stores_no_liking(text: str) -> None:
    assert not any(f.predicate == "likes" for f in facts(text))


def test_only_daring_to_eat_is_a_new_liking() -> None:
    assert any(f.predicate == "likes" and "清淡" in f.object for f in facts("以前顿顿离不开辣椒，做了胃镜以后只敢吃清淡的了。"))


# -- a not-liking turned only by a liking of the same thing ------------------------------------------

@pytest.mark.parametrize("text", ["我不再讨厌下雨天了，我喜欢猫", "我不再讨厌加班了，我喜欢喝咖啡", "以前讨厌香菜，现在我喜欢吃辣"])
def test_a_liking_of_another_thing_negates_no_ended_dislike(text: str) -> None:
    assert not any(f.predicate == "dislikes" and f.negated for f in facts(text))


@pytest.mark.parametrize("text", ["以前讨厌香菜，现在爱吃", "我不再讨厌香菜了，我喜欢香菜"])
def test_a_liking_of_the_same_thing_negates_the_ended_dislike(text: str) -> None:
    assert any(f.predicate == "dislikes" and f.negated for f in facts(text))


# -- a quit from a day on is no day skipped; the body and appliances are no pastime ------------------

@pytest.mark.parametrize(("text", "obj"), [("今天开始我不抽烟了", "抽烟"), ("今天起瑜伽课不上了", "瑜伽课"),
                                           ("今天起我不喝奶茶了", "喝奶茶"), ("下周开始钢琴课不上了", "钢琴课")])
def test_a_stop_from_a_day_on_ends(text: str, obj: str) -> None:
    assert any(f.object == obj and f.operation is Operation.end for f in facts(text))


@pytest.mark.parametrize("text", ["今晚健身房不去了", "明天的课不上了", "今天健身房不去了", "今天起床晚了"])
def test_a_day_skipped_ends_nothing(text: str) -> None:
    assert not any(f.operation is Operation.end for f in facts(text))


@pytest.mark.parametrize("text", ["我不拉肚子了", "我不吹头发了", "我不开空调了，有点冷", "我不接电话了", "我不开灯了", "我不吹风扇了"])
def test_the_body_or_an_appliance_is_no_pastime_ended(text: str) -> None:
    assert not any(f.operation is Operation.end for f in facts(text))


@pytest.mark.parametrize(("text", "obj"), [("我不拉小提琴了", "小提琴"), ("我不吹萨克斯了", "萨克斯"), ("吉他我不弹了", "弹吉他")])
def test_a_pastime_stopped_still_ends(text: str, obj: str) -> None:
    assert any(f.object == obj and f.operation is Operation.end for f in facts(text))


# -- 叫 as a bark, and pet words inside other nouns ---------------------------------------------------

@pytest.mark.parametrize("text", ["我家狗叫了一晚上", "我家猫叫春了", "家里的狗叫得很凶", "我家的猫叫声很大", "我养了只狗，叫起来很凶",
                                  "我家有个猫爬架，叫猫窝", "我有个兔子玩偶，叫兔兔", "我家狗叫个不停", "我家猫叫着要吃的"])
def test_a_bark_or_a_thing_named_is_no_pet_name(text: str) -> None:
    assert not any(f.predicate == "has_pet" or "（" in f.object for f in facts(text))


@pytest.mark.parametrize(("text", "fact"), [("我有个哥哥，叫李明", ("has_brother", "李明")), ("我家猫叫可乐", ("has_pet", "可乐（猫）")),
                                            ("我养了只狗，叫旺财", ("has", "一只狗（旺财）")), ("有个三岁的闺女，小名叫糖糖", ("has_daughter", "糖糖"))])
def test_a_name_said_is_kept_once(text: str, fact: tuple[str, str]) -> None:
    found = {(f.predicate, f.object) for f in facts(text)}
    assert fact in found and not any(p == "has" and o.startswith("一个") for p, o in found)


# -- a level out of range is a health detail only of its owner ---------------------------------------

@pytest.mark.parametrize("text", ["血压高的人不能吃咸的", "血糖高怎么办？", "听说血糖高要少吃米饭", "血压高低和年龄有关吗？",
                                  "他的眼压有点高，要去复查", "我买了一台测血糖高精度的仪器", "据说胆固醇高的人要少吃蛋黄",
                                  "我血压高吗？", "她的血糖有点高"])
def test_a_level_said_of_nobody_or_asked_is_no_health_fact(text: str) -> None:
    assert not any(f.predicate == "medical_condition" for f in facts(text))


@pytest.mark.parametrize(("text", "subject"), [("我血糖有点高", "user"), ("我的胆固醇偏高", "user"), ("我妈血压一直偏高", "user's mother"),
                                               ("我爸的尿酸超标", "user's father"), ("最近我血压有点高，医生让我少吃盐", "user"), ("我爸好像血压有点高，下周带他去复查。", "user's father")])
def test_a_level_of_the_user_or_kin_is_theirs(text: str, subject: str) -> None:
    assert any(f.predicate == "medical_condition" and f.subject == subject for f in facts(text))


# -- a strong guess is a plan only of the user's own act ---------------------------------------------

@pytest.mark.parametrize("text", ["搞不好老板要裁员", "说不定物业要涨价", "搞不好房东要卖房子", "搞不好银行要降息", "说不定猫把花瓶打碎了",
                                  "也许快递员把包裹放错地方了", "说不定钱包落在出租车上了", "说不定彩票中奖了呢", "搞不好邻居要装修",
                                  "说不定航班延误了", "搞不好孩子把作业弄丢了"])
def test_a_guess_about_others_or_the_past_is_no_plan(text: str) -> None:
    assert not any(f.predicate == "plans_to" for f in facts(text))


@pytest.mark.parametrize(("text", "obj"), [("说不定过年不回老家了", "不回老家"), ("搞不好要把车卖了", "把车卖"), ("说不定下个月换个工作", "换个工作"),
                                           ("搞不好明年去深圳发展", "去深圳发展"), ("maybe 换个 MacBook 吧，旧的电池不行了。", "MacBook"), ("公司可能要搬到滨江，还没定。", "滨江")])
def test_a_guess_about_the_users_own_act_is_a_hedged_plan(text: str, obj: str) -> None:
    assert any(f.predicate == "plans_to" and obj in f.object for f in facts(text))


# -- a corrected detail is the user's only when nobody else owns it ----------------------------------

@pytest.mark.parametrize("text", ["我朋友家的狗叫旺财，不叫来福", "我同事的猫叫咪咪，不叫花花", "小区门口的店叫好邻居，不叫便利蜂",
                                  "明天的天气是晴天，不是雨天", "最好的办法是等，不是跑", "我们的口号是团结，不是竞争", "周末的安排是爬山，不是逛街",
                                  "我邻居家的猫叫球球，不叫团团", "楼下的餐馆叫老地方，不叫新天地", "这次的主题是环保，不是科技"])
def test_a_detail_of_another_or_of_nobody_is_not_the_users(text: str) -> None:
    assert not any(f.subject.startswith("user") and f.predicate in ("name", "detail", "works_at") for f in facts(text))


@pytest.mark.parametrize(("text", "fact"), [("口误，我家猫叫可乐，不叫雪碧", ("user's 猫", "name", "可乐")),
                                            ("更正一下，我的邮编是200031，不是200013", ("user", "postcode", "200031")),
                                            ("说错了，我家狗叫豆豆，不叫球球", ("user's 狗", "name", "豆豆"))])
def test_a_detail_of_the_users_own_is_corrected(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in triples(text)


# -- "能不能删掉？" about an app or a device is no forget request ---------------------------------------

@pytest.mark.parametrize("text", ["微信里的聊天记录，能不能删掉？", "我的头像，能不能删掉？", "浏览器的历史记录，能不能删除？",
                                  "我老公的游戏，能不能删掉？", "我妈的那个群，能不能删掉？", "手机里的照片，能不能删掉？",
                                  "电脑上的文件，可不可以删掉？", "相册里的截图，能不能删除？"])
def test_asking_how_to_delete_device_content_forgets_nothing(text: str) -> None:
    assert not any(f.operation is Operation.forget for f in facts(text))


@pytest.mark.parametrize(("text", "predicate"), [("我的手机号，能不能删掉？", "phone"), ("我刚才说的地址，能不能删掉？", "address"),
                                                 ("我的生日，可不可以删掉", "birthday")])
def test_asking_to_delete_a_record_of_the_user_still_forgets(text: str, predicate: str) -> None:
    assert any(f.operation is Operation.forget and f.predicate == predicate for f in facts(text))


# -- forgetting a person's name forgets the name, not the rest ---------------------------------------

@pytest.mark.parametrize("request_", ["我老板叫啥这个别记了。", "我老板的名字，别记了。", "我老板的名字别记了"])
def test_forgetting_a_persons_name_keeps_the_rest(mem: Memory, request_: str) -> None:
    mem.add("我老板叫王强，他是上海人。", user_id="u1", reference_time=REFERENCE)
    mem.add(request_, user_id="u1", reference_time=REFERENCE)
    kept = {(f.predicate, f.object) for f in mem.facts(user_id="u1")}
    assert ("hometown", "上海") in kept and not any(p == "has_boss" for p, _ in kept)


def test_forgetting_kins_name_keeps_their_job(mem: Memory) -> None:
    mem.add("我妈叫张兰，她是老师。", user_id="u1", reference_time=REFERENCE)
    mem.add("我妈的名字别记了", user_id="u1", reference_time=REFERENCE)
    kept = {(f.predicate, f.object) for f in mem.facts(user_id="u1")}
    assert ("job_title", "老师") in kept and not any(p == "has_mother" for p, _ in kept)


def test_forgetting_a_pets_name_forgets_the_pet_named(mem: Memory) -> None:
    mem.add("我家猫叫可乐。", user_id="u1", reference_time=REFERENCE)
    mem.add("我喜欢跑步。", user_id="u1", reference_time=REFERENCE)
    mem.add("我家猫的名字别记了", user_id="u1", reference_time=REFERENCE)
    kept = {(f.predicate, f.object) for f in mem.facts(user_id="u1")}
    assert ("likes", "跑步") in kept and not any(p == "has_pet" for p, _ in kept)
