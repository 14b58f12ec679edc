"""Chinese time expressions ("上个月", "上周三", "今天下午", "三天后", "2025年3月", "年底")
resolved against the moment they were said, into the English parser's :class:`TimeSpan`.

    find_times("我上个月搬到了杭州", reference=datetime(2026, 5, 6, tzinfo=UTC))
    # -> [TimeSpan(text='上个月', kind=point, start=2026-04-01, end=2026-05-01)]

Pure, like :mod:`..timeexpr`: periods are half-open, weeks start on Monday, days are UTC days.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

from ...temporal.instants import to_instant
from ..timeexpr import Period, Prefer, TimeKind, TimeSpan, _date, _day, _month, _month_near, _period, _shift, _year
from .numbers import NUMBER, to_int

Resolved = tuple[TimeKind, datetime | None, datetime | None]
Resolver = Callable[[re.Match[str], datetime, Prefer], "Resolved | None"]

_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}
_YEAR_WORD = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
# The same words in a pattern; 后年 not inside 税后年薪, 之后年, 以后年, 然后年, 最后年, 落后年.
_YEAR_WORDS = r"前年|去年|今年|明年|(?<![税之以然最落])后年"
_DAY_WORD = {"大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "今天": 0, "今日": 0, "明天": 1, "明日": 1,
             "后天": 2, "大后天": 3}
_PART_OF_DAY = {"凌晨": (0, 6), "早上": (6, 12), "早晨": (6, 12), "上午": (6, 12), "中午": (11, 14), "一早": (6, 9), "一大早": (6, 9),
                "下午": (12, 18), "傍晚": (17, 19), "晚上": (18, 24), "今晚": (18, 24), "夜里": (18, 24)}
_UNIT = {"天": "day", "日": "day", "周": "week", "星期": "week", "个星期": "week", "礼拜": "week",
         "个礼拜": "week", "个月": "month", "月": "month", "年": "year"}
_N = NUMBER + r"|几|半"
_CLOCK = r"(?:(?P<h>[一二两三四五六七八九十]{1,3}|\d{1,2})(?:点钟|点)(?:半|整|一刻|三刻|[一二三四五]十分?|\d{1,2}分?)?)"
_DAY_PART = r"(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)?" + _CLOCK + "?"


def _num(text: str | None, default: int = 1) -> int:
    if not text:
        return default
    if text == "几":
        return 3
    return to_int(text) or default


def _hours(period: Period, part: str | None, clock: str | None = None) -> Period:
    """The part of the day, or the hour a clock time names in it ("下午三点" -> 15:00-16:00)."""
    if clock:
        hour = _num(clock)
        if part in ("下午", "傍晚", "晚上", "今晚", "夜里") and hour < 12:
            hour += 12
        if 0 <= hour < 24:
            return period[0] + timedelta(hours=hour), period[0] + timedelta(hours=hour + 1)
    if not part:
        return period
    first, last = _PART_OF_DAY[part]
    return period[0] + timedelta(hours=first), period[0] + timedelta(hours=last)


def _full_date(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    year = _num(m["y"]) if m["y"] else ref.year + _YEAR_WORD.get(m["yw"] or "今年", 0)
    month = _num(m["m"])
    if m["d"]:
        span = _date(year, month, _num(m["d"])) if 1 <= month <= 12 else None
        return (TimeKind.point, *_hours(span, m["part"])) if span else None
    if not 1 <= month <= 12:
        return None
    span = _month(year, month) if m["y"] or m["yw"] else _month_near(month, ref, prefer)
    return (TimeKind.point, *_part_of_month(span, m["edge"]))


def _part_of_month(span: Period, edge: str | None) -> Period:
    """ "六月底" / "下个月初" / "三月中旬": ten days of the month (底: the last ten; 下旬: from the 21st)."""
    start, end = span
    if edge in ("底", "末"):
        return end - timedelta(days=10), end
    if edge == "下旬":
        return start + timedelta(days=20), end
    if edge in ("初", "上旬"):
        return start, start + timedelta(days=10)
    if edge == "中旬":
        return start + timedelta(days=10), start + timedelta(days=20)
    return span


def _year_only(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    groups = m.groupdict()
    year = _num(groups.get("y")) if groups.get("y") else ref.year + _YEAR_WORD[groups.get("yw") or "今年"]
    if not 1900 <= year <= 2200:
        return None
    start, end = _year(year)
    if m["edge"] in ("底", "末"):
        start = start.replace(month=12)
    elif m["edge"] in ("初",):
        end = start.replace(month=2)
    elif m["edge"] == "中":
        start, end = start.replace(month=6), start.replace(month=8)
    return TimeKind.point, start, end


def _day_word(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    word = m["dw"]
    if word in ("今晚", "昨晚", "明晚"):
        shift = {"今晚": 0, "昨晚": -1, "明晚": 1}[word]
        return (TimeKind.point, *_hours(_period(ref + timedelta(days=shift), "day"), "晚上", m["h"]))
    if word in ("今早", "今晨", "明早", "昨早"):
        shift = {"今早": 0, "今晨": 0, "明早": 1, "昨早": -1}[word]
        return (TimeKind.point, *_hours(_period(ref + timedelta(days=shift), "day"), "早上", m["h"]))
    return (TimeKind.point, *_hours(_period(ref + timedelta(days=_DAY_WORD[word]), "day"), m["part"], m["h"]))


def _week(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    shift = {"上上": -2, "上": -1, "这": 0, "本": 0, "这个": 0, "下": 1, "下个": 1, "下下": 2, "上个": -1}[m["w"]]
    start, _ = _period(ref, "week")
    start += timedelta(weeks=shift)
    day = m["wd"] or m["wd2"]
    if day == "末":
        return TimeKind.point, start + timedelta(days=5), start + timedelta(days=7)
    if day:
        begin = start + timedelta(days=_WEEKDAY[day])
        return (TimeKind.point, *_hours((begin, begin + timedelta(days=1)), m["part"], m["h"]))
    return TimeKind.point, start, start + timedelta(weeks=1)


def _bare_weekday(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    day = m["wd"] or m["wd2"]
    weekday = _WEEKDAY[day]
    delta = (weekday - ref.weekday()) % 7
    if prefer == "past":
        delta = -((ref.weekday() - weekday) % 7)
    begin = _day(ref) + timedelta(days=delta)
    if day == "末":
        return TimeKind.point, begin, begin + timedelta(days=2)
    return (TimeKind.point, *_hours((begin, begin + timedelta(days=1)), m["part"], m["h"]))


def _month_word(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    shift = {"上上个": -2, "上个": -1, "上": -1, "这个": 0, "本": 0, "下个": 1, "下": 1, "下下个": 2}[m["mw"]]
    start, _ = _period(_shift(_period(ref, "month")[0], "month", shift), "month")
    if m["d"]:  # "下个月一号": that day of the month
        span = _date(start.year, start.month, _num(m["d"]))
        return (TimeKind.point, *span) if span else None
    return TimeKind.point, *_part_of_month((start, _shift(start, "month", 1)), m["edge"])


def _month_edge(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.point, *_part_of_month(_period(ref, "month"), m["edge"])


def _half_year(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    start, _ = _year(ref.year + _YEAR_WORD.get(m["yw"] or "今年", 0))
    if m["h"] == "上":
        return TimeKind.point, start, start.replace(month=7)
    return TimeKind.point, start.replace(month=7), _shift(start, "year", 1)


_SEASON = {"春": 3, "夏": 6, "秋": 9, "冬": 12}


def _season(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "去年夏天": three months from the season's first month (a bare 夏天 is a liking, not a time)."""
    year = ref.year + _YEAR_WORD.get(m["yw"] or "今年", 0)
    start = datetime(year, _SEASON[m["s"]], 1, tzinfo=ref.tzinfo)
    return TimeKind.point, start, _shift(start, "month", 3)


def _term(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "这学期" / "下学期" / "上个学期": a school term, autumn from September to February, spring
    from February to July (a summer is between terms; the next term then starts in September)."""
    year = ref.year
    if ref.month >= 9 or ref.month < 2:  # autumn term now
        start = datetime(year if ref.month >= 9 else year - 1, 9, 1, tzinfo=ref.tzinfo)
        terms = [(start.replace(month=2), start.replace(month=7)), (start, _shift(start, "month", 5)),
                 (datetime(start.year + 1, 2, 1, tzinfo=ref.tzinfo), datetime(start.year + 1, 7, 1, tzinfo=ref.tzinfo))]
    else:  # spring term now (or the summer after it)
        start = datetime(year, 2, 1, tzinfo=ref.tzinfo)
        terms = [(datetime(year - 1, 9, 1, tzinfo=ref.tzinfo), start), (start, start.replace(month=7)),
                 (datetime(year, 9, 1, tzinfo=ref.tzinfo), datetime(year + 1, 2, 1, tzinfo=ref.tzinfo))]
    begin, end = terms[{"上": 0, "上个": 0, "这": 1, "这个": 1, "本": 1, "下": 2, "下个": 2}[m["w"]]]
    return TimeKind.point, begin, end


def _after_new_year(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "年后" / "过完年": after the coming (or current) Spring Festival, taken as February."""
    year = ref.year if ref.month < 3 else ref.year + 1
    start = datetime(year, 2, 1, tzinfo=ref.tzinfo)
    return TimeKind.point, start, _shift(start, "month", 1)


def _part_of_today(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    part = m.groupdict().get("part")
    if part is None and prefer != "past" and _num(m["h"]) < 12 <= ref.hour:
        part = "下午"  # "三点钟开会" said at noon: the afternoon's
    return (TimeKind.point, *_hours(_period(ref, "day"), part, m["h"]))


def _in_days(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "过两天" / "过几天" / "过两年": that many days (months, years) from now."""
    unit = _UNIT[m["u"]]
    return (TimeKind.point, *_period(_shift(ref, unit, _num(m["n"])), unit))


def _later_today(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.point, ref, _period(ref, "day")[1]


# Holidays by their (month, day) span; the coming one for plans, the last one for events.
_HOLIDAYS = {"元旦": ((1, 1), (1, 2)), "五一": ((5, 1), (5, 6)), "劳动节": ((5, 1), (5, 6)), "国庆": ((10, 1), (10, 8)), "十一": ((10, 1), (10, 8)),
             "清明": ((4, 4), (4, 7)), "端午": ((6, 1), (6, 30)), "中秋": ((9, 1), (10, 1)), "圣诞": ((12, 24), (12, 26)),
             "暑假": ((7, 1), (9, 1)), "双十一": ((11, 11), (11, 12)), "双11": ((11, 11), (11, 12)),
             "情人节": ((2, 14), (2, 15)), "六一": ((6, 1), (6, 2)), "儿童节": ((6, 1), (6, 2)), "寒假": ((1, 15), (3, 1)), "春节": ((1, 20), (2, 25)), "过年": ((1, 20), (2, 25))}


#: Festivals of one day: named alone ("清明节", "圣诞"), they mean that day, not the holiday around it.
_ONE_DAY_FESTIVALS = frozenset({"清明", "端午", "中秋", "圣诞", "情人节", "六一", "儿童节", "元旦", "双十一", "双11"})
#: The day of a festival of the lunar calendar (or of the solar term 清明), by year; years not listed keep the holiday's span.
_LUNAR_DAYS = {"春节": {2023: (1, 22), 2024: (2, 10), 2025: (1, 29), 2026: (2, 17), 2027: (2, 6), 2028: (1, 26), 2029: (2, 13), 2030: (2, 3)},
               "端午": {2023: (6, 22), 2024: (6, 10), 2025: (5, 31), 2026: (6, 19), 2027: (6, 9), 2028: (5, 28), 2029: (6, 16), 2030: (6, 5)},
               "中秋": {2023: (9, 29), 2024: (9, 17), 2025: (10, 6), 2026: (9, 25), 2027: (9, 15), 2028: (10, 3), 2029: (9, 22), 2030: (9, 12)}}
_LUNAR_DAYS["过年"] = _LUNAR_DAYS["春节"]
_FIXED_DAYS = {"五一": (5, 1), "劳动节": (5, 1), "国庆": (10, 1), "十一": (10, 1), "圣诞": (12, 25)}


def _festival_day(name: str, year: int) -> tuple[int, int] | None:
    """The day a festival falls on in ``year`` (清明: 4 April in a leap year and the year after, else 5 April)."""
    if name == "清明":
        return (4, 4) if year % 4 in (0, 1) else (4, 5)
    if name in _LUNAR_DAYS:  # a lunar festival in a year not listed keeps the holiday's span
        return _LUNAR_DAYS[name].get(year)
    return _FIXED_DAYS.get(name) or (_HOLIDAYS[name][0] if name in _ONE_DAY_FESTIVALS else None)


def _holiday(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """A holiday's span; the festival's own day for a one-day festival, or for any said with 那天/当天 ("清明节那天")."""
    (m1, d1), (m2, d2) = _HOLIDAYS[m["h"]]
    year = ref.year + _YEAR_WORD.get(m["yw"] or "今年", 0)
    on_the_day = re.match(r"那天|当天|那一天|当日", m.string[m.end():]) is not None or (
        m["h"] in _ONE_DAY_FESTIVALS and m["span"] is None)

    def span(year: int) -> tuple[datetime, datetime]:
        day = _festival_day(m["h"], year) if on_the_day else None
        if day is not None:
            start = datetime(year, *day, tzinfo=ref.tzinfo)
            return start, start + timedelta(days=1)
        return datetime(year, m1, d1, tzinfo=ref.tzinfo), datetime(year, m2, d2, tzinfo=ref.tzinfo)

    start, end = span(year)
    if not m["yw"] and prefer == "future" and end <= ref:  # "这个寒假" said in May: the coming one
        start, end = span(year + 1)
    elif not m["yw"] and not m["this"] and prefer == "past" and start > ref:
        start, end = span(year - 1)
    return TimeKind.point, start, end


def _days_ago(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    """ "前几天" / "前些日子": a few days back, not a date."""
    return TimeKind.vague, ref - timedelta(days=7), ref


def _ago(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    unit = _UNIT[m["u"]]
    amount = _num(m["n"])
    if m["n"] == "半":
        unit, amount = ("month", 6) if unit == "year" else ("day", 15) if unit == "month" else (unit, 1)
    anchor = _shift(ref, unit, -amount if m["dir"] in ("前", "以前", "之前") else amount)
    if m["dir"] in ("来", "以来"):  # "三年来": for three years
        return TimeKind.since, _day(_shift(ref, unit, -amount)), None
    return (TimeKind.point, *_period(anchor, "day"))


def _recently(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.vague, ref - timedelta(days=30), ref


def _present(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    return TimeKind.present, ref, None


#: English time words inside a Chinese sentence ("我 last month 从 Shopee 跳到了字节"), read as their Chinese.
_ENGLISH = {"last week": "上周", "this week": "这周", "next week": "下周", "last month": "上个月", "this month": "这个月",
            "next month": "下个月", "last year": "去年", "this year": "今年", "next year": "明年", "yesterday": "昨天",
            "today": "今天", "tonight": "今晚", "tomorrow": "明天", "last weekend": "上周末", "this weekend": "这周末",
            "recently": "最近", "lately": "最近", "right now": "现在"}


def _english(m: re.Match[str], ref: datetime, prefer: Prefer) -> Resolved | None:
    (span,) = find_times(_ENGLISH[" ".join(m.group().lower().split())], ref, prefer)
    return span.kind, span.start, span.end


_ATOMS: list[tuple[re.Pattern[str], Resolver]] = [(re.compile(p), r) for p, r in [
    # "2025 年 3 月 8 号": digits typed apart from their units
    (rf"(?:(?P<y>\d{{4}}|[零〇一二三四五六七八九]{{4}}) ?年 ?|(?P<yw>{_YEAR_WORDS}))?(?P<m>{NUMBER}) ?月份?(?!天(?!气))"
     rf"(?: ?(?P<d>{NUMBER}) ?[日号]|(?P<edge>底|末|初|上旬|中旬|下旬))?(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)?", _full_date),
    (rf"(?P<yw>{_YEAR_WORDS})?(?P<h>上|下)半年", _half_year),
    (rf"(?P<yw>{_YEAR_WORDS})(?P<s>[春夏秋冬])(?:天|季)", _season),
    (r"(?:(?P<yw>前年|去年|今年|明年)|(?P<this>这个|这次|这))?(?P<h>元旦|五一|劳动节|国庆|清明|端午|中秋|圣诞|暑假|寒假|春节|过年|双十一|双11|情人节|六一|儿童节|"
     r"(?<=年)十一(?![月日号点个岁年万千百]|[一二三四五六七八九])|十一(?=假期|长假|黄金周|期间))(?:节)?(?P<span>假期|长假|黄金周|那几天|期间)?(?![后以之])",
     _holiday),
    (rf"(?:(?P<y>\d{{4}})年|(?P<yw>{_YEAR_WORDS}))(?:年?(?P<edge>底|末|初|中))?", _year_only),
    (r"(?<![前去今明后\d一二三四五六七八九十两几半每])年(?P<edge>底|末|初)", _year_only),
    (r"(?<![以之])(?P<dw>大前天|前天|昨天|昨日|今天|今日|明天|明日|大后天|后天|今晚|昨晚|明晚|今早|今晨|明早|昨早)"
     r"(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上|一大早|一早)?" + _CLOCK + "?", _day_word),
    # a weekday with the part of it ("周三晚上", "下周一上午十点"): one span, as "明天下午" is
    (r"(?P<w>上上|下下|上个|下个|这个|上|这|本|下)(?:周|星期|礼拜)(?:(?P<wd>[一二三四五六日天])" + _DAY_PART + r"|(?P<wd2>末))?", _week),
    (r"(?:周|星期|礼拜)(?:(?P<wd>[一二三四五六日天])" + _DAY_PART + r"|(?P<wd2>末))", _bare_weekday),
    (r"(?<![天日晚早每一整])(?P<part>凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)(?!茶|好)" + _CLOCK + "?", _part_of_today),
    # a bare clock time only with 钟/半/整 ("三点钟", "十点半"): "一点" alone is "a little"
    (r"(?<![\d一二两三四五六七八九十几多])(?P<h>[一二两三四五六七八九十]{1,3}|\d{1,2})(?:点钟|点半|点整)", _part_of_today),
    (r"过(?P<n>两|几|三|一两|两三)(?P<u>天|个月|年)", _in_days),
    (r"待会儿?|等会儿?|一会儿|过会儿|等一下|晚点儿?(?=[再要去得])", _later_today),
    (r"过完年|(?<![\d一二三四五六七八九十两几半多])年后|春节后|过年后", _after_new_year),
    (r"(?P<w>上个|下个|这个|上|下|这|本)学期", _term),
    (r"前(?:几|两)天|前些天|前些日子|那几天", _days_ago),
    (rf"(?P<mw>上上个|下下个|上个|下个|这个|本|上|下)月(?:(?P<d>{NUMBER})[日号]|(?P<edge>底|末|初|上旬|中旬|下旬))?", _month_word),
    (r"月(?P<edge>底|末|初)", _month_edge),
    (rf"(?P<n>{_N})(?P<u>个星期|个礼拜|星期|个月|天|周|年)(?P<dir>以前|之前|以后|之后|以来|前|后|来)", _ago),
    (r"最近|近来|近期|这一年|这半年|这几个月|这两周|这几周|这两个星期|这两年|这几年|近两年|近几年|这一两年|这段时间|这阵子|前段时间|前阵子|这些天|这几天|这两天|这一阵|这一段时间|近段时间", _recently),
    (r"现在|目前|如今|眼下|当前", _present),
    (r"(?i)(?<![A-Za-z])(?:(?:last|this|next)\s+(?:week(?:end)?|month|year)|yesterday|today|tonight|tomorrow|recently|lately|"
     r"right\s+now)(?![A-Za-z])", _english),
]]


_LONG_NUMBER = re.compile(r"[\d零〇一二两三四五六七八九十百千万]{13,}")


def find_times(text: str, reference: datetime, prefer: Prefer = "nearest") -> list[TimeSpan]:
    """Every time expression in ``text``, left to right, without overlaps (longest first)."""
    ref = to_instant(reference, "reference")
    found: list[TimeSpan] = []
    taken: list[tuple[int, int]] = []
    # No time expression holds a 13-numeral number; masking such runs (offsets kept) stops every
    # number pattern from rescanning a long run once per numeral.
    masked = _LONG_NUMBER.sub(lambda m: "#" * len(m.group()), text)
    for pattern, resolve in _ATOMS:
        for m in pattern.finditer(masked):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            resolved = resolve(m, ref, prefer)
            if resolved is None:
                continue
            kind, start, end = resolved
            taken.append(m.span())
            found.append(TimeSpan(text=m.group(), kind=kind, start=start, end=end,
                                  begin_char=m.start(), end_char=m.end()))
    found.sort(key=lambda s: s.begin_char)
    return _since(text, found)


#: Words that start with 起 and are no "from then on": "明天起床", "起来", "起飞".
_RISE = ("起床", "起来", "起飞", "起诉", "起早", "起码", "起身", "起跑", "起步", "起点", "起价", "起草", "起名")


def _since(text: str, spans: list[TimeSpan]) -> list[TimeSpan]:
    """"从2019年开始" / "2019年以来" / "上个月起": the period's start, open-ended."""
    out = []
    for span in spans:
        before, after = text[max(0, span.begin_char - 2):span.begin_char], text[span.end_char:span.end_char + 2]
        if span.kind is TimeKind.point and ((before.endswith(("从", "自")) and after.startswith(("开始", "起")))
                                            or after.startswith("以来") or (
                after.startswith("起") and not after.startswith(_RISE) and not span.text.startswith(("下", "明", "后")))):
            # "上个月起改居家办公了" (not "明天起床"; "下个月起每天跑步" is a plan's start)
            end_char = span.end_char + (2 if after.startswith(("开始", "以来")) else 1)
            out.append(span.model_copy(update={"kind": TimeKind.since, "end": None,
                                               "begin_char": span.begin_char - 1 if before.endswith(("从", "自")) else span.begin_char,
                                               "end_char": end_char}))
        else:
            out.append(span)
    return out
