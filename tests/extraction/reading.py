"""One way for the wording tests to read a single message (English or Chinese): a fixed reference time, user "u"."""

from __future__ import annotations

from datetime import UTC, datetime

from kronograph.extraction.base import CandidateFact, EpisodeInput, Operation, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.extraction.zh.extractor import ChineseExtractor
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)  # a Wednesday


def facts(extractor: OfflineExtractor, *turns: str, reference: datetime = REF) -> list[CandidateFact]:
    """What ``extractor`` reads in ``turns``, user turns said at ``reference``."""
    episode = EpisodeInput(turns=[Turn(content=t) for t in turns], reference_time=reference, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts


def ended(got: list[CandidateFact], word: str) -> list[CandidateFact]:
    """The endings among ``got`` whose object names ``word``."""
    return [f for f in got if f.operation is Operation.end and word.casefold() in f.object.casefold()]


ZH_REF = datetime(2026, 5, 6, 12, tzinfo=UTC)  # a Wednesday


def zh_facts(text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=ZH_REF, scope=Scope(user_id="u"))
    return ChineseExtractor().extract(episode).facts


def zh_read(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.predicate, f.object) for f in zh_facts(text)]
