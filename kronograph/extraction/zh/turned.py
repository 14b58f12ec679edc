"""A liking that turned, said in two clauses: how it was (以前/原来/小时候…) and how it is now. The
clause about now often names no liking verb: a habit cue ("现在习惯去郊区爬山", "现在宁可自己做攻略",
"这两年转投苹果了") likes what follows the cue; a craving with no object ("现在一天不背就难受",
"如今竟然觉得挺香", "彻底上头了") likes what the earlier clause named. Only read after a clause about
the past, so "我习惯早睡" or "转到销售岗" alone are left to the other rules. The cues are data.
"""

from __future__ import annotations

import re

from ...language import tagged_words
from ...model import MemoryType
from .rules import _DRINKS, _PAST, DEICTIC, Draft, ReadClause, clean, is_value

#: Words that introduce what one now prefers doing, using or backing ("现在更愿意捧本书看").
NEW_HABIT_CUES = ("更愿意", "更乐意", "更倾向于", "更倾向", "更偏爱", "更偏向", "更偏好", "更偏", "偏向", "宁可", "宁愿", "习惯了", "习惯", "转投了", "转投", "转战", "转向了",
                  "转向", "转到了", "转到", "迷上了", "迷上", "爱上了", "爱上", "沉迷于", "沉迷", "入坑了", "入坑", "天天", "每天都",
                  "基本都", "改成了", "改成", "改为", "换口味", "换了口味", "只敢吃", "只敢喝", "只敢用")
#: A craving said with no object: what the earlier clause named is liked now.
FOND_WORDS = ("上头", "真香", "路转粉", "被圈粉", "圈粉", "黑转粉", "上瘾", "离不开", "停不下来", "欲罢不能", "入迷", "着迷", "乐在其中", "爱上", "迷上", "喜欢上",
              "越来越喜欢", "很享受", "挺享受")
_SAVOUR = r"(?:香|好吃|好喝|好玩|好听|好看|有意思|有趣|不错|舒服|过瘾|带劲|解压)"
_ADVERBS = r"(?:现在|如今|这两年|这几年|后来|长大(?:了)?(?:以后|之后|后)?|慢慢|渐渐|反而|反倒|倒是?|却|也|就|都|居然|竟然|彻底|完全|已经|真的|简直|开始)*"
#: What led to it, said first ("听了他的现场直接路转粉", "养了之后彻底真香").
_LED_TO = r"(?:[^，,]{1,10}?(?:之后|以后|后|直接|就|瞬间|一下子))?"
_FOND = re.compile(r"^" + _LED_TO + _ADVERBS + r"(?:成了我(?:的)?最爱(?:的[^，,]{0,6})?|(?:" + "|".join(sorted(FOND_WORDS, key=len, reverse=True)) + r")(?:了|它|这个|这口)*"
                   r"|一(?:天|日|周)不[\u4e00-\u9fff]{1,2}就(?:浑身|全身|心里)?(?:难受|不舒服|不得劲|发慌|痒痒|不自在)"
                   r"|(?:每天|天天)都想[\u4e00-\u9fff]{1,3}"
                   r"|(?:觉得|感觉)(?:也|还|倒是?|反而)*(?:挺|很|特别|蛮|还挺|真|超|贼)?" + _SAVOUR + r")(?:了|的|啊)*$")
_CUE = re.compile(r"(?:" + "|".join(sorted(NEW_HABIT_CUES, key=len, reverse=True)) + r"|(?<=[听看玩吃喝学练追用穿])起了?"
                  r"|(?:改|换|转)(?:[吃听看玩用穿追]|(?=喝)))(?=\S)")  # "改看篮球": what the new verb takes; "改喝红酒": a drink
#: What now takes the place of the thing said before: "这半年被无糖气泡水取代了".
_TAKEN_OVER = re.compile(r"^(?:[^，,被]{0,8}?)被(?P<o>[^，,]{1,10}?)(?:取代|代替|替代|顶替)了?$")
#: The act named before, now done as a rule ("原来不喜欢跑步，现在一周跑四次"): its verb.
_REGULAR = re.compile(r"^(?:现在|如今|这两年|后来)?(?:每天|天天|每周|一周|每个?月|一个月|隔天|经常|常常|基本每天)(?:都|要|会|能)?(?P<v>[\u4e00-\u9fff])")
#: The clause about now: where the new habit begins.
_NOW_LEAD = re.compile(r"现在|如今|这两年|这几年|后来|长大|慢慢|渐渐|反而|反倒")
#: What the earlier clause disliked or did, when no rule read it: "小时候最怕游泳", "原来我不碰榴莲", "觉得猫太高冷".
_WAS = re.compile(r"(?:最怕|怕|很烦|烦|嫌弃|嫌|不碰|不吃|不喝|不看|不听|不玩|不爱|讨厌|受不了|爱|喜欢|觉得)(?P<o>[^，,]{1,8}?)"
                  r"(?:太|很|特别|挺|有点)?(?:无聊|麻烦|难吃|难喝|难听|高冷|幼稚|土|吵|累|苦|腥|怪)?(?:的)?$")
#: A pointer back to what the earlier clause named ("泡在里面", "离不开它").
_BACK = re.compile(r"(?:里面|里头|那里|那儿|这儿|其中|它|这个|那个)$")
#: Slots a new habit may take the place of; a home, a school or a role said after 转到 is a move, not a liking.
_LIKING_SLOTS = frozenset({"likes", "dislikes", "preferred_drink", "activity", "quantity_habit", "uses"})
_PAST_ABOUT_WORK = re.compile(r"工作|上班|公司|单位|部门|岗")
#: The marker of a clause about the past and the adverbs after it ("小时候我最…"), cut before reading what it named.
_PAST_LEAD = re.compile(r"^(?:我)?(?:" + _PAST.pattern + r")(?:我)?(?:很|最|都|一直|总是|特别|挺)*")


def turned_liking(clause: ReadClause, found: list[Draft], earlier: list[tuple[ReadClause, list[Draft]]]) -> list[Draft]:
    """What a clause about now, said after ``earlier`` clauses of its turn, says is liked now (else ``found``)."""
    if clause.hedge is not None or "plan" in clause.flags or _PAST.search(clause.text):
        return found
    taken = _TAKEN_OVER.match(clause.text.strip().rstrip("。！!～~…"))
    said = [(c, f) for c, f in earlier if c.subject == clause.subject]
    if taken and said and not found:  # "可乐喝了十几年，这半年被无糖气泡水取代了"
        was = _named_before(said) or _topic_of(said[-1][0])
        o = clean(taken["o"])
        return [_liking(o, replaces=was)] if was and is_value(o) and not DEICTIC.match(o) else found
    past = [(c, f) for c, f in said if "past" in c.flags or _PAST.search(c.text)]
    if not past:
        return found
    core = clause.core.strip()
    if _FOND.match(core) or _FOND.match(re.sub(r"^我", "", clause.text.strip().rstrip("。！!～~… "))):
        named = _named_before(past)
        return [_liking(named)] if named else found
    regular = _REGULAR.match(core)
    named = _named_before(past) if regular else None
    if regular and named and regular["v"] in named:
        return [*found, _liking(named)]
    cue = _CUE.search(core)
    if cue is None or not (_NOW_LEAD.search(clause.text) or cue.start() == 0 or core[:cue.start()].endswith("后")):
        return found
    if any(d.predicate not in _LIKING_SLOTS and not (d.predicate == "works_at" and not any(
            _PAST_ABOUT_WORK.search(c.text) for c, _ in past)) for d in found):
        return found  # "以前在百度，现在转到阿里了": a job moved, not a liking
    o = clean(re.sub(r"(?:上|里)?(?:了|啦|去了)*$", "", core[cue.end():]))
    if not is_value(o) or len(o) < 2 or DEICTIC.match(o):
        return found
    was = _named_before(past)
    if _BACK.search(o):  # "以前讨厌健身房，现在天天泡在里面": the place named before
        return [_liking(was)] if was else found
    return [_liking(o, replaces=was if was and was != o else None)]


def _named_before(past: list[tuple[ReadClause, list[Draft]]]) -> str | None:
    for c, f in reversed(past):
        named = next((d.object for d in f if d.predicate in _LIKING_SLOTS and d.object), None)
        if named:
            return named
        m = _WAS.search(_PAST_LEAD.sub("", c.core.strip()))
        if m and is_value(clean(m["o"])) and not DEICTIC.match(clean(m["o"])):
            f[:] = [d for d in f if d.predicate is not None]  # "原来我不碰榴莲": how it was, no denial to correct
            return clean(m["o"])
    return None


def _topic_of(c: ReadClause) -> str | None:
    """The thing a clause names first, before its verb ("可乐喝了十几年" -> 可乐)."""
    words = tagged_words(c.core.strip())
    return words[0][0] if len(words) > 1 and words[0][1] in ("n", "nz", "eng", "a") and words[1][1].startswith("v") else None
    # (jieba tags a drink or a dish as an adjective as often as a noun: "可乐" is "a")


def _liking(o: str, replaces: str | None = None) -> Draft:
    drink = o.removeprefix("喝") if o.startswith("喝") and o.removeprefix("喝") in _DRINKS else None
    return Draft(predicate="preferred_drink" if drink else "likes", object=drink or o, memory_type=MemoryType.preference,
                 replaces=replaces, flags={"now", "change"})
