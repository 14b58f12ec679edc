"""The two values of a Chinese correction: the right one stated in a contrast ("我学的是会计，不是金融",
"让我过敏的是芒果", "我老婆姓林，不姓陈") and the wrong one, denied ("不是养了两只猫"), called wrong ("刚才说成
菠萝了"), restated by the assistant ("你是在南昌生活对吧？") or named in an earlier sentence ("我儿子小名叫乐乐").

The stated forms are read only in a sentence that corrects or contrasts (a correction marker, or a clause
"不是…/不姓…/不叫…" beside it); the extractor's combination of clauses makes the right value replace the
wrong one. The same forms said plainly are statements, not corrections.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...candidates import Operation
from .rules import DEICTIC, RELATIONS, Draft, ReadClause, clean, is_place, is_value, read, read_relations

#: Slips owned up to, beside the value meant, as data: "手滑", "少打了个点", "正确的是…", "应该是周三才对".
SLIPS = r"手滑|笔误|(?:少|多|漏)打了|打漏了|敲错|记岔|记混|搞混|弄混|正确的(?:是|应该是)|应该是[^，,]{1,24}才对"

#: A clause beside the value that denies another one: "不是金融", "而不是德语", "不姓陈", "不叫多多".
CONTRAST = re.compile(r"(?:^|[，,\s]|^我)(?:而)?(?:并)?不(?:是|姓|叫)(?!很|太|特别|非常|我|说)")

#: "(我)学的(其实)是会计": what was learnt, read, used, drunk… is the value; the verb names the slot.
_CLEFT = re.compile(r"^[^，,的]{0,4}?(?P<verb>学|修|读|念|用|喝|吃|做|干|开|养)(?:的)?"
                    r"(?:其实|实际上|确实|真的|本来)?(?:就)?是(?P<o>[^，,]+)$")
_VERB_SLOTS = {"学": "studies", "修": "studies", "读": "studies_at", "念": "studies_at", "用": "uses", "喝": "likes",
               "吃": "likes", "做": "job_title", "干": "job_title", "开": "drives", "养": "has_pet"}
#: "让我过敏的是芒果" / "我过敏的是芒果".
_ALLERGY = re.compile(r"^(?:让我|使我|我)?(?:会)?过敏的(?:其实|实际上)?是(?:对)?(?P<o>[^，,]+)$")
#: "叫朵朵" / "小名叫豆豆" / "姓林": a person's name after the person.
_NAMED = re.compile(r"^(?:的)?(?:小名|大名|名字|全名)?(?:其实|实际上)?(?P<verb>叫|姓)(?:做)?(?P<o>[^，,不]{1,6})$")
#: "的车是 Model Y": the car one has.
_CAR = re.compile(r"^(?:的)?车(?:子)?(?:其实|实际上)?是(?P<o>[^，,]+)$")
#: "上班的地方是深圳": the city one works in.
_WORK_PLACE = re.compile(r"^(?:上班|工作)的(?:地方|城市|地点)(?:其实|实际上)?(?:是|在)(?P<o>[^，,]+)$")
#: "(我)家那只是英短": what the pet is.
_PET = re.compile(r"^家(?:里)?(?:的)?(?:那|这)(?:只|条)(?:猫|狗|猫咪|狗狗)?(?:其实|实际上)?是(?P<o>[^，,]+)$")
#: "(我)是做 DBA 的" against a job denied: the job.
_JOB = re.compile(r"^(?:其实)?是(?:做|干|搞)(?P<o>[^，,]{1,12}?)的$")
#: The wrong value, said before: "刚才说成菠萝了" (its core "成菠萝了"), "之前说的银河科技是错的",
#: "前面说三十五是算错了".
_SAID_AS = re.compile(r"^(?:说|写|打|记|填)?(?:错|岔)?成了?(?:是)?(?P<o>[^，,]+?)了?$")
_SAID_WRONG = re.compile(r"^(?P<o>[^，,]+?)(?:是|都是)?(?:(?:说|写|打|记|算|搞|填)错了?|错的|错了|不对的?)(?:的)?$")


#: Attributes of a plan or a thing one has, said "X是V" with a date or a number in a contrast; the
#: slot is named as the English rules name it ("the meeting is on Thursday, not Wednesday" -> meeting_date).
_ATTRIBUTE_SLOTS = ((re.compile(r"婚礼|婚期|结婚(?:纪念日|的日子)"), "wedding_date"), (re.compile(r"车牌"), "license_plate"),
                    (re.compile(r"航班"), "flight"), (re.compile(r"预产期"), "due_date"), (re.compile(r"面试"), "interview_date"),
                    (re.compile(r"门牌|房号|房间号|房间"), "room_number"), (re.compile(r"会议|开会|例会|组会"), "meeting_date"),
                    (re.compile(r"体检"), "checkup"), (re.compile(r"搬家"), "moving_date"), (re.compile(r"出发|动身"), "departure_date"),
                    (re.compile(r"手术"), "surgery_date"), (re.compile(r"考试"), "exam_date"), (re.compile(r"聚会|聚餐|饭局"), "gathering_date"),
                    (re.compile(r"狗狗?$"), "dog"), (re.compile(r"猫咪?$"), "cat"))
_ATTRIBUTE = re.compile(r"^(?:我们|咱们|我|咱)?(?:的|家的?)?(?P<attr>[\u4e00-\u9fff]{1,6}?)(?:其实|应该|实际上|确实)?(?:约的|定的|订的|预约的|安排的|的)?"
                        r"(?:是|在|定在|订在|约在)\s*(?P<o>[\dA-Za-z一二三四五六七八九十零〇两]*[\dA-Za-z一二三四五六七八九十零〇两号月日点楼层室]*|(?P<named>[^，,是的]{2,8}))"
                        r"(?P<act>落地|起飞|出发|开始|见面|举行|办|到)?$")
#: A clause that is only an act and its time: "是下周四出发" (the act's slot, its time the value).
_TIMED_ACT = re.compile(r"^(?:其实|应该)?是(?P<attr>出发|动身|开会|见面|搬家|体检|面试|考试|手术|聚餐)$")


def attribute_value(clause: ReadClause) -> list[Draft]:
    """ "婚礼是10月18号" / "车牌尾号是 7" / "体检约的是协和" / "是下周四出发": the value of an attribute the
    clause names, where the slot is told by the attribute (a time found in the clause is its value)."""
    core = clause.core.strip()
    found = _ATTRIBUTE.match(core) or _TIMED_ACT.match(core)
    if found is None or re.search(r"[我你他她它这那]", found["attr"]):
        return []
    slot = next((s for words, s in _ATTRIBUTE_SLOTS if words.search(found["attr"])), None)
    named = found.groupdict().get("named")
    if named and (clause.times or not slot or not is_value(clean(named)) or re.search(r"[了过着吗呢吧]", named)):
        return []  # a name is the value only of a slot the table knows ("体检约的是协和")
    value = found.groupdict().get("o") or (clause.times[0].text if len(clause.times) == 1 else "")
    return [Draft(predicate=slot, object=clean(value))] if slot and value and is_value(clean(value)) else []


def contrasted_value(clause: ReadClause) -> list[Draft]:
    """The value a contrasting clause states, as a draft of its slot (empty when it states none)."""
    core = clause.core.strip()
    attribute = attribute_value(clause)
    if attribute:
        return attribute
    found = _ALLERGY.match(core)
    if found:
        return _draft("allergic_to", found["o"])
    found = _NAMED.match(core)
    if found:  # "我们公司叫星河科技" names the employer, "我女儿叫朵朵" a person
        if "organisation" in clause.flags:
            return _draft("studies_at" if "school" in clause.flags else "works_at", found["o"])
        return _draft("name" if found["verb"] == "叫" else "surname", found["o"])
    found = _CAR.match(core)
    if found:
        return _draft("drives", found["o"])
    found = _WORK_PLACE.match(core)
    if found:
        return _draft("works_in", found["o"])
    found = _PET.match(core)
    if found:
        return _draft("has_pet", found["o"])
    found = _CLEFT.match(core)
    if found:
        return _draft(_VERB_SLOTS[found["verb"]], found["o"])
    return []


#: A clause that denies a value beside the one stated: "不是属蛇", "不叫雪碧", "不在田子坊".
DENIED_BESIDE = re.compile(r"(?:^|[，,\s])(?:而)?(?:并)?不(?:是|姓|叫|在)(?!很|太|特别|非常|我|说)")

#: Topics a corrected value is said of, as data: the slot each names ("我的邮编是…", "我爸是属马的",
#: "女儿是七月生的"); a topic not listed is a ``detail`` of whoever the clause is about.
DETAIL_SLOTS = ((re.compile(r"^属|生肖|属相"), "zodiac"), (re.compile(r"星座"), "star_sign"), (re.compile(r"血型"), "blood_type"),
                (re.compile(r"邮编|邮政编码"), "postcode"), (re.compile(r"生日|出生|生的?$"), "birthday"),
                (re.compile(r"用户名|账号|帐号|昵称|网名|微信号|QQ号|(?<![A-Za-z])(?:ID|id)(?![A-Za-z])"), "username"),
                (re.compile(r"本科|研究生|硕士|博士|读研|读博|大学|高中|初中"), "studies_at"),
                (re.compile(r"年会|晚会|团建|排练|彩排|训练|例会|周会|班会|家长会"), "meeting_date"),
                (re.compile(r"工作室|办公室|公司|单位|门店|店(?:面|铺)?$"), "works_at"),
                (re.compile(r"楼层|会议室|教室|座位|工位"), "room_number"))
#: "(我的)邮编是 200031" / "(我家)猫叫可乐" / "(我爸)是属马的" / "乐队排练在(周四晚上)": a topic, a verb that
#: states its value, and the value (or the time the clause names).
_DETAIL = re.compile(r"^(?:的|家的?|们的?|们家的?)?(?P<topic>[^，,是叫姓在我你他她这那]{0,14}?)\s*(?:其实|应该|实际上|确实)?"
                     r"(?:约的|定的|订的|排的)?(?P<verb>是在|是|叫做|叫|在|定在|订在|约在|改到|改在|改成)\s*(?P<o>[^，,]*?)(?:的)?$")
_SAYING = re.compile(r"觉得|认为|感觉|想|说|意思|问题|原因|关键|重点|结果|天气|办法|安排|口号|主题|方向")
#: Pets and children named by their place in the family: "我家猫叫可乐", "我家老二叫小满".
_NAMED_ONE = re.compile(r"猫咪?|狗狗?|兔子|鹦鹉|仓鼠|乌龟|老大|老二|老三|老幺|大宝|二宝|小宝|宝宝")


def stated_detail(clause: ReadClause) -> list[Draft]:
    """The value a correcting clause states of a topic no other reader knows ("口误，我家猫叫可乐，不叫雪碧"
    -> name 可乐 of the user's cat; "更正一下，我的邮编是 200031，不是 200013" -> postcode 200031): read only
    in a sentence that denies another value (``DENIED_BESIDE``), where "X 是 V" names the value meant."""
    found = _DETAIL.match(clause.core.strip())
    if found is None or re.search(r"[不没别]", found["topic"]):
        return []  # "不是属蛇": the value denied, which the bare readers take
    topic, value = re.sub(r"(?:才|也|都|就|还|倒|却|又)$", "", found["topic"].strip()), found["o"].strip()
    if "的" in topic:
        return []  # "怕的是猫": a cleft of a feeling; "小区门口的店叫好邻居": a thing of nobody's named
    born = re.fullmatch(r"(?P<o>[^，,]*?)(?:出)?生(?:的)?", value)
    if born is not None:  # "(女儿)是七月生的": the time the clause names is the value
        topic, value = topic + "生", born["o"]
    if not value and len(clause.times) == 1:
        value = clause.times[0].text
    value = clean(value, keep_measure=True) if not re.search(r"\d", value) else value.strip()
    if not value or len(value) > 16 or not is_value(value) or DEICTIC.match(value) or re.search(r"[了过吗呢吧着]$|[我你他她不没]", value) \
            or _SAYING.search(topic):
        return []  # "我觉得是这样" / "我的意思是…": a thought or a saying, no value of a topic
    if found["verb"] in ("叫", "叫做") and _NAMED_ONE.fullmatch(topic):
        if clause.subject != "user":
            return []  # "我朋友家的狗叫旺财": another's pet, not the user's
        clause.subject, clause.subject_zh = f"user's {topic}", f"用户的{topic}"  # the clause is about the pet, not the user
        return [Draft(predicate="name", object=value, subject=clause.subject, subject_zh=clause.subject_zh)]
    slot = next((s for words, s in DETAIL_SLOTS + _ATTRIBUTE_SLOTS if words.search(topic or value)), None)
    if slot is None and (not topic or found["verb"] in ("叫", "叫做")):
        return []  # "是两个儿子" / "叫小满" with nobody named: the bare readers decide
    return [Draft(predicate=slot or "detail", object=value)]


#: "(我)是学医的": what one studied, said as a kind of person.
_STUDIED = re.compile(r"^(?:其实)?是(?:学|读|念)(?P<o>[^，,的]{1,8}?)(?:专业)?的$")


def stated_job(clause: ReadClause) -> list[Draft]:
    """ "我不是运维，我是做 DBA 的": in a contrast, what one does for a living is a job, not a project;
    "其实我是学医的，不是学法律的": what one studied is no job."""
    core = clause.core.strip()
    found = _STUDIED.match(core)
    if found:
        return [Draft(predicate="studies", object=clean(found["o"]))] if found["o"].strip() else []
    found = _JOB.match(core)
    return _draft("job_title", found["o"]) if found else []


def said_wrong(clause: ReadClause) -> list[Draft]:
    """The value a clause about what was said before calls wrong, as a bare denial the value beside it
    corrects: "刚才说成菠萝了" -> 菠萝."""
    if "said_before" not in clause.flags:
        return []
    core = re.sub(r"^(?:说|讲|写|打|提|填|记)(?:过)?的", "", clause.core.strip())  # "(前面)写的蔚来不对"
    found = _SAID_WRONG.match(core) or _SAID_AS.match(core)
    value = clean(found["o"]) if found else ""
    if not is_value(value) or re.search(r"[说讲写是]", value):
        return []
    return [Draft(predicate=None, object=value, negated=True, flags={"bare"})]


def denied_statement(clause: ReadClause) -> list[Draft]:
    """ "不是养了两只猫，是三只": a statement denied whole, whose value the clause after it replaces."""
    found = re.fullmatch(r"(?:并)?不是(?P<said>(?:养|住|用|开|学|读|做|干|喜欢|有|在(?:用|做|学|读|养|开))[^，,]{2,16})", clause.core.strip())
    if not found:
        return []
    drafts = [d for d in read_relations(read("我" + found["said"], clause.reference)) if d.predicate and d.object]
    return [Draft(predicate=d.predicate, object=d.object, negated=True, flags={"denial"}) for d in drafts[:1]]


def denied_name(clause: ReadClause) -> list[Draft]:
    """The name a clause denies, as a bare denial the value beside it corrects: "不姓陈" -> 陈."""
    found = re.fullmatch(r"(?:而)?(?:并)?不(?:姓|叫)(?P<o>[^，,不]{1,6})", clause.core.strip())
    if not found:
        return []
    return [Draft(predicate=None, object=clean(found["o"]), negated=True, flags={"bare", "denial"})]


def _draft(predicate: str, value: str) -> list[Draft]:
    value = clean(value)
    return [Draft(predicate=predicate, object=value)] if is_value(value) else []


#: An assistant's question that restates what it holds of the user: "你是在南昌生活对吧？", "你在阿里上班吗？".
_RESTATED = re.compile(r"^(?:所以|那|嗯|好的|了解)?[，,]?\s*你(?P<said>[^，,？?]{2,30}?)(?:[，,]?\s*(?:对吧|是吧|对吗|是吗|没错吧|对不对|是不是)|吗|嘛|吧)?[？?]\s*$")


def restated(sentence: str) -> str | None:
    """The user's statement an assistant's confirming question restates ("你是在南昌生活对吧？" ->
    "我是在南昌生活"): what "不对，是赣州" then corrects. None for any other sentence."""
    found = _RESTATED.match(sentence.strip())
    if found is None or re.search(r"哪|什么|谁|几|多少|怎么|为什么|想|要不要|能不能|可以", found["said"]):
        return None
    return "我" + found["said"] + "。"


#: Slots a place answers for: "你是在苏州上班吗？" "不对，是在无锡" names the place of work, not a home.
_PLACE_SLOTS = frozenset({"lives_in", "works_at", "hometown", "studies_at", "planned_lives_in", "planned_works_at"})


def answer_to(asked: Draft, drafts: list[Draft]) -> None:
    """A value given in reply to an assistant's wrong restatement ("你是在无锡上班对吧？" "不对，是常州") corrects
    the slot the question named, and only that slot (``slot_named``: the policy moves it nowhere else)."""
    for d in drafts:
        if d.subject != asked.subject or d.sensitive_kind or d.negated or not d.object or d.object == asked.object \
                or d.operation not in (Operation.add, Operation.correct):
            continue
        if d.predicate == asked.predicate or (d.predicate in _PLACE_SLOTS and asked.predicate in _PLACE_SLOTS
                                              and is_place(d.object) and is_place(asked.object)):
            d.predicate, d.operation, d.replaces = asked.predicate, Operation.correct, asked.object
            d.flags.add("slot_named")


#: "我儿子小名叫乐乐" / "我家猫叫团子": a name given to someone or something of the user's.
_NAME_SAID = re.compile(r"^我(?:的|家的?)?(?P<who>[^，,叫姓的我]{1,4}?)(?:的)?(?:小名|大名|名字|全名)?(?P<verb>叫|姓)"
                        r"(?P<o>[^，,。！!？?\s]{1,6})[。！!]?$")


def names_said(sentence: str) -> list[Draft]:
    """The name a sentence gives someone of the user's, kept only as what a later "不对，叫丸子"
    corrects (who is named is told apart by the sentence before)."""
    found = _NAME_SAID.match(sentence.strip())
    if found is None or not is_value(found["o"]):
        return []
    who = found["who"]
    relation = RELATIONS.get(who, who)
    return [Draft(predicate="name" if found["verb"] == "叫" else "surname", object=found["o"],
                  subject=f"user's {relation}", subject_zh=f"用户的{who}")]


#: A value that is a time ("11月3号", "周三", "下个月"): what a bare time given in a correction replaces.
_TIME_VALUE = re.compile(r"\d+\s*[月号日点]|[一二三四五六七八九十]+[月号日点]|(?:周|星期|礼拜)[一二三四五六日天]|[上下这本]个?(?:月|周|星期)|年")


def time_corrected(clause: ReadClause, said: Sequence[Draft]) -> list[Draft]:
    """ "我生日是 11 月 3 号。" then "说错了，是 11 月 13 号": a clause in a correction that gives only a time
    corrects the value said last that was a time, of whatever slot it was (none said: nothing)."""
    if len(clause.times) != 1 or re.sub(r"^(?:其实|应该|实际上)?(?:是|在|定在|改到|改在)?", "", clause.core.strip()):
        return []
    before = next((p for p in reversed(said) if p.predicate and p.object and not p.negated and not p.sensitive_kind
                   and p.operation in (Operation.add, Operation.correct) and _TIME_VALUE.search(p.object)), None)
    value = re.sub(r"\s", "", clause.times[0].text)
    if before is None or before.object == value:
        return []
    return [Draft(predicate=before.predicate, object=value, subject=before.subject, subject_zh=before.subject_zh,
                  operation=Operation.correct, replaces=before.object)]
