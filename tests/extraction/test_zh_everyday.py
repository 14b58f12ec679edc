"""Chinese everyday states and errands: the car one drives, the metro line one rides, a city one
works in for a living, errands with no day named. Real jieba; every sentence is written for this
file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.model import MemoryType

from .reading import zh_facts as _facts
from .reading import zh_read as _read


@pytest.mark.parametrize(("text", "car"), [
    ("我现在开一辆黑色的大众帕萨特。", "帕萨特"),
    ("平时开一辆小鹏P7通勤。", "小鹏P7"),
    ("我开的是一辆十年车龄的丰田卡罗拉。", "卡罗拉"),
])
def test_a_car_described_at_length_is_the_car_driven(text: str, car: str) -> None:
    assert any(p == "drives" and car in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["我开一辆车去火车站接我爸。", "开一辆就够了。", "好的", "继续", "这个可以"])
def test_a_drive_on_an_errand_or_chatter_names_no_car(text: str) -> None:
    assert not any(p == "drives" for _, p, _ in _read(text))
    if text in ("好的", "继续", "这个可以"):
        assert _read(text) == []


def test_a_metro_line_ridden_to_work_is_the_commute() -> None:
    assert ("user", "commutes_by", "地铁4号线") in _read("我一般坐地铁4号线上班。")


def test_a_metro_ride_on_one_day_is_no_commute() -> None:
    assert not any(p == "commutes_by" for _, p, _ in _read("昨天坐4号线去了趟动物园。"))


@pytest.mark.parametrize(("text", "city"), [("我一个人在苏州打工。", "苏州"), ("这几年都在广州打拼。", "广州")])
def test_a_city_worked_in_for_a_living_is_home(text: str, city: str) -> None:
    facts = _read(text)
    assert ("user", "lives_in", city) in facts
    assert not any(p == "works_at" for _, p, _ in facts)


def test_an_employer_worked_at_stays_an_employer() -> None:
    assert ("user", "works_at", "顺丰") in _read("我在顺丰打工。")


@pytest.mark.parametrize(("text", "what"), [
    ("得抽空去洗一下牙。", "洗一下牙"),
    ("记得帮我爸把药取回来。", "药"),
    ("要赶紧把信用卡账单还上。", "账单"),
    ("得找个时间把驾照换了。", "驾照"),
])
def test_an_errand_with_no_day_named_is_a_task(text: str, what: str) -> None:
    tasks = [f for f in _facts(text) if f.predicate == "has_task"]
    assert tasks and what in tasks[0].object and tasks[0].memory_type is MemoryType.task


@pytest.mark.parametrize("text", ["我记得他去过一次西藏。", "我记得给她回过消息。", "赶紧的。"])
def test_remembering_a_past_act_is_no_errand(text: str) -> None:
    assert not any(f.predicate == "has_task" for f in _facts(text))


@pytest.mark.parametrize(("text", "what", "day"), [
    ("前天去社区医院做了个入职体检。", "体检", "2026-05-04"),
    ("昨天在公交上把钱包弄丢了。", "钱包", "2026-05-05"),
])
def test_a_checkup_or_a_loss_on_a_day_is_an_event_of_that_day(text: str, what: str, day: str) -> None:
    events = [f for f in _facts(text) if what in f.object]
    assert events and events[0].valid_from is not None and events[0].valid_from.date().isoformat() == day


@pytest.mark.parametrize("text", ["我昨天去医院看了牙。", "上周在杭州开了个会。"])
def test_a_routine_errand_on_a_day_is_still_no_event(text: str) -> None:
    assert _read(text) == []


def test_a_wedding_held_on_a_date_is_kept_as_that_days_event_beside_the_marriage() -> None:
    facts = _facts("三年前我们在厦门办了婚礼。")
    assert ("user", "relationship_status", "married") in [(f.subject, f.predicate, f.object) for f in facts]
    wedding = [f for f in facts if "婚礼" in f.object]
    assert wedding and wedding[0].valid_from is not None and wedding[0].valid_from.year == 2023


def test_a_wedding_planned_is_no_event() -> None:
    assert not any("婚礼" in f.object and f.predicate == "attended" for f in _facts("我们打算明年在老家办婚礼。"))


@pytest.mark.parametrize(("text", "predicate", "parts"), [
    ("我每周骑行两次，每次 40 公里。", "cycles", ("两次", "40公里")),
    ("每天晚上跑五公里。", "runs", ("五公里",)),
    ("一周大概能游 3 公里。", "swims", ("3公里",)),
])
def test_a_counted_routine_keeps_its_count_and_distance(text: str, predicate: str, parts: tuple[str, ...]) -> None:
    facts = [f for f in _facts(text) if f.predicate == predicate]
    assert facts and all(p in facts[0].object for p in parts) and facts[0].confidence is None


@pytest.mark.parametrize("text", ["每次都这样。", "一次跑了10公里就累了。", "好的"])
def test_a_distance_without_a_routine_before_it_stores_nothing(text: str) -> None:
    assert not any(f.predicate in ("runs", "quantity_habit") for f in _facts(text))


@pytest.mark.parametrize(("text", "condition"), [
    ("拍了片子，确认我是颈椎间盘突出。", "颈椎间盘突出"),
    ("报告出来了，就是慢性咽炎。", "咽炎"),
    ("医生看完确诊了，我是一型糖尿病。", "糖尿病"),
    ("之前怀疑是痛风，抽血以后确诊了。", "痛风"),
    ("验孕棒测出怀孕了。", "怀孕"),
])
def test_a_finding_said_without_its_usual_verb_is_a_certain_health_detail(text: str, condition: str) -> None:
    found = [f for f in _facts(text) if f.predicate == "medical_condition"]
    assert found and condition in found[0].object and not found[0].hedged


@pytest.mark.parametrize("text", ["我怀疑是痛风，还没去查。", "我怀疑自己有点咽炎。"])
def test_a_suspicion_not_confirmed_stays_uncertain(text: str) -> None:
    found = [f for f in _facts(text) if f.predicate == "medical_condition"]
    assert found and found[0].hedged


@pytest.mark.parametrize("text", ["我家有一对双胞胎。", "皮试结果阳性，确实对头孢过敏。", "医生让我得吃一周药。", "好的"])
def test_twins_a_test_result_or_a_course_of_pills_is_no_condition_or_medicine(text: str) -> None:
    assert not any(f.predicate in ("medical_condition", "takes_medication") for f in _facts(text))


@pytest.mark.parametrize(("text", "what"), [
    ("最近在考虑要不要报个日语班。", "日语班"),
    ("还在考虑是否换一台笔记本电脑。", "笔记本"),
    ("说不定去读个博士。", "博士"),
])
def test_a_plan_being_weighed_is_an_uncertain_plan(text: str, what: str) -> None:
    plans = [f for f in _facts(text) if f.predicate == "plans_to" and what in f.object]
    assert plans and plans[0].hedged


@pytest.mark.parametrize("text", ["我考虑一下。", "这个我再考虑考虑。", "你考虑得很周到。", "我在考虑要不要搬家。",
                                  "他可能去考研了。", "继续"])
def test_weighing_nothing_named_or_someone_elses_past_is_no_plan(text: str) -> None:
    assert not any(f.predicate == "plans_to" for f in _facts(text))


def test_a_task_on_a_day_ahead_keeps_that_day_in_its_text() -> None:
    tasks = [f for f in _facts("周五要去给孩子开家长会。") if f.predicate == "has_task"]
    assert tasks and "2026-05-08" in tasks[0].text


def test_a_task_for_the_week_names_no_single_day() -> None:
    tasks = [f for f in _facts("这周得把季度总结交了。") if f.predicate == "has_task"]
    assert tasks and "2026-" not in tasks[0].text


def test_a_date_written_with_spaces_is_read_whole() -> None:
    plans = [f for f in _facts("12 月 5 号考教资。") if f.predicate == "plans_to"]
    assert plans and "2026-12-05" in plans[0].text


@pytest.mark.parametrize(("text", "subject", "field"), [
    ("我表弟在武汉读大二，学的是临床医学。", "user's cousin", "临床医学"),
    ("我本科学的是日语。", "user", "日语"),
])
def test_the_field_studied_is_read_for_whoever_the_sentence_is_about(text: str, subject: str, field: str) -> None:
    assert any(s == subject and p == "studies" and field in o for s, p, o in _read(text))


@pytest.mark.parametrize("text", ["我在学做饭的是哪家店？", "学的东西太杂了。", "好的"])
def test_no_field_studied_from_a_question_or_a_complaint(text: str) -> None:
    assert not any(p == "studies" for _, p, _ in _read(text))


def test_a_relatives_age_without_its_unit_is_an_age() -> None:
    assert ("user's grandmother", "age", "92") in _read("我奶奶都 92 了，身体还硬朗。")


@pytest.mark.parametrize("text", ["我们俩都30了还没买房。", "现在都十点了。"])
def test_a_bare_number_of_a_couple_or_the_clock_is_no_age(text: str) -> None:
    assert not any(p == "age" for _, p, _ in _read(text))


def test_a_relatives_daily_pastime_after_retiring_is_kept() -> None:
    assert any(s == "user's mother" and p == "activity" and "下棋" in o
               for s, p, o in _read("我妈前年退休了，如今天天下棋。"))


def test_the_users_own_daily_chore_stays_unstored() -> None:
    assert _read("我天天做饭。") == []


@pytest.mark.parametrize(("text", "liked"), [
    ("煎饼果子我能一口气吃三个。", "煎饼果子"),
    ("下班后撸猫最治愈。", "撸猫"),
    ("最近飞盘上头了。", "飞盘"),
    ("去烧烤店必点烤韭菜。", "烤韭菜"),
    ("咖啡我只认瑞幸的生椰拿铁。", "生椰拿铁"),
    ("周杰伦的歌我每首都爱听。", "周杰伦的歌"),
    ("水果里最爱山竹。", "山竹"),
    ("听得最多的还是陈奕迅。", "陈奕迅"),
])
def test_a_liking_said_as_an_idiom_is_a_liking(text: str, liked: str) -> None:
    assert any(p == "likes" and liked in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["昨晚喝酒上头了。", "这个最解压。", "今天最开心了。", "他只认钱。", "继续", "这个可以"])
def test_a_drink_gone_to_the_head_a_pointer_or_someone_else_is_no_liking(text: str) -> None:
    assert not any(s == "user" and p == "likes" for s, p, _ in _read(text))


def test_an_idiom_of_two_negations_is_no_denial() -> None:
    facts = _facts("最喜欢春天，不冷不热的。")
    assert [f.object for f in facts if f.predicate == "likes"] == ["春天"] and all(f.replaces is None for f in facts)


@pytest.mark.parametrize(("text", "liked"), [
    ("以前觉得香菜很臭，后来吃了几次就爱上了。", "香菜"),
    ("原先觉得黑咖啡太苦，现在喝上瘾了。", "黑咖啡"),
])
def test_a_thing_once_judged_badly_then_loved_is_liked_now(text: str, liked: str) -> None:
    facts = _facts(text)
    assert any(f.predicate == "likes" and f.object == liked and f.operation.value == "add" for f in facts)


@pytest.mark.parametrize(("text", "lost"), [
    ("桌游对我来说已经没什么吸引力了。", "桌游"),
    ("对追剧已经提不起兴趣了。", "追剧"),
    ("我对健身的热情渐渐淡了。", "健身"),
    ("炸鸡不爱吃了。", "炸鸡"),
])
def test_an_interest_lost_ends_the_liking(text: str, lost: str) -> None:
    assert any(f.predicate == "likes" and lost in f.object and f.operation.value == "end" for f in _facts(text))


@pytest.mark.parametrize("text", ["这个对我没什么意思了。", "那个不爱吃了。", "好的，继续"])
def test_no_liking_ended_for_a_pointer_a_mood_or_chatter(text: str) -> None:
    assert not any(f.predicate == "likes" for f in _facts(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("我现在负责部门官网的重构。", ("current_project", "官网")),
    ("在建行做柜员快五年了。", ("job_title", "柜员")),
    ("本人全职宝妈，平时在家带娃。", ("job_title", "宝妈")),
    ("目前在成都一家游戏公司做测试。", ("job_title", "测试")),
    ("我老家温州的。", ("hometown", "温州")),
    ("我们一家四口住在无锡。", ("lives_in", "无锡")),
    ("我呢在药店上班。", ("works_at", "药店")),
    ("我是个美食博主。", ("job_title", "美食博主")),
])
def test_a_state_said_casually_is_read(text: str, expected: tuple[str, str]) -> None:
    predicate, value = expected
    assert any(s == "user" and p == predicate and value in o for s, p, o in _read(text))


@pytest.mark.parametrize("text", ["我负责买菜。", "在家干家务三年了。", "本人很忙。", "我老家的事以后再说。", "我是好人。",
                                  "这个可以"])
def test_a_chore_a_mood_or_a_non_place_is_no_state(text: str) -> None:
    assert not any(p in ("current_project", "job_title", "hometown", "works_at") for _, p, _ in _read(text))


@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("税后到手一万二。", "quantity_income", "一万二/月"),
    ("每年给外婆寄 5000 生活费。", "quantity_spending", "5000/年"),
    ("我家房子 120 平。", "quantity_home_size", "120平米"),
    ("公司离家 8 公里，骑车二十分钟。", "quantity_commute", "二十分钟"),
    ("公司离家 8 公里，骑车二十分钟。", "quantity_commute_distance", "8公里"),
])
def test_an_amount_said_plainly_is_a_quantity(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and value in o for _, p, o in _read(text))


@pytest.mark.parametrize("text", ["工资到手了。", "开车四十分钟。", "家离家10公里。", "这房子真大。", "好的"])
def test_no_quantity_without_an_amount_or_a_distance_before_the_time(text: str) -> None:
    assert not any(p.startswith("quantity_") for _, p, _ in _read(text))
