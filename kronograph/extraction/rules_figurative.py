"""Drafts that read a figure of speech or a judgement as a fact: "my car is a wreck" is no car,
"my heart sank" no event, "I'm a Leo" no name. A body part that something befell is the
speaker's health, which is sensitive: "my lung collapsed" -> ``user health_event "lung collapsed"``.
"""

from __future__ import annotations

from dataclasses import replace

from ..model import EntityType
from .rules_draft import USER_PREFIX, Draft

# Judgements said in a slot's place: "my job is a nightmare", "my boss is a legend".
_JUDGEMENTS = frozenset({
    "wreck", "nightmare", "disaster", "mess", "joke", "dream", "pain", "drag", "blast", "hell", "zoo", "circus",
    "headache", "lifesaver", "godsend", "beast", "gem", "keeper", "catastrophe", "dump", "shambles", "chore",
    "grind", "slog", "bore", "lemon", "menace", "legend", "saint", "angel", "star", "hero", "treasure", "rockstar",
    "diva", "nightmares", "tip", "pigsty", "madhouse", "minefield", "rollercoaster", "struggle", "trainwreck",
    "liability", "handful", "pest", "jerk", "idiot", "genius", "monster", "sweetheart", "darling", "gift", "curse",
    "mystery", "mare", "riot", "hoot", "scream", "steal", "bargain", "ripoff", "rip-off", "scam", "fire", "vibe",
})
# What a stretch of time or a course of events was, said without its subject ("Been a busy week",
# "been a long road"): not what the speaker is.
_STRETCHES = frozenset({"week", "day", "month", "year", "weekend", "morning", "afternoon", "evening", "night",
                        "road", "ride", "journey", "time", "while", "process", "adventure", "whirlwind", "summer"})
_JUDGED_SLOTS = frozenset({"job_title", "is_a", "name", "nationality", "employment_status", "uses"})

# Who someone is by faith or star sign is neither a name nor a nationality ("I'm a Muslim", "I'm a Leo").
_IDENTITY_NOUNS = frozenset({
    "muslim", "christian", "catholic", "protestant", "jewish", "jew", "hindu", "buddhist", "sikh", "atheist",
    "agnostic", "mormon", "quaker", "baptist", "methodist", "anglican", "lutheran", "pagan", "orthodox", "jain",
    "aries", "taurus", "gemini", "cancer", "leo", "virgo", "libra", "scorpio", "sagittarius", "capricorn",
    "aquarius", "pisces", "londoner", "new yorker", "parisian", "northerner", "southerner", "introvert", "extrovert",
})

# Parts of the body whose "events" are figures of speech: "my heart sank", "my jaw dropped".
_IDIOM_PARTS = frozenset({"heart", "stomach", "jaw", "blood", "head", "gut", "hair", "mind", "nerves", "spirits",
                          "soul", "eyes", "ears", "face", "cheeks", "tongue"})
_BODY_PARTS = frozenset({
    "lung", "lungs", "knee", "knees", "back", "ankle", "ankles", "leg", "legs", "arm", "arms", "wrist", "wrists",
    "shoulder", "shoulders", "hip", "hips", "kidney", "kidneys", "liver", "appendix", "eye", "ear", "tooth", "teeth",
    "neck", "spine", "brain", "foot", "feet", "hand", "hands", "finger", "fingers", "toe", "toes", "skin",
    "hamstring", "achilles", "acl", "tendon", "disc", "gallbladder", "bladder", "nose", "rib", "ribs", "elbow",
    "elbows", "thumb", "collarbone", "pelvis", "bowel", "colon", "pancreas", "thyroid", "womb", "uterus",
    "prostate", "retina", "eardrum", "waters", "muscle", "calf", "groin", "shin", "heel",
})
# Verbs that hurt a body part the speaker names as the object: "I broke my wrist".
_INJURIES = frozenset({"breaks", "hurts", "sprains", "tears", "injures", "fractures", "dislocates", "twists",
                       "pulls", "strains", "bruises", "burns", "cuts", "damages", "ruptures", "busts"})


def literal(draft: Draft, compounds: frozenset[str] = frozenset()) -> Draft | None:
    """``draft`` as a fact, mended (a body part's event -> a sensitive health event), or None
    when it reads a figure of speech or a judgement as a fact. ``compounds``: the sentence's nouns
    that modify a noun; one before a judgement word names a role ("zoo keeper", "business angel")."""
    value = draft.object.lower().removeprefix("a ").removeprefix("an ")
    words = value.split()
    if draft.predicate in {"name", "nationality"} and value in _IDENTITY_NOUNS:
        return None
    if words and words[-1] in _JUDGEMENTS and len(words) <= 3 and not (len(words) > 1 and words[-2] in compounds) and (
            draft.predicate in _JUDGED_SLOTS or (draft.predicate or "").startswith("has_")):
        return None
    if draft.predicate == "is_a" and words and words[-1] in _STRETCHES:
        return None
    if words[:2] in (["their", "heart"], ["my", "heart"]):
        return None  # "it broke my heart", "you stole my heart"
    part = draft.subject.removeprefix(USER_PREFIX) if draft.subject.startswith(USER_PREFIX) else None
    if part in _IDIOM_PARTS:
        return None
    if part in _BODY_PARTS:
        if draft.predicate != "life_event":
            return None  # "my ankle swells_up_after run": the parse of a body, not a fact about it
        return _health(draft, subject="user", what=draft.object)  # "lung collapsed": the event names its thing
    if draft.subject == "user" and draft.predicate in _INJURIES and len(words) >= 2 and words[0] == "their" \
            and words[1] in _BODY_PARTS:
        return _health(draft, subject="user", what=" ".join(draft.object.split()[:2]), keep_predicate=True)
    return draft


def _health(draft: Draft, *, subject: str, what: str, keep_predicate: bool = False) -> Draft:
    return replace(draft, subject=subject, subject_type=EntityType.person, object=what, sensitive_kind="health",
                   predicate=draft.predicate if keep_predicate else "health_event", flags={*draft.flags, "sensitive"})
