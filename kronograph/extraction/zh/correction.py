"""The right value of a Chinese correction said in a contrast: "我学的是会计，不是金融", "让我过敏的是
芒果，不是菠萝", "我女儿叫朵朵，不是多多", "我老婆姓林，不姓陈".

Read only in a sentence that corrects or contrasts (a correction marker, or a clause "不是…/不姓…/不叫…"
beside it): there the value stated is the right one, and the extractor's combination of clauses
makes it replace the value denied. The same forms said plainly are statements, not corrections.
"""

from __future__ import annotations

import re

from .rules import Draft, ReadClause, clean, is_value

#: A clause beside the value that denies another one: "不是金融", "而不是德语", "不姓陈", "不叫多多".
CONTRAST = re.compile(r"(?:^|[，,\s])(?:而)?(?:并)?不(?:是|姓|叫)(?!很|太|特别|非常|我|说)")

#: "(我)学的(其实)是会计": what was learnt, read, used, drunk… is the value; the verb names the slot.
_CLEFT = re.compile(r"^(?P<topic>[^，,的]{0,4}?)(?P<verb>学|修|读|念|上|用|喝|吃|做|干|开|养|考|报)(?:的)?"
                    r"(?:其实|实际上|确实|真的|本来)?(?:就)?是(?P<o>[^，,]+)$")
_VERB_SLOTS = {"学": "studies", "修": "studies", "读": "studies_at", "念": "studies_at", "上": "studies_at",
               "考": "studies_at", "报": "studies", "用": "uses", "喝": "likes", "吃": "likes", "做": "job_title",
               "干": "job_title", "开": "drives", "养": "has_pet"}
#: "让我过敏的是芒果" / "我过敏的是芒果".
_ALLERGY = re.compile(r"^(?:让我|使我|我)?(?:会)?过敏的(?:其实|实际上)?是(?:对)?(?P<o>[^，,]+)$")
#: "叫朵朵" / "小名叫豆豆" / "姓林": a person's name after the person.
_NAMED = re.compile(r"^(?:的)?(?:小名|大名|名字|全名)?(?:其实|实际上)?(?P<verb>叫|姓)(?:做)?(?P<o>[^，,不]{1,6})$")


def contrasted_value(clause: ReadClause) -> list[Draft]:
    """The value a contrasting clause states, as a draft of its slot (empty when it states none)."""
    core = clause.core.strip()
    found = _ALLERGY.match(core)
    if found:
        return _draft("allergic_to", found["o"])
    found = _NAMED.match(core)
    if found:
        predicate = "name" if found["verb"] == "叫" else "surname"
        return _draft(predicate, found["o"])
    found = _CLEFT.match(core)
    if found:
        return _draft(_VERB_SLOTS[found["verb"]], found["o"])
    return []


def denied_name(clause: ReadClause) -> list[Draft]:
    """The name a clause denies, as a bare denial the value beside it corrects: "不姓陈" -> 陈."""
    found = re.fullmatch(r"(?:而)?(?:并)?不(?:姓|叫)(?P<o>[^，,不]{1,6})", clause.core.strip())
    if not found:
        return []
    return [Draft(predicate=None, object=clean(found["o"]), negated=True, flags={"bare", "denial"})]


def _draft(predicate: str, value: str) -> list[Draft]:
    value = clean(value)
    return [Draft(predicate=predicate, object=value)] if is_value(value) else []
