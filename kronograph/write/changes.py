"""End, forget, retract: the write room's changes to records already stored.

Each one states what changed about some records of a slot and lets :func:`revise_slot`
settle the slot again, so whatever the change no longer closes re-opens. The facade
(``Memory.end_fact``, ``forget``, ``retract``), ingestion (an "I no longer ..." or a forget
request in conversation) and maintenance (purging) all come here; validation of the
caller's arguments stays with the caller. Every function must run inside a transaction.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any

from ..graph.store import ChangeSet, GraphStore, SpanRow
from ..model import Fact, SourceSpan, Status
from ..policy.consolidation import DEFAULT_CONSOLIDATION, ConsolidationPolicy
from ..temporal.decisions import to_end
from ..temporal.predicates import PredicateSchema
from ..temporal.timeline import settle
from .consolidate import drop_deleted_sources
from .former_keys import slot_records
from .redaction import FormMatcher, Range, cut, cut_ranges, moved, surface_forms
from .writer import SlotKey, slot_key


def revise_slot(store: GraphStore, schema: PredicateSchema, key: SlotKey, now: datetime, changes: dict[str, Fact],
                *, records: list[Fact] | None = None, audit: Sequence[Any] = ()) -> dict[str, Fact]:
    """Apply ``changes`` (new versions of some of the slot's records; a retracted one leaves
    the believed set), let ``settle`` derive every closure anew, and write it all with the
    ``audit`` entries. ``records`` are the slot's records when the caller has just read them.
    Returns every revised record by id."""
    if records is None:
        records = slot_records(store, [key])[key]
    believed = [f for f in (changes.get(r.id, r) for r in records) if f.retracted_at is None]
    revised = dict(changes)
    for fact in settle(believed, single_valued=schema.is_single_valued(key[2])):
        revised[fact.id] = fact
    if revised or audit:
        store.write(ChangeSet(now=now, revised=list(revised.values()), audit=list(audit)),
                    {r.id: r for r in records})
    return revised


def end_facts(store: GraphStore, schema: PredicateSchema, key: SlotKey, *, at: datetime, obj: str | None,
              now: datetime, records: list[Fact] | None = None) -> list[Fact]:
    """"It is no longer so": the records of the slot valid at ``at`` (only ``obj``'s, when
    given) state that they end there. Returns the ended records."""
    if records is None:
        records = slot_records(store, [key])[key]
    targets = to_end(records, at=at, obj=obj)
    if not targets:
        return []
    revised = revise_slot(store, schema, key, now, {t.id: t.evolve(stated_until=at) for t in targets},
                          records=records)
    return [revised[t.id] for t in targets]


def archive_facts(store: GraphStore, user_id: str, targets: list[Fact], *, now: datetime, reason: str) -> list[str]:
    """Hide records from default reads (kept, recalled on demand). Returns the ids archived."""
    archived = [t.model_copy(update={"status": Status.archived}) for t in targets
                if t.status not in (Status.archived, Status.corrected)]
    changes = ChangeSet(now=now, revised=archived)
    for fact in archived:
        changes.log("archive", user_id, fact.id, reason_given=bool(reason))
    store.write(changes, {t.id: t for t in targets})
    return [f.id for f in archived]


def hard_delete(store: GraphStore, schema: PredicateSchema, targets: list[Fact], now: datetime,
                reason: str, *, consolidation: ConsolidationPolicy = DEFAULT_CONSOLIDATION,
                cut_too: Sequence[SourceSpan] = (), owner: str | None = None,
                texts: Mapping[str, str] | None = None) -> list[str]:
    """Delete records for good (a content-free tombstone stays) and undo what they did:
    whatever they had closed re-opens, and no summary keeps their content (each one built on
    them is rebuilt from its other sources or deleted too). ``cut_too``: more spans of
    ``owner``'s episodes to cut (a forget request's own words, statements it names), with or
    without records; ``texts``: ``owner``'s episode texts as just read in this transaction
    (not read again). Returns the ids deleted."""
    _delete(store, schema, targets, now, reason, cut_too, owner, texts)
    summarised = {u: store.may_hold_summaries(u) for u in {t.user_id for t in targets}}
    drop_deleted_sources(store, [t for t in targets if t.is_summary or summarised[t.user_id]], now=now,
                         policy=consolidation,
                         hard_delete=lambda doomed: _delete(store, schema, doomed, now, "summary of a deleted memory"))
    return [t.id for t in targets]


def _delete(store: GraphStore, schema: PredicateSchema, targets: list[Fact], now: datetime, reason: str,
            cut_too: Sequence[SourceSpan] = (), owner: str | None = None, texts: Mapping[str, str] | None = None) -> None:
    """Delete the records, and cut out of all of their user's episodes first the spans they
    were read from, then every surface form of their values (every version's object, and a
    subject that is not the speaker); one pass per episode, however many records go. The
    other records' spans in a rewritten episode move with the text (or go with it)."""
    rewritten: dict[str, str] = {}
    spans: dict[str, list[SpanRow]] = {}
    doomed = {t.id for t in targets}
    for user_id in dict.fromkeys([*(t.user_id for t in targets), *([owner] if owner else [])]):
        mine = [t for t in targets if t.user_id == user_id]
        found = store.versions_many([t.id for t in mine])
        versions = [v for t in mine for v in found.get(t.id) or [t]]
        own: dict[str, set[Range]] = defaultdict(set)
        for version in versions:
            for span in version.source_spans:
                own[span.episode_id].add((span.start, span.end))
        for span in cut_too:  # only the owner's episodes are scanned, so only its owner cuts it
            own[span.episode_id].add((span.start, span.end))
        forms = FormMatcher(surface_forms(versions))
        if not forms and not own:
            continue
        cuts: dict[str, tuple[str, list[Range]]] = {}
        known = texts if texts is not None and user_id == owner else None
        for episode_id, text in (known if known is not None else store.episode_texts(user_id)).items():
            ranges = cut_ranges(text, own.get(episode_id, ()), forms)
            if ranges:
                cuts[episode_id] = (text, ranges)
        others = store.episode_spans(list(cuts))
        for episode_id, (text, ranges) in cuts.items():
            rewritten[episode_id] = cut(text, ranges)
            if episode_id in others:
                spans[episode_id] = [(fid, episode_id, *where) for fid, _, a, b in others[episode_id]
                                     if fid not in doomed and (where := moved((a, b), ranges)) is not None]
    store.hard_delete([t.id for t in targets], now=now, reason=reason, episodes=rewritten, spans=spans)
    for key in {slot_key(t.user_id, t.subject, t.predicate) for t in targets}:
        revise_slot(store, schema, key, now, {})


#: ``hard_delete`` with the store and schema bound, as maintenance takes it.
HardDelete = Callable[[list[Fact], datetime, str], list[str]]


def retract_fact(store: GraphStore, schema: PredicateSchema, target: Fact, *, now: datetime, user_id: str,
                 reason: str) -> Fact:
    """"That was never true": stop believing a record without a replacement (it keeps its row,
    ``retracted_at`` = now, status ``corrected``); whatever it had closed re-opens."""
    if target.retracted_at is not None:
        return target
    retracted = target.evolve(status=Status.corrected, retracted_at=now)
    revise_slot(store, schema, slot_key(target.user_id, target.subject, target.predicate), now,
                {target.id: retracted}, audit=[("retract", user_id, target.id, {"reason_given": bool(reason)})])
    return retracted
