"""The literal pre-checks of the rewrite lists and clause flags (extraction/pattern_gate): a sentence a pattern
matches always passes the pattern's check, for every pattern of every list (new ones too), and the
checked path rewrites exactly as trying every pattern does."""

from __future__ import annotations

import inspect
import re
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]
from types import ModuleType

import pytest

from kronograph.extraction import (
    change_wordings,
    correction_wordings,
    end_wordings,
    event_wordings,
    hedge_wordings,
    negation_wordings,
    offline,
    person_wordings,
    rules_clause,
    stance_wordings,
    task_wordings,
)
from kronograph.extraction.pattern_gate import folded, needs, present, refers_to_groups

LISTS: list[ModuleType] = [change_wordings, correction_wordings, end_wordings, event_wordings, hedge_wordings,
                           negation_wordings, person_wordings, stance_wordings, task_wordings]


def _samples(items: object, pick: int) -> list[str]:
    """Strings built from a parsed pattern; ``pick`` varies the branch and repeat choices."""
    out = [""]
    for op, av in items:  # type: ignore[attr-defined]
        if op is sre.LITERAL:
            parts = [chr(av)]
        elif op is sre.IN:
            parts = [_one_of(av)]
        elif op is sre.ANY:
            parts = ["x"]
        elif op is sre.SUBPATTERN:
            parts = _samples(av[-1], pick)
        elif op is sre.BRANCH:
            branches = av[1]
            parts = _samples(branches[pick % len(branches)], pick // len(branches) + pick)
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, high, sub = av
            times = low if pick % 2 or high == 0 else max(low, 1)
            parts = [s * times for s in _samples(sub, pick)]
        elif op is sre.ASSERT:  # a look-ahead or look-behind: with and without its text
            parts = ["", *_samples(av[1], pick)]
        else:  # anchors, negative look-arounds, back-references
            parts = [""]
        out = [a + b for a in out for b in parts][:64]
    return out


def _one_of(av: list[tuple[object, object]]) -> str:
    if av and av[0][0] is sre.NEGATE:
        negated = re.compile("[^" + "".join(_chars(av[1:])) + "]")
        return next(c for c in " xq7.-" if negated.fullmatch(c))
    for kind, value in av:
        if kind is sre.LITERAL:
            return chr(value)  # type: ignore[arg-type]
        if kind is sre.RANGE:
            return chr(value[0])  # type: ignore[index]
        if kind is sre.CATEGORY:
            return {"CATEGORY_DIGIT": "7", "CATEGORY_SPACE": " "}.get(str(value), "b")
    return "x"


def _chars(av: list[tuple[object, object]]) -> list[str]:
    out = []
    for kind, value in av:
        if kind is sre.LITERAL:
            out.append(re.escape(chr(value)))  # type: ignore[arg-type]
        elif kind is sre.RANGE:
            out.append(f"{re.escape(chr(value[0]))}-{re.escape(chr(value[1]))}")  # type: ignore[index]
        elif kind is sre.CATEGORY:
            out.append({"CATEGORY_DIGIT": r"\d", "CATEGORY_SPACE": r"\s"}.get(str(value), r"\w"))
    return out


def _quoted(module: ModuleType) -> list[str]:
    """The example wordings a list's comments quote ("Spotify is out, Apple Music is in")."""
    return re.findall(r"\"([^\"\n]{3,120})\"", inspect.getsource(module))


def _candidates(pattern: re.Pattern[str], module: ModuleType) -> list[str]:
    tree = sre_parse.parse(pattern.pattern, pattern.flags)
    built = {s for pick in range(12) for s in _samples(tree, pick)}
    quoted = [q for m in (LISTS if module is offline else []) + [module] for q in _quoted(m)]
    return [*built, *(f"{s}." for s in built), *(f"So, {s}" for s in built), *quoted]


def _rewrites(module: ModuleType) -> list[tuple[str, str]]:
    return next(v for k, v in vars(module).items() if k.endswith("_REWRITES"))


CASES = [(module, i, re.compile(p, re.I)) for module in LISTS for i, (p, _) in enumerate(_rewrites(module))] + \
        [(offline, i, p) for i, (p, _) in enumerate(offline._CHAT_SPELLINGS)] + \
        [(rules_clause, i, p) for i, (_, p) in enumerate(rules_clause._FLAG_PATTERNS)]


@pytest.mark.parametrize(("module", "index", "pattern"), CASES,
                         ids=[f"{m.__name__.rsplit('.', 1)[-1]}-{i}" for m, i, _ in CASES])
def test_every_pattern_of_every_list_is_reachable_through_its_check(module: ModuleType, index: int,
                                                                  pattern: re.Pattern[str]) -> None:
    name = module.__name__
    matched = [s for s in _candidates(pattern, module) if pattern.search(s)]
    assert matched, f"no sample or quoted wording matches {name}[{index}]: add a quoted example beside it"
    needed = needs(pattern)
    for text in matched:
        assert needed is None or present(folded(text), needed), (text, sorted(needed))


def test_the_checks_cover_the_chat_spellings_in_use() -> None:
    # the offline extractor gates exactly its spelling list and the clause reader its flags, one check per pattern
    assert len(offline._SPELLING_NEEDS) == len(offline._CHAT_SPELLINGS)
    assert len(rules_clause._FLAG_NEEDS) == len(rules_clause._FLAG_PATTERNS)
    gated = sum(n is not None for n in offline._SPELLING_NEEDS)
    assert gated >= len(offline._CHAT_SPELLINGS) - 2  # nearly all patterns name a word


def test_needs_reads_literals_branches_and_repeats() -> None:
    assert needs(re.compile(r"\bno\s+longer\b", re.I)) == {"longer"}
    assert needs(re.compile(r"\b(?:quit|gave\s+up)\b", re.I)) == {"quit", "gave"}
    assert needs(re.compile(r"\bfav(?:ou?rite|e)\b", re.I)) == {"favorite", "favourite", "fave"}
    assert needs(re.compile(r"\w+ed\b")) == {"ed"}
    assert needs(re.compile(r"[a-z]+\s+\w+")) is None  # no literal: always tried
    assert needs(re.compile(r"\b(?:so\s+)?\w+")) is None  # an optional word is no need


def test_case_folding_matches_what_ignorecase_matches() -> None:
    # re.IGNORECASE lets these non-ASCII letters match ASCII ones; the check must not reject them
    for text, word in (("\u0130ts MY fave", "its"), ("no \u212aale", "kale"), ("\u017fure", "sure"), ("I\u0131n", "iin")):
        assert re.search(word, text, re.I)
        assert present(folded(text), {word}) == {word}


def test_group_references_are_found() -> None:
    assert refers_to_groups(re.compile(r"\b(love|adore)(?:\s+\1\b)+"))
    assert refers_to_groups(re.compile(r"(?P<a>x)(?P=a)"))
    assert not refers_to_groups(re.compile(r"(^|[.!]\s+)(did)\s+(?=a\b)"))


@pytest.mark.parametrize("text", [
    "Love love love my new bike",                  # a back-reference pattern, no lone "I"
    "im off to bed, dont wait up",
    "Ditched the gym, it's all running these days",
    "[shares a photo: a blue kayak] got this last week",
    "Spotify is out, Apple Music is in.",
    "Sorry, Tuesday* not Monday",
    "The weather is nice.",
    "\u0130 moved to Leeds",
])
def test_gated_spans_equal_every_pattern_tried(text: str) -> None:
    assert offline.sentence_spans(text) == _spans_trying_every_pattern(text)


def _spans_trying_every_pattern(text: str) -> list[tuple[str, tuple[int, int]]]:
    """``sentence_spans`` without the checks (every pattern searched), to compare with."""
    text = text.translate(offline._TYPOGRAPHIC)
    offsets = list(range(len(text) + 1))
    if offline._ANY_SPELLING.search(text):
        text, offsets = offline._rewrite(text, offsets, offline._CAPTION, "")
        for pattern, replacement in offline._CHAT_SPELLINGS:
            if pattern.search(text):
                text, offsets = offline._rewrite(text, offsets, pattern, replacement)
        offsets.append(offsets[-1] if offsets else 0)
    out = []
    start = 0
    for m in [*offline._SENTENCE.finditer(text), None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end]
        if piece.strip():
            lead = start + len(piece) - len(piece.lstrip())
            out.append((piece.strip(), (offsets[lead], offsets[lead + len(piece.strip()) - 1] + 1)))
        if m is not None:
            start = m.end()
    return out


def test_a_python_without_the_private_parser_gets_no_gate_and_still_reads() -> None:
    """re._parser is private: where it cannot be imported every pattern is tried (no gate), group
    references are found in the source, and a message is still read."""
    import subprocess
    import sys
    code = (
        "import re, sys\n"
        "del re._parser; sys.modules['re._parser'] = None\n"
        "from kronograph.extraction.pattern_gate import needs, refers_to_groups\n"
        "assert needs(r'\\bno\\s+longer\\b') is None\n"
        "assert refers_to_groups(re.compile(r'\\b(love|adore)(?:\\s+\\1\\b)+'))\n"
        "assert not refers_to_groups(re.compile(r'\\bno\\s+longer\\b'))\n"
        "from kronograph.extraction.offline import OfflineExtractor\n"
        "print('ok')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0 and "ok" in done.stdout, done.stderr[-2000:]
