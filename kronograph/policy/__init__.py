"""The memory policy: what is remembered, as what, how sure, for how long, and what never is.

    from kronograph import Memory, MemoryPolicy, PolicyConfig
    mem = Memory("memory.db", policy=MemoryPolicy(PolicyConfig(sensitive_mode="encrypt")))

Pure logic (no I/O): :mod:`.config` holds the settings and presets, :mod:`.rules` the
decisions, :mod:`.sensitive` the detectors and redaction, :mod:`.dedup` paraphrase matching.
"""

from .config import CAUTIOUS, DEFAULT_POLICY, ENCRYPT_SENSITIVE, PolicyConfig, SensitiveMode
from .rules import Action, MemoryPolicy, PolicyContext, Verdict

__all__ = [
    "CAUTIOUS",
    "DEFAULT_POLICY",
    "ENCRYPT_SENSITIVE",
    "Action",
    "MemoryPolicy",
    "PolicyConfig",
    "PolicyContext",
    "SensitiveMode",
    "Verdict",
]
