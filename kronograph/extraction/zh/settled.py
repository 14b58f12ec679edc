"""A pending matter named as settled, with nothing else said of it: "婚期定了，就在十月一号", "新房终于交房了",
"房贷批下来了", "房子定下来了，就是滨江那套". The matter itself becomes a certain fact (a wedding planned,
a home or a grant obtained); beside a move, a job or a school it only confirms that fact, and is dropped.
An offer or admission followed by a bare name ("offer 到手了，是网易") names the employer or school.
"""

from __future__ import annotations

import re
from datetime import datetime
from itertools import pairwise

from ...model import MemoryType
from ..timeexpr import TimeKind
from .rules import DEICTIC, Draft, ReadClause, clean, is_place, is_value

_ADV = r"(?:终于|总算|已经|正式|也|都|刚|刚刚|顺利|算是)*"
_WEDDING = re.compile(r"^(?:我们|我俩|我和[^，,]{1,4}?|我跟[^，,]{1,4}?)?(?:的)?(?:婚期|(?:婚礼|婚事|结婚|办酒|喜酒)(?:的)?(?:日子|日期|时间)?)" + _ADV
                      + r"(?:定了|定下来了|敲定了|订好了|定好了|确定了|落实了|板上钉钉了?)$")
_HOME = re.compile(r"^(?P<o>(?:我(?:们|家)?的?)?(?:新房子?|房子|新家|那套房子?|公寓))" + _ADV
                   + r"(?P<v>交房了|交付了|过户了|买好了|买下来了|定下来了|定了|签了|签好了|(?:的)?钥匙(?:拿到|到手)了)$")
#: Things granted by an office, an employer or a school, as data: "转正批下来了", "年假批了", "专利授权下来了".
GRANTED_THINGS = ("房贷|贷款|签证|调令|户口|落户|入户|绿卡|居住证|工作签|永居|准生证|营业执照|执照|资格证|公积金|转正|调岗|调动|晋升|升职|"
                  "职称|移民|入籍|专利|年假|产假|婚假|陪产假|病假|假期|名额|奖学金|助学金|补贴|补助|报销|经费|立项|学位|许可证?|牌照|资质|批文|"
                  "过户|退税|理赔|护照|港澳通行证|通行证|驾照|offer|Offer|OFFER|录用通知|录取通知书?|上市|融资|贷款额度|额度")
#: What an office does when it grants: "批下来了", "获批了", "审核通过了", "下发了", "办完了".
GRANTING = (r"(?:批下来了|批了|批准了|获批了|下来了|办下来了|办好了|办完了|拿到了|到手了|通过了|审批通过了|审核通过了|过审了|"
            r"授权了|授权下来了|下发了|发下来了|发过来了|评下来了|到了|落地了|搞定了)")
#: A thing asked for ("X申请", "X的审批"): granted whatever it names; the steps of a thing
#: ("过户手续", "入职流程") only of a thing granted.
_ASKED_FOR = r"(?:申请|审批|审核)"
_GRANT = re.compile(r"^(?:我(?:的|们的?)?|咱们的?)?(?P<o>[^，,我你他她没未不把]{0,6}?(?:" + GRANTED_THINGS + r")|[^，,我你他她没未不被把]{2,8}?(?=的?" + _ASKED_FOR + r"))"
                    r"(?:的)?\s*(?:" + _ASKED_FOR + r"|手续|流程)?(?:材料)?" + _ADV + GRANTING + r"$")
#: Grants that only confirm a plan beside them ("签证下来了，下个月去东京"), no fact of their own.
_BARE_GRANT = re.compile(r"(?:offer|Offer|OFFER|签证|录取通知书?|通知书|批文|调令|调动|通行证|护照|签注|(?:年|产|婚|病|陪产)假|假期)")
_NAMED = re.compile(r"^(?:就是|就在|是|在|定在|就定在)(?P<v>[^，,]{2,12})$")
_CONFIRMED_ELSEWHERE = ("planned_", "lives_in", "works_at", "studies_at", "current_education", "obtained", "household_registration",
                        "job_title")


def settled_matters(clauses: list[tuple[ReadClause, list[Draft]]], reference: datetime) -> None:
    """Add the fact of a matter named as settled, where no clause of the sentence states what it settles."""
    settled: list[tuple[list[Draft], Draft]] = []
    for i, (clause, found) in enumerate(clauses):
        core = clause.core.strip()
        if found and not any(d.predicate == "obtained" for d in found) and _GRANT.match(core) and clause.hedge is None \
                and clause.subject == "user":
            found.clear()  # "移民申请批下来了": the grant, not a move read from 移民
        if found or clause.hedge is not None or clause.subject != "user":
            continue
        after = clauses[i + 1][0] if i + 1 < len(clauses) else None
        named = _NAMED.match(after.text.strip(" 。！!～~")) if after is not None else None
        draft = _wedding(core, [clause, *([after] if after else [])], reference) or _home(core, named) or _grant(core)
        if draft is not None:
            draft.subject, draft.subject_zh, draft.confirmed = clause.subject, clause.subject_zh, True
            found.append(draft)
            settled.append((found, draft))
    others = [d for _, found in clauses for d in found if not any(d is s for _, s in settled)]
    confirmed = any((d.predicate or "").startswith(_CONFIRMED_ELSEWHERE) for d in others)
    planned = any((d.predicate or "").startswith("plan") for d in others)
    for found, draft in settled:  # "房子定下来了，下个月搬到南宁" / "签证批了，九月去墨尔本读书": the move or plan is the fact
        if confirmed or (planned and "grant" in draft.flags and _BARE_GRANT.fullmatch(draft.object)):
            found.remove(draft)  # "转正批下来了，下个月涨工资": a grant of its own stays beside a plan


_JOB_GRANT = re.compile(r"(?:offer|Offer|OFFER|合同|劳动合同|入职通知|录用通知|三方协议?)\s*" + _ADV
                        + r"(?:到手了|拿到了|签了|签好了|到了|下来了|发了|收到了)$|^(?:拿到了?|收到了?|签了)(?:offer|Offer|OFFER|合同|三方)$")
_SCHOOL_GRANT = re.compile(r"(?:录取通知书?|通知书|录取结果)\s*" + _ADV + r"(?:到了|下来了|拿到了|收到了|出来了)$|^(?:拿到|收到)了?(?:录取通知书?|通知书)$")
_VALUE = re.compile(r"^(?:是|就是|去|在|定了?)(?P<v>[^，,。！!]{2,10}?)(?:的)?[。！!]*$")


def granted_value(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "offer 到手了，是网易" / "录取通知书到了，是浙大": the employer or school named after the grant
    is where the user will work or studies; the grant itself is only its confirmation."""
    for (clause, found), (after, next_found) in pairwise(clauses):
        core = clause.core.strip()
        job, school = _JOB_GRANT.search(core), _SCHOOL_GRANT.search(core)
        named = _VALUE.match(after.text.strip())
        if not (job or school) or named is None or any(d.predicate for d in next_found) or after.subject != "user" \
                or after.hedge is not None:
            continue
        value = clean(named["v"])
        if not is_value(value) or DEICTIC.match(value) or re.search(r"[了过吗呢]|什么|哪", value) or (job and is_place(value)):
            continue  # "合同签了，是浦东的": a lease, no employer
        found[:] = [d for d in found if d.predicate != "obtained"]
        next_found[:] = [Draft(predicate="planned_works_at" if job else "studies_at", object=value, confirmed=True,
                                subject=after.subject, subject_zh=after.subject_zh, flags={"plan"} if job else {"change"})]


def _wedding(core: str, said: list[ReadClause], reference: datetime) -> Draft | None:
    if not _WEDDING.match(core):
        return None
    times = [s.start for c in said for s in c.times if s.kind is TimeKind.point and s.start is not None]
    when = next((t for t in times if t > reference), times[0] if times else None)
    return Draft(predicate="plans_to", object="办婚礼", plan_time=when, flags={"plan"})


def _home(core: str, named: re.Match[str] | None) -> Draft | None:
    m = _HOME.match(core)
    if m is None:
        return None
    home = clean(re.sub(r"^(?:我(?:们|家)?的?|那套)", "", m["o"])) or "房子"
    if named is not None and is_value(clean(named["v"])) and not DEICTIC.match(named["v"]):
        place = clean(named["v"])  # "就是滨江那套" -> 滨江那套房子
        home = place if re.search(r"房|家|公寓|小区", place) else place + ("房子" if place.endswith("套") else "的" + home)
    return Draft(predicate="obtained", object=home, memory_type=MemoryType.episodic, flags={"event"})


def _grant(core: str) -> Draft | None:
    m = _GRANT.match(core)
    thing = re.sub(r"(?<=的)\s+", "", clean(re.sub(r"^的", "", m["o"]))) if m else ""  # "腾讯的 offer"
    if not is_value(thing) or DEICTIC.match(thing):
        return None
    return Draft(predicate="obtained", object=thing, memory_type=MemoryType.episodic, flags={"event", "grant"})
