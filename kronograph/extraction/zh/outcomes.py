"""An exam, interview or assessment passed ("雅思考过了", "教资面试通过了", "考研成绩出来了，过线了"):
a dated outcome the user can be asked about later, kept as ``passed``. Registered after the core
patterns; one helper joins "过线了" to the results named in the clause before.
"""

from __future__ import annotations

import re

from ...model import MemoryType
from .rules import DEICTIC, Draft, ReadClause, clean, is_value, pattern

_EXAM = (r"考研|考公|考编|国考|省考|雅思|托福|GRE|GMAT|教资|教师资格证?|司考|法考|CPA|注会|驾考|科目[一二三四]|四级|六级|专四|专八|"
         r"高考|中考|会考|期末考|考试|面试|笔试|终面|复试|初试|二面|三面|答辩|体测|试用期|考核|资格审查|政审|体检")
_STAGE = r"(?:的)?(?:面试|笔试|考试|终面|复试|初试|答辩|考核)?"
_PASS = r"(?:终于|总算|已经|也|都|就|顺利|正式|一次|一把)*(?P<v>通过了|过了|考过了|过线了|上岸了)"


@pattern(r"^(?P<o>[^，,我你他她]{2,10}?)" + _STAGE + _PASS + r"$")
def _passed(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "雅思考过了" / "教资面试通过了": passed, when an exam is named or the verb can only mean one."""
    o = clean(re.sub(r"^的\s*|考$", "", m["o"].strip()))  # "我的 CPA 考试": core "的 CPA"
    if not is_value(o) or DEICTIC.match(o) or c.hedge is not None or _STEP.fullmatch(o) or not (
            re.search(_EXAM, m.group()) or m["v"] in ("考过了", "过线了", "上岸了")):
        return None  # "保质期过了" / "生日过了": no exam
    return [Draft(predicate="passed", object=o, memory_type=MemoryType.episodic, flags={"event"})]


@pattern(r"^(?:去)?面(?:了|过)(?:一家|家|一个|个)?(?P<o>[^，,]{2,12})$")
def _interviewed(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "上周三面了一家外企": an interview had, said with 面 alone (面试 is read by the core patterns)."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o) or c.hedge is not None or re.match(r"(?:条|粉|包|膜|子|前|对|上|试)", o) \
            or re.search(r"[都没不]", o):
        return None  # "吃了碗面" is no 面了; "面对…" / "面膜" no interview
    return [Draft(predicate="activity", object="面试" + o, memory_type=MemoryType.episodic, flags={"event"})]


#: a step on the way to something else ("面试过了，下周去快手报到"): the job is the fact, not the step
_STEP = re.compile(r"(?:入职)?(?:面试|笔试|终面|复试|初试|[一二三四]面|体检|政审|背调|考核|试用期|资格审查)")


_RESULTS = re.compile(r"^(?P<o>[^，,我]{2,8}?)(?:的)?(?:成绩|分数|结果|录取结果)(?:终于|总算|已经)?(?:出来|下来|公布)了$")
_PASSED_ALONE = re.compile(r"^(?:我)?(?:终于|总算|已经|顺利)*(?:过线了|上岸了|过了|通过了|考过了)$")


def passed_after(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "考研成绩出来了，过线了": passed the exam whose results the clause before names."""
    for i, (clause, found) in enumerate(clauses):
        if not i or found or not _PASSED_ALONE.match(clause.core.strip()) or clause.hedge is not None:
            continue
        named = _RESULTS.match(clauses[i - 1][0].core.strip())
        if named and is_value(clean(named["o"])):
            found.append(Draft(predicate="passed", object=clean(named["o"]), memory_type=MemoryType.episodic,
                               flags={"event"}, subject=clause.subject, subject_zh=clause.subject_zh))


#: A report or test whose result came out ("病理结果出来了", "化验单出来了", "复查做完了"): the clause after it
#: tells the finding.
_REPORT_OUT = re.compile(r"(?:结果|报告|化验单|检查单|单子|病理|活检|穿刺|核酸|抗原|CT|B超|彩超|胃镜|肠镜|复查|检查|体检|化验|筛查)[^，,]{0,4}?"
                         r"(?:出来了|出了|下来了|拿到了|做完了|到了)$")
#: The finding of a test, said of what was tested or alone: "是良性的", "甲流阳性", "那个结节确定是良性".
_FINDING = re.compile(r"^(?:结果|报告|单子上)?(?:显示|写着|说)?(?P<topic>[^，,我你他她不没是查]{0,8}?)(?:都|也|确定|确认|证实|诊断|确诊)?(?:是|为)?"
                      r"(?P<v>良性|恶性|阳性|阴性)(?:的)?(?:结节|肿瘤|囊肿)?$")


def finding(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "病理结果出来了，是良性的" / "化验单出来了，甲流阳性" / "结节确定是良性": the result a report told, kept as a
    firm health detail (``test_result``) of whoever the clause is about; without a report or a word of
    certainty ("他说可能是良性的") no finding is read."""
    for i, (clause, found) in enumerate(clauses):
        m = _FINDING.match(clause.core.strip())
        if any("bare" not in d.flags for d in found) or m is None or clause.hedge is not None:
            continue  # a bare value ("是良性的") is the finding's, no other fact
        reported = i > 0 and _REPORT_OUT.search(clauses[i - 1][0].core.strip())
        topic = re.sub(r"^(?:肺上|甲状腺上|身上)?(?:那个|这个|的|个)?", "", m["topic"]).strip()
        if not (reported or "confirmed" in clause.flags) or (topic and (not is_value(topic) or DEICTIC.match(topic))):
            continue
        found[:] = [Draft(predicate="test_result", object=topic + m["v"], subject=clause.subject, subject_zh=clause.subject_zh,
                          sensitive_kind="health", confirmed=True)]
