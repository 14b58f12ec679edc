"""Whether a text speaks of a Chinese topic word a forget request names, by words, not characters.

"忘掉关于猫的事" reaches "我家橘猫叫团子" and "我养了只小猫" but not "周末去看熊猫"; "别记我喝酒的事"
reaches "我喜欢喝啤酒" and "红酒我也爱". A Chinese compound is a kind of its last word (小猫, 啤酒 are a
cat, a drink of 酒), except the compounds that name something else (熊猫 is no cat, 热狗 no dog); an
activity named by verb and object (喝酒, 养猫) is also about its object. Without jieba the text is
searched for the characters. The write path hands this to the policy (``PolicyContext.speaks_of``),
which stays free of the dictionary.
"""

from __future__ import annotations

from .language import dictionary_place, dictionary_verb, dictionary_words, tagged_words

#: Compounds whose last character is not what they are a kind of ("熊猫" is no cat), and so all
#: compounds ending in one of them ("大熊猫").
_OTHER_THINGS = frozenset({"熊猫", "热狗", "单身狗", "舔狗", "海马", "河马", "斑马", "木马", "蜗牛", "天牛", "海牛",
                           "壁虎", "浣熊", "章鱼", "墨鱼", "鱿鱼", "鳄鱼", "鲸鱼", "夜猫子", "喜酒", "敬酒", "酒店",
                           "茶几", "茶馆"})
#: Verbs of an everyday activity whose object is its topic too ("喝酒" is about 酒, "离婚" not about 婚).
_ACTIVITY_VERBS = frozenset("喝吃抽养玩打看听学买开骑弹练追戒")
#: Endings that keep a word's kind ("猫咪" is a cat, "狗子" a dog).
_DIMINUTIVE = ("咪", "子", "儿", "们")


def _heads(topic: str) -> set[str]:
    """The words that stand for ``topic`` in a text: itself, and the object of an activity ("喝酒" -> 酒)."""
    heads = {topic}
    if len(topic) >= 2 and topic[0] in _ACTIVITY_VERBS and dictionary_verb(topic[0]) \
            and dictionary_words(topic[1:]) == [topic[1:]]:
        heads.add(topic[1:])
    return heads


def _kind_of(word: str, head: str) -> bool:
    """True when the text's word ``word`` is ``head`` or a kind of it ("小猫", "喝啤酒" of 酒)."""
    if word == head or word in (head + d for d in _DIMINUTIVE):
        return True
    if not word.endswith(head) or any(word.endswith(other) for other in _OTHER_THINGS):
        return False
    if dictionary_place(word):  # "罗马" is Rome, no horse: a place is a kind only after a describing word ("白马")
        return [tag for _, tag in tagged_words(word[:-len(head)])] == ["a"]
    return True


def speaks_of(topic: str, text: str) -> bool:
    """True when ``text`` speaks of the Chinese ``topic``: the topic's words stand at word boundaries
    of the text, or a word of the text is a kind of the topic."""
    words = dictionary_words(text)
    if not words:
        return topic in text
    bounds, at = {0}, 0
    for w in words:
        at = text.index(w, at) + len(w)
        bounds.add(at)
    for head in _heads(topic):
        start = text.find(head)
        while start >= 0:
            if start in bounds and start + len(head) in bounds:
                return True
            start = text.find(head, start + 1)
        if any(_kind_of(w, head) for w in words):
            return True
    return False
