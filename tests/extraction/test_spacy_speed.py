"""The sped-up spaCy pipeline annotates and extracts exactly like the stock one (real model)."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import spacy
from spacy.language import Language
from spacy.pipeline import AttributeRuler

from kronograph.extraction.base import EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor, clauses_to_parse, with_entity_ruler
from kronograph.extraction.spacy_model import MODEL_NAMES
from kronograph.extraction.spacy_speed import CachedLemmatizer, LookupAttributeRuler, speed_up
from kronograph.model import Scope

ROOT = Path(__file__).resolve().parents[2]
UTTERANCES = ROOT / "evals" / "utterances.jsonl"
LOCOMO = ROOT.parent / "shared" / "data" / "locomo" / "locomo10.json"
LOCOMO_TURNS = 600
# Every multi-token pattern of the stock attribute ruler, whitespace tokens, and odd casing.
EDGE_CASES = [
    "I'm gonna move to Berlin, y'all ain't gonna believe it.", "There is a cat and there're two dogs.",
    "Let's go, I gotta run.  C'mon!", "I was doin' nothin' with 'em, ol' friend, that's 'nuff.",
    "The i I me ME Me", "\n\nI  live   in\tParis\n", "It's it. You and you. I said it to it.",
]


def _stock(name_fast: Language) -> Language:
    for name in MODEL_NAMES:
        try:
            nlp = spacy.load(name)
        except OSError:
            continue
        if nlp.meta.get("name") == name_fast.meta.get("name"):
            return nlp
    pytest.fail("the stock model the extractor uses could not be loaded a second time")


@pytest.fixture(scope="session")
def fast() -> Language:
    return OfflineExtractor().nlp


@pytest.fixture(scope="session")
def stock(fast: Language) -> Language:
    return with_entity_ruler(_stock(fast))


def _eval_episodes() -> list[EpisodeInput]:
    rows = [json.loads(line) for line in UTTERANCES.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [EpisodeInput(turns=[Turn(**m) for m in row["messages"]] if "messages" in row else [Turn(content=row["text"])],
                         reference_time=datetime.fromisoformat(row["reference_time"]), scope=Scope(user_id="eval"))
            for row in rows]


def _locomo_episodes(limit: int) -> list[EpisodeInput]:
    if not LOCOMO.exists():
        pytest.skip(f"the LoCoMo data is not at {LOCOMO}")
    out: list[EpisodeInput] = []
    for sample in json.loads(LOCOMO.read_text(encoding="utf-8")):
        conv = sample["conversation"]
        for key in sorted((k for k in conv if re.fullmatch(r"session_\d+", k)), key=lambda k: int(k.split("_")[1])):
            when = datetime.strptime(re.sub(r"\s+", " ", conv[f"{key}_date_time"].strip()), "%I:%M %p on %d %B, %Y")
            for index, turn in enumerate(conv[key]):
                out.append(EpisodeInput(turns=[Turn(content=turn["text"])], scope=Scope(user_id="locomo"),
                                        reference_time=when.replace(tzinfo=UTC) + index * timedelta(seconds=30)))
        if len(out) >= limit:
            break
    return out[:limit]


def _annotations(nlp: Language, texts: list[str]) -> list[list[tuple[Any, ...]]]:
    return [[(t.text, t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_, t.head.i, t.ent_type_, t.is_sent_start)
             for t in doc] for doc in nlp.pipe(texts, disable=["ner"])]


def test_every_token_gets_the_stock_tag_parse_morphology_lemma_and_entity_label(fast: Language,
                                                                               stock: Language) -> None:
    messages = [t.content for e in _eval_episodes() + _locomo_episodes(LOCOMO_TURNS) for t in e.turns]
    texts = EDGE_CASES + messages + [c for m in messages for c in clauses_to_parse(m)]
    got, want = _annotations(fast, texts), _annotations(stock, texts)
    differ = [text for text, a, b in zip(texts, got, want) if a != b]
    assert not differ, differ[:5]


def test_statistical_entities_are_the_same_too(fast: Language, stock: Language) -> None:
    texts = EDGE_CASES + [t.content for e in _eval_episodes() for t in e.turns]
    got = [[(e.text, e.label_, e.start) for e in doc.ents] for doc in fast.pipe(texts)]
    assert got == [[(e.text, e.label_, e.start) for e in doc.ents] for doc in stock.pipe(texts)]
    assert any(got)


def test_the_extractor_finds_the_same_facts_as_with_the_stock_pipeline(fast: Language, stock: Language) -> None:
    episodes = _eval_episodes() + _locomo_episodes(LOCOMO_TURNS)
    got = OfflineExtractor(nlp=fast).extract_many(episodes)
    want = OfflineExtractor(nlp=stock).extract_many(episodes)
    assert sum(len(x.facts) for x in want) > 300  # the corpus exercises the rules
    assert [x.facts for x in got] == [x.facts for x in want]


def test_speed_up_keeps_component_names_and_order_and_applies_once(fast: Language) -> None:
    names = list(fast.pipe_names)
    assert isinstance(fast.get_pipe("attribute_ruler"), LookupAttributeRuler)
    assert isinstance(fast.get_pipe("lemmatizer"), CachedLemmatizer)
    ruler = fast.get_pipe("attribute_ruler")
    assert speed_up(fast) is fast and fast.pipe_names == names and fast.get_pipe("attribute_ruler") is ruler


def _ruled(ruler_class: type[AttributeRuler], patterns: list[dict[str, Any]], texts: list[str]) -> list[Any]:
    nlp = spacy.blank("en")
    ruler = ruler_class(nlp.vocab)
    ruler.add_patterns(patterns)
    return [[(t.lemma_, t.pos_) for t in ruler(nlp.make_doc(text))] for text in texts]


def test_later_patterns_win_and_unmodelled_patterns_still_apply_as_in_the_stock_ruler() -> None:
    patterns: list[dict[str, Any]] = [
        {"patterns": [[{"LOWER": "hello"}]], "attrs": {"LEMMA": "hi", "POS": "INTJ"}},
        {"patterns": [[{"LOWER": {"IN": ["hello", "hey"]}}]], "attrs": {"LEMMA": "greeting"}},
        {"patterns": [[{"ORTH": "Paris"}]], "attrs": {"LEMMA": "paris-city"}},            # not in the table
        {"patterns": [[{"LOWER": "new"}, {"LOWER": "york"}]], "attrs": {"LEMMA": "nyc"}, "index": -1},
        {"patterns": [[{"IS_SPACE": True}]], "attrs": {"POS": "SPACE"}},
        {"patterns": [[{"LOWER": {"REGEX": "^y'?$"}}]], "attrs": {"LEMMA": "you"}},
    ]
    texts = ["Hello from Paris and New York", "hey  y'  PARIS hello", "new new york york"]
    lookup_result = _ruled(LookupAttributeRuler, patterns, texts)
    assert lookup_result == _ruled(AttributeRuler, patterns, texts)
    assert lookup_result[0][0] == ("greeting", "INTJ") and lookup_result[0][2] == ("paris-city", "")
    assert lookup_result[0][5] == ("nyc", "")
