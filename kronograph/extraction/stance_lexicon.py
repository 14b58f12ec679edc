"""Words that say how the speaker stands to a thing, by the part of the clause they sit in.

Data only, read by rules_opinions from the parse: a thing that moves the speaker ("jazz really
does it for me", "horror films creep me out"), a judgement made to the speaker ("olives are
disgusting to me", "cycling is pure bliss for me"), an adjective the speaker is ("I'm quite
partial to dark chocolate", "not fussed about football") and a verb the speaker does ("I relish
early runs", "can't abide reality TV"). Each word carries its polarity: ``True`` a liking,
``False`` a dislike. Extending a table extends the class of wordings read; the verbs the
regular rules already read ("like", "love", "enjoy", "hate", "dislike", ...) are not here.
"""

from __future__ import annotations

# "X <verb> me" (the thing is the subject, the speaker its object): lemma -> liking or dislike.
# spaCy lemmatises "bores" as "bear", so the verb's own form is looked up as well (``MOVED_FORMS``).
MOVING_VERBS: dict[str, bool] = {
    **dict.fromkeys(("fascinate", "thrill", "delight", "excite", "captivate", "enchant", "charm", "amaze", "intrigue",
                     "mesmerise", "mesmerize", "enthral", "enthrall", "hook", "grip", "absorb", "please", "comfort",
                     "satisfy", "transport", "rejuvenate", "nourish", "wow", "hypnotise", "hypnotize"), True),
    **dict.fromkeys(("bore", "annoy", "irritate", "bug", "bother", "disgust", "repel", "revolt", "sicken", "nauseate",
                     "depress", "frustrate", "infuriate", "madden", "exasperate", "stress", "unsettle", "grate", "irk", "aggravate", "torment", "gall", "appal", "appall"), False),
}
# Present forms whose lemma the tagger gets wrong: "bores" -> "bear", "bore" read as its past.
MOVED_FORMS: dict[str, str] = {"bores": "bore", "bore": "bore"}
# "X <verb> me <particle>": the particle makes the stance ("creep me out", "put me off", "cheer me up").
MOVING_PARTICLES: dict[tuple[str, str], bool] = {
    **dict.fromkeys((("cheer", "up"), ("perk", "up"), ("light", "up"), ("pull", "in"), ("draw", "in"), ("suck", "in"),
                     ("blow", "away"), ("sweep", "away"), ("fire", "up"), ("pump", "up")), True),
    **dict.fromkeys((("creep", "out"), ("freak", "out"), ("gross", "out"), ("stress", "out"), ("put", "off"),
                     ("turn", "off"), ("wind", "up"), ("bum", "out"), ("wear", "out"), ("tire", "out"),
                     ("weird", "out"), ("bring", "down"), ("get", "down"), ("drag", "down"), ("wig", "out")), False),
}
# "X <verb> <preposition> me": "grates on me", "speaks to me", "gets to me".
MOVING_PREPOSITIONS: dict[tuple[str, str], bool] = {
    **dict.fromkeys((("speak", "to"), ("appeal", "to"), ("sing", "to"), ("call", "to")), True),
    **dict.fromkeys((("grate", "on"), ("get", "to"), ("jar", "on"), ("wear", "on"), ("pall", "on")), False),
}
# "X makes me <word>": the feeling it leaves ("makes me cringe", "makes me so happy").
MADE_FEELINGS: dict[str, bool] = {
    **dict.fromkeys(("happy", "smile", "glad", "calm", "relaxed", "peaceful", "joyful", "content", "giddy",
                     "grin", "alive", "excited", "nostalgic", "cosy", "cozy"), True),
    **dict.fromkeys(("cringe", "gag", "nauseous", "queasy", "miserable", "angry", "mad", "furious", "sad", "crazy",
                     "uncomfortable", "shudder", "retch", "wince"), False),
}  # not a bodily effect ("makes me sleepy", "anxious", "sick", "itch"): a reaction, not a taste
# "X is <word> to me / for me": a judgement the speaker holds ("olives are disgusting to me",
# "cycling is pure bliss for me", "mushrooms are a hard no for me"); not a need ("essential", "a must").
JUDGED_WORDS: dict[str, bool] = {
    **dict.fromkeys(("bliss", "heaven", "paradise", "joy", "treat", "delight", "pleasure", "therapy", "magic",
                     "perfection", "perfect", "delicious", "amazing", "wonderful", "lovely", "gorgeous", "heavenly",
                     "addictive", "irresistible", "soothing", "relaxing", "fun", "fascinating", "dream",
                     "yes", "winner", "gold", "sacred", "unbeatable"), True),
    **dict.fromkeys(("disgusting", "gross", "vile", "awful", "horrible", "horrid", "unbearable", "torture", "hell",
                     "nightmare", "no", "nope", "pass", "dealbreaker", "no-go", "chore", "boring", "dull", "tedious",
                     "inedible", "revolting", "nauseating", "repulsive", "hideous", "naff", "overrated", "meh",
                     "pointless", "agony", "misery", "punishment"), False),
}
# "I'm <adjective> <preposition> X": "quite partial to", "not fussed about", "well into", "sick of".
HELD_ADJECTIVES: dict[tuple[str, str], bool] = {
    **dict.fromkeys((("partial", "to"), ("keen", "on"), ("fond", "of"), ("fussed", "about"), ("bothered", "about"),
                     ("big", "on"), ("crazy", "about"), ("mad", "about"), ("nuts", "about"), ("wild", "about"),
                     ("potty", "about"), ("passionate", "about"), ("obsessed", "with"), ("hooked", "on"),
                     ("addicted", "to"), ("sweet", "on"), ("enamoured", "with"), ("enamored", "with"),
                     ("enamoured", "of"), ("enamored", "of"), ("smitten", "with"), ("devoted", "to"),
                     ("nerdy", "about"), ("geeky", "about"), ("evangelical", "about"), ("mental", "about"),
                     ("daft", "about"), ("soppy", "about"), ("hot", "on"), ("gaga", "over"), ("gaga", "about"),
                     ("besotted", "with"), ("infatuated", "with")), True),
    **dict.fromkeys((("sick", "of"), ("tired", "of"), ("bored", "of"), ("bored", "with"), ("averse", "to"),
                     ("wary", "of"), ("squeamish", "about"), ("funny", "about"), ("sniffy", "about"),
                     ("snobby", "about")), False),
}
# "I <verb> X": verbs of liking and dislike the regular rules do not read.
HELD_VERBS: dict[str, bool] = {
    **dict.fromkeys(("relish", "savour", "savor", "cherish", "treasure", "crave", "worship", "idolise", "idolize",
                     "rate"), True),
    **dict.fromkeys(("abhor", "despise", "dread", "deplore"), False),
}
# "I can't <verb> X": a dislike said as what the speaker cannot take ("stand", "bear": the regular rules).
CANNOT_TAKE = frozenset({"abide", "stomach", "tolerate", "handle", "hack"})
# "I've grown to love opera", "came to appreciate jazz": the liking arrived at.
ARRIVED_AT = frozenset({"grow", "come", "learn", "begin", "start"})
# Verbs of liking that "grown to", "learned to" lead into.
LIKING_VERBS: dict[str, bool] = {
    **dict.fromkeys(("love", "like", "enjoy", "adore", "appreciate", "cherish", "relish", "treasure"), True),
    **dict.fromkeys(("hate", "dislike", "loathe", "detest", "despise", "resent", "dread"), False),
}
# "I can't live without coffee", "something I could do without": going without the thing, a dislike
# of going without it when denied (the liking), of the thing when not (a dislike).
DONE_WITHOUT = frozenset({"live", "do", "cope", "survive", "function", "manage"})
# "Hawaiian is my pizza", "Liverpool are my club": an owned noun that names
# the kind of thing chosen, so the subject is liked (not the genre words: "my family is my rock"); not
# what is owned or arranged ("the Tesla is my car", "Nashville is our holiday this year"); "my thing"
# is read by the stance rewrites.
CHOSEN_NOUNS = frozenset({"club", "band", "game", "sport", "pizza", "drink", "tipple", "snack", "song", "album",
                          "film", "movie", "book", "genre", "colour", "color", "season", "poison",
                          "flavour", "flavor", "cheese", "beer", "wine", "coffee", "tea", "sandwich", "cake", "biscuit",
                          "crisps", "chocolate", "cuisine", "food", "music"})
# "Marmite on toast is the finest breakfast", "pepperoni is the only topping that matters":
# superlatives of taste (a height or a size says nothing of the speaker).
TASTE_SUPERLATIVES: dict[str, bool] = {
    **dict.fromkeys(("best", "finest", "greatest", "tastiest", "nicest", "yummiest", "loveliest", "ultimate",
                     "perfect", "acceptable", "proper"), True),
    **dict.fromkeys(("worst", "grossest", "nastiest", "vilest", "dullest", "saddest"), False),
}
# "I'm a massive sci-fi reader", "a big coffee drinker", "a window seat person": the agent noun
# whose modifiers name what the speaker likes.
TASTE_AGENTS = frozenset({"reader", "drinker", "eater", "lover", "fan", "fanatic", "junkie", "nut", "buff", "addict",
                          "enthusiast", "aficionado", "connoisseur", "nerd", "geek", "snob", "freak", "gamer", "devotee",
                          "obsessive"})  # not "head", "collector": "the department head", "a debt collector"
# Degree words before such a noun, no part of what is liked.
TASTE_DEGREE = frozenset({"massive", "huge", "big", "total", "real", "proper", "serious", "avid", "keen", "lifelong",
                          "die", "hard", "diehard", "die-hard", "self", "confessed", "self-confessed", "bit", "complete",
                          "absolute", "major", "giant", "mega", "super", "great", "true", "voracious", "heavy",
                          "utter", "firm", "committed", "dedicated", "enthusiastic", "devoted"})
