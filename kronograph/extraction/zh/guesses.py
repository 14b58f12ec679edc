"""A guess about what the user may do, said with a strong hedge and read by no other rule ("说不定过年
不回老家了", "搞不好要把车卖了", "maybe 换个 MacBook 吧"): kept as a hedged plan, a hypothesis, so that a
later "定了" can confirm it and nothing certain is stored.

Only the user's own acts are read: the clause must name a thing (a noun by jieba's tags, or the object
of 把), and talk of the weather or of oneself ("可能是我想多了") is left alone.
"""

from __future__ import annotations

import re

from ...language import tagged_words
from .rules import DEICTIC, Draft, ReadClause, clean, is_value

#: Tags of a thing an act is about: nouns, places, organisations, Latin-letter names.
_THING_TAGS = ("n", "ns", "nz", "nt", "nl", "ng", "eng", "s")
#: The weather, which "可能要下雨了" guesses about: no act of anyone's.
WEATHER = re.compile(r"下雨|下雪|降温|升温|刮风|台风|雾霾|变天|打雷|天气")
#: What is no act of the user's: a state said with 是/有, a feeling, a pronoun.
_NO_ACT = re.compile(r"^(?:是|有(?!个|一个)|没|会不会|觉得|感觉|想多)|[我你他她它]|吗|呢")


def guessed_act(clause: ReadClause) -> list[Draft]:
    """The act a strongly hedged clause says the user may do, as a hedged plan; empty otherwise."""
    if clause.hedge != "strong" or clause.subject != "user" or clause.flags & {"pronoun", "past", "habitual"}:
        return []
    core = clause.core.strip()
    phrase = clean(core)
    if not (3 <= len(phrase) <= 16) or _NO_ACT.search(phrase) or WEATHER.search(phrase) or DEICTIC.match(phrase) or not is_value(phrase):
        return []
    if re.search(r"呢[。！!？?～~]*$", core) or (phrase.endswith("了") and not re.search(r"要|会|不", phrase)):
        return []  # "说不定彩票中奖了呢" / "说不定猫把花瓶打碎了": a guess about what has happened, no plan
    # the user's own firm or home may act for them ("公司可能要搬到滨江"); anyone else's act is none
    words = tagged_words(re.sub(r"^(?:我们)?(?:公司|单位|部门|全家|家里)(?:可能|也许|大概)?(?=要|会)", "", phrase))
    lead = next((i for i, (word, _) in enumerate(words) if word in ("要", "会", "把")), 0)
    if not (words and (words[0][1].startswith(("v", "d")) or words[0][0] in ("要", "会", "把")
                       or (len(words[0][0]) == 1 and len(words) > 1 and words[1][1] == "q"))) or any(  # "换个 MacBook": jieba tags 换 nz
            not tag.startswith(("d", "t")) for _, tag in words[:lead]):
        return []  # "搞不好老板要裁员" / "也许快递员把包裹放错地方了": someone else's act, named before it
    named = phrase.startswith("把") or any(
        tag.startswith(_THING_TAGS) and (len(word) >= 2 or tag == "eng") for word, tag in words[1:])
    return [Draft(predicate="plans_to", object=phrase, flags={"plan"})] if named else []
