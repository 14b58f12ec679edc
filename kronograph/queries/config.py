"""Recall settings as data: score weights, how relevance is built, how many candidates each
search contributes. Presets are frozen module constants; derive with ``model_copy(update=...)``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..temporal.decay import DEFAULT_DECAY, DecayConfig

COMPONENTS = ("semantic", "importance", "confidence", "freshness", "access")


class ScoreWeights(BaseModel):
    """Weights of the recall score; the design's defaults.

        ScoreWeights(semantic=0.6, importance=0.1, confidence=0.1, freshness=0.1, access=0.1)
    """

    model_config = ConfigDict(frozen=True)

    semantic: float = Field(default=0.40, ge=0.0, description="Relevance to the query.")
    importance: float = Field(default=0.20, ge=0.0, description="The fact's importance.")
    confidence: float = Field(default=0.15, ge=0.0, description="How sure the memory is.")
    freshness: float = Field(default=0.15, ge=0.0, description="Decayed recency of learning or use.")
    access: float = Field(default=0.10, ge=0.0, description="How often it was recalled or restated.")

    @model_validator(mode="after")
    def _some_weight(self) -> ScoreWeights:
        if sum(self.as_dict().values()) <= 0:
            raise ValueError("at least one weight must be positive")
        return self

    def as_dict(self) -> dict[str, float]:
        return {name: float(getattr(self, name)) for name in COMPONENTS}


class RecallConfig(BaseModel):
    """How recall finds and ranks facts.

        mem.recall("where does Ada live", user_id="u1", config=DEFAULT_RECALL.model_copy(update={"reinforce": False}))

    The ``semantic`` component is the query relevance: the embedding cosine blended with the
    BM25 match (``lexical_share``) and a hit on an entity the query names (``graph_share``).
    """

    model_config = ConfigDict(frozen=True)

    weights: ScoreWeights = Field(default_factory=ScoreWeights)
    decay: DecayConfig = Field(default=DEFAULT_DECAY)
    lexical_share: float = Field(default=0.3, ge=0.0, le=1.0,
                                 description="Share of relevance from BM25: score / (best score + 1), "
                                             "so a query whose words are everywhere adds ~nothing.")
    graph_share: float = Field(default=0.1, ge=0.0, le=1.0,
                               description="Share of relevance for touching an entity the query names.")
    vector_candidates: int = Field(default=40, ge=1, description="Nearest vectors taken per round.")
    text_candidates: int = Field(default=20, ge=1, description="Best BM25 matches taken.")
    graph_candidates: int = Field(default=20, ge=0, description="Facts about named entities taken.")
    access_saturation: int = Field(default=20, ge=1,
                                   description="Access count at which the access component reaches 1.")
    reinforce: bool = Field(default=True, description="Count a present-time recall as a use of what it returns.")

    @model_validator(mode="after")
    def _shares_fit(self) -> RecallConfig:
        if self.lexical_share + self.graph_share > 1.0:
            raise ValueError("lexical_share + graph_share must not exceed 1")
        return self


#: The design's weights and a hybrid relevance.
DEFAULT_RECALL = RecallConfig()
#: Relevance dominates: for question answering over long conversations.
RELEVANCE_FIRST = RecallConfig(
    weights=ScoreWeights(semantic=0.80, importance=0.05, confidence=0.05, freshness=0.05, access=0.05)
)
#: Recent and often-used memories first: for "what is going on with the user now".
RECENCY_FIRST = RecallConfig(
    weights=ScoreWeights(semantic=0.30, importance=0.15, confidence=0.10, freshness=0.30, access=0.15)
)
