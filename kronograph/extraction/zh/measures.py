"""Amounts named by what they measure, read wherever the clause puts them: "孩子一学期学费三万二",
"上班路上单程要耗九十分钟", "微信步数每天基本都在两万步以上", "我们 startup 上上下下一共就 23 个人",
"我在这家公司干了整整八年了". The anchored quantity patterns read the measure first and the amount
last; these read the class of statements in which a measured thing (a word of the lexicons below)
comes before an amount with its unit, asides, adverbs and a period in between. Tried only on a clause
no rule read, of the user (or someone the user names), not asked, wished or weighed.
"""

from __future__ import annotations

import re

from ...language import tagged_words
from .numbers import NUMBER
from .rules import _COUNTED, _MEASURE_NOUNS, QUANTITY_LABELS, READINGS, Draft, ReadClause

#: Measured things with no slot among the anchored patterns' lexicons (data): what they are keyed by.
_MORE_MEASURES = {"体重": "weight", "身高": "height", "步数": "steps", "走路步数": "steps", "预算": "budget",
                  "分数": "score", "成绩": "score", "得分": "score", "首付": "down_payment", "学费": "tuition",
                  "托管费": "tuition", "保姆费": "childcare", "育儿嫂": "childcare", "贷款": "loan", "公积金": "housing_fund",
                  "社保": "social_insurance", "年假": "annual_leave", "假期": "annual_leave", "配速": "pace", "跑量": "running_volume",
                  "睡眠": "sleep", "屏幕时间": "screen_time", "话费": "phone_bill", "网费": "internet_bill", "停车费": "parking"}
_SLOT_OF = {"weight": "weighs", "height": "height"}  # measures with a slot of their own, not quantity_*
QUANTITY_LABELS.update({"childcare": "育儿开销", "loan": "贷款", "housing_fund": "公积金", "social_insurance": "社保",
                        "annual_leave": "年假", "pace": "配速", "running_volume": "跑量", "screen_time": "屏幕时间",
                        "internet_bill": "网费", "parking": "停车费", "score": "分数", "team_size": "团队人数",
                        "years_worked": "工作年限", "years_lived": "居住年限", "steps": "步数"})
MEASURES = {**{w: k for w, k in READINGS.items()}, **_COUNTED, **_MEASURE_NOUNS, **_MORE_MEASURES}
_MEASURE_WORD = re.compile("|".join(sorted(map(re.escape, MEASURES), key=len, reverse=True)))

#: Units an amount is said in; time units mark a duration (a commute, sleep), the rest a value.
_TIME_UNIT = r"(?:个)?(?:半)?(?:小时|钟头|个钟)(?:半)?(?:" + NUMBER + r"分钟?)?|分钟|分(?=\d)"
_UNIT = (r"(?:" + _TIME_UNIT + r"|万块钱?|万元|万|千块钱?|块钱?|元|美元|刀|公斤|千克|kg|斤|厘米|公分|cm|米|公里|千米|km|步|次|期"
         r"|个人|人|分|平米?|平方米?|杯|天|[kKwW])")
_AMOUNT = re.compile(r"(?<![\d.零〇一二两三四五六七八九十百千万])(?P<n>(?:" + NUMBER + r"|半)(?:\s*(?:来|多|几))?)\s*(?P<u>" + _UNIT + r")?"
                     r"(?P<rest>" + NUMBER + r")?")
_PERIOD = re.compile(r"(?:每|一)(?:个)?(?P<p>天|日|周|星期|礼拜|月|年|学期|季度)")
_PER_WORD = {"日": "天", "星期": "周", "礼拜": "周"}
_ANY_NUMBER = re.compile(r"[\d零〇一二两三四五六七八九十百千万半]")
#: What makes a clause no statement of the user's own amount: prices in general, others', to come.
_GENERAL = re.compile(r"一般|普遍|平均|行情|市场|人家|别人|大家|全国|全市|房价|物价|股价|油价|均价|最低|最高|起步|标准|"
                      r"[他她它]|小说|电影|剧里|书里|游戏里|故事里|主角|角色")
_NOT_NOW = re.compile(r"[吗呢？?]$|之前|以前|原来|曾经|当年|那时|多少|几(?:个|次|天|年|岁|块|万)|要是|如果|假如|的话|目标|争取|希望|想|打算|计划|准备|涨到|降到")

#: The way between home and work named by its ends: "我家离公司骑车二十分钟".
_WAY = re.compile(r"(?:家|住的地方|住处)离(?:公司|单位|学校|办公室)|(?:公司|单位|学校|办公室)离(?:家|住的地方|住处)")
#: A group's size: "我们 startup 上上下下一共就 23 个人" / "团队加起来二十来个人".
_HEADCOUNT = re.compile(r"(?:一共|总共|加起来|上上下下|全部|总计)(?:就|才|也就|只有|有|是|大概|差不多|不到|将近)*\s*"
                        r"(?P<n>(?:" + NUMBER + r")(?:\s*(?:来|多))?)\s*(?:个|号)?人")
#: Years at a place: "我在这家公司干了整整八年了" / "在这个小区住了十二年".
_YEARS_AT = re.compile(r"在[^，,]{1,12}?(?P<v>住|生活|干|待|呆|工作|上班|做)了(?:整整|快|差不多|将近|大概|有)*"
                       r"(?P<n>(?:" + NUMBER + r")(?:多)?(?:个)?年(?:多|半)?)")


def measured_amount(clause: ReadClause) -> list[Draft]:
    """The amount a clause no rule read gives for a measured thing it names first; [] when there is none."""
    text = clause.core.strip()
    if not _ANY_NUMBER.search(text):
        return []
    if clause.hedge == "strong" or clause.flags & {"plan", "pronoun", "ended", "past"} or _NOT_NOW.search(clause.text) \
            or _GENERAL.search(text):
        return []
    years = _YEARS_AT.search(text)
    if years:
        key = "years_lived" if years["v"] in ("住", "生活") else "years_worked"
        return [Draft(predicate=f"quantity_{key}", object=years["n"])]
    heads = _HEADCOUNT.search(text)
    if heads and _anothers(text[:heads.start()]):
        return []  # "隔壁公司一共200个人": another's group
    if heads:
        return [Draft(predicate="quantity_team_size", object=re.sub(r"\s+", "", heads["n"]) + "人")]
    way = _WAY.search(text)
    word = way or _MEASURE_WORD.search(text)
    if word is None or _names_a_place(text[:word.start()]) or _anothers(text[:word.start()]):
        return []  # "北京房租一个月六千" / "老板的车首付二十万": a place's or another's amount, not the user's
    after = text[word.end():]
    if _CHANGED.search(after[:14]):
        return []  # "房租又涨了五百": by how much it changed, not what it is
    amount = next((a for a in _AMOUNT.finditer(after) if a["u"] or re.search(r"\d", a["n"]) or len(a["n"]) > 1), None)
    if amount is None or "，" in after[:amount.start()] or amount.start() > 14:
        return []
    key = "commute" if way else MEASURES[word.group()]
    if _SLOT_OF.get(key) and not _own_body(text[:word.start()]):
        return []  # "我家猫体重5公斤" / "宝宝体重8公斤了": a pet's or child's body, not the user's
    unit = amount["u"] or ""
    if not _fits(key, word.group(), unit):
        return []  # a commute is a time, a salary is money, a weight is in 公斤
    value = re.sub(r"\s+", "", amount["n"] + unit + (amount["rest"] or ""))
    period = _PERIOD.search(text)
    if period and key not in _SLOT_OF:
        value += "/" + _PER_WORD.get(period["p"], period["p"])
    return [Draft(predicate=_SLOT_OF.get(key, f"quantity_{key}"), object=value, flags={"measured"})]


#: The units each kind of measure is said in ("" for a bare number); money for every other key. A body's
#: measure needs its unit ("身高250" is no height).
_UNITS_OF = {"commute": r"小时|钟头|个钟|分钟", "sleep": r"小时|钟头|个钟|分钟", "screen_time": r"小时|钟头|个钟|分钟",
             "weight": r"^(?:公斤|千克|kg|斤)$", "height": r"^(?:厘米|公分|cm|米)$", "steps": r"^(?:步|万|)$",
             "annual_leave": r"^天$", "score": r"^(?:分|)$", "pace": r"分(?=\d)|分钟", "running_volume": r"^(?:公里|千米|km)$"}
_MONEY_UNIT = r"^(?:万块钱?|万元|万|千块钱?|块钱?|元|美元|刀|[kKwW]|)$"
_COUNT_UNIT = r"^(?:个人|人|万|[kKwW]|)$"


def _fits(key: str, word: str, unit: str) -> bool:
    """Whether an amount's unit is one its measure is said in."""
    if key in _UNITS_OF:
        return bool(re.search(_UNITS_OF[key], unit))
    if word in READINGS:
        return not re.search(r"小时|分钟|天|元|块|公斤|斤|米", unit)
    if word in _COUNTED:
        return bool(re.match(_COUNT_UNIT, unit))
    return bool(re.match(_MONEY_UNIT, unit))


#: A change said between the measure and the amount: "房租又涨了五百" / "预算超了一万" / "体重掉了五斤".
_CHANGED = re.compile(r"(?:涨|降|加|减|超|少|多|扣|省|掉|长|胖|瘦)了")
#: Another's amount named before the measure: "老板的车首付" / "那家店的房租" / "隔壁公司".
_OTHERS = re.compile(r"隔壁|那家|别的|人家|对面|朋友|同事|邻居")
_OWN_DE = re.compile(r"(?:我|我们|咱们|咱|我家|我们家|咱家|自己|[月年天周期])的$")


def _anothers(text: str) -> bool:
    """ "老板的车" / "小区门口那家店的" / "隔壁公司": the text before a measure names someone else's."""
    if _OTHERS.search(text):
        return True
    return any(not _OWN_DE.search(text[:m.end()]) for m in re.finditer("的", text))


def _own_body(text: str) -> bool:
    """ "我体重" / "我的身高" / "净身高" / "最近称了下体重": nothing but the user before a body measure
    (not "我家猫体重" / "宝宝体重" / "我儿子身高")."""
    if "家" in text:
        return False
    return not any(t.startswith("n") or (t == "r" and w != "我") for w, t in tagged_words(text))


def _names_a_place(text: str) -> bool:
    """ "北京房租" / "上海这边": the measure is a place's, said first (not "从燕郊到国贸上班单程")."""
    words = tagged_words(text)
    return bool(words) and len(text) <= 6 and words[0][1] == "ns"


def one_amount_per_measure(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "单程要耗九十分钟，一天光通勤就三小时": the first amount of a measure in a sentence is its value;
    a later one of the same measure restates it another way, no second fact."""
    seen: set[tuple[str, str | None]] = set()
    for _, found in clauses:
        for d in list(found):
            key = (d.subject, d.predicate)
            if d.predicate and d.predicate.startswith("quantity_") and key in seen and "measured" in d.flags:
                found.remove(d)
            seen.add(key)
