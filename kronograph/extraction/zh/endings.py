"""Endings said casually, in words the core patterns misread ("爱奇艺会员我不续了" is no liking of 奇艺):
a job or side gig dropped (不干了/不做了/不接了), a game or fandom left (退坑), a habit cut (奶茶断了,
"快一年没抽烟了"), an app removed (卸载), a home left (搬走), a partner left (跟前男友断了), a school
left (退学), a shop of one's own closed, a paid membership let lapse (健身卡到期就没再续, 订阅取消了). Read before the core patterns; each closes one slot, of
whoever the clause is about.
"""

from __future__ import annotations

import re

from ...candidates import Operation
from ...language import tagged_words
from ...model import MemoryType
from .ending_words import (
    ABSTAINED,
    ACCOUNTS,
    CONTACT_CUT,
    GROUPS,
    LEFT,
    QUIT_ACTS,
    REMOVED,
    SOLD,
    STOPPED_DOING,
    STRESSED,
    SWITCHED_OFF,
)
from .numbers import NUMBER
from .rules import (
    DEICTIC,
    MEMBERSHIP,
    OCCUPATION,
    PARTNER_STATUS,
    RELATION_WORDS,
    RELATIONS,
    Draft,
    ReadClause,
    clean,
    is_place,
    is_value,
)

#: "(快/已经)一个多月(了)": how long ago it ended, said after the act.
_SINCE = r"(?:(?:快|已经|都|有|将近|差不多|好)?(?:" + NUMBER + r"|半|几)(?:个)?(?:多)?(?:年|月|天|周|星期|礼拜)(?:多)?)?"
_ADV = r"(?:已经|现在|早就|也|都|彻底|终于|基本|算是|正式)*"
_TOPIC = r"(?:(?:那个|这个|那份|这份|那家|这家)?(?P<o>[^，,我你他她]{2,12}?))"

_JOB_DROPPED = re.compile(r"^" + _TOPIC + r"我?" + _ADV + r"不(?:再)?(?P<v>做|干|接|续|当|弄|搞|续费)了?$")
_ACT_DROPPED = re.compile(r"^(?:兼职|全职|专职|业余)?(?P<v>做|干|接|当|给)(?P<o>[^，,]{2,12}?)了?$")  # said after 不再 ("我不再做代购了")
_JOB_NAMED_AFTER = re.compile(r"^不(?:再)?(?P<v>干|做)(?P<o>[^，,了]{2,12}?)了$")  # "滴滴我不干了", read as 不干滴滴了
_SELF_QUIT = re.compile(r"^不干了$")
_LEFT_GAME = re.compile(r"^(?:从)?" + _TOPIC + r"我?" + _ADV + r"(?:退坑|脱坑|出坑|弃坑|AFK)了?$|^" + _ADV + r"退(?:了)?(?P<o2>[^，,]{2,10}?)的坑了?$")
_HABIT_CUT = re.compile(r"^(?:把)?" + _TOPIC + r"我?" + _ADV + r"断(?:了|掉了|掉)" + _SINCE + r"了?$")
_NOT_SINCE = re.compile(r"^(?:已经|都|快|有|将近|差不多|足足)*(?:" + NUMBER + r"|半|几)(?:个)?(?:多)?(?:年|月|天|周|星期|礼拜)(?:多)?"
                        r"(?:没|没有)(?:再)?(?P<o>[吃喝抽碰玩打刷看用去][^，,]{1,8}?)(?:过)?了$")
_REMOVED = re.compile(r"^(?:把)?" + _TOPIC + r"我?" + _ADV + r"(?:卸载|卸)(?:了|掉了|掉)?" + _SINCE + r"了$")
_MOVED_OUT = re.compile(r"^从(?P<o>[^，,]{2,12}?)搬(?:走|出去)了$")
_BROKE_UP = re.compile(r"^(?:跟|和|与)(?P<o>(?:前)?(?:男朋友|女朋友|男友|女友|对象|老公|老婆)|[^，,]{2,4}?)" + _ADV
                       + r"(?:断了|断干净了|断绝(?:了)?(?:关系|联系|来往)|掰了|(?P<split>分了|分开了)|" + "|".join(CONTACT_CUT) + ")$")
_DROPPED_OUT = re.compile(r"^(?:从)?(?P<o>[^，,]{2,10}?)(?:读了[^，,]{1,6}?)?(?:就)?(?:退学|辍学|肄业)了$")
_SHOP_CLOSED = re.compile(r"^(?:的|开的)?(?P<o>[^，,]{1,10}?(?:店|铺|工作室|摊|档口|网店|公司))" + _ADV
                          + r"(?:关门|倒闭|关了|黄了|停业|不开)了?$")
# a paid membership let lapse or cancelled: "健身卡到期了我就没再续", "Spotify 的订阅我取消了"
_LAPSED = re.compile(r"^(?:把)?(?P<o>[^，,我]{2,16}?)\s*(?:(?:已经|也|都)?(?:到期|过期)(?:了|后|以后|之后)?)?\s*我?" + _ADV
                     + r"(?:就|也)?(?:没(?:有)?再?续(?:费|订)?|不(?:再)?续(?:费|订)?|取消|退订|停掉|停|" + "|".join(SWITCHED_OFF) + r")(?:了|掉了|掉)?$")
_PAID = re.compile(r"会员|订阅|年卡|月卡|季卡|次卡|健身卡|游泳卡|卡$|套餐|会籍|包月|包年|自动续费|(?i:membership|subscription)|(?<![A-Za-z])(?:Plus|Pro|Premium|VIP|vip)(?![A-Za-z])")
#: Verbs that end a thing named before them ("乐队解散了", "房贷还清了", "花店转让出去了", "工作室注销了");
#: the kind of thing says which slot closes (`extractor.ENDED_KINDS`).
ENDING_VERBS = ("解散", "散伙", "还清", "还完", "结清", "转让出去", "转让", "转手", "盘出去", "注销", "退租")
_PARTNERS = re.compile(r"男朋友|女朋友|男友|女友|对象|老公|老婆|前任")
_GENERIC = re.compile(r"游戏|手游|网游|坑|圈子?|番|剧")
_STAGES = re.compile(r"研究生|硕士|博士|本科|大专|高中|大学|研")
#: A medicine by its kind of word: "降压药", "钙片", "褪黑素", "布洛芬".
_DRUG = re.compile(r"药|片|胶囊|(?<!毒)素$|阿司匹林|布洛芬|二甲双胍|胰岛素|华法林|他汀|沙坦|激素|鱼油|益生菌|冲剂|口服液")
# a medicine stopped, on one's own or on a doctor's word: "降压药医生让我停了", "停止服用褪黑素了"
_DRUG_STOPPED = re.compile(r"^(?:(?:医生|大夫)?(?:已经|也)?(?:让|叫|建议|同意)我)?(?:把)?" + _TOPIC + r"我?(?:(?:医生|大夫)(?:已经|也)?(?:让|叫|建议|同意)我)?" + _ADV
                           + r"(?:停(?:了|掉了|掉|用了|药了)|不(?:再)?(?:吃|用)了)$|"
                           + r"^" + _ADV + r"(?:停止|停用|停掉|停了|不再)(?:服用|吃|使用|用)(?P<o2>[^，,]{2,10}?)了?$")
# an activity not kept up: "游泳后来没坚持下来", "瑜伽坚持不下去了"
_NOT_KEPT_UP = re.compile(r"^" + _TOPIC + r"我?(?:后来|最后|最终)?" + _ADV
                          + r"(?:没(?:有|能)?坚持(?:下来|下去)?|坚持不下(?:来|去)|半途而废)了?$")



def _words(words: tuple[str, ...]) -> str:
    return "(?:" + "|".join(sorted(words, key=len, reverse=True)) + ")"


_THIS = r"(?:那|这)(?:个|套|辆|台|部|只|家|间|份|张|件|款)"
_CUT_ADV = r"(?:已经|现在|早就|早|也|都|就|直接|干脆|彻底|终于|一起|一并|刚|刚刚|前阵子|去年|上个?月|正式)*"
# "抖音我删了" / "那套老房子卖掉了" / "把车卖了": a thing named first, then sold or deleted
_TOPIC_CUT = re.compile(r"^(?:把)?(?:" + _THIS + r")?(?![不没])(?P<o>[^，,我你她把]{2,12}?)我?" + _CUT_ADV
                        + r"(?<![外买拍贩叫])(?P<v>" + _words(SOLD + REMOVED) + r")(?:掉)?了" + _SINCE + r"了?$")
# "退出了公司的足球群" / "注销了微博" / "卖掉了那辆车": the verb first, the thing after it
_VERB_CUT = re.compile(r"^" + _CUT_ADV + r"(?P<v>" + _words(SOLD + REMOVED + LEFT) + r")(?:掉)?了(?:" + _THIS
                       + r")?(?P<o>[^，,我你他她]{2,14})$")
# "白酒我现在一口都不碰了" / "烟我再也不抽了": a habit refused from now on, with stress
_ABSTAIN = re.compile(r"^(?P<o>[^，,我你他她]{1,10}?)我?" + _CUT_ADV + r"(?P<s>" + _words(STRESSED) + r")?(?:都|也)?不(?P<again>再)?"
                      + r"(?:" + _words(ABSTAINED) + r")了$")
# "奶茶我半年没再喝过了": a thing named first and not had for a while
_NOT_HAD_SINCE = re.compile(r"^(?P<o>[^，,我你他她]{2,10}?)我?(?:已经|都|快|有|将近|差不多|足足)*(?:" + NUMBER
                            + r"|半|几)(?:个)?(?:多)?(?:年|月|天|周|星期|礼拜)(?:多)?(?:都)?(?:没|没有)(?:再)?[吃喝抽碰玩打刷看用去](?:过)?了$")
_QUIT_ACT = re.compile(r"^" + _CUT_ADV + _words(QUIT_ACTS) + r"$")
_ACCOUNT = re.compile(ACCOUNTS)
_GROUP = re.compile(GROUPS)


def _cut(core: str) -> list[Draft]:
    """A thing sold, an account deleted, a group left or a habit refused (``ending_words``'s verbs)."""
    if _QUIT_ACT.match(core):  # "办完了离职手续": the employer is named elsewhere in the sentence, or on record
        return [Draft(predicate="works_at", object="", operation=Operation.end, flags={"left", "needs_object"})]
    m = _TOPIC_CUT.match(core) or _VERB_CUT.match(core)
    if m is not None:
        o = re.sub(r"(?<=.)(?:也|都)?(?:一起|一并|顺便)$|(?<=.)(?:全都|也都)$", "", clean(m["o"], keep_measure=True))  # "群也一起退了": how
        if re.search(RELATION_WORDS, o) or not is_value(o) or len(o) < 2:
            return []  # "把前男友删了" is contact cut, read as a partner ended
        if m["v"] in REMOVED:
            if re.search(r"号$|账号|帐号|账户", o):
                return _end("member_of", o)  # "小红书账号注销了": an account closed, as the older rules say it
            return _end("uses", o) if _ACCOUNT.search(o) else []  # "照片删了": nothing one had ends
        if m["v"] in LEFT:
            return _end("member_of", o) if _GROUP.search(o) else []  # "退了两件衣服": a return, no group left
        return _end("has", o)  # "车卖了": no longer had, as the older rules say it
    m = _ABSTAIN.match(core)
    if m is not None and (m["s"] or m["again"]) and not re.search(RELATION_WORDS, m["o"]):
        return _end("activity", clean(m["o"], keep_measure=True))
    m = _NOT_HAD_SINCE.match(core)
    if m is not None and not re.search(RELATION_WORDS, m["o"]):
        return _end("activity", clean(m["o"], keep_measure=True))
    return []


def ended_as_said(c: ReadClause) -> list[Draft]:
    """The slot a casually worded ending closes, or nothing."""
    if c.hedge is not None or "plan" in c.flags:
        return []  # "可能不干了": not ended yet
    core = c.core
    drafts = _elsewhere(core, c) or _lapsed(core) or _job(core, c) or _game(core) or _habit(core) or _cut(core)
    return [d for d in drafts if "needs_object" in d.flags or (is_value(d.object) and not DEICTIC.match(d.object))]


def _end(predicate: str, obj: str, **kw: object) -> list[Draft]:
    return [Draft(predicate=predicate, object=obj, operation=Operation.end, **kw)]  # type: ignore[arg-type]


def _job(core: str, c: ReadClause) -> list[Draft]:
    if _SELF_QUIT.match(core):  # "我不干了": the job on record ends
        return [Draft(predicate="works_at", object="", operation=Operation.end, flags={"left", "needs_object"})]
    m = _JOB_DROPPED.match(core) or _JOB_NAMED_AFTER.match(core)
    if m is None and "ended" in c.flags and re.search(r"不再|已经不|再也不|早就不", c.text):
        m = _ACT_DROPPED.match(re.sub(r"^(?:不再|再也不|已经不|早就不)", "", core))
    if m is None:
        return []
    o = clean(m["o"], keep_measure=True)
    if o.startswith("连") or re.search(RELATION_WORDS, o):
        return []  # "连朋友都不做了": people, no job
    if m["v"] in ("续", "续费") or re.search(r"会员|订阅|VIP", o):
        return _end("member_of", o)  # "爱奇艺会员我不续了"
    if OCCUPATION.search(o) or re.search(r"兼职|代购|家教|副业|微商|直播|稿|专栏", o):
        return _end("job_title", o)
    if m["v"] == "给":
        return []
    if re.match(r"^不", core) and c.text.find(o) > c.text.find("不"):
        return _end("job_title", o)  # "我不做设计了": the work itself, said after the verb
    return _end("works_at", o, flags={"left"}) if m["v"] in ("干", "做") and not (MEMBERSHIP.search(o) and len(o) > 2) else _end("activity", o)


def _lapsed(core: str) -> list[Draft]:
    m = _LAPSED.match(core)
    if m is None or not _PAID.search(m["o"]):
        return []
    thing = re.sub(r"^(?:那|这)(?:个|份|张|项)|\s*的?\s*$", "", m["o"])  # "把那个陪练的包月关掉了": the one pointed at
    return _end("member_of", clean(thing, keep_measure=True))


def _game(core: str) -> list[Draft]:
    m = _LEFT_GAME.match(core)
    if m is None or _GENERIC.fullmatch(m["o"] or m["o2"]):
        return []  # "那个游戏我退坑了，不玩原神了": the game is named after
    return _end("likes", clean(m["o"] or m["o2"], keep_measure=True), memory_type=MemoryType.preference)


def _habit(core: str) -> list[Draft]:
    m = _HABIT_CUT.match(core) or _NOT_SINCE.match(core) or _NOT_KEPT_UP.match(core)
    if m is not None:
        return _end("activity", clean(m["o"], keep_measure=True))
    m = _DRUG_STOPPED.match(core)
    if m is not None and _DRUG.search(m["o"] or m["o2"]):
        return _end("takes_medication", clean(m["o"] or m["o2"], keep_measure=True))
    m = _REMOVED.match(core)
    return _end("uses", clean(m["o"], keep_measure=True)) if m is not None else []


def _elsewhere(core: str, c: ReadClause) -> list[Draft]:
    m = _MOVED_OUT.match(core)
    if m is not None:
        return _end("lives_in", clean(m["o"], keep_measure=True))
    m = _BROKE_UP.match(core) or _BROKE_UP.match(re.sub(r"^我|[。！!～~…\s]+$", "", c.text.strip()))  # "我跟女朋友分了": 跟 read as company
    if m is not None:
        o = clean(m["o"], keep_measure=True)
        if not (_PARTNERS.search(o) or re.fullmatch(r"[\u4e00-\u9fff]{2,3}|[A-Z][a-z]+", o)) or re.search(r"合伙人", o) \
                or RELATIONS.get(o.removeprefix("前"), "partner") not in PARTNER_STATUS:
            return []  # "和室友分了" / "和表哥分了": a flat or a firm split, no partner
        single = [Draft(predicate="relationship_status", object="single")] if m["split"] else []
        return _end("partner", o) + single  # "跟前女友早就分了": the partner gone, single again
    m = _DROPPED_OUT.match(core)
    if m is not None:
        o = clean(m["o"], keep_measure=True)
        return _end("current_education" if _STAGES.fullmatch(o) else "studies_at", o)
    m = _SHOP_CLOSED.match(core)
    if m is not None and re.match(r"^我(?:的|家|开的|自己的)", c.text) and not is_place(m["o"]):
        return _end("owns", clean(m["o"], keep_measure=True))
    return []


#: "不跑跑团了" / "不开滴滴司机了" (read from "跑团我不跑了", "滴滴司机我不开了"): a pastime, class or gig
#: named after the verb that stops it.
_STOPPED_AFTER = re.compile(r"^(?:不再|不)(?P<v>" + _words(STOPPED_DOING) + r")(?P<o>[^，,了我你他她]{2,10})了$")


#: Things of the body and the home that 拉/吹/开/接/关 take and that are no pastime ("不吹头发了", "不接电话了").
_NO_PASTIME = re.compile(r"肚子|头发|空调|电话|灯|门|窗|暖气|风扇|电扇|电视|热水器|冰箱|洗衣机|电脑|手机|视频|快递")


def stopped_doing(c: ReadClause) -> list[Draft]:
    """What a clause says the user no longer does, named after its verb, when no reader took it; a thing
    skipped on one day ("今天健身房不去了") ends nothing."""
    m = _STOPPED_AFTER.match(c.core.strip())
    if m is None or c.subject != "user" or c.hedge is not None or skipped_once(c):
        return []
    o = clean(m["o"], keep_measure=True)
    words = tagged_words(o)
    if not is_value(o) or DEICTIC.match(o) or re.search(RELATION_WORDS, o) or (len(words) == 1 and words[0][1][:1] in ("v", "a", "d")):
        return []  # "我不用担心了": a feeling or an act, no thing stopped
    if _NO_PASTIME.search(o):
        return []  # "我不拉肚子了", "我不开空调了": the body or an appliance, no pastime
    if OCCUPATION.search(o):
        return _end("job_title", o)  # "外卖骑手我不跑了"
    if _PAID.search(o) or re.search(GROUPS, o):
        return _end("member_of", o)  # "游泳课我不上了"
    return _end("activity", o)


#: A stop said to hold from a day on ("今天开始我不抽烟了", "今天起瑜伽课不上了"), not a day skipped.
FROM_THEN_ON = re.compile(r"再也|从此|以后|今后|往后|开始|起(?![床来身飞步草码诉跑点])")


def skipped_once(c: ReadClause) -> bool:
    """True when a clause refuses something on one day ("今晚健身房不去了", "明天的课不上了"): a thing
    skipped then, not a habit ended (a day of leaving, "今天辞职了", has no 不)."""
    return bool(re.search(r"不(?:再)?[\u4e00-\u9fff]{1,2}了$", c.core.strip())) and not FROM_THEN_ON.search(c.text) \
        and any(t.start is not None and t.end is not None and (t.end - t.start).days < 2 for t in c.times)
