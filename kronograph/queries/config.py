"""Recall settings as data: score weights, how relevance is built, how many candidates each
search contributes. Presets are frozen module constants; derive with ``model_copy(update=...)``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..temporal.decay import DEFAULT_DECAY, DecayConfig
from .departures import DEPARTURES
from .topic_families import PEOPLE_FAMILIES, TOPIC_FAMILIES, Family
from .value_kinds import ASKED_VALUE_KINDS

COMPONENTS = ("semantic", "importance", "confidence", "freshness", "access")


class ScoreWeights(BaseModel):
    """Weights of the recall score; the design's defaults.

        ScoreWeights(semantic=0.6, importance=0.1, confidence=0.1, freshness=0.1, access=0.1)
    """

    model_config = ConfigDict(frozen=True)

    semantic: float = Field(default=0.40, ge=0.0, description="Relevance to the query.")
    importance: float = Field(default=0.20, ge=0.0, description="The fact's importance.")
    confidence: float = Field(default=0.15, ge=0.0, description="How sure the memory is.")
    freshness: float = Field(default=0.15, ge=0.0, description="Decayed recency of learning or use.")
    access: float = Field(default=0.10, ge=0.0, description="How often it was recalled or restated.")

    @model_validator(mode="after")
    def _some_weight(self) -> ScoreWeights:
        if sum(self.as_dict().values()) <= 0:
            raise ValueError("at least one weight must be positive")
        return self

    def as_dict(self) -> dict[str, float]:
        return {name: float(getattr(self, name)) for name in COMPONENTS}


#: How English messages say that a value changed ("we moved the wedding", "it's Sofia now").
UPDATE_CUES: tuple[str, ...] = (
    "now", "nowadays", "these days", "lately", "anymore", "no longer", "instead", "after all", "switched",
    "switch", "changed", "change of", "moved", "move", "new", "renamed", "rename", "replaced", "replace",
    "upgraded", "migrated", "transferred", "relocated", "rescheduled", "postponed", "pushed", "slipped",
    "delayed", "brought forward", "extended", "cancelled", "canceled", "went up", "went down", "raised",
    "cut", "dropped", "down to", "up to", "gave up", "started", "since", "from now on", "took over",
    "passed to", "went with", "decided",
    # a plan or a choice dropped or turned round
    "any more", "no more", "rather than", "better idea", "scrapped", "ditched", "swapped", "traded", "bumped",
    "shifted", "handed over", "come round to", "won me over",
    # a thing done again, another way (not "reorganised", which chat uses for tidying)
    "redid", "redone", "rebooked", "rebranded", "repainted", "reupholstered", "redecorated", "re-registered",
    "re-trimmed", "rehomed", "reassigned", "retrained", "refitted", "remodelled", "remodeled",
    # the thing itself replaced ("a replacement lid in fluorescent green")
    "replacement", "replacements",
)
#: Things made, named or coloured that a "re-" says were made again another way ("resprayed it matte
#: black", "rechristened the van Marigold", "re-dyed my hair", "had the garage respray it"), in the
#: plain form and the participle: each joins the change cues in both spellings (``REDONE_CUES``).
#: Not "arrange", "organise" or "cover" (tidying; "recovered" is getting well).
REDONE_WORDS = (
    "spray", "sprayed", "paint", "painted", "dye", "dyed", "colour", "coloured", "color", "colored", "tint",
    "tinted", "stain", "stained", "varnish", "varnished", "tile", "tiled", "carpet", "carpeted", "paper",
    "papered", "wallpaper", "wallpapered", "plaster", "plastered", "upholster", "upholstered", "decorate",
    "decorated", "furnish", "furnished", "furbish", "furbished", "style", "styled", "design", "designed",
    "model", "modelled", "modeled", "fit", "fitted", "do", "did", "done", "christen", "christened", "name",
    "named", "brand", "branded", "title", "titled", "label", "labelled", "labeled", "badge", "badged", "book",
    "booked", "schedule", "scheduled", "locate", "located", "home", "homed", "assign", "assigned", "train",
    "trained", "register", "registered", "trim", "trimmed", "plant", "planted", "landscape", "landscaped",
    "wire", "wired", "roof", "roofed", "clad", "build", "built",
)
REDONE_CUES = tuple(dict.fromkeys(f"{prefix}{word}" for word in REDONE_WORDS for prefix in ("re", "re-")))
UPDATE_CUES = (*UPDATE_CUES, *(cue for cue in REDONE_CUES if cue not in UPDATE_CUES))

#: How a question in the past or perfect tense asks about what still holds: a choice, a name or a
#: setting ("which gym did I go with?", "what did we end up calling the dog?"), what I or we said is so
#: ("where did I say I'm moving?"), where a thing was put ("where did we put the tinsel?"), and past
#: participles besides the regular "-ed" ones, for a measure so far ("how far has my car been driven?")
#: and a thing had done ("how short did I get my hair cut?").
OUTCOME_VERBS = (
    "choose", "chose", "chosen", "pick", "picked", "settle", "settled", "end up", "ended up", "wind up",
    "wound up", "decide", "decided", "go with", "gone with", "went with", "go for", "gone for", "went for",
    "opt", "opted", "land on", "landed on", "plump", "plumped", "select", "selected", "agree on", "agreed on",
    "name", "named", "naming", "call", "called", "calling", "christen", "christened", "dub", "dubbed",
    "nickname", "nicknamed", "rename", "renamed",
)
SAYING_VERBS = ("say", "tell", "mention", "write")
PLACING_VERBS = (
    "put", "leave", "left", "park", "parked", "store", "stored", "stash", "stashed", "hide", "hid", "hidden",
    "keep", "kept", "file", "filed", "lock", "locked",
)
PAST_PARTICIPLES = (
    "driven", "ridden", "flown", "run", "written", "paid", "cut", "spent", "sold", "given", "taken", "done",
    "grown", "built", "read", "sent", "made", "won", "lost", "eaten", "shown", "thrown", "broken", "held",
    "kept", "put", "set", "brought", "bought", "had", "known", "dyed", "done up",
)
#: What keeps such a question about the past: a time gone by or a former state ("two years ago",
#: "before the reorg", "back then", "what did I first pick"); a year, a month or a date are read apart.
PAST_MARKERS = (
    "ago", "last", "before", "used to", "back then", "back in", "previously", "earlier", "originally", "at first",
    "initially", "first", "yesterday", "at the time", "in the past", "formerly", "once", "when i was",
    "as a kid", "as a child", "the other day", "that day", "that time",
)
#: What "last" names when it marks a time gone by ("last week", "last Tuesday"), not the final one
#: ("my last day") or the verb ("how long does it last").
LAST_TIMES = (
    "night", "week", "weekend", "month", "year", "time", "summer", "winter", "spring", "autumn", "fall",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "christmas", "easter",
    "trip", "visit", "holiday", "holidays", "vacation", "term", "semester", "season", "session", "meeting",
    "birthday", "evening", "morning", "weeks", "months", "years", "couple", "few",
)

#: Lowercase words that state a value as a number or a name does: spelled-out numbers and colours
#: ("four cups" / "one espresso", "painted pink" / "dark purple"); not "half", "once" or the colours
#: of food and drink ("orange juice", "cream"), which chatter uses for other things.
VALUE_WORDS = (
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "fifteen",
    "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "dozen", "twice",
    "red", "yellow", "green", "blue", "navy", "purple", "violet", "pink", "brown", "black", "white",
    "grey", "gray", "silver", "beige", "teal", "turquoise", "maroon", "crimson",
)


_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                 "fifteen", "twenty", "thirty", "forty", "fifty", "hundred", "thousand", "dozen", "twice", "half",
                 "once", "single", "double", "couple", "few", "several", "none")
_TIME_WORDS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend", "weekday",
               "weekdays", "january", "february", "march", "april", "may", "june", "july", "august", "september",
               "october", "november", "december", "spring", "summer", "autumn", "fall", "winter", "morning",
               "mornings", "afternoon", "evening", "evenings", "night", "nights", "midnight", "noon", "dawn",
               "tomorrow", "tonight", "today", "week", "month", "year", "christmas", "easter")
#: How often or how long is answered by a count, a time, a frequency or a unit of time ("every
#: weekday morning", "daily", "an hour"), not by a count alone.
_SPAN_WORDS = ("daily", "weekly", "monthly", "yearly", "nightly", "hourly", "fortnightly", "annually", "every",
               "each", "always", "never", "rarely", "seldom", "sometimes", "usually", "ago", "since", "hour", "hours",
               "minute", "minutes", "day", "days", "weeks", "months", "years", "fortnight", "weekends")
#: Kinds of value a question can ask for, by the phrases that ask ((kind, question phrases, value
#: words); a digit is a value of every kind): "how many cups" wants a number, "when" a time.
ASKED_KINDS = (
    ("span", ("how often", "how long", "how frequently"), (*_NUMBER_WORDS, *_TIME_WORDS, *_SPAN_WORDS)),
    ("number", ("how many", "how much", "how far", "how old", "what size", "what number",
                "how big", "how tall", "how heavy"), _NUMBER_WORDS),
    ("time", ("when", "what time", "what day", "which day", "what date", "which date", "what month",
              "which month", "what year"), _TIME_WORDS),
)


class FusionConfig(BaseModel):
    """How :meth:`Memory.search` fuses its candidate searches into one ranking over facts and episodes.

        DEFAULT_RECALL.model_copy(update={"fusion": DEFAULT_FUSION.model_copy(update={"dense": 0.5})})

    Relevance is ``bm25 * b + dense * d + graph * g + context * c``: ``b`` the BM25 score over
    the best BM25 score of any candidate (fact or episode), ``d`` the cosine over the best
    cosine, ``g`` 1 for a fact about an entity the query names, ``c`` the best BM25 score of an
    episode's neighbours (the ``context_reach`` turns said just before or after it) over the
    best BM25 score; a
    fact's is multiplied by ``fact_weight``. The lifecycle components (importance, confidence,
    freshness, access) then scale it by ``1 - lifecycle_share + lifecycle_share * lifecycle``,
    so they reorder hits of similar relevance but can never lift an irrelevant one.
    """

    model_config = ConfigDict(frozen=True)

    bm25: float = Field(default=0.5, ge=0.0, description="Weight of the normalised BM25 score.")
    dense: float = Field(default=0.4, ge=0.0, description="Weight of the normalised embedding cosine.")
    graph: float = Field(default=0.1, ge=0.0, description="Weight of touching an entity the query names.")
    context: float = Field(default=0.3, ge=0.0,
                           description="Weight of the best normalised BM25 score of an episode's neighbours "
                                       "(the turns said just before and after it in the same conversation).")
    context_candidates: int = Field(default=20, ge=1, description="Best BM25 episodes whose neighbours get context.")
    context_reach: int = Field(default=2, ge=1, le=50,
                               description="How many turns on each side of a BM25 episode lend it context.")
    context_gap_minutes: float = Field(default=30.0, ge=0.0, le=60 * 24 * 366,
                                       description="Two episodes further apart than this (at most a year) "
                                                   "are not neighbours.")
    fact_weight: float = Field(default=0.5, ge=0.0, description="Relevance multiplier of a fact against an episode.")
    lifecycle_share: float = Field(default=0.2, ge=0.0, le=1.0,
                                   description="How much the lifecycle components scale relevance.")
    stale_penalty: float = Field(default=0.5, ge=0.0, le=1.0,
                                 description="Score lost by an episode whose facts were all superseded, ended "
                                             "or retracted by the time asked.")
    update_penalty: float = Field(default=0.1, ge=0.0, le=1.0,
                                  description="Score lost by an episode that a later, similar one updated (it ranks "
                                              "below what replaced it either way).")
    topic_update_penalty: float = Field(
        default=0.0, ge=0.0, le=1.0,
        description="Score lost by an episode that a later one updated on a topic both name with a value of another "
                    "kind than a number or name (it is marked as earlier and ranks below what replaced it either way).")
    topic_update_similarity: float = Field(
        default=0.3, ge=0.0, le=1.0,
        description="For a question about now, two relevant messages this similar on the topic the question names "
                    "(a content word of both and of the question) are an update when the later one says that "
                    "something changed and states a value the earlier one does not.")
    query_topic_episodes: int = Field(
        default=3, ge=0,
        description="For a question about now, the relevant episodes nearest the question in meaning (this many, "
                    "0: none) are on its topic, whatever their words: of two of them, the later replaces the "
                    "earlier when it says something the earlier does not.")
    query_topic_similarity: float = Field(
        default=0.25, ge=-1.0, le=1.0, description="... each at least this cosine to the question, ...")
    query_topic_pair_similarity: float = Field(
        default=0.25, ge=-1.0, le=1.0, description="... the two at least this cosine to each other, ...")
    query_topic_ratio: float = Field(
        default=0.7, ge=0.0, le=1.0,
        description="... and the later one at least this share of the earlier one's cosine to the question.")
    query_topic_far_similarity: float = Field(
        default=0.35, ge=-1.0, le=1.0,
        description="An episode on a now-question's topic is also replaced by the later episode most like it (at "
                    "least this cosine), however far from the question, when that one replaces a number or name or "
                    "says that something changed.")
    query_topic_hop_similarity: float = Field(
        default=0.6, ge=-2.0, le=2.0,
        description="... or the later episode most like the earlier one and the question together, when its cosine to "
                    "the earlier one plus its cosine to the question reaches this (2: never).")
    mutual_update_similarity: float = Field(
        default=0.25, ge=-1.0, le=1.0,
        description="For a question about now, an episode on its topic and the later episode most like it, each the "
                    "other's nearest (later, earlier), at least this alike and with a number, name or value word "
                    "changed, are an update ...")
    mutual_query_ratio: float = Field(
        default=0.6, ge=0.0, le=2.0,
        description="... when the later one has at least this share of the earlier one's cosine to the question.")
    revision_margin: float = Field(
        default=0.1, ge=0.0, le=2.0,
        description="For a question about now, a relevant unnamed episode is revised by the later episode of the "
                    "same speaker most like it when each is the other's nearest (later, earlier) by at least this "
                    "margin of cosine over the runner-up on both sides, and the later one says that something "
                    "changed or changes a number, name or value word: chosen by how the two stand out from the "
                    "speaker's other messages, not by any word of the topic (2: never).")
    revision_value_margin: float = Field(
        default=0.15, ge=0.0, le=2.0,
        description="... or this wider margin when the later one only states another value, saying nothing "
                    "changed.")
    revision_similarity: float = Field(
        default=0.2, ge=-1.0, le=1.0, description="... and their cosine is at least this.")
    revision_neighbours: int = Field(
        default=8, ge=1,
        description="How many nearest episodes of the user, for each side of a revision pair found among the "
                    "candidates, are checked for a rival within the margin (the candidates are only what the "
                    "question found).")
    departures: tuple[str, ...] = Field(
        default=DEPARTURES,
        description="For a question about now, a relevant unnamed episode is replaced by a later one of its speaker "
                    "that follows a name of it by one of these phrases ('Okafor moved practices', 'Eastgate shut') and "
                    "names another in its place (() turns this off).")
    asked_value_kinds: tuple[tuple[str, tuple[str, ...]], ...] = Field(
        default=ASKED_VALUE_KINDS,
        description="Kinds of value a question asks for by its question word (kind, phrases): for a question about "
                    "now, of a relevant unnamed message stating a value of the asked kind, the later message of its "
                    "speaker nearest it among those stating another value of that kind revises it (() turns this "
                    "off).")
    typed_revision_similarity: float = Field(
        default=0.15, ge=-1.0, le=1.0,
        description="... when the later one says that something changed (``typed_revision_cues``) and their cosine "
                    "is at least this (2: never).")
    typed_revision_cues: tuple[str, ...] = Field(
        default=(*(cue for cue in UPDATE_CUES if cue != "new"), "new one", "this time", "push", "bump", "shift",
                 "change it", "change them", "change to", "change over", "had to change", "made us change",
                 "made me change"),
        description="How a message says that a value changed, for typed revisions (in any regular form of the "
                    "first word): the update cues but 'new', which names a new thing as often as a changed value "
                    "('I ordered a new laptop from Currys'), and 'a new one' (the same thing replaced), 'this time', "
                    "and the plain forms of 'pushed', 'bumped' and 'shifted', whose every form then counts; 'change' "
                    "only with what it changes ('made us change it'), not as 'changing room'.")
    typed_revision_object_cues: tuple[str, ...] = Field(
        default=("swap", "ditch", "scrap", "cancel", "postpone", "reschedule", "relocate", "transfer", "migrate",
                 "upgrade", "delay"),
        description="Change verbs that, in any regular form, say a value changed for typed revisions only with "
                    "their object on the earlier message's topic ('postponed the review', 'had to cancel it'): "
                    "'I had to cancel my own dentist appointment' changes no swimming lesson, and 'sent Lucy £120 "
                    "by bank transfer' no rent (the forms among the update cues count anyway).")
    asked_kinds: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = Field(
        default=ASKED_KINDS,
        description="Kinds of value a question asks for: (kind, question phrases, value words). When a question "
                    "says one of a kind's phrases, a later message replaces the earlier answer only when it states a "
                    "value of that kind (a digit, or one of the value words) or says something changed.")
    update_similarity: float = Field(default=0.8, ge=0.0, le=1.0,
                                     description="Embedding cosine at which two differing episodes say "
                                                 "something about the same topic (the later one updates the earlier).")
    cued_update_similarity: float = Field(
        default=0.6, ge=0.0, le=1.0,
        description="A lower cosine that suffices when the later episode says that something changed "
                    "(one of ``update_cues``: 'now', 'instead', 'switched', 'renamed', ...) or replaces a "
                    "value (a number or name each has and the other lacks).")
    changed_update_similarity: float = Field(
        default=0.4, ge=0.0, le=1.0,
        description="Lower still when the later episode does both: says something changed and replaces a value.")
    update_cues: tuple[str, ...] = Field(
        default=UPDATE_CUES,
        description="Words and phrases (lower case) by which a message says a value changed.")
    value_words: tuple[str, ...] = Field(
        default=VALUE_WORDS,
        description="Lowercase words (spelled-out numbers, colours) that count as values, like numbers and names: "
                    "a later message that states another one replaces a value.")
    additive_cues: tuple[str, ...] = Field(
        default=("also", "too", "as well", "another", "both", "in addition", "besides", "on top of"),
        description="Words by which a message adds to what was said ('we also adopted a kitten') rather than "
                    "replacing it: the meaning-only tiers (``query_topic_*``) never take such a message as an update.")
    topic_families: tuple[Family, ...] = Field(
        default=(*TOPIC_FAMILIES, *PEOPLE_FAMILIES),
        description="Topic families (name, heads, members): for a question about now that names a family, a later "
                    "message on the family that states a member an earlier message on it did not, or another "
                    "number or name, replaces it, whatever their words ('coffee is my go-to' / 'switched to green "
                    "tea'); () turns this off.")
    family_update_closeness: float = Field(
        default=0.45, ge=-2.0, le=2.0,
        description="... when the later message's cosine to the earlier one plus its cosine to the question reaches "
                    "this: a line of chat that happens to name another member ('a history playlist' for 'what "
                    "degree am I studying?') stays below it.")
    people_update_closeness: float = Field(
        default=0.3, ge=-2.0, le=2.0,
        description="... or this, on a family of people, when both messages name its role and the later one another "
                    "name ('my line manager is Fiona' / 'Raj is my boss now': a name leaves MiniLM little to match).")
    relative_floor: float = Field(default=0.3, ge=0.0, le=1.0,
                                  description="Relevance floor: a hit needs this share of the best hit's relevance ...")
    min_similarity: float = Field(default=0.1, ge=-1.0, le=1.0,
                                  description="... and this cosine, ...")
    min_bm25: float = Field(default=1.0, ge=0.0, description="... or this raw BM25 score, or an entity hit.")
    named_similarity_offset: float = Field(
        default=0.15, ge=0.0, le=1.0,
        description="Two messages of one named speaker ('Chen: ...') must be this much more similar to pass each "
                    "update tier: the name alone gives two unrelated lines of one speaker a cosine of ~0.5.")
    episode_candidates: int = Field(default=50, ge=1, description="Episodes taken from each of BM25 and vectors.")


class RecallConfig(BaseModel):
    """How recall finds and ranks facts.

        mem.recall("where does Ada live", user_id="u1", config=DEFAULT_RECALL.model_copy(update={"reinforce": False}))

    The ``semantic`` component is the query relevance: the embedding cosine blended with the
    BM25 match (``lexical_share``) and a hit on an entity the query names (``graph_share``).
    """

    model_config = ConfigDict(frozen=True)

    weights: ScoreWeights = Field(default_factory=ScoreWeights)
    decay: DecayConfig = Field(default=DEFAULT_DECAY)
    lexical_share: float = Field(default=0.3, ge=0.0, le=1.0,
                                 description="Share of relevance from BM25: score / (best score + 1), "
                                             "so a query whose words are everywhere adds ~nothing.")
    graph_share: float = Field(default=0.1, ge=0.0, le=1.0,
                               description="Share of relevance for touching an entity the query names.")
    vector_candidates: int = Field(default=40, ge=1, description="Nearest vectors taken per round.")
    text_candidates: int = Field(default=20, ge=1, description="Best BM25 matches taken.")
    graph_candidates: int = Field(default=20, ge=0, description="Facts about named entities taken.")
    access_saturation: int = Field(default=20, ge=1,
                                   description="Access count at which the access component reaches 1.")
    reinforce: bool = Field(default=True, description="Count a present-time recall as a use of what it returns.")
    fusion: FusionConfig = Field(default_factory=FusionConfig, description="How search fuses facts and episodes.")

    @model_validator(mode="after")
    def _shares_fit(self) -> RecallConfig:
        if self.lexical_share + self.graph_share > 1.0:
            raise ValueError("lexical_share + graph_share must not exceed 1")
        return self


#: Search's fusion weights, tuned on LoCoMo conversations 1-5 (docs/recall.md says how).
DEFAULT_FUSION = FusionConfig()
#: The design's weights and a hybrid relevance.
DEFAULT_RECALL = RecallConfig()
#: Relevance dominates: for question answering over long conversations.
RELEVANCE_FIRST = RecallConfig(
    weights=ScoreWeights(semantic=0.80, importance=0.05, confidence=0.05, freshness=0.05, access=0.05)
)
#: Recent and often-used memories first: for "what is going on with the user now".
RECENCY_FIRST = RecallConfig(
    weights=ScoreWeights(semantic=0.30, importance=0.15, confidence=0.10, freshness=0.30, access=0.15)
)
