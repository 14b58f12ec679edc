"""The words of a forget request, shared by both readers of one (:mod:`.rules_forget` for
requests named by what was said, the slot-named requests of :mod:`.offline`): pure data,
regular-expression sources to compile where they are used."""

from __future__ import annotations

#: Words a request may open with ("actually, ...", "ok so ...").
LEAD = r"^\s*(?:(?:actually|oh|oops|sorry|hey|ok(?:ay)?|so|and|also|now|wait|please|pls|kindly|um+)[,\s]+)*"
#: How a request may ask ("can you ...", "I'd like you to ...").
ASK = (r"(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|i\s+(?:want|need|would\s+like)\s+you\s+to\s+|"
       r"i'd\s+like\s+you\s+to\s+|please\s+)?")

#: Words in a forget request -> the predicate it names (the policy widens it to its group).
FORGET_TARGETS: list[tuple[str, str]] = [
    (r"\be-?mail\b", "email"),
    (r"\b(?:phone|mobile|cell)(?:\s+number)?\b", "phone"),
    (r"\b(?:home\s+|street\s+|mailing\s+)?address\b|where\s+i\s+live\s+exactly", "address"),
    (r"\bbirthday\b|\bdate\s+of\s+birth\b", "birthday"),
    (r"\b(?:id|identity|passport)\b", "identity_number"),
    (r"\b(?:card|credit\s+card)\b", "card_number"),
    (r"\bbank\b|\baccount\b|\biban\b", "bank_account"),
    (r"\bpassword\b|\bapi\s+key\b|\bcredentials?\b|\btoken\b", "credential"),
    (r"\ballerg", "allergic_to"),
    (r"\bmedication\b|\bmeds\b|\bpills?\b|\bprescription", "takes_medication"),
    (r"\bhealth\b|\bdiagnos|\bcondition\b", "medical_condition"),
    (r"\bwhere\s+i\s+live\b|\bcity\b|\bhometown\b", "lives_in"),
    (r"\bemployer\b|\bcompany\b|\bwhere\s+i\s+work\b", "works_at"),
    (r"\bjob\b|\bprofession\b|\boccupation\b", "job_title"),
    (r"\bage\b|\bhow\s+old\b", "age"),
    (r"\bname\b", "name"),
    (r"\bnumber\b", "phone"),
    (r"\beverything\b|\ball\s+(?:of\s+)?(?:it|that|my\s+data)\b", "*"),
]

#: The targets a slot reads better than a search for the request's words ("forget my
#: address" deletes the address slot; "forget my job" searches for what mentions the job).
SLOT_NAMED = frozenset({"email", "phone", "address", "birthday", "identity_number", "card_number", "bank_account",
                        "credential", "allergic_to", "takes_medication", "medical_condition", "*"})
