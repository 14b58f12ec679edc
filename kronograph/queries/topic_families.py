"""Topic families: which values answer the same kind of question, as data.

"coffee is my go-to" and "switched to green tea lately" share no word, and MiniLM puts them
barely nearer each other than a line of chatter; but both name a drink, and "what do I drink
in the morning?" asks for one. A family is (name, heads, members): the heads are words by which
a question or a message names the topic ("drink", "diet", "degree"), the members are its values
("coffee", "green tea"; "vegetarian", "vegan"; "law", "medicine"). Search uses them for a
question about now: a later message that states a member of a family the question names, one
an earlier message on that family did not state, says the new value (``queries/search.py``).

Matching is by whole words in their plain plural forms ("peony" / "peonies"), never by a crude
stem ("planes" and "plans" must not meet).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable

Family = tuple[str, tuple[str, ...], tuple[str, ...]]

#: (family, heads, members). Members are values, not topic words: a line of chat that only names
#: the topic ("work was grey today") states no new value. Keep out words that small talk uses
#: for other things ("book", "morning", "show").
TOPIC_FAMILIES: tuple[Family, ...] = (
    ("drink", ("drink", "drinks", "drinking", "beverage", "cuppa", "caffeine", "brew", "mug", "sip", "thirsty"),
     ("coffee", "tea", "green tea", "herbal tea", "black tea", "espresso", "latte", "cappuccino", "flat white",
      "americano", "mocha", "matcha", "chai", "cocoa", "hot chocolate", "decaf", "juice", "smoothie", "soda",
      "cola", "lemonade", "kombucha", "beer", "lager", "ale", "cider", "wine", "prosecco", "gin", "whisky",
      "whiskey", "vodka", "rum", "oat milk", "almond milk", "soy milk", "semi-skimmed", "skimmed", "whole milk",
      "sparkling water", "mineral water", "rooibos", "earl grey", "peppermint tea")),
    ("food", ("food", "eat", "eats", "eating", "dish", "meal", "cuisine", "dinner", "lunch", "breakfast", "snack",
              "takeaway", "cook", "cooking", "favourite food", "favorite food"),
     ("pizza", "pasta", "sushi", "ramen", "curry", "tacos", "burrito", "burger", "salad", "steak", "noodles",
      "dumplings", "pho", "paella", "risotto", "lasagne", "lasagna", "porridge", "oatmeal", "granola", "cereal",
      "toast", "pancakes", "waffles", "eggs", "bagel", "croissant", "soup", "sandwich", "kebab", "falafel",
      "thai", "italian", "indian", "mexican", "japanese", "chinese", "korean", "vietnamese", "greek", "french",
      "lebanese", "ethiopian", "spanish", "turkish", "chocolate", "ice cream", "cheesecake", "crisps", "chips",
      "popcorn", "fruit", "rare", "medium", "well done")),
    ("diet", ("diet", "eat", "eats", "eating", "plate", "menu"),
     ("vegetarian", "vegan", "pescatarian", "pescetarian", "plant-based", "keto", "paleo", "gluten-free",
      "dairy-free", "carnivore", "meat", "fish", "flexitarian", "halal", "kosher", "omnivore", "raw food")),
    ("pet", ("pet", "pets", "animal", "animals"),
     ("dog", "puppy", "pup", "cat", "kitten", "kitty", "rabbit", "bunny", "hamster", "guinea pig", "parrot",
      "budgie", "tortoise", "turtle", "goldfish", "lizard", "gecko", "snake", "ferret", "pony", "horse",
      "chickens", "dog person", "cat person", "labrador", "spaniel", "terrier", "poodle", "collie", "retriever")),
    ("flower", ("flower", "flowers", "bloom", "blooms", "blossom", "blossoms", "bouquet", "petals"),
     ("tulip", "rose", "peony", "lily", "daisy", "orchid", "sunflower", "dahlia", "lavender", "carnation",
      "daffodil", "iris", "hydrangea", "marigold", "poppy", "freesia", "gerbera", "chrysanthemum", "magnolia",
      "jasmine", "lilac", "bluebell", "snowdrop", "camellia", "anemone", "ranunculus")),
    ("transport", ("travel", "travelling", "traveling", "commute", "commuting", "get around", "journey", "transport",
                   "ride"),
     ("train", "plane", "flying", "fly", "flight", "car", "drive", "driving", "bus", "coach",
      "ferry", "boat", "bike", "cycle", "cycling", "scooter", "motorbike", "tram", "subway", "tube", "metro",
      "taxi", "uber", "walk", "walking", "on foot", "carpool", "rail")),
    ("seat", ("seat", "sit", "sitting"),
     ("window seat", "aisle", "window", "middle seat", "front row", "back row", "exit row")),
    ("music", ("music", "listen", "listening", "song", "songs", "genre", "artist", "band", "tunes"),
     ("jazz", "rock", "pop", "classical", "hip-hop", "hip hop", "rap", "country", "folk", "metal", "techno",
      "house music", "indie", "blues", "reggae", "punk", "soul", "r&b", "k-pop", "opera", "disco", "edm",
      "drum and bass", "grime", "ambient", "lo-fi")),
    ("instrument", ("instrument", "instruments", "play", "plays", "playing", "lessons"),
     ("guitar", "piano", "violin", "cello", "drums", "bass", "ukulele", "flute", "saxophone", "trumpet",
      "clarinet", "harp", "keyboard", "banjo", "harmonica", "accordion")),
    ("sport", ("sport", "sports", "exercise", "workout", "work out", "fitness", "training", "train", "keep fit",
               "active", "hobby", "hobbies"),
     ("running", "jogging", "swimming", "cycling", "yoga", "pilates", "tennis", "football", "soccer", "rugby",
      "cricket", "basketball", "netball", "volleyball", "badminton", "squash", "golf", "climbing", "bouldering",
      "hiking", "boxing", "rowing", "crossfit", "spin", "spinning", "weights", "weightlifting", "martial arts",
      "karate", "judo", "taekwondo", "fencing", "skiing", "snowboarding", "surfing", "skating", "dance",
      "dancing", "ballet", "zumba", "padel", "hockey", "baseball", "archery", "kayaking", "sailing")),
    ("reading", ("read", "reads", "reading", "novels", "literature"),
     ("paper", "paperback", "hardback", "print", "e-reader", "kindle", "kobo", "audiobook", "ebook", "e-book",
      "tablet")),
    ("chronotype", ("productive", "productivity", "focus", "energy", "best hours", "early", "late"),
     ("morning person", "early bird", "early riser", "lark", "night owl", "night person", "evening person",
      "midnight", "after dark", "late at night", "before dawn", "at dawn", "small hours")),
    ("season", ("season", "seasons", "time of year"),
     ("summer", "winter", "spring", "autumn", "snowy", "sunny", "snow", "beach", "ski")),
    ("study", ("degree", "study", "studying", "studies", "course", "subject", "major", "university", "uni",
               "college", "school", "application", "academic", "pursue", "pursuing"),
     ("law", "medicine", "engineering", "physics", "chemistry", "biology", "history", "maths", "math",
      "mathematics", "economics", "nursing", "architecture", "computer science", "philosophy", "psychology",
      "english", "literature", "art", "music", "geography", "politics", "sociology", "dentistry", "veterinary",
      "accounting", "business", "marketing", "design", "journalism", "languages", "linguistics", "mba", "phd")),
    ("job", ("job", "jobs", "work", "works", "working", "career", "position", "role", "employed", "employer",
             "living", "profession", "occupation"),
     ("unemployed", "jobless", "hired", "freelance", "freelancer", "self-employed", "retired", "promoted",
      "barista", "teacher", "nurse", "doctor", "engineer", "developer", "designer", "manager", "accountant",
      "auditor", "coordinator", "chef", "cook", "waiter", "waitress", "cashier", "lawyer", "solicitor",
      "analyst", "consultant", "driver", "electrician", "plumber", "carpenter", "baker", "pharmacist",
      "receptionist", "administrator", "assistant", "intern", "apprentice", "student", "programmer", "writer",
      "journalist", "editor", "architect", "librarian", "cleaner", "courier", "mechanic", "paramedic",
      "firefighter", "police officer", "researcher", "scientist", "lecturer", "tutor", "photographer")),
    ("relationship", ("relationship", "seeing anyone", "seeing someone", "partner", "love life", "status",
                      "dating life"),
     ("single", "dating", "engaged", "married", "marry", "divorced", "separated", "widowed", "wedding", "wed",
      "tied the knot", "boyfriend", "girlfriend", "husband", "wife", "fiance", "fiancé", "fiancee", "fiancée",
      "seeing someone", "in a relationship", "split up", "broke up")),
    ("housing", ("home", "house", "flat", "apartment", "place", "live", "living", "accommodation"),
     ("rent", "renting", "rented", "own", "owner", "mortgage", "lease", "landlord", "tenant", "bought",
      "house share", "houseshare", "flatshare", "council")),
    ("phone", ("phone", "handset", "mobile", "smartphone", "cell"),
     ("iphone", "pixel", "samsung", "galaxy", "android", "nokia", "motorola", "oneplus", "xiaomi", "huawei",
      "blackberry", "fairphone")),
    ("project", ("project", "renovation", "renovate", "diy", "home project", "job list"),
     ("kitchen", "bathroom", "roof", "garage", "loft", "loft conversion", "extension", "garden", "patio",
      "fence", "shed", "nursery", "attic", "basement", "conservatory", "driveway", "decking", "windows")),
    ("savings", ("saving", "savings", "save", "putting money aside", "saving up", "money aside", "fund", "budget"),
     ("caravan", "house deposit", "deposit", "car", "wedding", "holiday", "loft conversion", "extension",
      "retirement", "pension", "mortgage", "university", "trip", "camper van", "campervan", "boat", "kitchen")),
    ("trip", ("trip", "holiday", "holidays", "vacation", "getaway", "honeymoon", "destination", "travel",
              "travelling", "traveling", "abroad", "city break", "going away"),
     ("beach", "skiing", "cruise", "road trip", "camping", "safari", "backpacking", "staycation", "glamping",
      "hiking trip", "spa")),
)

#: Families whose values are people's names: a later message that names the topic and another
#: name than the earlier one says the new value ("our dentist is Dr Lewis" / "we registered with
#: Dr Ahmed at the new practice").
PEOPLE_FAMILIES: tuple[Family, ...] = (
    ("care", ("dentist", "teeth", "doctor", "gp", "surgery", "practice", "clinic", "vet", "therapist", "therapy",
              "counsellor", "counselor", "physio", "physiotherapist", "optician", "midwife", "consultant"), ()),
    ("boss", ("boss", "manager", "line manager", "supervisor", "team lead", "head of department", "reports to",
              "report to"), ()),
    ("coach", ("coach", "coaches", "coaching", "trainer", "personal trainer", "instructor", "tutor", "teacher",
               "lessons", "mentor", "training plans"), ()),
    ("helper", ("babysitter", "nanny", "childminder", "cleaner", "gardener", "dog walker", "plumber", "mechanic",
                "accountant", "hairdresser", "barber", "stylist", "landlord", "landlady", "agent"), ()),
    ("friend", ("best friend", "closest friend", "closest mate", "best mate", "trust most", "bestie"), ()),
    ("pet name", ("pet", "dog", "puppy", "pup", "cat", "kitten", "rabbit", "hamster", "parrot", "tortoise",
                  "goldfish", "pony", "horse"), ()),
)

_PLURAL = ("s", "es")


def _forms(phrase: str) -> list[str]:
    """A member or head and its plain plurals ("peony": peonies; "bus": buses)."""
    words = phrase.split()
    last = words[-1]
    tails = {last, *(last + p for p in _PLURAL)}
    if last.endswith("y") and len(last) > 3:
        tails.add(last[:-1] + "ies")
    return [" ".join([*words[:-1], tail]) for tail in sorted(tails)]


def alternation(phrases: Iterable[str]) -> str:
    """A regex alternation of word ``phrases`` (any spacing inside), longest first."""
    return "|".join(r"\s+".join(map(re.escape, p.split())) for p in sorted(phrases, key=len, reverse=True))


@functools.cache
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One case-insensitive pattern for ``phrases`` as whole words, each in its plain plurals."""
    body = alternation({form for phrase in phrases for form in _forms(phrase)})
    return re.compile(r"(?<![\w-])(?:" + (body or "(?!)") + r")(?![\w-])", re.IGNORECASE)


@functools.lru_cache(maxsize=1 << 16)
def family_members(text: str, members: tuple[str, ...]) -> frozenset[str]:
    """The members of one family that ``text`` states, each in its listed form."""
    found = set()
    for match in _pattern(members).finditer(text):
        said = " ".join(match.group(0).casefold().split())
        found.add(next(m for m in members if said in _forms(m)))
    return frozenset(found)


@functools.lru_cache(maxsize=1 << 16)
def names_family(text: str, heads: tuple[str, ...], members: tuple[str, ...]) -> bool:
    """Whether ``text`` names a family's topic or states one of its members."""
    return _pattern(heads).search(text) is not None or _pattern(members).search(text) is not None


@functools.lru_cache(maxsize=1 << 12)
def asked_families(query: str, families: tuple[Family, ...]) -> tuple[Family, ...]:
    """The families ``query`` names (a head or a member of them)."""
    return tuple(family for family in families if names_family(query, family[1], family[2]))


def search_words(family: Family, *, per_query: int = 30) -> list[str]:
    """A family's heads and members as BM25 queries of at most ``per_query`` words each (the
    text search reads a bounded number of terms)."""
    words = list(dict.fromkeys(word for phrase in (*family[1], *family[2]) for word in phrase.split()))
    return [" ".join(words[start:start + per_query]) for start in range(0, len(words), per_query)]
