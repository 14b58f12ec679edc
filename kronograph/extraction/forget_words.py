"""The words of a forget request, shared by both readers of one (:mod:`.rules_forget` for
requests named by what was said, the slot-named requests of :mod:`.offline`): pure data,
regular-expression sources to compile where they are used."""

from __future__ import annotations

#: Words a request may open with ("actually, ...", "ok so ...").
LEAD = (r"^\s*(?:(?:actually|oh|oops|sorry|hey|ok(?:ay)?|so|and|also|now|wait|please|pls|kindly|um+|uh+|just|honestly|look|"
        r"right|anyway|yeah|yep|yes|no|basically|seriously|listen|btw)[,\s]+)*")
#: How a request may ask ("can you ...", "I'd like you to ...").
ASK = (r"(?:(?:can|could|would|will)\s+(?:you|u|ya)\s+(?:please\s+|pls\s+)?|i\s+(?:want|need|would\s+like)\s+you\s+to\s+|"
       r"i'd\s+like\s+you\s+to\s+|please\s+|"
       # leave given rather than asked: "you can forget my number", "feel free to delete the bit about ..."
       r"(?:you\s+(?:can|may|could)|you're\s+welcome\s+to|feel\s+free\s+to|go\s+ahead\s+and)\s+(?:just\s+)?)?")

#: Verbs asking that something be removed: a request when a slot or what was said follows.
REMOVE = (r"(?:forget|delete|erase|remove|wipe|drop|discard|clear|purge|scrub|scrap|ditch|toss|bin|nuke|dump|lose|"
          r"get\s+rid\s+of|throw\s+(?:away|out))")
#: Asking the memory not to hold something, in any of the ways one says it: "don't keep",
#: "no need to remember", "I'd rather you didn't store", "I don't want you logging".
KEEP_NOT = (r"(?:(?:don't|do\s+not|stop|never|(?:there's\s+)?no\s+need\s+to|(?:you\s+)?(?:don't|do\s+not)\s+(?:need|have)\s+to|"
            r"i(?:'d|\s+would)\s+(?:rather|prefer)\s+(?:(?:if|that)\s+)?(?:you\s+)?(?:didn't|did\s+not|don't|not|never|wouldn't)|"
            r"i\s+(?:don't|do\s+not)\s+want\s+you(?:\s+to)?)\s+"
            r"(?:remember|keep|stor|sav|retain|record|log|memori[sz]|hold\s+on\s*to|hang\s+on\s*to|note\s+down|"
            r"write\s+down|track)(?:e|ed|ing|ging)?(?:\s+(?:track|a\s+record|hold)\s+of)?)\b")

#: Words in a forget request -> the predicate it names (the policy widens it to its group).
FORGET_TARGETS: list[tuple[str, str]] = [
    (r"\be-?mail\b", "email"),
    (r"\b(?:phone|mobile|cell)(?:\s+number)?\b", "phone"),
    (r"\b(?:home\s+|street\s+|mailing\s+)?address\b|where\s+i\s+live\s+exactly|\bstreet\b|\bhouse\s+number\b|"
     r"\bpost\s*code\b|\bzip\s*code\b", "address"),
    (r"\bbirthday\b|\bdate\s+of\s+birth\b|\b(?:date|day|year)\s+i\s+was\s+born\b|\bwhen\s+i\s+was\s+born\b", "birthday"),
    (r"\b(?:id|identity|passport|ssn|nino)\b|\bsocial\s+security\b|\bnational\s+insurance\b|\bni\s+(?:number|no)\b|"
     r"\bdriv(?:ing|er'?s?)\s+licen[cs]e\b|\btax\s+(?:id|number|file\s+number|code)\b|\bnhs\s+number\b", "identity_number"),
    # a secret before the card or account it opens: "my bank password", "the login for the bank app"
    (r"\bpassword\b|\bapi\s+key\b|\bcredentials?\b|\btoken\b|\bpin\b|\bpass\s*code\b|\blog-?in\b|\bsign-?in\b|"
     r"\b(?:door|gate|alarm|safe|lock|entry|access|security|verification|garage|keypad|wi-?fi)\s+(?:code|key)\b", "credential"),
    (r"\b(?:card|credit\s+card)\b", "card_number"),
    (r"\bbank\b|\baccount\b|\biban\b|\bsort\s+code\b", "bank_account"),
    (r"\ballerg", "allergic_to"),
    (r"\bmedication\b|\bmeds\b|\bpills?\b|\bprescription", "takes_medication"),
    (r"\bhealth\b|\bdiagnos|\bcondition\b|\bmedical\b", "medical_condition"),
    (r"\bwhere\s+i\s+live\b|\bcity\b|\bhometown\b|\b(?:town|village|country|area|neighbou?rhood)\s+i\s+live\b", "lives_in"),
    (r"\bemployer\b|\bcompany\b|\bworkplace\b|\bplace\s+of\s+work\b|\bwhere\s+i\s+work\b|\bwho\s+i\s+work\s+for\b",
     "works_at"),
    (r"\bjob\b|\bprofession\b|\boccupation\b", "job_title"),
    (r"\bage\b|\bhow\s+old\b", "age"),
    (r"\bname\b", "name"),
    # a number named by nothing else is the one to reach the user on; "my policy number" is a search by its words
    (r"\b(?:my|your|the|that|this|our)\s+number\b", "phone"),
    # "everything about my ex" names the ex, never everything
    (r"\beverything\b(?!\s+(?:(?:i|you)\s+\w+\s+)?(?:about|regarding|concerning|on|to\s+do|related|relating|around|involving|"
     r"from|with|when|that\s+happened)(?!\s+(?:me|myself|us)\b))|\ball\s+(?:of\s+)?(?:it|that|my\s+data)\b", "*"),
]

#: The targets a slot reads better than a search for the request's words ("forget my
#: address" deletes the address slot; "forget my job" searches for what mentions the job).
SLOT_NAMED = frozenset({"email", "phone", "address", "birthday", "identity_number", "card_number", "bank_account",
                        "credential", "allergic_to", "takes_medication", "medical_condition", "*"})

#: Slots whose every record is sealed (refused, or kept encrypted on opt-in): a request for one keeps
#: the words it named it by as its object ("my passport number"), which reaches every sealed record.
SEALED_SLOTS = frozenset({"email", "identity_number", "card_number", "bank_account", "credential"})

#: A pronoun that stands for what a request named before it ("my number, delete it").
PRONOUN = (r"(?:it|that|them|this|those|all\s+(?:of\s+)?(?:that|this|it|them)|"
           r"(?:that|this|those|these)\s+(?:number|one|bit|info|detail|details|stuff|part))")
#: Where the memory keeps things, said after the verb ("wipe it from your memory", "off your records").
_STORE = r"(?:memory|memories|records?|notes|files?|system|database|list|head|brain|logs?)"
FROM_STORE = (r"(?:\s+(?:from|off|out\s+of)\s+(?:(?:your|the|my)\s+)?(?:" + _STORE + r")|\s+(?:off|on)\s+(?:the\s+)?(?:record|file))?")
#: A verb of removal in the past participle: "I'd like it deleted", "can my number be wiped".
REMOVED = r"(?:deleted|removed|wiped|erased|forgotten|gone|scrapped|binned|cleared|dropped|purged|scrubbed|ditched)"
#: Being kept, said of what should not be: "I'd rather that wasn't stored", "shouldn't be in your memory".
KEPT = (r"(?:kept|stored|saved|remembered|recorded|logged|held\s+on\s*to|hung\s+on\s*to|on\s+(?:file|record)|"
        r"in\s+(?:your\s+|the\s+)?(?:" + _STORE + r"))")
#: Words after a request that add nothing to it ("..., please", "tbh", "anymore").
TAIL = r"(?:\s*,?\s*(?:please|pls|thanks|thank\s+you|ta|cheers|tbh|too|as\s+well|anymore|any\s+more|now|for\s+me|ok\??))*[\s.!?]*$"
#: A request's verb of forgetting in new wordings, read as "forget".
FORGET_SYNONYMS = r"\bun-?(?:remember|learn|know|see)\b"
#: What was said, as a request names it after "that", "the stuff", "anything": "the stuff I told you about".
SAID_ABOUT = (r"(?:(?:that|the|this|those|these|any|all\s+the)\s+(?:stuff|bit|part|thing|things|info|information|details?)|"
              r"anything|everything|whatever|all|what)\s*(?:(?:that\s+)?(?:i(?:'ve|\s+have)?\s+(?:ever\s+)?"
              r"(?:said|told\s+you|mentioned|shared|wrote)|you(?:'ve|\s+have)?\s+(?:got|know|have|kept|stored|saved))\s*)?"
              r"(?:about|on|regarding|re)\s+")
#: What a request names an episode by rather than a topic: "that whole thing with the roses", "the business about my ex".
EPISODE_OF = (r"(?:that|this|the)\s+(?:whole\s+|entire\s+)?(?:thing|business|episode|story|saga|incident|situation|drama|mess)\s+"
              r"(?:with|about|around|over|regarding)\s+")
#: A reason after "scratch that" that says it was a slip, not a correction to read ("..., I misspoke").
SLIP = (r"i\s+misspoke|my\s+(?:bad|mistake)|(?:that\s+was\s+a\s+)?typo|wrong\s+(?:chat|person|window|thread)|"
        r"i\s+(?:didn't|did\s+not)\s+mean\s+(?:it|that)|ignore\s+me|(?:it|that)\s+came\s+out\s+wrong|"
        r"i\s+was\s+(?:just\s+)?(?:venting|joking|kidding|rambling|ranting)|(?:it's|that's|it\s+was|that\s+was)\s+not\s+true|"
        r"(?:it|that)\s+wasn't\s+true")
