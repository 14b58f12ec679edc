"""What the memory policy decides by, as data.

    config = DEFAULT_POLICY.model_copy(update={"task_ttl": timedelta(days=3)})
    mem = Memory("memory.db", policy=MemoryPolicy(config))

Presets are frozen module constants; derive from them with ``model_copy(update=...)``.
"""

from __future__ import annotations

from datetime import timedelta
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, SecretStr

from ..model import MemoryType
from ..sensitive import ALL_KINDS
from ..temporal.predicates import PREFERENCE_PREDICATES


class SensitiveMode(StrEnum):
    """What happens to a fact that carries sensitive data."""

    refuse = "refuse"    # not stored; the episode text keeps only a redaction marker
    encrypt = "encrypt"  # stored encrypted (Fernet) with a short TTL; reading it is audited


_IMPORTANCE: dict[MemoryType, float] = {
    MemoryType.fact: 0.6,
    MemoryType.preference: 0.55,
    MemoryType.task: 0.4,
    MemoryType.episodic: 0.35,
    MemoryType.procedural: 0.5,
    MemoryType.hypothesis: 0.3,
    MemoryType.summary: 0.5,
}


class PolicyConfig(BaseModel):
    """The numbers and word lists a :class:`~kronograph.policy.MemoryPolicy` decides by.

        PolicyConfig(sensitive_mode="encrypt", sensitive_ttl=timedelta(hours=6))
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    # -- sensitive data ---------------------------------------------------------------
    sensitive_mode: SensitiveMode = Field(
        default=SensitiveMode.refuse, description="refuse (default) or encrypt facts that carry sensitive data.")
    sensitive_kinds: frozenset[str] = Field(
        default=ALL_KINDS, description="Which detector kinds count as sensitive (see kronograph.sensitive).")
    sensitive_ttl: timedelta = Field(
        default=timedelta(hours=24), description="How long an encrypted sensitive fact is kept.")
    encryption_key: SecretStr | None = Field(
        default=None, description="A Fernet key; when None, $KRONOGRAPH_ENCRYPTION_KEY is used.")

    # -- confidence -------------------------------------------------------------------
    stated_confidence: float = Field(
        default=0.9, ge=0, le=1, description="Confidence of a plain statement the extractor gave none for.")
    hedged_confidence: float = Field(
        default=0.4, ge=0, lt=0.5, description="Highest confidence a hedged statement can get (never certain).")

    # -- expiry -----------------------------------------------------------------------
    task_ttl: timedelta = Field(default=timedelta(days=7), description="Task context without a stated period.")
    hypothesis_ttl: timedelta = Field(default=timedelta(days=30), description="A hypothesis lapses unless confirmed.")

    # -- importance -------------------------------------------------------------------
    importance: dict[MemoryType, float] = Field(
        default_factory=lambda: dict(_IMPORTANCE), description="Base importance per memory type.")
    safety_critical_importance: float = Field(default=0.95, ge=0, le=1)
    core_importance: float = Field(
        default=0.7, ge=0, le=1, description="Importance of core profile facts (where one lives, works, ...).")

    # -- predicate vocabularies -------------------------------------------------------
    safety_critical_predicates: frozenset[str] = Field(
        default=frozenset({"allergic_to", "has_allergy", "takes_medication", "medication", "on_medication",
                           "intolerant_to", "blood_type", "medical_condition_safety"}),
        description="Never downgraded or closed by a hedged statement.")
    core_predicates: frozenset[str] = Field(
        default=frozenset({"lives_in", "works_at", "job_title", "name", "age", "relationship_status",
                           "married_to", "studies_at", "born_in", "nationality", "speaks"}))
    preference_predicates: frozenset[str] = Field(
        default=PREFERENCE_PREDICATES,
        description="Predicates that are preferences (besides preferred_*/favourite_* names).")
    task_predicates: frozenset[str] = Field(
        default=frozenset({"task", "has_task", "working_on_task", "needs_to", "has_to", "todo", "current_task"}))
    predicate_aliases: dict[str, str] = Field(
        default_factory=lambda: {"enjoys": "likes", "loves": "likes", "is_fond_of": "likes", "hates": "dislikes",
                                 "works_for": "works_at", "employed_at": "works_at", "employed_by": "works_at",
                                 "resides_in": "lives_in", "lives_at": "address", "home_address": "address",
                                 "has_allergy": "allergic_to", "on_medication": "takes_medication",
                                 "medication": "takes_medication"},
        description="Paraphrased predicates folded into one before deduplication.")
    forget_groups: dict[str, frozenset[str]] = Field(
        default_factory=lambda: {
            "address": frozenset({"address", "street_address", "lives_at", "lives_on", "home_address",
                                  "mailing_address"}),
            # "forget where I live": the city and the exact address with it
            "lives_in": frozenset({"lives_in", "address", "street_address", "lives_at", "lives_on", "home_address",
                                   "mailing_address"}),
            "phone": frozenset({"phone", "phone_number", "mobile"}),
            "email": frozenset({"email", "email_address"}),
            "health": frozenset({"allergic_to", "takes_medication", "medical_condition", "health"}),
        },
        description="A forget request for one name deletes every predicate of its group.")
    forget_recent_minutes: float = Field(
        default=0.0, ge=0,
        description="When > 0, a forget request only deletes facts recorded this many minutes before it.")

    # -- the long-term profile ----------------------------------------------------------
    profile_excludes: frozenset[MemoryType] = Field(
        default=frozenset({MemoryType.task, MemoryType.hypothesis, MemoryType.episodic}),
        description="Memory types left out of Memory.profile (short-lived or unconfirmed).")

    # -- who is speaking --------------------------------------------------------------
    fact_roles: frozenset[str] = Field(
        default=frozenset({"user"}), description="Turn roles whose statements may become facts about the user.")


#: The default: refuse sensitive data, hedges are hypotheses (<= 0.4) for 30 days, tasks last 7 days.
DEFAULT_POLICY = PolicyConfig()

#: Store sensitive data encrypted for 24 hours instead of refusing it (needs a Fernet key).
ENCRYPT_SENSITIVE = PolicyConfig(sensitive_mode=SensitiveMode.encrypt)

#: Cautious: hedges count for less, tasks and hypotheses lapse sooner, sensitive data is refused.
CAUTIOUS = PolicyConfig(hedged_confidence=0.25, task_ttl=timedelta(days=3), hypothesis_ttl=timedelta(days=14),
                        stated_confidence=0.8)
