"""kronograph: a temporal knowledge-graph memory for AI agents.

    from kronograph import Memory
    with Memory("memory.db") as mem:
        mem.add_fact("user", "lives_in", "Shanghai", user_id="u1", valid_from="2024-01-01")
        mem.add_fact("user", "lives_in", "Hangzhou", user_id="u1")   # supersedes Shanghai
        mem.facts(user_id="u1", as_of="2024-06-01")                  # -> Shanghai
"""

from .errors import (
    ExtractionError,
    FieldTypeError,
    KronographError,
    MissingDependencyError,
    NotFoundError,
    StoreError,
    UsageError,
)
from .extraction.llm import LLMExtractor
from .memory import Memory
from .model import (
    AddResult,
    AuditEntry,
    Entity,
    EntityType,
    Episode,
    Fact,
    Forgotten,
    MemoryType,
    Scope,
    Sensitivity,
    SourceSpan,
    Status,
    Tombstone,
)
from .policy import MemoryPolicy, PolicyConfig
from .policy.consolidation import ConsolidationPolicy
from .policy.lifecycle import LifecyclePolicy
from .queries.config import FusionConfig, RecallConfig, ScoreWeights
from .queries.embedding import CachedEmbedder, Embedder, MiniLMEmbedder, OpenAIEmbedder
from .queries.multilingual import MultilingualEmbedder
from .queries.recall import Recalled, RecalledEpisode
from .queries.search import Hit
from .temporal.decay import DecayConfig
from .temporal.predicates import PredicateSchema
from .write.bulk import AddResults
from .write.maintenance import MaintenanceReport

__version__ = "0.1.0"

__all__ = [
    "AddResult",
    "AddResults",
    "AuditEntry",
    "CachedEmbedder",
    "ConsolidationPolicy",
    "DecayConfig",
    "Embedder",
    "Entity",
    "EntityType",
    "Episode",
    "ExtractionError",
    "Fact",
    "FieldTypeError",
    "Forgotten",
    "FusionConfig",
    "Hit",
    "KronographError",
    "LLMExtractor",
    "LifecyclePolicy",
    "MaintenanceReport",
    "Memory",
    "MemoryPolicy",
    "MemoryType",
    "MiniLMEmbedder",
    "MissingDependencyError",
    "MultilingualEmbedder",
    "NotFoundError",
    "OpenAIEmbedder",
    "PolicyConfig",
    "PredicateSchema",
    "RecallConfig",
    "Recalled",
    "RecalledEpisode",
    "Scope",
    "ScoreWeights",
    "Sensitivity",
    "SourceSpan",
    "Status",
    "StoreError",
    "Tombstone",
    "UsageError",
    "__version__",
]
