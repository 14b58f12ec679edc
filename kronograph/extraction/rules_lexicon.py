"""Word lists the offline rules use to name a relation: occupations, operating systems,
drugs, style words ... and the EntityRuler patterns built from them.

Data only; extending a list extends what the offline extractor recognises.
"""

from __future__ import annotations

from ..model import EntityType

# Who or what reports a finding about someone's body: an examiner or a test ("the vet confirmed ...", "the
# bloods showed ...") - one alternation for the clause flags and the confirmation rewrites.
EXAMINERS = (r"(?:scans?|tests?|results?|bloods?|blood\s+work|x-?rays?|mri|biopsy|ultrasound|screening|check-?up|"
             r"doctor|doc|gp|vet|consultant|specialist|allergist|dentist|optician|midwife|nurse|surgeon|physio)")

# "No way!", "No worries", "No kidding": exclamations after "no", not a value denied (the clause
# flags do not read them as a denial, the bare-value reading stores nothing for them).
NO_EXCLAMATIONS = frozenset({"way", "worries", "worry", "problem", "problems", "doubt", "kidding", "wonder", "idea",
                             "clue", "joke", "rush", "biggie", "pressure", "shame", "offence", "offense", "big deal"})

OPERATING_SYSTEMS = frozenset({
    "ios", "ipados", "android", "linux", "windows", "windows 10", "windows 11", "macos", "mac os", "os x",
    "ubuntu", "debian", "fedora", "arch", "arch linux", "manjaro", "mint", "linux mint", "chromeos",
    "chrome os", "freebsd", "nixos", "pop!_os", "harmonyos", "centos", "gentoo", "mac",
})
DEVICES = frozenset({
    "iphone", "ipad", "macbook", "macbook pro", "macbook air", "pixel", "galaxy", "samsung galaxy",
    "thinkpad", "surface", "kindle", "apple watch", "chromebook", "oneplus", "xiaomi", "huawei",
    "imac", "mac mini", "mac studio", "ipad pro", "steam deck", "playstation", "xbox",
})
TOOLS = frozenset({
    "vs code", "vscode", "visual studio code", "vim", "neovim", "emacs", "pycharm", "intellij", "xcode",
    "figma", "notion", "obsidian", "slack", "jira", "excel", "photoshop", "docker", "kubernetes",
    "git", "github", "gitlab", "postgres", "postgresql", "mysql", "sqlite", "react", "django", "flask",
    "tensorflow", "pytorch", "spark", "airflow", "terraform", "chatgpt", "zoom", "teams", "trello",
    # apps people join and leave ("I'm not on Instagram anymore")
    "instagram", "tiktok", "snapchat", "reddit", "whatsapp", "telegram", "discord", "youtube", "pinterest",
    "tinder", "bumble", "hinge", "strava", "duolingo", "mastodon", "bluesky", "threads", "wechat",
    "social media", "facebook", "twitter", "linkedin", "bereal", "signal",
})
PROGRAMMING_LANGUAGES = frozenset({
    "python", "java", "javascript", "typescript", "rust", "go", "golang", "kotlin", "swift", "c++",
    "c#", "ruby", "php", "scala", "haskell", "elixir", "clojure", "julia", "r", "matlab", "dart", "sql",
})
ORGANIZATIONS = frozenset({
    "google", "microsoft", "apple", "amazon", "meta", "facebook", "netflix", "openai", "anthropic",
    "ibm", "intel", "nvidia", "tesla", "spotify", "uber", "airbnb", "alibaba", "tencent", "bytedance",
    "huawei", "samsung", "sap", "siemens", "deloitte", "accenture", "mckinsey", "stripe", "shopify",
    "salesforce", "oracle", "adobe", "twitter", "linkedin", "mit", "stanford", "harvard", "oxford",
    "cambridge", "eth zurich", "tsinghua", "peking university", "zhejiang university",
})
# Firms one is a customer of, one at a time per kind: mobile networks, broadband, energy suppliers,
# banks, insurers ("I'm with Vodafone now", "switched from EE to giffgaff"). Names that are also
# common words ("three", "orange", "sky", "chase", "wise", "sprint", "bulb", "halifax") are left
# out: the ruler matches lowercase words.
PROVIDERS = frozenset({
    "vodafone", "o2", "ee", "giffgaff", "lebara", "lycamobile", "voxi", "smarty", "tesco mobile", "sky mobile",
    "virgin media", "virgin mobile", "bt", "plusnet", "talktalk", "hyperoptic", "community fibre", "sky broadband",
    "verizon", "at&t", "t-mobile", "comcast", "xfinity", "mint mobile", "telstra", "optus",
    "octopus energy", "british gas", "edf", "e.on", "ovo", "ovo energy", "scottish power",
    "monzo", "revolut", "starling", "barclays", "hsbc", "lloyds", "natwest", "santander", "metro bank",
    "first direct", "wells fargo", "bank of america", "citibank", "n26", "bunq", "chase bank",
    "aviva", "direct line", "geico", "allstate", "progressive insurance",
})
PLACES = frozenset({
    "hangzhou", "shanghai", "beijing", "shenzhen", "chengdu", "berlin", "munich", "hamburg", "paris",
    "lyon", "london", "manchester", "madrid", "barcelona", "lisbon", "rome", "milan", "amsterdam",
    "vienna", "zurich", "geneva", "prague", "warsaw", "stockholm", "oslo", "copenhagen", "helsinki",
    "dublin", "tokyo", "osaka", "kyoto", "seoul", "singapore", "bangkok", "sydney", "melbourne",
    "toronto", "vancouver", "montreal", "new york", "boston", "seattle", "austin", "chicago",
    "san francisco", "los angeles", "denver", "portland", "mumbai", "bangalore", "delhi", "dubai",
    "istanbul", "cairo", "nairobi", "lagos", "mexico city", "buenos aires", "sao paulo", "auckland",
})
DRUGS = frozenset({
    "metformin", "insulin", "ibuprofen", "paracetamol", "acetaminophen", "aspirin", "amoxicillin",
    "penicillin", "lisinopril", "atorvastatin", "simvastatin", "levothyroxine", "omeprazole",
    "sertraline", "fluoxetine", "escitalopram", "citalopram", "warfarin", "prednisone", "albuterol",
    "salbutamol", "ventolin", "amlodipine", "losartan", "gabapentin", "methotrexate", "adderall",
    "ritalin", "xanax", "zoloft", "prozac", "lexapro", "melatonin", "antihistamines", "statins",
    "birth control", "the pill", "blood thinners", "antidepressants", "beta blockers", "eliquis",
    "medication", "medications", "meds", "painkillers", "steroids", "antibiotics", "hrt", "ozempic",
    "wegovy", "mounjaro", "zyrtec", "claritin", "benadryl", "tylenol", "advil", "nurofen", "codeine",
})
# "I'm anaemic", "I'm diabetic": a health condition said as an adjective (a health detail).
CONDITION_ADJECTIVES = frozenset({
    "anaemic", "anemic", "diabetic", "prediabetic", "pre-diabetic", "asthmatic", "epileptic", "coeliac",
    "celiac", "dyslexic", "dyspraxic", "autistic", "colourblind", "colorblind", "colour-blind", "color-blind",
    "deaf", "hypertensive", "insomniac", "arthritic", "bipolar", "hypoglycemic", "hypoglycaemic",
    "immunocompromised", "pregnant", "lactose intolerant", "gluten intolerant", "hard of hearing",
    "partially sighted", "type 1 diabetic", "type 2 diabetic", "adhd", "neurodivergent", "infertile",
    "short-sighted", "long-sighted", "near-sighted", "far-sighted", "shortsighted", "nearsighted", "perimenopausal",
    "menopausal", "gluten sensitive", "fructose intolerant", "histamine intolerant", "dairy intolerant",
    "wheat intolerant", "anosmic", "hypothyroid", "hyperthyroid",
})
# Foods people eat, avoid or react to: the small tagger reads some as verbs after a modal ("I can't
# eat gluten"), so the ruler labels them and the rules take them as nouns.
FOODS = frozenset({
    "gluten", "dairy", "lactose", "wheat", "soy", "soya", "meat", "red meat", "pork", "beef", "lamb", "chicken",
    "fish", "shellfish", "seafood", "eggs", "egg", "nuts", "peanuts", "tree nuts", "sesame", "sugar", "caffeine",
    "alcohol", "booze", "spicy food", "cheese", "milk", "butter", "bread", "pasta", "rice", "mushrooms",
    "onions", "garlic", "tomatoes", "chocolate", "coffee", "tea", "fizzy drinks", "junk food", "fast food",
})
DRUG_SUFFIXES = ("mab", "pril", "sartan", "statin", "olol", "azole", "cillin", "mycin", "formin",
                 "prazole", "oxetine", "pine", "triptan", "tidine", "cycline", "vir", "pam", "lam")
DIETS = frozenset({"vegetarian", "vegan", "pescatarian", "keto", "gluten-free", "lactose intolerant",
                   "kosher", "halal", "paleo", "teetotal", "plant-based", "dairy-free", "flexitarian"})
RELATIONSHIP_STATES = {"married": "married", "single": "single", "divorced": "divorced",
                       "engaged": "engaged", "widowed": "widowed", "separated": "separated",
                       "dating": "in a relationship", "in a relationship": "in a relationship"}
SPOUSES = frozenset({"wife", "husband", "spouse"})
PARTNERS = frozenset({"girlfriend", "boyfriend", "partner", "fiance", "fiancé", "fiancée", "fiancee"})
#: Animals kept at home, named like kin ("my hamster's called Biscuit", "a dog called Max").
PETS = frozenset({"dog", "cat", "puppy", "kitten", "hamster", "rabbit", "bunny", "guinea pig", "parrot", "budgie",
                  "tortoise", "turtle", "pony", "horse", "ferret", "gecko", "lizard", "snake", "goldfish", "chicken",
                  "hen", "rat"})
RELATIVES = frozenset({
    "sister", "brother", "mother", "father", "mom", "mum", "dad", "son", "daughter", "aunt", "uncle",
    "cousin", "grandmother", "grandfather", "grandma", "grandpa", "niece", "nephew", "friend",
    "best friend", "boss", "manager", "colleague", "coworker", "roommate", "flatmate", "neighbor",
    "neighbour", "kid", "child", "sibling", "parents", "mentor", "teacher", "doctor",
    # kin and the people around the speaker, in British and American words
    "mama", "mommy", "mummy", "papa", "daddy", "stepmom", "stepmum", "stepmother", "stepdad", "stepfather",
    "stepson", "stepdaughter", "stepsister", "stepbrother", "granddad", "grandad", "gran", "granny", "nan",
    "nana", "nanna", "grandmom", "grandson", "granddaughter", "grandchild", "grandkid", "auntie", "aunty",
    "godmother", "godfather", "godson", "goddaughter", "twin", "twin sister", "twin brother", "big sister",
    "little sister", "big brother", "little brother", "older sister", "younger sister", "older brother",
    "younger brother", "mate", "best mate", "bestie", "bro", "sis", "bff", "buddy", "pal", "childhood friend",
    "old friend", "close friend", "classmate", "housemate", "teammate", "landlord", "landlady",
    "supervisor", "therapist", "ex", "baby", "toddler", "hubby", "mam", "lad", "lass", "missus", "other half",
    # pets are named like kin; a chicken, hen or rat only where one is had ("I've got two hens called ...")
} | SPOUSES | PARTNERS | (PETS - {"chicken", "hen", "rat"}))
#: A relative the speaker calls by a family word or with a size or age ("my mum", "Grandad", "my little
#: brother"), named in the subject by the plain relation, so "my mum" and "my mother" are one person.
KIN_PLAIN: dict[str, str] = {
    "mom": "mother", "mum": "mother", "mama": "mother", "mommy": "mother", "mummy": "mother", "mam": "mother",
    "dad": "father", "daddy": "father", "papa": "father",
    "grandma": "grandmother", "gran": "grandmother", "granny": "grandmother", "nan": "grandmother",
    "nana": "grandmother", "nanna": "grandmother", "grandmom": "grandmother",
    "grandpa": "grandfather", "grandad": "grandfather", "granddad": "grandfather",
    "stepmom": "stepmother", "stepmum": "stepmother", "stepdad": "stepfather",
    "hubby": "husband", "missus": "wife", "lad": "son", "lass": "daughter", "other half": "partner", "bro": "brother", "sis": "sister", "auntie": "aunt", "aunty": "aunt",
}
#: Words before a relative that only say which one ("my older sister", "my baby brother").
KIN_SIZES = frozenset({"big", "little", "older", "younger", "elder", "baby", "kid"})
#: People the speaker names as a group: "my kids love pizza" is about the kids, not the speaker
#: (a count of them, "I have 4 kids", stays a quantity).
RELATIVE_GROUPS = frozenset({
    "kids", "children", "sisters", "brothers", "sons", "daughters", "siblings", "cousins", "friends",
    "grandparents", "grandkids", "grandchildren", "colleagues", "coworkers", "roommates", "neighbors",
    "neighbours", "in-laws", "folks", "mates", "buddies", "nieces", "nephews", "aunts", "uncles",
    "grandsons", "granddaughters", "teammates", "classmates", "housemates", "flatmates", "twins",
})
#: Every kin word, one relative or a group of them ("brother", "kids").
KIN_WORDS = RELATIVES | RELATIVE_GROUPS
#: Verbs of a beginning or a setting off that the simple present says of a day to come, as a
#: timetable would ("I start physio on Monday", "we fly out on the 3rd", "term begins next week").
TIMETABLED_VERBS = frozenset({"start", "begin", "fly", "leave", "depart", "arrive", "return", "move", "head", "sail",
                              "drive", "travel", "kick", "open", "launch", "join"})
OCCUPATIONS = frozenset({
    "nurse", "doctor", "physician", "surgeon", "dentist", "pharmacist", "teacher", "professor",
    "lecturer", "tutor", "engineer", "developer", "programmer", "designer", "architect", "lawyer",
    "attorney", "accountant", "consultant", "analyst", "scientist", "researcher", "manager",
    "product manager", "project manager", "director", "ceo", "cto", "founder", "co-founder", "chef",
    "cook", "baker", "waiter", "waitress", "barista", "bartender", "pilot", "driver", "mechanic",
    "electrician", "plumber", "carpenter", "farmer", "artist", "musician", "writer", "journalist",
    "editor", "photographer", "translator", "librarian", "therapist", "psychologist",
    "social worker", "police officer", "firefighter", "soldier", "paramedic", "veterinarian", "vet",
    "student", "intern", "freelancer", "entrepreneur", "salesperson", "recruiter", "cashier",
    "clerk", "secretary", "receptionist", "data scientist", "data engineer", "software engineer",
    "sre", "devops engineer", "ux designer", "marketer", "economist", "banker", "trader",
    "real estate agent", "actor", "actress", "dancer", "coach", "personal trainer", "midwife",
    # more trades and services, in British and American words
    "security guard", "guard", "cleaner", "carer", "caregiver", "nanny", "childminder", "teaching assistant",
    "hairdresser", "barber", "butcher", "builder", "welder", "courier", "postman", "mail carrier",
    "flight attendant", "air traffic controller", "optician", "optometrist", "physio", "dietitian",
    "nutritionist", "radiographer", "surveyor", "estate agent", "solicitor", "barrister", "judge",
    "paralegal", "civil servant", "councillor", "bus driver", "taxi driver", "lorry driver", "truck driver",
    "warehouse worker", "factory worker", "shop assistant", "sales assistant", "store manager", "tester",
    "sysadmin", "technician", "lab technician", "emt", "doula", "vet nurse",
    "veterinary nurse", "teacher's aide", "lifeguard", "chauffeur", "gardener", "landscaper", "painter",
    "decorator", "tailor", "seamstress", "jeweller", "jeweler", "florist", "sommelier", "housekeeper",
    "janitor", "caretaker", "porter", "miner", "fisherman", "sailor", "captain", "marine",
    "nurse practitioner", "pediatrician", "paediatrician", "anaesthetist", "anesthesiologist",
    "headteacher", "principal", "drummer", "guitarist", "bassist", "singer", "songwriter",
    "producer", "streamer", "influencer", "youtuber", "illustrator", "animator", "copywriter", "blogger",
    "team lead", "tech lead", "team leader", "lead developer", "head chef", "sous chef", "line manager",
    "shift manager", "supervisor", "head of department", "partner at the firm",
})
OCCUPATION_SUFFIXES = ("engineer", "developer", "designer", "manager", "scientist", "analyst",
                       "consultant", "ist", "ian", "ographer", "tect", "nurse", "teacher", "lead", "officer",
                       "worker", "assistant", "driver", "technician", "operator", "attendant", "coordinator",
                       "administrator", "executive", "specialist", "director", "instructor", "inspector")
NOT_OCCUPATIONS = frozenset({"fan", "lover", "beginner", "user", "member", "person", "type", "fanatic",
                             "optimist", "pessimist", "perfectionist", "guy", "girl", "man", "woman",
                             "huge fan", "big fan", "night owl", "early bird", "introvert", "extrovert"})
# Preference objects about looks: they share one single-valued slot, so a new one supersedes.
STYLE_WORDS = frozenset({
    "style", "styles", "minimalism", "minimalist", "minimal", "outfit", "outfits", "clothes",
    "clothing", "fashion", "colour", "colours", "color", "colors", "palette", "aesthetic", "aesthetics",
    "look", "looks", "retro", "vintage", "monochrome", "black-and-white", "streetwear", "boho",
    "wardrobe", "dresses", "suits", "decor", "pastel", "pastels", "earth tones", "neutral tones", "tones",
    "neon", "earthy", "colourful", "colorful", "jeans", "sneakers", "dress", "linen", "oversized",
})
# Nouns that name a kind of place or experience even after "the" ("I love the beach", "the smell of
# rain"): a taste, where "the colour", "the photo" point at one thing just shown.
KIND_AFTER_THE = frozenset({
    "beach", "beaches", "sea", "seaside", "ocean", "mountains", "hills", "countryside", "outdoors", "woods", "forest",
    "snow", "rain", "sun", "sunshine", "autumn", "fall", "winter", "summer", "spring", "cinema", "movies", "theatre",
    "theater", "opera", "ballet", "gym", "pool", "water", "city", "coast", "desert", "lake", "lakes", "stars",
    "smell", "sound", "taste", "feel", "feeling", "thrill", "buzz", "quiet", "peace", "simplicity", "rush",
})

# "I prefer X": the category of X names the single-valued slot preferred_<category>.
PREFERENCE_CATEGORIES: dict[str, frozenset[str]] = {
    "drink": frozenset({"tea", "coffee", "green tea", "espresso", "latte", "beer", "wine", "water",
                        "juice", "soda", "milk", "cappuccino", "matcha"}),
    "food": frozenset({"food", "cuisine", "sushi", "pizza", "pasta", "ramen", "curry", "salad",
                       "spicy food", "italian food", "thai food", "chinese food", "burgers", "tacos",
                       "noodles", "rice", "steak", "seafood", "dumplings"}),
    "music": frozenset({"music", "jazz", "rock", "pop", "classical", "classical music", "hip hop",
                        "techno", "metal", "k-pop", "blues", "folk", "country music", "podcasts"}),
    "language": PROGRAMMING_LANGUAGES,
    "os": OPERATING_SYSTEMS,
    "editor": frozenset({"vim", "neovim", "emacs", "vs code", "vscode", "pycharm", "intellij", "xcode"}),
    "transport": frozenset({"cycling", "biking", "bike", "train", "trains", "driving", "car", "walking",
                            "bus", "subway", "public transport"}),
    "contact": frozenset({"email", "emails", "phone calls", "calls", "texts", "text messages", "chat"}),
}
PROJECT_NOUNS = frozenset({"app", "application", "website", "site", "game", "startup", "tool", "library",
                           "compiler", "bot", "chatbot", "service", "platform", "plugin", "extension",
                           "novel", "book", "thesis", "dissertation", "podcast", "blog", "api", "project",
                           "product", "prototype", "engine", "framework", "course", "album", "company",
                           "studio", "business", "shop", "store", "restaurant", "bakery", "channel", "band",
                           "club", "charity", "nonprofit", "foundation", "script", "screenplay", "film",
                           "documentary", "painting", "mural", "garden", "renovation", "house"})

# EntityRuler labels beyond spaCy's own, and the entity type each maps to.
CUSTOM_LABELS: dict[str, EntityType] = {
    "OS": EntityType.product, "DEVICE": EntityType.product, "TOOL": EntityType.product,
    "PROG_LANG": EntityType.product, "DRUG": EntityType.concept, "FOOD": EntityType.concept,
}
SPACY_LABELS: dict[str, EntityType] = {
    "PERSON": EntityType.person, "GPE": EntityType.place, "LOC": EntityType.place, "FAC": EntityType.place,
    "ORG": EntityType.organization, "PRODUCT": EntityType.product, "NORP": EntityType.concept,
    "LANGUAGE": EntityType.concept, "DATE": EntityType.date, "WORK_OF_ART": EntityType.concept,
    "EVENT": EntityType.concept,
}


def _phrase(text: str) -> list[dict[str, str]]:
    return [{"LOWER": word} for word in text.split()]


def ruler_patterns() -> list[dict[str, object]]:
    """EntityRuler patterns: well-known places, organisations, products, OSes, languages, drugs."""
    table: list[tuple[str, frozenset[str]]] = [
        ("GPE", PLACES), ("ORG", ORGANIZATIONS | PROVIDERS), ("OS", OPERATING_SYSTEMS), ("DEVICE", DEVICES),
        ("TOOL", TOOLS), ("PROG_LANG", PROGRAMMING_LANGUAGES - {"go", "r"}), ("DRUG", DRUGS),
        ("FOOD", FOODS - DRUGS),
    ]
    return [{"label": label, "pattern": _phrase(name)} for label, names in table for name in sorted(names)]


# Forms the tagger misreads as a present verb at the start of a chat clause ("Took a short trip ..."),
# with their lemma (the lemmatizer keeps a misread form as it is).
PAST_LEMMAS = {
    "took": "take", "went": "go", "got": "get", "made": "make", "did": "do", "had": "have", "saw": "see",
    "met": "meet", "ran": "run", "won": "win", "bought": "buy", "began": "begin", "became": "become",
    "built": "build", "wrote": "write", "gave": "give", "found": "find", "left": "leave", "felt": "feel",
    "caught": "catch", "brought": "bring", "taught": "teach", "drove": "drive", "flew": "fly",
    "sang": "sing", "swam": "swim", "spent": "spend", "sent": "send", "kept": "keep", "held": "hold",
    "heard": "hear", "paid": "pay", "sold": "sell", "told": "tell", "thought": "think", "ate": "eat",
    "drank": "drink", "rode": "ride", "threw": "throw",
}
