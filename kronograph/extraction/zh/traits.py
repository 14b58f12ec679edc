"""How users type themselves: a personality type or trait ("我是 INFP", "有点社恐", "典型的路痴"), kept
as ``personality``; and a guess about oneself asked aloud ("感觉自己可能是 INFP？"), which is a hedged
statement, not a question to the assistant.
"""

from __future__ import annotations

import re

from .rules import Draft, ReadClause

_MBTI = r"[IEie][NSns][TFtf][JPjp](?:-[AT])?"
_TRAITS = (r"社恐|社牛|社交恐惧|[iIeE]人|路痴|脸盲|急性子|慢性子|拖延症(?:患者)?|选择困难症?|完美主义者?|"
           r"强迫症|洁癖|吃货|宅男|宅女|工作狂|颜控|声控|手残党?|话痨|闷葫芦|乐天派|理想主义者?|内向的人|外向的人")


_TRAIT = re.compile(r"^(?:也|就|算|算是|属于|是|就是)*(?:个|一个|一枚|典型的|标准的|妥妥的|纯纯的|重度|资深)*\s*(?P<o>" + _MBTI + r"|" + _TRAITS
                    + r")(?:人格|型人格|的人|型)?$|^(?:有(?:点|一点|些|一些)?|比较|特别|非常|很|挺|超|蛮)(?:儿)?(?P<o2>" + _TRAITS + r")$")


def trait(c: ReadClause) -> list[Draft]:
    """ "我是 INFP" / "我有点社恐": a type or trait of the person the clause is about (read before the
    core patterns, which would take "是 INFP" for a bare value)."""
    core = re.sub(r"^(?:总|一直|老)?(?:感觉|觉得)(?:我|自己)?(?:可能|好像|应该|大概|也许|似乎)?", "", c.core)  # "总觉得我可能是…"
    m = _TRAIT.match(core)
    if m is None:
        return []
    o = m["o"] or m["o2"]
    return [Draft(predicate="personality", object=o.upper() if re.fullmatch(_MBTI, o) else o)]


#: "感觉自己可能是 INFP？" / "我好像有点社恐？": the user guessing at themself, not asking the assistant.
SELF_GUESS = re.compile(r"^(?:我|自己)?(?:(?:感觉|觉得|怀疑|总觉得)(?:我|自己)?)?(?:可能|好像|应该|大概|也许|估计|似乎|有点|多半)"
                        r"[^你您吗呢么什怎哪谁几多？?]{1,16}[？?]$")
