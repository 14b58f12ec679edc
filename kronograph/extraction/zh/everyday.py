"""Everyday statements said in passing, in words the core patterns of :mod:`.rules` do not read: the
car one drives and the line one rides, counted routines and amounts, likings said as idioms and
interests lost, roles said casually. Registered after the core patterns, so they read only a clause
no core pattern read; helpers join a clause to the one before it (how far each time, how long
the way to work takes, the name of a pet or child kept).
"""

from __future__ import annotations

import re

from ...candidates import Operation
from ...language import tagged_words
from ...model import EntityType, MemoryType
from .numbers import NUMBER, to_int
from .rules import (
    DEICTIC,
    OCCUPATION,
    PROJECT,
    RELATION_WORDS,
    RELATIONS,
    Draft,
    ReadClause,
    clean,
    is_occupation,
    is_value,
    pattern,
)

_CAR_MAKES = ("比亚迪|特斯拉|宝马|奔驰|奥迪|大众|丰田|本田|日产|蔚来|小鹏|理想|问界|吉利|长城|哈弗|五菱|红旗|别克|福特|"
              "雷克萨斯|保时捷|沃尔沃|马自达|现代|起亚|荣威|零跑|极氪|小米|路虎|凯迪拉克|雪佛兰|领克|长安|奇瑞|斯柯达|Model|Tesla")
_CAR = re.compile(rf"(?:{_CAR_MAKES})|[A-Za-z]{{2,}}|(?:车|SUV|MPV)$")
#: What a car is driven for, said after it ("开一辆二手的比亚迪秦上下班").
_CAR_USE = r"(?:上下班|上班|通勤|代步|接送孩子|出行|跑滴滴|跑网约车)?"


@pattern(r"^(?:平时|一直|现在)?开(?:着|的是|的是一辆)?(?:一辆|辆)(?P<o>[^，,]{2,20}?)" + _CAR_USE + r"$",
         r"^开车是(?:一辆|辆)?(?P<o>[^，,]{2,20})$")
def _drives_a_car(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "开一辆二手的本田飞度" / "开的是一辆二手的 Model 3": a car named by its make or model, however
    long its description ("开一辆车去机场" names no car)."""
    o = clean(re.sub(r"^(?:一辆|辆)", "", m["o"]))
    if not is_value(o) or DEICTIC.match(o) or not _CAR.search(o) or re.search(r"[去到回送接]", o):
        return None
    return [Draft(predicate="drives", object=o)]


@pattern(r"^(?:每天|平时|一般|天天|都)*(?:坐|搭|乘)(?:地铁|轻轨)?(?P<o>(?:" + NUMBER + r")号线)(?:上下班|上班|通勤|上学)(?:的)?$")
def _metro_line(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "每天坐 2 号线上下班": the line one commutes on (a ride on one day is no commute)."""
    return [Draft(predicate="commutes_by", object="地铁" + m["o"])]



_PER_SESSION = re.compile(r"^(?:每次|每回|一次|一回)(?:大概|大约|差不多|都|至少|能)*(?:跑|游|骑|走)?(?:个)?"
                          r"(?P<o>(?:" + NUMBER + r")(?:多)?(?:公里|千米|米|km|圈))(?:左右)?$")
_EXERCISES = frozenset(["runs", "swims", "walks", "cycles", "exercises"])


def per_session(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "每周游泳三次，每次 1500 米": how far each time joins how often, said in the clause before."""
    for i, (clause, found) in enumerate(clauses):
        m = _PER_SESSION.match(clause.core.strip()) if i and not found else None
        earlier = next((d for d in reversed(clauses[i - 1][1]) if d.predicate in _EXERCISES), None) if m else None
        if m and earlier is not None:
            earlier.object += "，每次" + m["o"]


@pattern(r"^(?:本科|大学|大专|研究生|硕士|博士|读研|读博)?(?:时|的时候)?(?:学的是|学)(?P<o>[^，,]{2,12})$")
def _studied_field(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "学的是心理学" (read as 学心理学): the field one studies; a bare "学吉他" stays what it was."""
    o = clean(m["o"])
    if not re.search(r"学的(?:专业)?(?:是|就是)", c.text) or not is_value(o) or DEICTIC.match(o):
        return None
    return [Draft(predicate="studies", object=o)]


@pattern(r"^(?:都|已经|快|今年)*(?P<n>" + NUMBER + r")(?:多)?了$")
def _relative_age(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我外公 85 了": a relative's age said without 岁 (the user's own bare number stays unread)."""
    value = to_int(m["n"])
    if c.relation is None or value is None or not 1 < value < 120:
        return None
    return [Draft(predicate="age", object=str(value))]


#: What a liking said as an idiom must not be: a time, a pointer, a drink that goes to one's head.
_NOT_LIKED = re.compile(r"^(?:今天|昨天|现在|最近|这|那|他|她|它|酒|喝酒|白酒|啤酒|红酒)|[吗呢？?]$")


@pattern(r"^(?P<o>[^，,我你]{2,8}?)我?(?:都)?(?:能|可以)(?:一口气|连着?|一次|一顿)(?:吃|喝|看|刷|听|玩)",
         r"^(?P<o>[^，,我你]{2,6}?)(?:是|真的|真是)?最(?:解压|治愈|放松|减压|快乐|开心|过瘾|带劲|上头)(?:了)?$",
         r"^(?:对|玩|迷)?(?P<o>[^，,我你对]{2,6}?)(?:玩|搞|打)?(?:上头|上瘾|入坑|入迷)了$",
         r"^(?:[吃喝点去逛][^，,必]{1,4}?)?我?(?:每次|一般|都)*必(?:点|买|吃|喝|看|去)(?P<o>[^，,]{2,8})$",
         r"^(?:[^，,我你]{1,4}?)?我?(?:只认|就认|认准)(?P<o>[^，,]{2,12})$",
         r"^(?P<o>[^，,我你]{2,10}?)我?(?:每[部首集本场期个次]|场场|部部|首首|集集)都(?:爱|喜欢|要|会)(?:看|听|读|追|去)?$",
         r"^(?:[^，,我你]{1,4}?)(?:的话|里|里面|当中)(?:我)?最(?:爱|喜欢)(?:的是)?(?P<o>[^，,]{2,10})$",
         r"^(?:单曲循环|循环|听|看|玩|吃|点)(?:得)?最多的(?:还是|就是|是)(?P<o>[^，,]{2,10})$")
def _liking_idiom(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "牛肉丸我能一口气吃一盘" / "徒步最解压" / "露营上头了" / "吃火锅必点毛肚" / "奶茶只认喜茶" /
    "宫崎骏的动画我每部都爱看": a liking said as an idiom, not with 喜欢."""
    o = clean(m["o"])
    if (c.subject != "user" and c.relation is None) or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o):
        return None
    return [Draft(predicate="likes", object=o, memory_type=MemoryType.preference)]


#: A habit of having a thing, or the thing one picks, said without 喜欢: 常喝/总点/天天听/只用/回购/首选.
_HABIT = r"(?:平时|平常|一般|每次|每回|基本上?|都|就|也|还|已经|早上|晚上|中午|周末|下班)*"
#: (A habit of eating, 天天吃/总吃, is left out: what one eats every day is as often a treatment or a diet.)
#: What a habit is kept for, not for liking: medicine and doctors (health, never a taste), a chore, a meal one is too busy to cook.
_CHORE = re.compile(r"药|医|科$|病|诊|咨询|治疗|理疗|胶囊|针|牙$|外卖|快递|唠叨|骂|加班|作业|会|课$|新闻联播|[这那][张个]|是")
#: A habit in a sentence about a secret or a number is how the secret is kept, no liking ("密码一直用生日").
_SECRET = re.compile(r"密码|口令|卡号|手机号|号码|验证码|身份证|账号|账户|银行卡")
_PICKED = re.compile(r"^(?:这|那)(?:款|个|种|家|瓶|支|盒)(?:牌子的?)?")


@pattern(r"^(?:[^，,我你]{1,6}?)?我?" + _HABIT + r"(?:(?:常常?|经常|时常|总|总是|老|老是|天天|每天都?|顿顿|一直|只|必)(?P<v>喝|点|听|看|穿)|只(?P<u>用|抹|涂))(?!的)(?P<o>[^，,]{1,12})$",
         r"^(?:[^，,我你]{1,6}?)?我?" + _HABIT + r"(?:首选|必选|优先选|只选)(?P<o>[^，,]{1,10})$",
         r"^(?P<o>[^，,我你]{2,10}?)我?(?:已经|都|一直|无限)*回购(?:了)?(?:" + NUMBER + r"|好几|几|多)?(?:次|回|瓶|支|盒)?(?:了)?$",
         r"^(?:[^，,我你]{0,6}?)?我?" + _HABIT + r"(?:一直|都|会|无限)*回购(?:了)?(?P<o>[^，,]{2,12})$",
         r"^(?P<bare>喝|点|听|看|穿)(?P<o>[^，,]{1,12})$")
def _habit_liking(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我早上常喝美式" / "夜宵总点烧烤" / "洗发水只用海飞丝" / "这款面霜回购三次了" / "出门首选高铁":
    a thing kept to by habit or picked first is liked."""
    o = clean(_PICKED.sub("", m["o"]))
    if m.groupdict().get("bare") and not re.search(r"(?:常|总|老|天天|每天都?|顿顿)" + m["bare"], c.text):
        return None  # "看悬疑片" alone: the habit adverb, read off the clause, is what makes it a liking
    if c.subject != "user" or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o) or _CHORE.search(o) \
            or c.hedge is not None or "你" in c.text:
        return None
    if _SECRET.search(c.text):
        return None
    if m.groupdict().get("u") and re.match(r"[A-Za-z]", o):
        return None  # "一直用 VS Code": a tool in use, read by the rule of 用
    return [Draft(predicate="likes", object=o, memory_type=MemoryType.preference)]


@pattern(r"^(?P<o>[^，,我你对]{2,8}?)对我(?:来说)?(?:已经|早就|现在|都|也|彻底)*(?:没(?:有)?(?:什么|啥)?|不再有?)(?:吸引力|意思|兴趣)了?$",
         r"^对?(?P<o>[^，,我你]{2,8}?)(?:已经|早就|现在|都|也|彻底|慢慢|渐渐)*(?:提不起|没(?:有)?(?:什么|啥)?|不再有?|失去了?)(?:兴趣|兴致|热情)了?$",
         r"^对?(?P<o>[^，,我你]{2,8}?)的(?:兴趣|热情|兴致)(?:已经|慢慢|渐渐|早就)*(?:淡|没|减退|消退|淡下来)了?$",
         r"^(?P<o>[^，,我你]{2,6}?)(?:已经|早就|现在|都|也)*不(?:再)?(?:爱|喜欢)(?:吃|喝|看|玩|听)?了?$")
def _interest_lost(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "综艺对我已经没什么吸引力了" / "对打游戏提不起兴趣了" / "甜食不爱了": a liking that ended."""
    o = clean(m["o"])
    if (c.subject != "user" and c.relation is None) or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o) \
            or c.hedge is not None:
        return None
    return [Draft(predicate="likes", object=o, operation=Operation.end, memory_type=MemoryType.preference)]


@pattern(r"^(?:被)?(?P<by>[^，,被]{1,6}?)?(?:种草|安利)了?(?:一款|一个|一部|一家|款|个|部|家)?(?P<o>[^，,]{2,10})$",
         r"^(?P<o>[^，,我你]{2,8}?)(?:被[^，,]{1,6}?)?(?:种草|安利)了?$")
def _won_over(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "被同事种草了飞盘" / "露营被朋友安利了": a thing one was won over to (种草, 安利) is liked."""
    o = clean(m["o"])
    if c.subject != "user" or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o) or "你" in c.text \
            or (m.groupdict().get("by") and "被" not in c.text):
        return None  # "同事种草了飞盘": someone else's recommendation, not yet the speaker's liking
    return [Draft(predicate="likes", object=o, memory_type=MemoryType.preference)]


@pattern(r"^(?P<o>[^，,我你他她]{2,10}?)(?:就|真的|简直|才|永远)*是我的(?:心头好|最爱|本命|命|菜|白月光|快乐源泉|精神食粮|舒适区)(?:了|啊|呀)?$",
         r"^(?P<o>[^，,我你他她]{2,10}?)(?:真的|简直|就是|绝对|永远)*(?:yyds|YYDS|永远的神|绝绝子|天花板|封神|是神)(?:了|啊)?$")
def _held_dear(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "鱼香肉丝是我的心头好" / "甜食是我的命" / "羊肉串yyds": a thing held dear, in chat words."""
    o = clean(m["o"])
    if c.subject != "user" or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o):
        return None
    return [Draft(predicate="likes", object=o, memory_type=MemoryType.preference)]


#: Words of appeal a thing is judged by when it is preferred ("好吃", "有意思"), not of size, price or
#: health ("贵", "高", a bare "好").
_APPEAL = (r"有意思|有趣|好玩|好吃|好喝|好看|好听|好用|好养|好开|好穿|舒服|舒坦|香|实用|方便|靠谱|划算|自在|过瘾|带劲|省心|"
           r"得劲|顺手|耐看|耐穿|解压|清爽|爽")
#: How a thing is met before it is judged: "看着舒服", "吃起来香", "打字舒服".
_SENSED = r"(?:[看吃喝听用穿玩坐骑住开打写读养][\u4e00-\u9fff]?(?:起来|着)?)?"
_MORE = r"(?:多了|得多|太多了?|多啦|不少|一百倍|些|一些|一点)?(?:啊|呀|吧|哈)?$"


@pattern(r"^(?P<o>[^，,比我你他她]{1,10}?)(?:要|可|还)?比(?P<other>[^，,]{1,10}?)" + _SENSED + r"(?:要|还|更|可)?(?:" + _APPEAL + r")" + _MORE,
         r"^(?:说到底|说来说去|归根结底|想来想去|总的来说|总之)?(?P<still>还是)?(?P<o>[^，,比我你他她]{1,10}?)" + _SENSED
         + r"(?P<most>更|最|比较)?(?P<a>好|" + _APPEAL + r")" + _MORE)
def _better(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "爬山比逛街有意思多了" / "还是国产车好" / "川菜最好吃": the thing judged the better of two is liked.
    A time, a pointer or a person compared ("今天比昨天…", "他比我…") is no liking; without 比 the thing
    must be a noun and the judgement a preference (还是, 最), not advice ("还是早点睡好")."""
    o = clean(m["o"])
    if c.subject != "user" or c.relation is not None or not is_value(o) or DEICTIC.match(o) or _NOT_LIKED.search(o):
        return None
    compared = "other" in m.groupdict() and m["other"] is not None
    still = not compared and (bool(m["still"]) or "还是" in c.text)
    if not compared and (not (still or m["most"] == "最") or (m["a"] == "好" and not still)):
        return None  # "心情最好": a bare 好 is a preference only after 还是
    words = tagged_words(o)  # the part-of-speech tagger only once the shape is certain: it is the slow part
    if not words or words[0][1] in ("r", "t", "d", "p", "c") or words[0][1].startswith("m"):
        return None
    if not compared and not (words[-1][1].startswith("n") or words[-1][1] == "eng"):
        return None
    return [Draft(predicate="likes", object=o, memory_type=MemoryType.preference)]


@pattern(r"^负责(?P<o>[^，,]{2,14}?)(?:的)?(?:开发|研发|设计|运营|维护|测试|搭建|重构)(?:工作)?$")
def _in_charge_of(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我目前负责公司小程序的开发": the project one works on."""
    o = clean(re.sub(r"^(?:公司|我们|单位|团队)(?:的)?", "", m["o"]))
    built = PROJECT.search(o) or re.search(r"官网|后台|接口|模块|中台|数据库|公众号", o)
    return [Draft(predicate="current_project", object=o)] if is_value(o) and built else None


@pattern(r"^在(?P<at>[^，,]{2,8}?)(?:干|做|当)(?P<o>[^，,]{2,8}?)(?:已经|都|快|有|差不多)*(?:" + NUMBER + r"|几|半)(?:多)?个?(?:年|月)(?:多)?了?$",
         r"^在[^，,]{0,16}?(?:公司|单位|工作室|厂|团队)(?:里)?(?:写|做|当|干|搞)(?P<o2>[^，,]{2,6})$")
def _role_held(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "在招行干客户经理已经八年了" / "在一家做 SaaS 的公司写前端": the role, and the employer where named."""
    o = clean(m.groupdict().get("o") or m["o2"])
    if not is_value(o) or not is_occupation(o):
        return None
    at = clean(m.groupdict().get("at") or "")
    role = Draft(predicate="job_title", object=o)
    return [Draft(predicate="works_at", object=at), role] if at and is_value(at) else [role]


@pattern(r"^(?:一名|一个|一枚)?(?P<o>[^，,]{2,8})$")
def _role_by_itself(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "本人外卖骑手": a role said after 本人 with no verb."""
    o = clean(m["o"])
    if not c.text.startswith("本人") or not is_value(o) or not OCCUPATION.search(o):
        return None
    return [Draft(predicate="job_title", object=o)]


_AMOUNT = r"(?P<o>(?:" + NUMBER + r")(?:来|多|几)?[万千kKwW]?(?:" + NUMBER + r")?)(?:块钱?|元)?(?:左右|出头|多)?"


@pattern(r"^(?P<per>一个?月|每个?月|一年|每年)?(?:工资|收入|薪水)?(?:税后|税前)?到手(?:大概|差不多|有|也就|才)*" + _AMOUNT + r"$")
def _take_home(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "我一个月到手 9500": take-home pay per period."""
    per = "/年" if m["per"] and "年" in m["per"] else "/月"
    return [Draft(predicate="quantity_income", object=m["o"] + per)]


@pattern(r"^(?P<per>每个?月|一个?月|每年|一年)(?:都|要|会|固定)*给(?P<who>[^，,]{1,4}?)(?:打|转|寄|给)" + _AMOUNT + r"(?P<what>生活费|零花钱|赡养费)?$")
def _money_given(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "每个月给爸妈打 3000 生活费": money sent regularly, and to whom."""
    per = "/年" if "年" in m["per"] else "/月"
    return [Draft(predicate="quantity_spending", object=f"{m['o']}{per}（给{m['who']}{m['what'] or ''}）")]


@pattern(r"^(?:家里?|的)?(?:[^，,我你他她]{1,6}的)?(?:房子|家|新房|公寓|二手房|老房子|房)(?:一共|总共|建面|套内|面积|大概|差不多|有|是)*(?P<o>(?:" + NUMBER + r")(?:多)?)(?:平米?|平方米?|㎡)(?:左右|多)?$",
         r"^(?:每天)?(?:上班|上下班)?(?:单程|来回|往返)?(?:通勤)(?:单程|来回|往返)?(?:距离)?(?:大概|差不多|有|是|要|就|得)*(?P<d2>(?:" + NUMBER + r")(?:多)?(?:公里|千米|km))(?:左右|多)?$",
         r"^(?P<from>家|单位|公司|学校)离(?P<to>家|单位|公司|学校)(?:大概|差不多|有|就|才|只有)*(?P<d>(?:" + NUMBER + r")(?:多)?(?:公里|千米|km|里地?))(?:左右|多)?$")
def _home_measure(m: re.Match[str], c: ReadClause) -> list[Draft] | None:
    """ "房子 89 平": the home's size; "单位离家 15 公里": the distance from home to work."""
    if m.groupdict().get("d2"):  # "单程通勤 30 公里": how far the way to work is
        return [Draft(predicate="quantity_commute_distance", object=m["d2"])]
    if m.groupdict().get("d"):
        if {m["from"], m["to"]} == {"家"} or "家" not in (m["from"], m["to"]):
            return None
        return [Draft(predicate="quantity_commute_distance", object=m["d"])]
    return [Draft(predicate="quantity_home_size", object=m["o"] + "平米")]


_TRAVEL_TIME = re.compile(r"^(?:开车|自驾|坐地铁|地铁|坐公交|公交|骑车|骑电动车|走路|步行|打车)(?:的话)?(?:要|大概|差不多|也就|就|只要|得)*"
                          r"(?P<t>(?:(?:" + NUMBER + r"|半)个?(?:多)?(?:小时|钟头)(?:半)?|(?:" + NUMBER + r")(?:多)?分钟))(?:左右|多)?$")


def travel_time(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "单位离家 15 公里，开车半小时": how long the way to work takes, said after how far it is."""
    for i, (clause, found) in enumerate(clauses):
        m = _TRAVEL_TIME.match(clause.core.strip()) if i and not found else None
        distance = next((d for d in clauses[i - 1][1] if d.predicate == "quantity_commute_distance"), None) if m else None
        if m and distance is not None:
            time = Draft(predicate="quantity_commute", object=m["t"])
            time.subject, time.subject_zh, time.span = distance.subject, distance.subject_zh, distance.span
            found.append(time)


#: Animals kept as pets, as data: the kind a pet's name is said after.
PET_KINDS = ("猫咪", "猫", "狗狗", "狗", "仓鼠", "兔子", "兔", "金鱼", "鹦鹉", "乌龟", "刺猬", "龙猫", "金毛", "柯基", "泰迪", "哈士奇",
             "柴犬", "布偶猫", "布偶", "橘猫", "狸花猫", "英短", "美短", "比熊", "萨摩耶", "边牧", "拉布拉多", "博美", "雪纳瑞", "法斗", "蓝猫", "加菲")
_PET_KIND = "|".join(sorted(PET_KINDS, key=len, reverse=True))
#: A pet or a child one has or took in, said first: "养了两只仓鼠", "新添了一只柯基", "有个三岁的闺女".
_KEPT = re.compile(r"(?:有|养了|养着|养|新添了|添了|领养了|收养了|捡了|生了)(?:(?:" + NUMBER + r")?(?:只|条|个|位))?(?:[^，,叫]{0,6}的|[^，,叫的]{0,3}?)"
                   r"(?:(?P<pet>" + _PET_KIND + r")(?=$|[，,。！!]|叫)|(?P<kin>" + RELATION_WORDS + r"))")
#: The name said after it: "叫汤圆", "起名叫大福", "名字叫馒头", "小名叫糖糖", "一只叫汤圆一只叫年糕".
_CALLED_AFTER = re.compile(r"(?:^|(?<=[，,])|(?=(?:一|另一)(?:只|条|个)叫))(?:[它他她]|(?:一|另一)(?:只|条|个))?(?:的)?(?:名字|小名|大名|全名)?(?:起名|取名|起了个名字?|取了个名字?)?"
                           r"(?:叫|叫做)\s*(?P<n>[\u4e00-\u9fff]{1,4}?|[A-Za-z][A-Za-z ]{0,11}?)\s*(?=$|[，,]|(?:一|另一)(?:只|条|个)|[。！!～~])")
#: "我们家豆包是只柯基": the name first, then the kind.
_NAME_IS_PET = re.compile(r"^(?:我们家|我家|家里)的?(?P<n>[\u4e00-\u9fff]{1,3})是(?:一)?(?:只|条)(?P<pet>" + _PET_KIND + r")$"
                          r"|^(?:我们家|我家|家里)的?(?:那)?(?:只|条)?(?P<pet2>" + _PET_KIND + r")(?:的)?(?:名字|小名)?叫\s*(?P<n2>[\u4e00-\u9fff]{1,4}|[A-Za-z][A-Za-z ]{0,11})$")


def named_kin_or_pet(clauses: list[tuple[ReadClause, list[Draft]]]) -> None:
    """ "养了两只仓鼠，一只叫汤圆一只叫年糕" / "有个三岁的闺女，小名叫糖糖" / "我们家豆包是只柯基": the name
    of a pet or a child said in the clause that keeps it or the one after, stored with whom it names."""
    kept: tuple[str | None, str | None, list[Draft], ReadClause] | None = None
    for clause, found in clauses:
        text = clause.text.strip().rstrip("。！!～~")
        first = _NAME_IS_PET.match(text)
        if first and is_value(first["n"] or first["n2"]) and not _NO_NAME.match(first["n"] or first["n2"]) and clause.subject == "user":
            found.append(_named(first["n"] or first["n2"], first["pet"] or first["pet2"], None, clause))
            continue
        m = _KEPT.search(text)
        if m and clause.subject == "user":
            kept = (m["pet"], m["kin"], found, clause)
        if kept is None:
            continue
        names = [n["n"] for n in _CALLED_AFTER.finditer(text[m.end():] if m else text)]
        pet, kin, where, keeper = kept
        names = [n for n in names if is_value(n) and not DEICTIC.match(n) and not _NO_NAME.match(n) and not any(d.object == n for d in where)]
        owned = next((d for d in where if d.predicate == "has" and pet and pet in d.object), None)
        if owned is not None and names:  # "养了两只仓鼠，一只叫汤圆一只叫年糕": the pets kept, with their names
            owned.object = f"{_CALLED_TAIL.sub('', owned.object)}（{'、'.join(names)}）"
        else:
            if names and kin:  # "我有个哥哥，叫李明": the brother named, not also a bare "has 一个哥哥"
                where[:] = [d for d in where if not (d.predicate == "has" and kin in d.object)]
            where.extend(_named(name, pet, kin, keeper) for name in names)
        if not m:
            kept = None  # the name is said in the clause that keeps it, or the very next one


#: What follows 叫 as a bark or a call, no name ("狗叫了一晚上", "猫叫春了", "叫得很凶", "叫声很大", "叫起来").
_NO_NAME = re.compile(r"[了得起个声春不着过唤]")


#: A kept thing's object with its name left in it ("一只狗叫旺财").
_CALLED_TAIL = re.compile(r"叫[^，,]+$")


def _named(name: str, pet: str | None, kin: str | None, clause: ReadClause) -> Draft:
    relation = RELATIONS.get(kin or "")
    if relation is not None:
        return Draft(predicate=f"has_{relation}", object=name, object_type=EntityType.person, subject=clause.subject,
                     subject_zh=clause.subject_zh)
    return Draft(predicate="has_pet", object=f"{name}（{pet}）" if pet else name, subject=clause.subject,
                 subject_zh=clause.subject_zh)
