"""Changes said in everyday words the core patterns do not read: a promotion (升了高级工程师), quitting
to stay home (辞职当全职妈妈了), a new way to work (改骑电动车上班了, 出门全靠地铁), and a new home said
as settling (回老家西安发展了, 落脚在了重庆, 在浦东租了个一居室). Registered after the core patterns.
"""

from __future__ import annotations

import re
from itertools import pairwise

from ...language import tagged_words
from ...model import MemoryType
from .rules import (
    _DRINKS,
    _TEMPLATES,
    DEICTIC,
    OPERATING_SYSTEMS,
    TRADE_WORDS,
    Draft,
    ReadClause,
    clean,
    is_occupation,
    is_place,
    is_value,
    pattern,
)

_ROLE_EXTRA = re.compile(r"^(?:[A-Z]{2,5}|自由职业|全职(?:妈妈|爸爸|太太|主妇))$")


def is_role(o: str) -> bool:
    """An occupation by the lists, or a role said as an acronym or a stay-at-home role."""
    return is_occupation(o) or bool(_ROLE_EXTRA.match(o))


@pattern(r"^(?:从(?P<old0>[^，,]{1,8}?))?(?:升|升职|晋升|提|被提拔|评上|被评为|评为|当上|被聘为|聘上)(?:了|成|为|到)*(?:了)?(?P<o>[^，,]{2,10}?)(?:了)?$",
         r"^(?:[^，,]{0,6}?)(?:就)?(?:辞职|辞了职|辞了工作|辞掉工作|不上班)(?:了)?(?:回家|在家)?(?:当|做)(?:起)?(?:了)?(?P<o>[^，,]{2,6}?)(?:了)?$",
         r"^(?:从(?P<old>[^，,]{1,8}?))?(?:转岗|转行|改行)?(?:做|当)(?:了)?\s*(?P<o>[A-Z]{2,5}|自由职业)\s*(?:了)?$",
         r"^(?:改做|改当|改干|转做|转当)(?:了)?(?P<o>[^，,]{2,10}?)(?:了)?$")
def _new_role(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "升了高级工程师" / "辞职当全职妈妈了" / "从销售转岗做 HRBP 了" / "(不当老师了，)改做培训": the new
    role (the ending before it is what it replaces)."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o) or not is_role(o):
        return None
    old = clean(m.groupdict().get("old") or m.groupdict().get("old0") or "")
    return [Draft(predicate="job_title", object=o, replaces=old if old and is_role(old) else None, flags={"change"})]


#: Ways to get to work, as data: after 改坐/改骑 they need no "上班" to be a commute ("现在改坐地铁了").
VEHICLES = ("地铁", "公交", "公交车", "自行车", "单车", "共享单车", "电动车", "电瓶车", "电驴", "小电驴", "摩托", "摩托车", "班车",
            "轻轨", "网约车", "出租车", "滴滴", "电车")


@pattern(r"^改(?:成|为)?(?:骑|坐|开|搭|乘)(?P<o>[^，,]{1,8}?)(?:上下班|上班|通勤|上学)了?$",
         r"^(?:改|换)(?:成|为)?(?:骑|坐|搭|乘)(?:了)?(?P<o>" + "|".join(sorted(VEHICLES, key=len, reverse=True)) + r")了?$",
         r"^(?:出门|出行|上下班|上班|通勤)(?:基本|现在|都|基本上)*(?:全靠|全凭|就靠|只靠)(?P<o>[^，,]{2,10})$")
def _new_commute(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "改骑电动车上班了" / "出门全靠地铁和打车": how one gets about now."""
    o = clean(m["o"])
    return [Draft(predicate="commutes_by", object=o, flags={"change"})] if is_value(o) and not DEICTIC.match(o) else None


#: How and where one works, as data ("改成远程办公了", "上个月起改居家办公了", "现在是大小周").
WORK_ARRANGEMENTS = ("远程办公", "居家办公", "在家办公", "远程工作", "在家上班", "线上办公", "混合办公", "弹性工作制", "弹性工作",
                     "坐班", "单休", "双休", "大小周", "996", "倒班", "三班倒", "上夜班", "夜班", "白班", "全职", "兼职")
_ARRANGEMENT = "|".join(sorted(WORK_ARRANGEMENTS, key=len, reverse=True))
_TEMPLATES["work_arrangement"] = "{s}的工作方式：{o}"


@pattern(r"^(?:[^，,我你他她]{0,4}?)(?:改成|改为|改|换成|转成|变成|转为|开始|切换成|调整为|调整成)(?:了)?(?P<o>" + _ARRANGEMENT + r")(?:了|啦)?$")
def _work_arrangement(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "从这个月开始我改成远程办公了" / "上个月起改居家办公了" / "公司改大小周了": the way one works now."""
    if re.search(r"想|要是|如果|希望|打算|准备", m.string[:m.start("o")]):
        return None  # "我不想改成单休": a change wished for or not, none made
    return [Draft(predicate="work_arrangement", object=m["o"], flags={"change"})]


@pattern(r"^(?:从(?P<old>[^，,]{2,6}?))?回(?:了)?(?:到)?(?:老家)?(?P<o>[^，,]{2,6}?)(?:发展|工作|定居|生活|上班|安家)了$",
         r"^(?:从(?P<old1>[^，,]{2,6}?))?(?:去|来|到)(?:了)?(?P<o>[^，,]{2,6}?)(?:发展|打拼|闯荡|定居|生活|安家)(?:了)?$",
         r"^(?:远)?嫁(?:到|去|来)(?:了)?(?P<o>[^，,]{2,8}?)(?:了)?$",
         r"^(?:最后|最终|终于|总算)?(?:落脚|定居|安家|扎根)(?:在|到|于)(?:了)?(?P<o>[^，,]{2,8})$",
         r"^(?:最后|最终|终于|总算)?在(?P<o>[^，,]{2,6}?)(?:安了家|安家|定居|落户|落脚|扎根)(?:了)?$",
         r"^在(?P<o>[^，,]{2,6}?)租了(?:个|一个|一套|间|一间|套)(?:房子|房|一居室|两居室|三居室|单间|公寓|开间|套间|小房子)$")
def _settled(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "回老家西安发展了" / "后来去了深圳发展" / "落脚在了重庆" / "在浦东租了个一居室": where one lives now."""
    o = clean(m["o"])
    if not is_value(o) or not is_place(o):
        return None
    old = clean(m.groupdict().get("old") or m.groupdict().get("old1") or "")
    return [Draft(predicate="lives_in", object=o, replaces=old if old and is_place(old) else None, flags={"move", "change"})]


#: A tool or language named in Latin letters ("Rust", "VS Code").
_TOOL = re.compile(r"^[A-Za-z][A-Za-z0-9+#.\- ]{0,20}$")
#: Verbs of a value replaced: 换成, 改成, 转, 切到, 迁到.
_REPLACED = r"(?:换|改|转|切|迁移|迁|调)(?:成|到|为|去|回)?(?:了)?"


@pattern(r"^(?:把)?(?P<what>[^，,从把]{0,6}?)从\s*(?P<old>[^，,]{1,12}?)\s*" + _REPLACED + r"\s*(?:做|当)?\s*(?P<o>[^，,]{1,12}?)\s*(?:了)?$")
def _replaced(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "把主力语言从 Python 改成了 Rust" / "从 Java 转 Go 了" / "从产品经理转去做运营": the new value, of
    the kind both values are (a role, an operating system, a tool), replacing the old one; places and
    employers are the move and job rules'."""
    old, o = clean(m["old"]), clean(m["o"])
    if not is_value(o) or not is_value(old) or DEICTIC.match(o):
        return None
    if is_role(o) and is_role(old):
        return [Draft(predicate="job_title", object=o, replaces=old, flags={"change"})]
    if o.lower() in OPERATING_SYSTEMS and old.lower() in OPERATING_SYSTEMS:
        return [Draft(predicate="uses_os", object=OPERATING_SYSTEMS[o.lower()], replaces=OPERATING_SYSTEMS[old.lower()], flags={"change"})]
    if _TOOL.match(o) and _TOOL.match(old):
        return [Draft(predicate="uses", object=o, replaces=old, flags={"change"})]
    return None


#: Things one uses, named before their new value ("宽带换成了电信的", "手机从安卓转到苹果了"): data.
THINGS_USED = ("手机号", "手机号码", "号码", "手机套餐", "套餐", "手机", "宽带", "网络", "输入法", "浏览器", "网盘", "云盘", "邮箱", "运营商", "手机卡", "电话卡", "电脑", "笔记本",
               "系统", "编辑器", "IDE", "外卖平台", "外卖软件", "打车软件", "地图", "音乐软件", "听歌软件", "笔记软件", "记账软件",
               "App", "APP", "app", "主力机", "备用机", "路由器", "耳机", "键盘", "相机", "手表")
_THING = r"(?:我的|我|家里的?|现在的?|主力|平时用的)*(?P<what>(?:[^，,从把我]{0,4}?)(?:" + "|".join(THINGS_USED) + r"))"


@pattern(r"^(?=[^，,]{1,16}?(?:换|改|转|切|升级|迁))" + _THING + r"(?:也|已经|现在|都|终于|彻底)*(?:从\s*(?P<old>[^，,]{1,12}?)\s*)?"
         r"(?:换成|改成|换到|转到|转成|切到|切换到|切成|改用|换用|升级到|迁到)了?\s*(?P<o>[^，,]{1,16}?)\s*(?:的)?(?:了)?$")
def _thing_switched(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "宽带换成了电信的" / "手机从安卓转到苹果了" / "浏览器改用 Firefox 了": the thing in use now (an
    operating system as one), replacing the one named after 从."""
    o, old = clean(m["o"]), clean(m["old"] or "")
    if not is_value(o) or DEICTIC.match(o) or re.search(r"[吗呢？?]", o):  # (什么/哪: is_value)
        return None
    if re.fullmatch(r"[\d.零〇一二两三四五六七八九十百千万]+(?:元|块钱?)?", o):  # "套餐换成了199的": a plan's price
        if not m["what"].endswith("套餐"):
            return None
        o = o.replace("块钱", "元").replace("块", "元") + ("" if o.endswith(("元", "块", "块钱")) else "元") + "套餐"
    if o.lower() in OPERATING_SYSTEMS and (not old or old.lower() in OPERATING_SYSTEMS):
        return [Draft(predicate="uses_os", object=OPERATING_SYSTEMS[o.lower()],
                      replaces=OPERATING_SYSTEMS[old.lower()] if old else None, flags={"change"})]
    return [Draft(predicate="uses", object=o, replaces=old or None, flags={"change"})]


#: Trades named by what one drives, delivers or sells ("开网约车", "跑滴滴", "卖保险"), and things sold for a living.
_TRADES = re.compile(TRADE_WORDS + r"|水果|早餐")


@pattern(r"^(?:改|转而|转行|改行)(?P<v>开|跑|送|摆|卖)(?P<o>[^，,]{2,8}?)(?:了)?$")
def _new_trade(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "(不再送外卖了，)改开网约车" / "转行卖保险了": the work one does now, said by its act and its trade
    ("蛋糕太甜了，改做面包" makes something else, "改开自动挡" drives another way: no trade)."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o) or not _TRADES.search(o):
        return None
    return [Draft(predicate="job_title", object=m["v"] + o, flags={"change"})]


@pattern(r"^(?:从(?P<old>[^，,]{2,10}?))?转学(?:到|去|进|回)(?:了)?(?P<o>[^，,]{2,12}?)(?:了)?$")
def _new_school(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "女儿转学到育才中学了" / "从一中转学去了南开": the school now."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o):
        return None
    old = clean(m["old"] or "")
    return [Draft(predicate="studies_at", object=o, replaces=old or None, flags={"change"})]


@pattern(r"^(?:[^，,我你他她]{0,8}?)(?:装了|装上了|重装了|刷了|刷成了|升级到了|换成了|改成了)\s*(?:个|一个)?\s*(?P<o>[A-Za-z][A-Za-z0-9 .+#-]{1,20}?)(?:系统)?(?:了)?$")
def _installed(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "家里那台笔记本装了 Ubuntu" / "电脑刷成了 Linux": the system (or tool) in use now."""
    o = clean(m["o"])
    if not is_value(o):
        return None
    if o.lower() in OPERATING_SYSTEMS:
        return [Draft(predicate="uses_os", object=OPERATING_SYSTEMS[o.lower()], flags={"change"})]
    return [Draft(predicate="uses", object=o, flags={"change"})]


#: A device or vehicle said generically ("换了部新手机", "入手了台新电脑"), then named in the next clause.
_DEVICE = re.compile(r"^(?:新)?(?P<kind>手机|电脑|笔记本(?:电脑)?|平板|手表|耳机|相机|车|车子|电车)$")
_GOT = re.compile(r"^(?:换|买|入手)了(?:一)?(?:辆|台|部|个|只|块)?(?P<o>新(?:手机|电脑|笔记本(?:电脑)?|平板|手表|耳机|相机|车))$")
_NAME = re.compile(r"^(?:是|就是|买的|选的|换的)?\s*(?P<o>[A-Za-z0-9\u4e00-\u9fff][A-Za-z0-9\u4e00-\u9fff .+-]{1,20}?)[。！!～~]*$")


def device_named(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "换了部新手机，华为 Mate 70" / "新买的电脑是联想小新": the device named is the one in use (the car
    the one driven), not a purchase of "新手机"."""
    for (clause, found), (after, next_found) in pairwise(clauses):
        bought = next((d for d in found if d.predicate == "bought" and _DEVICE.match(d.object)), None)
        got = _GOT.match(clause.core.strip()) if bought is None and not found else None  # "换了新手机": no measure word
        named = _NAME.match(after.text.strip()) if (bought is not None or got is not None) and not next_found else None
        if named is None or after.subject != clause.subject:
            continue
        name = clean(named["o"])
        if not is_value(name) or DEICTIC.match(name) or re.search(r"[了过吗呢我你他她]|什么|哪", name) or not (
                re.search(r"[A-Za-z0-9]", name) or _BRAND.search(name)):
            continue  # "换了部新手机，用着挺顺手": no name
        if bought is not None:
            generic = bought.object
            found.remove(bought)
        elif got is not None:
            generic = got["o"]
        else:
            continue
        found.append(Draft(predicate="drives" if generic.lstrip("新").startswith(("车", "电车")) else "uses", object=name,
                           flags={"change"}, subject=clause.subject, subject_zh=clause.subject_zh))


#: Makers named without a model ("小米", "联想小新"): a word the name starts with.
_BRAND = re.compile(r"^(?:苹果|华为|小米|荣耀|三星|一加|魅族|联想|戴尔|惠普|华硕|宏碁|索尼|佳能|尼康|富士|大疆|红米|真我|"
                    r"比亚迪|特斯拉|宝马|奔驰|奥迪|大众|丰田|本田|蔚来|小鹏|理想|问界|极氪|吉利|长城|五菱|红旗|别克)")


@pattern(r"^(?:新)?(?:买|换|入手)的(?P<kind>手机|电脑|笔记本(?:电脑)?|平板|手表|耳机|相机|车|车子)(?:是|就是)(?P<o>[^，,]{2,20})$")
def _new_device(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "新买的电脑是联想小新" / "换的车是 Model Y": the device in use now (the car driven)."""
    o = clean(m["o"])
    if not is_value(o) or DEICTIC.match(o):
        return None
    return [Draft(predicate="drives" if m["kind"].startswith("车") else "uses", object=o, flags={"change"})]


#: A daily treat one would not go without, said by ordering it ("每天都要来一杯美式", "咖啡每天早上必来一杯").
_TREAT = (r"^(?P<t>[^，,我每天]{1,6}?)?(?:我)?(?:每天|天天|每日|每晚|每早|一天)?(?:早上|早晨|晚上|下午|中午)?"
          r"(?:都|必须|必|总|总得|总要|雷打不动地?|少不了|离不了)*(?:要|得|会)?(?:来|整|续)(?:上)?(?:一|个|一个)?(?:杯|瓶|罐|听|碗|壶)"
          r"(?P<o>[^，,]{0,8}?)(?:才行|才舒服|才有精神|才能醒)?(?:的)?$")
_DAILY = re.compile(r"每天|天天|每日|每晚|每早|一天")


@pattern(_TREAT)
def _daily_treat(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """What one must have every day, by the cup: a liking (a drink by name), not a count."""
    o = clean(m["o"] or m["t"] or "")
    if not _DAILY.search(c.text) or not is_value(o) or DEICTIC.match(o):
        return None
    drink = o in _DRINKS or o.endswith(("咖啡", "茶", "拿铁", "美式", "奶", "酒"))
    return [Draft(predicate="preferred_drink" if drink else "likes", object=o, memory_type=MemoryType.preference)]


#: A habit that grew, said by 多 after what is done ("现在吃清淡的多", "这两年喝茶多了"): what is liked now.
_GREW = r"^(?:现在|如今|这两年|这几年|最近|后来|慢慢)?(?:我)?(?P<v>吃|喝|听|看|玩|穿|骑|坐|用)(?P<o>[^，,得多少]{1,8}?)(?:的)?(?:比较|更|越来越|明显)?多(?:了|些了|一些了|点了)?$"
_NOW_CUE = re.compile(r"现在|如今|这两年|这几年|最近|后来|慢慢|了$")


@pattern(_GREW)
def _habit_grew(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "现在吃清淡的多" / "最近听播客多了": done more now, so liked; "吃得多" names nothing and is left."""
    o = clean(m["o"])
    if not _NOW_CUE.search(c.text.rstrip("。！!～~… ")) or not is_value(o) or DEICTIC.match(o) or o in ("东西", "点", "一点", "饭", "药"):
        return None
    words = tagged_words(o)
    if "的" not in m.group(0) and words and words[-1][1] == "a":
        return None  # "吃饭方便多了": a comparison, not more of a thing
    if m["v"] == "喝" and o in _DRINKS:
        return [Draft(predicate="preferred_drink", object=o, memory_type=MemoryType.preference, flags={"now"})]
    return [Draft(predicate="likes", object=o if m["v"] == "吃" else m["v"] + o, memory_type=MemoryType.preference, flags={"now"})]
