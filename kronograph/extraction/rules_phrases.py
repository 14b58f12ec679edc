"""Noun phrases cut from the dependency parse, in the speaker's words and in the third person.

Shared by the readings of events (:mod:`.rules_events`) and opinions (:mod:`.rules_opinions`):
an object is its head noun with its left modifiers and the phrases that say which one it is
("a bunch of roses", "a book by Ozzlethorp", "articles about fantasy novels"), never a relative
clause, a time phrase or a clause joined to it.
"""

from __future__ import annotations

import re
from typing import Any

DROP_LEADING = frozenset({"a", "an", "the", "some", "this", "that", "these", "those", "any"})
QUANTIFIERS = frozenset({"lot", "lots", "bit", "bunch", "ton", "tons", "couple", "few", "kind", "sort"})
MAX_OBJECT_WORDS = 6
# Nouns that say little without what they are about ("notes about local politics", "a talk on AI")
# or with whom they were held ("meetings with movie producers").
TOPICAL = frozenset({"article", "book", "blog", "post", "talk", "course", "class", "workshop", "seminar", "video",
                      "podcast", "documentary", "paper", "lecture", "note", "essay", "story", "series", "presentation",
                      "panel", "webinar", "session", "piece", "project"})
_MEETINGS = frozenset({"meeting", "chat", "conversation", "call", "date", "session", "collaboration",
                       "interview", "catch-up", "get-together", "talk"})
# Nouns of a matter settled that name nothing without what follows them: "tickets to Toronto", "the
# contract with Arup", "an offer from Stripe", "a place on the MSc in Data Science", "the lease on the flat".
_SETTLED_WITH = frozenset({"ticket", "flight", "contract", "offer", "invitation", "invite", "place", "spot", "seat",
                          "lease", "deal", "visa", "transfer", "booking", "reservation", "acceptance", "scholarship",
                          "mortgage", "tenancy", "position", "residency", "permit", "pass", "fare"})
_SETTLED_PREPOSITIONS = frozenset({"to", "from", "on", "onto", "for"})


def names_what_settled(noun: Any, prep: Any) -> bool:
    """Whether ``prep`` says what the settled ``noun`` is for ("tickets to Toronto", "the contract with
    Arup"), not how it was done ("signed the contract in a hurry", "the offer with a heavy heart")."""
    return noun.lemma_.lower() in _SETTLED_WITH and prep.dep_ == "prep" and (
        prep.lower_ in _SETTLED_PREPOSITIONS or (prep.lower_ in {"with", "at", "in"} and any(
            t.pos_ == "PROPN" for t in prep.subtree)))


def quoted_title(head: Any) -> list[Any] | None:
    """The tokens of the quoted title ``head`` is part of ("A Dance with Dragons"), if any."""
    doc = head.doc
    quotes = [t.i for t in doc if t.text in {'"', "“", "”"}]
    for a, b in zip(quotes[::2], quotes[1::2]):
        if a < head.i < b:
            return [doc[i] for i in range(a + 1, b)]
    return None


def phrase_tokens(head: Any, core: set[int]) -> list[Any]:
    """A noun's phrase: its left modifiers and itself, plus "of ..." (``a bunch of roses``)."""
    quoted = quoted_title(head)
    if quoted:
        return quoted
    of = next((g for g in head.children if g.dep_ == "prep" and g.lower_ == "of"), None)
    inner = next((g for g in of.children if g.dep_ == "pobj"), None) if of is not None else None
    if head.lower_ in QUANTIFIERS | {"some", "one", "all", "most", "many", "any", "each", "none"} and inner is not None:
        head = inner  # "talked to some of the guys": the guys
    left = [t for t in head.lefts if t.dep_ in {"compound", "amod", "poss", "nummod", "det", "nmod", "case",
                                                 "advmod", "quantmod", "npadvmod"}]
    start = min([head.i] + [t.left_edge.i for t in left])
    end = head.i
    for right in head.rights:
        if right.i == head.i + 1 and right.dep_ in {"acl", "amod"} and right.lower_ == right.lemma_.lower() \
                and not any(c.dep_ in {"dobj", "agent", "nsubj"} for c in right.children):
            end = right.i  # "a 5K charity run", "a career fair": the parser read the last noun as a verb or adjective
            continue
        if right.dep_ == "prep" and (right.lower_ == "about" or (right.lower_ == "on" and head.lemma_.lower() in TOPICAL)
                                     or (right.lower_ == "with" and head.lemma_.lower() in _MEETINGS)
                                     or names_what_settled(head, right)) \
                and head.pos_ != "PROPN" and right.right_edge.i - start < MAX_OBJECT_WORDS:
            end = right.right_edge.i  # "articles about fantasy novels", "meetings with movie producers"
            break
        named = right.dep_ in {"acl", "prep"} and right.lower_ in {"named", "called", "by"} and any(
            t.pos_ == "PROPN" for t in right.subtree)  # "a cat named Quibbleton", "a book by Ozzlethorp"
        if right.dep_ == "acl" and right.tag_ == "VBG" and right.i == head.i + 1 and head.i > 0 \
                and head.doc[head.i - 1].dep_ == "det" and not any(c.dep_ in {"dobj", "prep"} for c in right.children):
            end = max(end, right.i)  # "a poetry reading", "a book signing": one noun the parser split
            continue
        if (right.dep_ == "prep" and right.lower_ == "of") or right.dep_ in {"compound", "case"} \
                or (right.dep_ == "appos" and right.pos_ == "PROPN") or named:
            end = max(end, right.right_edge.i)
        else:
            break
    doc = head.doc
    while end + 2 < len(doc) and doc[end + 1].text == "-" and not doc[end].whitespace_ \
            and not doc[end + 1].whitespace_ and doc[end + 2].pos_ in {"PROPN", "NOUN"}:
        end += 2  # "Spider-Man", which the parser may split into two subjects
    tokens = [doc[i] for i in range(start, end + 1) if (i in core and not doc[i].is_punct) or doc[i].text in {"'s", "-"}]
    while tokens and (tokens[0].lower_ in DROP_LEADING or tokens[0].dep_ == "advmod"):
        tokens = tokens[1:]
    while tokens and tokens[-1].pos_ in {"ADP", "CCONJ", "DET", "PART"}:
        tokens = tokens[:-1]
    return tokens


_SWAPS = {"my": "their", "me": "them", "myself": "themselves", "mine": "theirs", "our": "their", "us": "them",
          "ourselves": "themselves", "we": "they", "i": "they", "i'm": "they're", "i've": "they've", "i'd": "they'd",
          "we're": "they're", "we've": "they've"}
_FIRST_PERSON = re.compile(r"(?<!-)\b(?:I'm|I've|I'd|we're|we've|my|me|myself|mine|our|us|ourselves|we|I)\b(?!-)", re.I)


def third_person(text: str) -> str:
    """The speaker's words in the third person: "my kids" -> "their kids"."""
    return " ".join(_FIRST_PERSON.sub(lambda m: _SWAPS[m[0].lower()], text).split())


def join_tokens(tokens: list[Any]) -> str:
    """The tokens' text with the message's own spacing between neighbours and one space over a gap."""
    out = []
    for tok, nxt in zip(tokens, [*tokens[1:], None]):
        out.append(tok.text)
        if nxt is not None and (nxt.i != tok.i + 1 or tok.whitespace_):
            out.append(" ")
    return "".join(out).strip()


_CAPTION_STOPS = frozenset({"a", "an", "the", "of", "with", "and", "on", "in", "at", "to", "from", "by", "for", "some",
                            "two", "three", "four", "several", "his", "her", "their", "its", "is", "are", "sitting",
                            "standing", "holding", "showing"})


def captioned(caption: str | None, head: Any) -> str | None:
    """The caption's name for the thing a demonstrative points at: "this tree" with a photo of
    "a christmas tree with a harry potter theme" -> "christmas tree"; None when the caption
    does not show it."""
    if not caption:
        return None
    words = caption.split()
    lowered = [w.lower().strip(".,") for w in words]
    for i, w in enumerate(lowered):
        if w in {head.lower_, head.lemma_.lower()}:
            start = i
            while start > 0 and lowered[start - 1] not in _CAPTION_STOPS and i - start < 3:
                start -= 1
            return " ".join(words[start:i + 1]).strip(".,")
    return None
