"""The structural fallback: a subject–verb–object clause that no phrase rule read.

The phrase rules in :mod:`.rules` are tuned on wordings seen; a new wording of a plain statement
("我在自学Python", "我爸天天玩王者荣耀", "我姐住大连") still has a subject, a verb of a known
family and a noun after it. This module reads that shape: the verb family from :data:`VERBS` (data,
not code), the object from jieba's part-of-speech tags. The clause's subject, hedge, ending and
times were lifted off by :func:`.rules.read` already; plans are left to the extractor's plan reading.
"""

from __future__ import annotations

import re

from ...language import tagged_words
from .rules import DEICTIC, Draft, ReadClause, clean, is_value

#: Verb families at the head of a clause's core, and the predicate each states (the English
#: extractor's predicates). Longer forms first where one is a prefix of another.
VERBS: tuple[tuple[str, str], ...] = (
    (r"(?:居住|定居|常住|住|生活)(?:在|于)|(?:长期|常)?住(?=[\u4e00-\u9fff])", "lives_in"),
    (r"(?:就职|任职|供职|上班|工作|实习)(?:在|于)", "works_at"),
    (r"(?:特别|十分|非常|很|挺|超|最)?(?:热爱|喜爱|钟爱|偏爱|喜欢|爱上了?|迷上了?|痴迷于?|迷恋|沉迷于?|爱死了?|爱惨了?|入坑了?|粉上了?|爱)", "likes"),
    (r"(?:特别|十分|非常|很|挺|超|最)?(?:讨厌|厌恶|反感|受不了|忍受不了|接受不了|受够了|恨透了|厌倦了?|嫌弃|烦透了|烦死了|讨厌死了)", "dislikes"),
    (r"养(?:了|着)?", "has"),
    (r"(?:自学|学习|进修|在学|学)|(?:在读|读)(?=[^，,]{1,8}(?:学|专业|系|方向)$)", "studies"),
    (r"(?:使用|在用|用)(?!心|力|功|餐)", "uses"),
    (r"玩(?:着)?", "plays"),
)
_VERBS = [(re.compile("^(?:" + regex + ")"), predicate) for regex, predicate in VERBS]

#: Tags an object may not start with: pronouns (这个/那个/它/你), conjunctions, particles,
#: prepositions, modal particles, interjections, and words that start no noun (jieba tags some
#: names as adverbs: "大连" d, so adverbs are told by the word).
_NOT_OBJECT_TAGS = frozenset({"f", "r", "rr", "rz", "rg", "c", "u", "uj", "ul", "uz", "ud", "ug", "uv", "p", "y", "e", "o", "x"})
_NOT_OBJECT_START = re.compile(r"^(?:不|没|就|都|也|还|会|能|过|得|着|了|到|给|把|被|这|那|它|你|他|她|我|一下|一点|好|行|[上下前后另]一|之?[前后]|以[前后]|别的|其他|其它)")
#: An object starts after a count ("两条金毛") and ends where an act begins ("用飞书办公",
#: "用 Notion 记笔记") or the clause turns ("喜欢猫但是…").
_PURPOSE = re.compile(r"(?:来|去|做|写|记|管理|办公|开发|画|剪|拍|处理|聊天|看|听|打|编|学|查|背|练|上网|上课|工作|干活|学习|沟通|开会)")
_ACT_TAGS = frozenset({"v", "vd", "vg", "p", "c", "y", "x", "ul", "uz", "ud", "ug", "uv"})
_QUESTION = re.compile(r"哪|什么|谁|多少|几|怎么|为什么|啥|吗|呢|[？?]")
_VAGUE = re.compile(r"^(?:东西|事情?|人|样子|感觉|一下|一点|啥|这样|那样|自己|大家|别人|它们?|他们?|她们?|你们?)$")
#: Verbs a skill or pastime is named with ("学弹吉他", "喜欢打网球", "讨厌挤地铁").
_SKILL_VERBS = frozenset("弹拉吹打踢跳画唱写做开骑滑游跑练下看听吃喝挤坐")
#: How long, said after the object ("玩摄影好多年了"): not part of it.
_HOW_LONG = re.compile(r"(?:已经|都|快|有|将近)?(?:好多|好几|很多|十几|几十|多|几|[一二两三四五六七八九十\d]+)(?:个)?(?:多)?(?:年|月|天|周|星期)(?:多)?(?:了)?$|(?:很久|好久)(?:了)?$")
_JUDGED = re.compile(r"(?:比较|很|太|挺|特别|不太|有点|超)(?:慢|快|累|难|方便|麻烦|顺手|习惯|费劲|卡|贵|便宜)")
#: Counts kept on what one has ("养了两只猫": has 两只猫, as the phrase rules store it).
_KEEPS_COUNT = frozenset({"has"})


def read_structure(clause: ReadClause) -> list[Draft]:
    """The subject–verb–object reading of ``clause`` when it has that shape, else nothing."""
    if "pronoun" in clause.flags or clause.flags & {"plan", "will", "task", "correct"} or (
            "progressive" in clause.flags and clause.times):
        return []  # a plan, a duty, a correction, "最近在学 Rust" (busy with lately) are the extractor's own readings
    if _JUDGED.search(clause.core):
        return []  # "我用手机打字比较慢": how something goes, not what one uses
    core = re.sub(r"^(?:每天|天天|每周|每晚|平时|平常|经常|常常|一直|偶尔|日常|都|也|还)+", "", clause.core.strip())
    core = re.sub(r"^(?:正在|在)(?=学|读|用|玩|自学|学习|进修)", "", core)
    if "ended" in clause.flags:
        core = re.sub(r"^不(?=学|玩|养)", "", core)  # "我不学吉他了": the ending is the clause's flag (不用: no need)
    core = _scene_dropped(core)
    for regex, predicate in _VERBS:
        m = regex.match(core)
        if m is None:
            continue
        if not clause.explicit_subject and predicate not in ("likes", "dislikes") and "began" not in clause.flags:
            return []  # "修正一下": without a speaker only a liking, or a thing begun ("最近开始学尤克里里"), is read
        o = _object(core[m.end():], keep_count=predicate in _KEEPS_COUNT, predicate_takes_act=predicate != "has",
                    one_char=predicate in ("likes", "dislikes"))
        if o is None:
            return []
        return [Draft(predicate=predicate, object=o, flags={"structure"})]
    return []


#: A liking said after the scene it holds in ("看电影偏爱悬疑片", "夏天最爱去海边冲浪", "听歌一般喜欢民谣").
_SCENE_LED = re.compile(r"^(?P<scene>[^，,我你他她这那]{2,5}?)(?=(?:特别|十分|非常|很|挺|超|最|一般|还是|都|更|就)*(?:偏爱|最爱|最喜欢|喜欢|钟爱|爱))")
#: Tags a scene is made of: an act and its thing ("看/电影"), or a time ("周末", "夏天").
_SCENE_TAGS = frozenset({"v", "vn", "n", "t", "tg", "f"})


def _scene_dropped(core: str) -> str:
    """``core`` without a scene said before a liking, and without the 去 of "最爱去…"."""
    m = _SCENE_LED.match(core)
    if m is None:
        return core
    words = tagged_words(m["scene"])
    if not words or words[0][1] not in ("v", "t", "tg") or any(tag not in _SCENE_TAGS for _, tag in words):
        return core  # "周杰伦最爱…": a person, not a scene
    rest = re.sub(r"^(?:特别|十分|非常|很|挺|超|最|一般|还是|都|更|就)*", "", core[m.end():])
    return re.sub(r"^(?P<v>偏爱|最爱|最喜欢|喜欢|钟爱|爱)去(?=..)", r"\g<v>", rest)


def _object(rest: str, *, keep_count: bool, predicate_takes_act: bool = False, one_char: bool = False) -> str | None:
    """The noun phrase at the start of ``rest`` by jieba's tags, or None when it is no object
    (a pronoun, a question, a verb: "我学会了", "我喜欢那个", "我用它试试")."""
    rest = _HOW_LONG.sub("", rest.strip())
    if not rest or _QUESTION.search(rest) or DEICTIC.match(rest):
        return None
    words = tagged_words(rest)
    if not words:
        return None
    start = 0
    while start < len(words) and words[start][1] in ("m", "q", "mq"):
        start += 1  # "两条金毛", "一家咨询公司"
    if predicate_takes_act and start < len(words) and words[start][1] == "v" and len(words) > start + 1 \
            and words[start + 1][1] not in _NOT_OBJECT_TAGS and words[start][0] in _SKILL_VERBS:
        start, skill = start + 1, words[start][0]  # "学弹吉他": a skill learned, named with its verb
    else:
        skill = ""
    if start == len(words) or words[start][1] in _NOT_OBJECT_TAGS or _NOT_OBJECT_START.match(words[start][0]) \
            or (words[start][1].startswith("v") and len(words[start][0]) == 1):
        return None
    end = start + 1
    latin = words[start][1] == "eng"
    while end < len(words):
        word, tag = words[end]
        if latin != (tag == "eng") and not (latin and word in ("的",)):
            break  # "Notion记笔记": the name, then what it is used for
        compound = end == start + 1 and len(words[start][0]) == len(word) == 1 and end + 1 < len(words) \
            and words[end + 1][1].startswith("n") and len(words[end + 1][0]) >= 2  # "手/冲/咖啡", "冷/萃/咖啡": one name jieba cut in three
        if not compound and (tag in _ACT_TAGS or (tag == "d" and len(word) == 1)
                             or (_PURPOSE.match(word) and tag.startswith(("v", "n")) and words[end - 1][1] != "uj")):
            break  # "用飞书办公": what it is used for; "宫崎骏的动画": 的 inside the phrase
        end += 1
    phrase = "".join(w for w, _ in words[(0 if keep_count else start):end]) if not latin else " ".join(
        w for w, _ in words[start:end])
    phrase = clean(skill + phrase)
    if len(phrase) == 1 and not keep_count and not one_char:
        return None  # "我学学看": the verb said twice, no object
    if not is_value(phrase) or len(phrase) > 16 or _VAGUE.match(phrase) or DEICTIC.match(phrase):
        return None
    return phrase
