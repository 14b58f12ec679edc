"""Slot names an earlier build wrote for the same slot, read together with today's name.

Quantity keys once kept a possessive 's as a word of its own ("my Tesla's range" became
``quantity_tesla_s_range``; now ``quantity_tesla_range``). A store written before keeps the old
name, so a new value under the new name would sit beside the old one instead of superseding it.
Reading the old name's records into the new name's slot lets the new value close them (they keep
their own name and history), so nothing is orphaned and as-of still answers the old value.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..graph.store import GraphStore
from ..model import Fact
from ..temporal.predicates import QUANTITY_PREFIX

SlotKey = tuple[str, str, str]


def other_predicates(predicate: str) -> list[str]:
    """The other names of this quantity slot: today's (no lone ``s`` word) and those an earlier
    build gave it, one possessive ``_s`` after any word but the last (``quantity_tesla_range`` <->
    ``quantity_tesla_s_range``)."""
    if not predicate.startswith(QUANTITY_PREFIX):
        return []
    words = [w for w in predicate.removeprefix(QUANTITY_PREFIX).split("_") if w != "s"]
    names = [f"{QUANTITY_PREFIX}{'_'.join(words)}"] + [
        f"{QUANTITY_PREFIX}{'_'.join([*words[:i], 's', *words[i:]])}"[:64].rstrip("_") for i in range(1, len(words))]
    return [name for name in dict.fromkeys(names) if name != predicate]


def slot_records(store: GraphStore, keys: Sequence[SlotKey]) -> dict[SlotKey, list[Fact]]:
    """``store.slot_records_many(keys)``, each quantity slot with the believed records of its other
    names added (another name that is itself asked for keeps its own records)."""
    asked = set(keys)
    former = {key: [k for p in other_predicates(key[2]) if (k := (key[0], key[1], p)) not in asked] for key in keys}
    wanted = list(dict.fromkeys([*keys, *(k for ks in former.values() for k in ks)]))
    found = store.slot_records_many(wanted)
    out: dict[SlotKey, list[Fact]] = {}
    for key in dict.fromkeys(keys):
        facts = list(found.get(key, []))
        for k in former[key]:
            facts.extend(found.get(k, []))
        out[key] = sorted(facts, key=lambda f: (f.valid_from, f.recorded_at)) if former[key] else facts
    return out
