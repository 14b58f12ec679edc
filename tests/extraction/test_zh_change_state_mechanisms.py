"""Round 29 (room 14d): Chinese changes, corrections, states and third-person statements read by
mechanism: an employer left, 在 + place/organisation + 做/当/搞/干 + role, a bare "现在在X" after a
past job or school, a new role taken up after an old one ended, a correction said as "是学X的",
a move of school, and a partner named without the user's marriage read into it.
Every sentence here is written for this file (none is an evaluation row)."""

from __future__ import annotations

import pytest

from kronograph.candidates import Operation

from .reading import zh_facts

H, S, C, W = "user's husband", "user's sister", "user's colleague", "user's wife"


def _read(text: str) -> set[tuple[str, str, str, str]]:
    return {(f.subject, f.predicate, f.object, f.operation.value) for f in zh_facts(text)}


# "是<workplace>的<role>": the role, and the employer when the place is one.
@pytest.mark.parametrize(("text", "role", "employer"), [
    ("我是市一医院的护士。", "护士", "市一医院"), ("我是一家律所的律师。", "律师", None),
    ("我老公是工商银行的柜员。", "柜员", "工商银行"), ("我是他的老师。", "老师", None)])
def test_a_role_at_a_workplace(text: str, role: str, employer: str | None) -> None:
    found = {(p, o) for _, p, o, _ in _read(text)}
    assert ("job_title", role) in found
    assert employer is None or ("works_at", employer) in found


@pytest.mark.parametrize(("text", "value"), [("我是学医的。", "医"), ("我老婆是学法律的。", "法律"), ("我是学建筑的。", "建筑")])
def test_what_one_studied_said_as_a_kind_of_person(text: str, value: str) -> None:
    found = zh_facts(text)
    assert any(f.predicate == "studies" and f.object == value for f in found)
    assert not any(f.predicate == "job_title" for f in found)


# An employer left ends the job, whatever its name ends with ("美团" is no group, "集团" a company).
@pytest.mark.parametrize(("text", "subject", "employer"), [
    ("我上个月离开了美团。", "user", "美团"),
    ("前年我就离开万科集团了。", "user", "万科集团"),
    ("我老公刚离开美团没多久。", H, "美团"),
    ("离开华为之后我一直在休息。", "user", "华为"),
    ("我妹妹已经离开了平安银行。", S, "平安银行"),
])
def test_an_employer_left_ends_the_job(text: str, subject: str, employer: str) -> None:
    assert (subject, "works_at", employer, "end") in _read(text)


@pytest.mark.parametrize(("text", "group"), [("我离开了那个跑团。", "跑团"), ("我上周离开了合唱团。", "合唱团"),
                                             ("我已经离开了读书会。", "读书会")])
def test_a_group_left_is_still_a_membership_ended(text: str, group: str) -> None:
    found = _read(text)
    assert ("user", "member_of", group, "end") in found
    assert not any(p == "works_at" for _, p, _, _ in found)


# 在 + organisation or place + 做/当/搞/干 + role: the employer (or the city worked in) and the role.
@pytest.mark.parametrize(("text", "subject", "where", "role"), [
    ("我在腾讯搞算法。", "user", "腾讯", "算法"),
    ("我在网易搞运维，快五年了。", "user", "网易", "运维"),
    ("我同事在京东搞测试。", C, "京东", "测试"),
    ("我妹妹在成都当护士。", S, "成都", "护士"),
    ("我在深圳做产品经理。", "user", "深圳", "产品经理"),
    ("我在小红书干运营。", "user", "小红书", "运营"),
])
def test_a_role_at_a_place_or_firm_is_the_job_and_its_employer(text: str, subject: str, where: str, role: str) -> None:
    found = _read(text)
    assert (subject, "job_title", role, "add") in found
    assert any(s == subject and p in ("works_at", "lives_in") and o == where for s, p, o, _ in found)


@pytest.mark.parametrize("text", ["我在家搞卫生。", "我在家搞了一下午卫生。", "周末在家搞了个大扫除。"])
def test_chores_done_at_home_are_no_job(text: str) -> None:
    assert not any(p in ("works_at", "job_title") for _, p, _, _ in _read(text))


# A past job or school, then "现在在X" with no verb: the same slot, moved on.
@pytest.mark.parametrize(("text", "predicate", "new", "old"), [
    ("以前我在南京上班，现在在苏州。", "works_at", "苏州", "南京"),
    ("之前我在北京工作，后来在天津。", "works_at", "天津", "北京"),
    ("原来我在武汉上班，如今在长沙。", "works_at", "长沙", "武汉"),
    ("以前我住在南京，现在在苏州。", "lives_in", "苏州", "南京"),
])
def test_a_bare_place_now_keeps_the_slot_said_before(text: str, predicate: str, new: str, old: str) -> None:
    got = [f for f in zh_facts(text) if f.object == new]
    assert got and got[0].predicate == predicate and got[0].replaces == old


# A new role taken up with 改做/改当/转做 after the old one ended.
@pytest.mark.parametrize(("text", "role", "old"), [
    ("我不再当老师了，改做培训。", "培训", "老师"),
    ("销售我不干了，改当保险经纪人。", "保险经纪人", "销售"),
    ("不做会计了，转做审计。", "审计", "会计"),
])
def test_a_role_taken_up_after_one_ended(text: str, role: str, old: str) -> None:
    got = [f for f in zh_facts(text) if f.predicate == "job_title" and f.object == role]
    assert got and got[0].replaces == old


def test_something_made_instead_is_no_role() -> None:
    assert not any(f.predicate == "job_title" for f in zh_facts("蛋糕太甜了，改做面包。"))


# Corrections said as "是学X的，不是学Y的": what one studied, not a job.
@pytest.mark.parametrize(("text", "subject", "value", "old"), [
    ("其实我是学医的，不是学法律的。", "user", "医", "法律"),
    ("说错了，我是学计算机的，不是学数学的。", "user", "计算机", "数学"),
    ("纠正一下，我妹妹是学会计的，不是学金融的。", S, "会计", "金融"),
])
def test_a_subject_studied_corrected(text: str, subject: str, value: str, old: str) -> None:
    got = [f for f in zh_facts(text) if f.predicate == "studies" and f.object == value]
    assert got and got[0].subject == subject and got[0].operation is Operation.correct and got[0].replaces == old
    assert not any(f.predicate == "job_title" for f in zh_facts(text))


@pytest.mark.parametrize(("text", "subject", "value", "old"), [
    ("不对，我在杭州上班，不是宁波。", "user", "杭州", "宁波"),
    ("搞错了，我老婆是做会计的，不是做出纳的。", W, "会计", "出纳"),
    ("我记错了，我同事住在昌平，不是顺义。", C, "昌平", "顺义"),
])
def test_corrections_of_job_place_and_home_still_hold(text: str, subject: str, value: str, old: str) -> None:
    got = [f for f in zh_facts(text) if f.object == value]
    assert got and got[0].subject == subject and got[0].operation is Operation.correct and got[0].replaces == old


# A change of school said done: 转学到/转学去了 X.
@pytest.mark.parametrize(("text", "subject", "school"), [
    ("我儿子上学期转学到育才中学了。", "user's son", "育才中学"),
    ("我去年转学去了南开。", "user", "南开"),
    ("我妹妹转学到了外国语学校。", S, "外国语学校"),
])
def test_a_school_moved_to(text: str, subject: str, school: str) -> None:
    assert any(f.subject == subject and f.predicate in ("studies_at", "planned_studies_at") and f.object == school
               for f in zh_facts(text))


# A partner mentioned in a statement about the partner says nothing of the user's own status.
@pytest.mark.parametrize("text", ["我老公在电网上班。", "我老婆喜欢养花。", "我媳妇在医院当护士。",
                                  "我女朋友住在闵行。", "我男朋友是做设计的。"])
def test_a_partner_mentioned_is_no_relationship_status(text: str) -> None:
    found = zh_facts(text)
    assert found and not any(f.predicate == "relationship_status" for f in found)


@pytest.mark.parametrize(("text", "status"), [("我结婚了。", "married"), ("我们上个月领证了。", "married"),
                                              ("我和男朋友分手了。", "single")])
def test_a_status_said_is_still_read(text: str, status: str) -> None:
    assert ("user", "relationship_status", status) in {(f.subject, f.predicate, f.object) for f in zh_facts(text)}


# A verb split by 的 ("退的休", "离的职"): the act done, not a group left.
@pytest.mark.parametrize(("text", "subject"), [("我妈前年退的休。", "user's mother"), ("我爸去年离的职，现在自己开店。", "user's father"),
                                               ("我是今年三月辞的职。", "user")])
def test_a_split_verb_ends_the_job(text: str, subject: str) -> None:
    found = _read(text)
    assert any(s == subject and p == "works_at" and op == "end" for s, p, _, op in found)
    assert not any(p == "member_of" for _, p, _, _ in found)


# What someone was before retiring is a role of the past.
@pytest.mark.parametrize(("text", "subject", "role"), [("我婆婆退休前是中学老师。", "user's mother-in-law", "中学老师"),
                                                       ("我爸退休之前是工程师。", "user's father", "工程师")])
def test_a_role_before_retiring_has_ended(text: str, subject: str, role: str) -> None:
    assert (subject, "job_title", role, "end") in _read(text)


# Settled somewhere for a long while: where one lives, the while said after it left off.
@pytest.mark.parametrize(("text", "subject", "place"), [("我姐在温哥华定居好多年了。", "user's sister", "温哥华"),
                                                        ("我舅舅在大连生活很多年了。", "user's uncle", "大连")])
def test_settled_for_years_is_where_one_lives(text: str, subject: str, place: str) -> None:
    assert (subject, "lives_in", place, "add") in _read(text)


# Gone somewhere to make a living (去/来 X 发展/打拼/定居): a move, not a trip.
@pytest.mark.parametrize(("text", "subject", "place"), [("后来我去了深圳发展。", "user", "深圳"),
                                                        ("我表哥去年去了杭州打拼。", "user's cousin", "杭州"),
                                                        ("我从长沙来了广州闯荡。", "user", "广州")])
def test_gone_to_make_a_living_is_a_move(text: str, subject: str, place: str) -> None:
    found = _read(text)
    assert (subject, "lives_in", place, "add") in found
    assert not any(p == "visited" for _, p, _, _ in found)


def test_a_trip_is_still_a_visit() -> None:
    assert any(p == "visited" for _, p, _, _ in _read("我上周去了趟深圳。"))


# A post moved to (换到/调到 X 岗) is a role; a system taken up with 改用 replaces the one dropped.
@pytest.mark.parametrize(("text", "predicate", "value"), [("我换到了运维岗。", "job_title", "运维"),
                                                          ("我被调到了质检岗位。", "job_title", "质检"),
                                                          ("我不再用Windows了，改用Linux。", "uses_os", "Linux")])
def test_a_post_or_a_system_moved_to(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _ in _read(text))
    assert not any(p == "works_at" for _, p, _, _ in _read(text))


# A habit begun, said without a speaker ("最近开始学…"): the speaker's own; a bare order is not.
@pytest.mark.parametrize(("text", "predicate", "value"), [("最近开始学尤克里里，每天练一会儿。", "studies", "尤克里里"),
                                                          ("今年开始用 Obsidian 了。", "uses", "Obsidian"),
                                                          ("上个月开始学游泳了。", "studies", "游泳")])
def test_a_habit_begun_without_a_speaker(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _ in _read(text))


@pytest.mark.parametrize("text", ["学吉他。", "用这个吧。", "养猫吗？"])
def test_a_bare_verb_phrase_is_no_statement(text: str) -> None:
    assert not any(p in ("studies", "uses", "has") for _, p, _, _ in _read(text))


# A system or tool installed: the one in use now; an appliance installed is none.
@pytest.mark.parametrize(("text", "predicate", "value"), [("家里那台笔记本装了 Ubuntu。", "uses_os", "Ubuntu"),
                                                          ("旧电脑刷成了Linux。", "uses_os", "Linux"),
                                                          ("我装了个 Obsidian。", "uses", "Obsidian")])
def test_a_system_installed(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _ in _read(text))


def test_an_appliance_installed_is_no_tool() -> None:
    assert not any(p in ("uses", "uses_os") for _, p, _, _ in _read("家里装了空调。"))


# A new device said generically, then named: the named one is in use (the car, the one driven).
@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("换了新手机，小米 14，旧的给我爸了。", "user", "uses", "小米 14"),
    ("前几天换了部新手机，华为 Mate 70。", "user", "uses", "华为 Mate 70"),
    ("我姐买了新车，特斯拉 Model 3。", S, "drives", "特斯拉 Model 3"),
    ("新买的电脑是联想小新。", "user", "uses", "联想小新"),
])
def test_a_new_device_named_after(text: str, subject: str, predicate: str, value: str) -> None:
    found = _read(text)
    assert any(s == subject and p == predicate and o == value for s, p, o, _ in found)
    assert not any(o.startswith("新") for _, _, o, _ in found)


@pytest.mark.parametrize("text", ["换了新手机，挺好用。", "换了部新手机，用着挺顺手。"])
def test_a_new_device_praised_names_nothing(text: str) -> None:
    assert not any(p in ("uses", "drives") for _, p, _, _ in _read(text))


def test_a_place_left_stops_where_the_next_act_begins() -> None:
    assert ("user", "lives_in", "北京", "end") in _read("离开北京回了老家，现在在县城上班。")


def test_a_kind_of_company_is_no_name() -> None:
    assert not any("做游戏" in o for _, _, o, _ in _read("入职新公司一个月了，是一家做游戏的公司。"))


# A phone maker contrasted names the phone in use; "我没说我…" takes back what was said.
@pytest.mark.parametrize(("text", "predicate", "value", "old"), [("刚才那个说错了，不是华为，是小米。", "uses", "小米", "华为"),
                                                                 ("打错了，是三星不是苹果。", "uses", "三星", "苹果")])
def test_a_phone_maker_corrected(text: str, predicate: str, value: str, old: str) -> None:
    got = [f for f in zh_facts(text) if f.object == value]
    assert got and got[0].predicate == predicate and got[0].operation is Operation.correct and got[0].replaces == old


def test_a_statement_taken_back_is_a_correction() -> None:
    got = [f for f in zh_facts("我没说我住北京，我住天津。") if f.object == "天津"]
    assert got and got[0].operation is Operation.correct


# A relative named with 叫 in a clause of its own: the user has that relative, by that name.
@pytest.mark.parametrize(("text", "predicate", "name"), [("我妹妹叫小雨，在读高二。", "has_sister", "小雨"),
                                                         ("我儿子叫乐乐。", "has_son", "乐乐"),
                                                         ("我同事叫小李，他住在昌平。", "has_colleague", "小李")])
def test_a_relative_named_with_jiao(text: str, predicate: str, name: str) -> None:
    assert ("user", predicate, name, "add") in _read(text)


@pytest.mark.parametrize("text", ["我老公叫什么你还记得吗？", "我们组长姓周，人挺好的。"])
def test_a_question_or_a_surname_names_nobody(text: str) -> None:
    assert not any(p.startswith("has_") for _, p, _, _ in _read(text))


# Kin by marriage, step-kin and people at work are third persons, not the user.
@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("我舅妈在老家开超市。", "user's aunt", "owns", "超市"),
    ("我大伯搬去了成都。", "user's uncle", "lives_in", "成都"),
    ("我学长在字节做后端。", "user's senior schoolmate", "works_at", "字节"),
    ("我继父是个厨师。", "user's stepfather", "job_title", "厨师"),
])
def test_more_kin_are_third_persons(text: str, subject: str, predicate: str, value: str) -> None:
    found = _read(text)
    assert any(s == subject and p == predicate and o == value for s, p, o, _ in found)
    assert not any(s == "user" and p == predicate for s, p, _, _ in found)


# A living named by what one does ("是开滴滴的"): a job; how one came ("是开车来的") or a joke is none.
@pytest.mark.parametrize(("text", "subject", "job"), [("我是开滴滴的。", "user", "开滴滴"), ("我是跑外卖的。", "user", "跑外卖"),
                                                      ("我老公是修车的。", H, "修车"), ("我是卖保险的，干了八年。", "user", "卖保险")])
def test_a_living_named_by_what_one_does(text: str, subject: str, job: str) -> None:
    assert (subject, "job_title", job, "add") in _read(text)


@pytest.mark.parametrize("text", ["我是开车来的。", "我是坐地铁来的。", "我是跟你开玩笑的。", "这是送你的。", "我是卖萌的。"])
def test_how_one_came_or_a_joke_is_no_job(text: str) -> None:
    assert not any(p == "job_title" for _, p, _, _ in _read(text))


# Where one comes from, said emphatically; a city one works away from home in ("北漂").
@pytest.mark.parametrize(("text", "predicate", "place"), [("我是土生土长的重庆人。", "hometown", "重庆"),
                                                          ("我是北漂，来这边五年了。", "lives_in", "北京"),
                                                          ("我是沪漂一族。", "lives_in", "上海")])
def test_origin_and_drifting(text: str, predicate: str, place: str) -> None:
    assert ("user", predicate, place, "add") in _read(text)


# "不用再X" (no longer need to) is relief, not a tool dropped or a denial of what came before.
@pytest.mark.parametrize(("text", "kept"), [("我从运营转岗做 BD 了，不用再天天写日报。", ("job_title", "BD")),
                                            ("搬到公司附近了，不用再挤两小时地铁。", ("lives_in", "公司附近"))])
def test_no_longer_needing_to_is_no_denial(text: str, kept: tuple[str, str]) -> None:
    found = zh_facts(text)
    assert any((f.predicate, f.object) == kept and f.operation is Operation.add for f in found)
    assert not any(f.predicate == "uses" or "再" in f.object for f in found)


def test_a_tool_no_longer_used_still_ends() -> None:
    assert ("user", "uses", "微信", "end") in _read("我不用微信了。")


# An employer moved to, then what followed ("调到X以后，…"); a job found somewhere unnamed.
def test_a_transfer_then_what_followed() -> None:
    assert (H, "works_at", "深圳分公司", "add") in _read("我老公调到深圳分公司以后，我们也跟着搬过去了。")


def test_a_job_found_names_no_employer() -> None:
    assert not any(p == "works_at" for _, p, _, _ in _read("上个月回了长沙，在这边找了份工作。"))


# A school year moved up to ("升了初一") is where the child now is in school, from the time said.
@pytest.mark.parametrize(("text", "subject", "grade"), [("我家闺女去年九月升了初一。", "user's daughter", "初一"),
                                                        ("我儿子今年升入高三了。", "user's son", "高三")])
def test_a_school_year_moved_up_to(text: str, subject: str, grade: str) -> None:
    got = [f for f in zh_facts(text) if f.predicate == "current_education" and f.object == grade]
    assert got and got[0].subject == subject and got[0].valid_from is not None


def test_a_promotion_is_no_school_year() -> None:
    assert not any(f.predicate == "current_education" for f in zh_facts("我升职了。"))


# Going out to do what was named before names no new habit; a habit with its own act still does.
def test_going_out_to_do_it_is_no_new_habit() -> None:
    found = _read("我妈最近迷上了广场舞，天天晚上出去跳。")
    assert ("user's mother", "likes", "广场舞", "add") in found
    assert not any(p == "activity" for _, p, _, _ in found)
    assert ("user's husband", "activity", "跑步", "add") in _read("我老公每天跑步。")


# More everyday changes: a new way to work, a shop opened after a job lost, staying on somewhere in a role,
# a return home to retire.
@pytest.mark.parametrize(("text", "predicate", "value"), [
    ("今年开始改成坐地铁通勤了。", "commutes_by", "地铁"),
    ("下岗之后开了个小卖部。", "owns", "小卖部"),
    ("博士毕业了，留在了研究所当助理研究员。", "job_title", "助理研究员"),
    ("退休以后回了农村老家养老。", "lives_in", "农村老家"),
    ("这次搬到了朝阳。", "lives_in", "朝阳"),
])
def test_more_everyday_changes(text: str, predicate: str, value: str) -> None:
    assert any(p == predicate and o == value for _, p, o, _ in _read(text))


# Third persons in more wordings: a habit in the evening, a school gone to after an
# admission, married off abroad, a "小" relative.
@pytest.mark.parametrize(("text", "subject", "predicate", "value"), [
    ("我公公每天傍晚去河边钓鱼。", "user's father-in-law", "activity", "河边钓鱼"),
    ("我表弟刚考上研究生，去了川大。", "user's cousin", "studies_at", "川大"),
    ("我堂姐远嫁到了新加坡。", "user's cousin", "lives_in", "新加坡"),
    ("我小外甥今年上二年级了。", "user's nephew", "current_education", "二年级"),
])
def test_more_third_person_wordings(text: str, subject: str, predicate: str, value: str) -> None:
    found = _read(text)
    assert any(s == subject and p == predicate and o == value for s, p, o, _ in found)
    assert not any(p == "visited" for _, p, _, _ in found)


def test_a_trip_after_an_exam_is_still_a_trip() -> None:
    assert not any(p == "studies_at" for _, p, _, _ in _read("考完试了，去了趟三亚。"))
