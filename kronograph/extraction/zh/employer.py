"""An employer said generically and named in another clause: "我在那家公司干了三年，就是字节" /
"下周一去新公司报到，一家叫智谱的公司" / "在一家叫米哈游的公司上班". The name replaces the generic
word in the job (or planned job) the sentence states; one employer per sentence.
"""

from __future__ import annotations

import re

from ...candidates import Operation
from .rules import RELATION_WORDS, Draft

_KIND = r"(?:公司|单位|企业|外企|国企|央企|私企|创业公司|厂|工作室)"
_GENERIC = re.compile(r"(?:新|那家|这家|一家|现在的|原来的|之前的|家)*" + _KIND + r"|叫(?P<x>[^，,的]{2,12})的" + _KIND)
#: the name said in a clause of its own, last in the sentence
_NAMED_AFTER = re.compile(r"[，,]\s*(?:就是|也就是|是|名字叫|叫做?|公司叫|单位叫|(?:是)?一家叫)\s*(?P<x>[A-Za-z\u4e00-\u9fff][A-Za-z\u4e00-\u9fff ]{1,11}?)"
                          r"(?:的" + _KIND + r")?\s*[。！!～~]*$")
_WORKS_AT_GENERIC = re.compile(r"(?:在|去了|进了|入职了?|跳到了?)(?:那家|这家|一家|新|现在的)" + _KIND)
_JOB = frozenset({"works_at", "planned_works_at", "visited"})
#: How long one was somewhere, said beside leaving it: "在那家公司待了四年" / "告别了干了六年的银行".
_TENURE = re.compile(r"在(?P<x>[^，,在我]{2,10}?)(?:干|待|呆|做|工作|上班)了|(?:干|待|呆|做|工作)了[^，,的]{1,6}的(?P<y>[^，,。！!～~]{2,10})")
_THIS = re.compile(r"^(?:那|这|一)(?:家|个|间)")


def name_employer(drafts: list[Draft], text: str, lead: int) -> list[Draft]:
    """Put the employer's name in place of "那家公司" / "新公司" / "叫…的公司" (``lead``: where ``text``
    starts in its turn)."""
    left = [d for d in drafts if d.predicate == "works_at" and d.operation is Operation.end and not d.object]
    tenure = _TENURE.search(text) if left else None
    name_left = _THIS.sub("", tenure["x"] or tenure["y"]) if tenure else ""
    if name_left:  # "上周正式离职了，在那家公司待了四年": the job left is the one said with its years ("在那家" names none)
        left[0].object = name_left
        left[0].flags.discard("needs_object")
    later = _NAMED_AFTER.search(text)
    name = later["x"].strip() if later and not re.search(r"[我你他她它这那]|什么|哪|^一(?:家|个|间)|做|搞", later["x"]) else None  # "是一家做游戏的公司": a kind, no name
    generic = [d for d in drafts if d.predicate in _JOB and (m := _GENERIC.fullmatch(d.object)) is not None
               and (m["x"] or name)]
    for d in generic:
        inside = _GENERIC.fullmatch(d.object)
        d.object = inside["x"] if inside and inside["x"] else name or d.object
        if d.predicate == "visited":  # "我去了新单位，叫国家电网": a job begun, no outing
            d.predicate, d.memory_type = "works_at", None
    if not generic and name and _WORKS_AT_GENERIC.search(text) and not re.match(rf"^我?的?(?:{RELATION_WORDS})", text) \
            and all(d.subject == "user" for d in drafts) and not any(d.predicate in _JOB for d in drafts):
        drafts = [*drafts, Draft(predicate="works_at", object=name, span=(lead, lead + len(text)))]  # "在那家公司干了三年，就是字节"
    return drafts
