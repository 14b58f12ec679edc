"""One way for the wording tests to read a single English message: a fixed reference time, user "u"."""

from __future__ import annotations

from datetime import UTC, datetime

from kronograph.extraction.base import CandidateFact, EpisodeInput, Turn
from kronograph.extraction.offline import OfflineExtractor
from kronograph.model import Scope

REF = datetime(2026, 5, 20, 10, tzinfo=UTC)  # a Wednesday


def facts(extractor: OfflineExtractor, text: str) -> list[CandidateFact]:
    episode = EpisodeInput(turns=[Turn(content=text)], reference_time=REF, scope=Scope(user_id="u"))
    return extractor.extract(episode).facts
