"""Every Cypher statement kronograph sends to Neo4j, in one place, so one test can lint them all.

The graph reads well in Neo4j Browser:

    (:Entity:Person {name: "Ada"})-[:LIVES_IN {text, valid_from, valid_until, ...}]->(:Entity:Place {name: "Paris"})
    (:Episode {content})-[:PRODUCED]->(:FactRecord {text})     (:Episode)-[:MENTIONS]->(:Entity)

Each *version* of a fact is one relationship from its subject entity to its object (an
``:Entity`` or a literal ``:Value``), typed by the predicate (``lives_in`` -> ``LIVES_IN``) and
carrying every bi-temporal and lifecycle property plus ``tx_from``/``tx_to``. Each *record*
(a fact id, whatever its versions) also has one ``:FactRecord`` node: the unique id, the
scope and slot keys, the text and the embedding, so ids, full-text and vector search have
an index to use (Neo4j indexes relationships only per type; a record node needs no type).

Only facts leave ``:Entity`` nodes, so "every fact of a user" is one expansion from the
user's entities. Values always travel as parameters; the only text spliced in is a label
or relationship type, and only after :func:`rel_type` / :func:`entity_label` validated it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ...errors import UsageError
from ...model import EntityType


@dataclass(frozen=True)
class CypherQuery:
    """A Cypher statement and the names of its parameters: the store must pass exactly these,
    and the lint test declares exactly these, so a typo on either side is caught."""

    text: str
    params: frozenset[str]


def _s(text: str, *params: str) -> CypherQuery:
    return CypherQuery(text, frozenset(params))


SAFE_NAME: Final = re.compile(r"^[A-Z][A-Za-z0-9_]{0,63}$")

#: ``:Entity`` carries one of these as its second label, so Browser colours kinds apart.
ENTITY_LABELS: Final[dict[EntityType, str]] = {
    EntityType.person: "Person",
    EntityType.place: "Place",
    EntityType.organization: "Organization",
    EntityType.product: "Product",
    EntityType.date: "Date",
    EntityType.concept: "Concept",
    EntityType.other: "Other",
}

#: Every node label the store writes (the lint test declares them, so a typo is flagged).
LABELS: Final = ("Entity", *ENTITY_LABELS.values(), "Value", "FactRecord", "Episode", "Tombstone",
                 "AuditEntry", "Sequence")
#: Relationship types that are not facts (they leave ``:Episode`` nodes).
LINK_TYPES: Final = ("PRODUCED", "MENTIONS")


def rel_type(predicate: str) -> str:
    """The relationship type for a predicate: ``lives_in`` -> ``LIVES_IN``; refuses anything unsafe.

    A predicate named like a link type (``mentions``) is fine: facts only ever leave
    ``:Entity`` nodes and links only leave ``:Episode`` nodes, so the two never mix.
    """
    candidate = predicate.upper()
    if not SAFE_NAME.match(candidate):
        raise UsageError("predicate", f"{predicate!r} cannot name a Neo4j relationship type")
    return candidate


def entity_label(etype: EntityType) -> str:
    """The second label of an entity node (``Person``, ``Place``, ...)."""
    return ENTITY_LABELS[etype]


def _checked(name: str) -> str:
    if not SAFE_NAME.match(name):
        raise UsageError("name", f"{name!r} is not a safe Neo4j label or relationship type")
    return name


# -- schema: constraints and indexes, idempotent ---------------------------------------------
#: all-MiniLM-L6-v2 embeddings have 384 dimensions.
DEFAULT_EMBEDDING_DIMENSIONS: Final = 384

_SCHEMA: Final[tuple[str, ...]] = (
    "CREATE CONSTRAINT entity_id IF NOT EXISTS FOR (e:Entity) REQUIRE e.id IS UNIQUE",
    "CREATE CONSTRAINT entity_name_key IF NOT EXISTS FOR (e:Entity) REQUIRE (e.user_id, e.name_key) IS UNIQUE",
    "CREATE CONSTRAINT value_key IF NOT EXISTS FOR (v:Value) REQUIRE (v.user_id, v.key) IS UNIQUE",
    "CREATE CONSTRAINT fact_record_id IF NOT EXISTS FOR (f:FactRecord) REQUIRE f.id IS UNIQUE",
    "CREATE CONSTRAINT episode_id IF NOT EXISTS FOR (e:Episode) REQUIRE e.id IS UNIQUE",
    "CREATE CONSTRAINT tombstone_fact_id IF NOT EXISTS FOR (t:Tombstone) REQUIRE t.fact_id IS UNIQUE",
    "CREATE CONSTRAINT audit_id IF NOT EXISTS FOR (a:AuditEntry) REQUIRE a.id IS UNIQUE",
    "CREATE CONSTRAINT sequence_name IF NOT EXISTS FOR (s:Sequence) REQUIRE s.name IS UNIQUE",
    # scope
    "CREATE INDEX entity_user IF NOT EXISTS FOR (e:Entity) ON (e.user_id)",
    "CREATE INDEX fact_record_user IF NOT EXISTS FOR (f:FactRecord) ON (f.user_id)",
    "CREATE INDEX fact_record_slot IF NOT EXISTS FOR (f:FactRecord) ON (f.user_id, f.subject_key, f.predicate)",
    "CREATE INDEX tombstone_user IF NOT EXISTS FOR (t:Tombstone) ON (t.user_id)",
    "CREATE INDEX audit_fact IF NOT EXISTS FOR (a:AuditEntry) ON (a.fact_id)",
    # scope + time
    "CREATE INDEX fact_record_recorded IF NOT EXISTS FOR (f:FactRecord) ON (f.user_id, f.recorded_at)",
    "CREATE INDEX episode_user_time IF NOT EXISTS FOR (e:Episode) ON (e.user_id, e.reference_time)",
    "CREATE INDEX audit_user_time IF NOT EXISTS FOR (a:AuditEntry) ON (a.user_id, a.at)",
    "CREATE INDEX tombstone_time IF NOT EXISTS FOR (t:Tombstone) ON (t.deleted_at)",
    # search
    # The english analyzer stems words, as the embedded store's FTS5 porter tokenizer does.
    "CREATE FULLTEXT INDEX fact_text IF NOT EXISTS FOR (f:FactRecord) ON EACH [f.text] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
    "CREATE FULLTEXT INDEX episode_content IF NOT EXISTS FOR (e:Episode) ON EACH [e.content] "
    "OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}",
)


def schema(dimensions: int = DEFAULT_EMBEDDING_DIMENSIONS) -> tuple[CypherQuery, ...]:
    """Constraints and indexes, all ``IF NOT EXISTS``; the vector index has ``dimensions`` dimensions.

    Schema commands take no parameters, so the dimension count (an int, checked) is spliced in.
    """
    if isinstance(dimensions, bool) or not isinstance(dimensions, int) or not 1 <= dimensions <= 4096:
        raise UsageError("embedding_dimensions", f"expected an integer between 1 and 4096, got {dimensions!r}")
    vector = (
        "CREATE VECTOR INDEX fact_embedding IF NOT EXISTS FOR (f:FactRecord) ON (f.embedding) "
        f"OPTIONS {{indexConfig: {{`vector.dimensions`: {dimensions}, `vector.similarity_function`: 'cosine'}}}}"
    )
    return tuple(_s(text) for text in (*_SCHEMA, vector))

#: Wait until new indexes are online (a full-text query on a populating index fails).
AWAIT_INDEXES: Final[CypherQuery] = _s("CALL db.awaitIndexes($seconds)", "seconds")

# -- transactions --------------------------------------------------------------------------------
#: Every write transaction first takes the write lock of one node and holds it until commit,
#: so writers serialise as they do on the embedded store (read a slot, decide, write).
ACQUIRE_WRITE_LOCK: Final[CypherQuery] = _s(
    "MERGE (lock:Sequence {name: 'write_transactions'}) ON CREATE SET lock.value = 0 "
    "SET lock.value = lock.value + 1"
)

# -- entities -----------------------------------------------------------------------------------


def ensure_entities(label: str) -> CypherQuery:
    """Find or create a user's entities by name key; new ones get ``:Entity:<label>``."""
    return _s(
        "UNWIND $rows AS row "
        "MERGE (e:Entity {user_id: $user_id, name_key: row.key}) "
        f"ON CREATE SET e.id = row.id, e.name = row.name, e.type = row.type, e.created_at = $now, e:{_checked(label)} "
        "RETURN e.id AS id, e.name AS name, e.name_key AS key, e.type AS type, e.created_at AS created_at",
        "rows", "user_id", "now",
    )


def load_entities(label: str) -> CypherQuery:
    """Create entities exactly as exported (ids and creation times kept)."""
    return _s(
        "UNWIND $rows AS row "
        f"CREATE (e:Entity:{_checked(label)} {{id: row.id, user_id: row.user_id, name: row.name, "
        "name_key: row.name_key, type: row.type, created_at: row.created_at})",
        "rows",
    )


ENTITIES: Final[CypherQuery] = _s(
    "MATCH (e:Entity {user_id: $user_id}) "
    "RETURN e.id AS id, e.name AS name, e.type AS type, e.created_at AS created_at ORDER BY e.name_key", "user_id"
)

# -- fact versions ------------------------------------------------------------------------------
#: The subject of a fact is always an entity node; one is created (type other) for a
#: record that arrives without one, so every record can be reached from its subject.
_SUBJECT = (
    "MERGE (s:Entity {user_id: row.user_id, name_key: row.props.subject_key}) "
    "ON CREATE SET s.id = row.subject_node_id, s.name = row.props.subject, s.type = 'other', "
    "s.created_at = row.props.tx_from, s:Other "
)


def create_versions_to_entity(rtype: str) -> CypherQuery:
    """Write fact versions whose object is an entity; returns how many were written."""
    return _s(
        "UNWIND $rows AS row " + _SUBJECT + "WITH row, s "
        "MATCH (o:Entity {id: row.props.object_entity_id}) "
        f"CREATE (s)-[r:{_checked(rtype)}]->(o) SET r = row.props "
        "RETURN count(r) AS written",
        "rows",
    )


def create_versions_to_value(rtype: str) -> CypherQuery:
    """Write fact versions whose object is a literal, kept as a shared ``:Value`` node."""
    return _s(
        "UNWIND $rows AS row " + _SUBJECT + "WITH row, s "
        "MERGE (o:Value {user_id: row.user_id, key: row.props.object_key}) ON CREATE SET o.name = row.props.object "
        f"CREATE (s)-[r:{_checked(rtype)}]->(o) SET r = row.props "
        "RETURN count(r) AS written",
        "rows",
    )


#: One node per record: its id, slot keys and text (the search document).
UPSERT_RECORDS: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "MERGE (f:FactRecord {id: row.id}) "
    "SET f.user_id = row.user_id, f.subject_key = row.subject_key, f.predicate = row.predicate, "
    "f.object_key = row.object_key, f.object_entity_id = row.object_entity_id, "
    "f.recorded_at = row.recorded_at, f.text = row.text", "rows"
)

#: Current versions of records, found through their record node (for revisions and reinforcement).
_CURRENT_BY_ID = (
    "UNWIND $rows AS row "
    "MATCH (f:FactRecord {id: row.id}) "
    "MATCH (:Entity {user_id: f.user_id, name_key: f.subject_key})-[r]->() "
    "WHERE r.id = row.id AND r.tx_to IS NULL "
)

CURRENT_VERSION_STATE: Final[CypherQuery] = _s(
    _CURRENT_BY_ID
    + "RETURN r.id AS id, r.tx_from AS tx_from, r.access_count AS access_count, "
    "r.last_accessed_at AS last_accessed_at", "rows"
)

#: Close the current version: the memory stopped holding it at ``$now``.
CLOSE_CURRENT_VERSIONS: Final[CypherQuery] = _s(_CURRENT_BY_ID + "SET r.tx_to = $now RETURN count(r) AS closed", "rows", "now")

#: Drop a current version written at this same instant (no moment ever saw it).
DROP_CURRENT_VERSIONS: Final[CypherQuery] = _s(_CURRENT_BY_ID + "DELETE r RETURN count(*) AS dropped", "rows")

#: Reinforce: bump access counts on the current versions (not a belief change).
REINFORCE: Final[CypherQuery] = _s(
    _CURRENT_BY_ID
    + "SET r.access_count = coalesce(r.access_count, 0) + row.n, r.last_accessed_at = $now", "rows", "now"
)

#: Access counts moved onto a record by a merge (its last access is kept).
ADD_ACCESS: Final[CypherQuery] = _s(
    _CURRENT_BY_ID + "SET r.access_count = coalesce(r.access_count, 0) + row.n", "rows"
)

# -- reading facts ------------------------------------------------------------------------------
_SOURCES = ("[(ep:Episode)-[:PRODUCED]->(:FactRecord {id: r.id}) | ep.id] AS sources, "
            "[(ep:Episode)-[p:PRODUCED]->(:FactRecord {id: r.id}) WHERE p.spans IS NOT NULL "
            "| {episode_id: ep.id, spans: p.spans}] AS spans")
_ORDER = " ORDER BY r.valid_from, r.recorded_at, r.id"

#: The two clocks and the lifecycle filters of FactQuery (null parameters switch a filter off).
_QUERY_FILTERS = (
    "WHERE r.user_id = $user_id AND r.tx_from <= $known_at AND (r.tx_to IS NULL OR r.tx_to > $known_at) "
    "AND ($predicate IS NULL OR r.predicate = $predicate) "
    "AND ($object_key IS NULL OR r.object_key = $object_key) "
    "AND ($agent_id IS NULL OR r.agent_id = $agent_id) "
    "AND ($app_id IS NULL OR r.app_id = $app_id) "
    "AND ($run_id IS NULL OR r.run_id = $run_id) "
    "AND ($as_of IS NULL OR (r.valid_from <= $as_of AND (r.valid_until IS NULL OR r.valid_until > $as_of))) "
    "AND r.lifecycle IN $lifecycles "
    "AND ($include_expired OR r.expires_at IS NULL OR r.expires_at > $known_at) "
)


def _rel(rtype: str | None) -> str:
    return "[r]" if rtype is None else f"[r:{_checked(rtype)}]"


def query_facts(*, by_ids: bool, rtype: str | None, limited: bool) -> CypherQuery:
    """FactQuery: versions believed at ``$known_at`` (and valid at ``$as_of`` when given).

    ``by_ids`` starts from record nodes (``$fact_ids``), else from the user's entities
    (narrowed by ``$subject_key``); ``rtype`` narrows the expansion to one predicate's type.
    """
    if by_ids:
        start = (
            "MATCH (f:FactRecord) WHERE f.id IN $fact_ids AND f.user_id = $user_id "
            f"MATCH (s:Entity {{user_id: f.user_id, name_key: f.subject_key}})-{_rel(rtype)}->(o) "
            "WHERE r.id = f.id AND ($subject_key IS NULL OR s.name_key = $subject_key) WITH r "
        )
    else:
        start = (
            "MATCH (s:Entity {user_id: $user_id}) WHERE $subject_key IS NULL OR s.name_key = $subject_key "
            f"MATCH (s)-{_rel(rtype)}->(o) WITH r "
        )
    params = ["user_id", "known_at", "as_of", "subject_key", "predicate", "object_key", "agent_id", "app_id",
              "run_id", "lifecycles", "include_expired"]
    if by_ids:
        params.append("fact_ids")
    if limited:
        params.append("limit")
    tail = " LIMIT $limit" if limited else ""
    return _s(start + _QUERY_FILTERS + "RETURN r {.*} AS fact, " + _SOURCES + _ORDER + tail, *params)


def current_facts(*, by_ids: bool, rtype: str | None) -> CypherQuery:
    """Current versions (any status) of a user's records, optionally one subject / predicate / ids."""
    if by_ids:
        start = (
            "MATCH (f:FactRecord) WHERE f.id IN $fact_ids AND f.user_id = $user_id "
            f"MATCH (s:Entity {{user_id: f.user_id, name_key: f.subject_key}})-{_rel(rtype)}->(o) "
            "WHERE r.id = f.id AND r.tx_to IS NULL AND ($subject_key IS NULL OR s.name_key = $subject_key) "
        )
    else:
        start = (
            "MATCH (s:Entity {user_id: $user_id}) WHERE $subject_key IS NULL OR s.name_key = $subject_key "
            f"MATCH (s)-{_rel(rtype)}->(o) WHERE r.tx_to IS NULL "
        )
    params = ("user_id", "subject_key", "predicate", *(("fact_ids",) if by_ids else ()))
    return _s(start + "AND ($predicate IS NULL OR r.predicate = $predicate) RETURN r {.*} AS fact, " + _SOURCES + _ORDER,
              *params)


def slot_records(rtype: str) -> CypherQuery:
    """Believed current versions of many slots of one predicate (the writer's read)."""
    return _s(
        "UNWIND $slots AS slot "
        f"MATCH (s:Entity {{user_id: slot.user_id, name_key: slot.subject_key}})-[r:{_checked(rtype)}]->() "
        "WHERE r.predicate = slot.predicate AND r.tx_to IS NULL AND r.retracted_at IS NULL "
        "RETURN r {.*} AS fact, " + _SOURCES + _ORDER,
        "slots",
    )


#: Every version of several records, each record's oldest first.
VERSIONS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (f:FactRecord {id: id}) "
    "MATCH (:Entity {user_id: f.user_id, name_key: f.subject_key})-[r]->() WHERE r.id = f.id "
    "RETURN r {.*} AS fact, " + _SOURCES + " ORDER BY r.id, r.tx_from", "ids"
)

#: Whether any version of a user's records holds a summary's marker in its memory fields.
ANY_SUMMARY: Final[CypherQuery] = _s(
    "MATCH (:Entity {user_id: $user_id})-[r]->() WHERE r.memory_fields CONTAINS $mark "
    "RETURN r.id AS id LIMIT 1", "user_id", "mark"
)

ALL_VERSIONS: Final[CypherQuery] = _s(
    "MATCH (:Entity)-[r]->() "
    "RETURN r {.*} AS fact, " + _SOURCES + " ORDER BY r.user_id, r.tx_from, r.id"
)

USER_IDS: Final[CypherQuery] = _s(
    "MATCH (n) WHERE n:FactRecord OR n:Episode RETURN DISTINCT n.user_id AS user_id ORDER BY user_id"
)

# -- episodes and provenance -----------------------------------------------------------------------
CREATE_EPISODE: Final[CypherQuery] = _s(
    "CREATE (ep:Episode {id: $id, user_id: $user_id, agent_id: $agent_id, app_id: $app_id, run_id: $run_id, "
    "content: $content, reference_time: $reference_time, recorded_at: $recorded_at, archived_at: $archived_at, "
    "language: $language})",
    "id", "user_id", "agent_id", "app_id", "run_id", "content", "reference_time", "recorded_at", "archived_at",
    "language"
)
#: A conversation summary took these episodes' place (an archived one keeps its first time).
ARCHIVE_EPISODES: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (ep:Episode {id: id}) WHERE ep.archived_at IS NULL SET ep.archived_at = $at", "ids", "at"
)

#: Provenance: the episode produced the record and mentions its entities; ``row.spans`` (see
#: ADD_SPANS, ``[]`` for none) go on the link in the same statement. Returns how many pairs
#: found both ends, so a dangling id is an error, not a silent loss.
LINK_SOURCES: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "MATCH (ep:Episode {id: row.episode_id}) "
    "MATCH (f:FactRecord {id: row.fact_id}) "
    "MERGE (ep)-[p:PRODUCED]->(f) "
    "FOREACH (_ IN CASE WHEN size(row.spans) > 0 THEN [1] ELSE [] END | "
    "SET p.spans = coalesce(p.spans, []) + row.spans) "
    "WITH ep, f "
    "OPTIONAL MATCH (s:Entity {user_id: f.user_id, name_key: f.subject_key}) "
    "OPTIONAL MATCH (o:Entity {id: f.object_entity_id}) "
    "FOREACH (n IN [x IN [s, o] WHERE x IS NOT NULL] | MERGE (ep)-[:MENTIONS]->(n)) "
    "RETURN count(*) AS linked", "rows"
)

#: Provenance down to the span: ``spans`` on a PRODUCED link is a flat list of character offsets
#: ``[start0, end0, start1, end1, ...]`` of the episode's content the record was read from.
ADD_SPANS: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "MATCH (ep:Episode {id: row.episode_id})-[p:PRODUCED]->(f:FactRecord {id: row.fact_id}) "
    "SET p.spans = coalesce(p.spans, []) + row.spans "
    "RETURN count(*) AS linked", "rows"
)
#: A rewritten episode's spans are written again from scratch.
CLEAR_EPISODE_SPANS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (:Episode {id: id})-[p:PRODUCED]->() REMOVE p.spans", "ids")
EPISODE_SPANS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (ep:Episode {id: id})-[p:PRODUCED]->(f:FactRecord) WHERE p.spans IS NOT NULL "
    "RETURN ep.id AS episode_id, f.id AS fact_id, p.spans AS spans", "ids"
)

_EPISODE_RETURN = (
    "RETURN ep {.*} AS episode, [(ep)-[:PRODUCED]->(f:FactRecord) | f.id] AS fact_ids"
)

GET_EPISODE: Final[CypherQuery] = _s("MATCH (ep:Episode {id: $id}) " + _EPISODE_RETURN, "id")


def episodes(*, limited: bool) -> CypherQuery:
    """A user's episodes, newest reference time first."""
    tail = " LIMIT $limit" if limited else ""
    return _s(
        "MATCH (ep:Episode {user_id: $user_id}) " + _EPISODE_RETURN
        + " ORDER BY ep.reference_time DESC, ep.recorded_at DESC" + tail,
        "user_id", *(("limit",) if limited else ()),
    )


#: A rewritten episode's embedding no longer matches its text: dropped, so it is embedded again.
SET_EPISODE_CONTENT: Final[CypherQuery] = _s(
    "MATCH (ep:Episode {id: $id}) SET ep.content = $content REMOVE ep.embedding, ep.embedding_model",
    "id", "content")

EPISODE_CONTENTS: Final[CypherQuery] = _s("UNWIND $ids AS id MATCH (ep:Episode {id: id}) RETURN ep.id AS id, ep.content AS content", "ids")

#: What remains linked to some episodes, to rebuild their MENTIONS after a delete.
EPISODE_SOURCE_PAIRS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (ep:Episode {id: id})-[:PRODUCED]->(f:FactRecord) "
    "RETURN ep.id AS episode_id, f.id AS fact_id", "ids"
)

DROP_MENTIONS: Final[CypherQuery] = _s("UNWIND $ids AS id MATCH (:Episode {id: id})-[m:MENTIONS]->() DELETE m", "ids")

# -- hard delete ---------------------------------------------------------------------------------
#: The owner, the episodes and the content (objects, sentences) of one record.
DELETE_TARGET: Final[CypherQuery] = _s(
    "MATCH (f:FactRecord {id: $fact_id}) "
    "OPTIONAL MATCH (:Entity {user_id: f.user_id, name_key: f.subject_key})-[r]->() WHERE r.id = f.id "
    "WITH f, collect(DISTINCT r.object) + collect(DISTINCT r.text) AS contents "
    "RETURN f.user_id AS user_id, contents, [(ep:Episode)-[:PRODUCED]->(f) | ep.id] AS episode_ids", "fact_id"
)

#: Delete every version, the record node (with its text and embedding) and its audit
#: entries, then the entities and values no fact touches any more (no orphans).
DELETE_FACT: Final[CypherQuery] = _s(
    "MATCH (f:FactRecord {id: $fact_id}) "
    "OPTIONAL MATCH (s:Entity {user_id: f.user_id, name_key: f.subject_key})-[r]->(o) WHERE r.id = f.id "
    "WITH f, collect(r) AS rels, collect(DISTINCT s) + collect(DISTINCT o) AS ends "
    "FOREACH (x IN rels | DELETE x) "
    "DETACH DELETE f "
    "WITH ends "
    "OPTIONAL MATCH (a:AuditEntry {fact_id: $fact_id}) "
    "DELETE a "
    "WITH DISTINCT ends "
    "UNWIND ends AS n "
    "WITH DISTINCT n "
    "WHERE NOT EXISTS { MATCH (n)-[]-(other) WHERE NOT other:Episode } "
    "DETACH DELETE n", "fact_id"
)

PUT_TOMBSTONE: Final[CypherQuery] = _s(
    "MERGE (t:Tombstone {fact_id: $fact_id}) "
    "SET t.user_id = $user_id, t.deleted_at = $deleted_at, t.reason = $reason", "fact_id", "user_id", "deleted_at", "reason"
)

TOMBSTONES: Final[CypherQuery] = _s(
    "MATCH (t:Tombstone {user_id: $user_id}) "
    "RETURN t.fact_id AS fact_id, t.deleted_at AS deleted_at, t.reason AS reason ORDER BY t.deleted_at", "user_id"
)

# -- audit ----------------------------------------------------------------------------------------
#: Append entries with increasing integer ids from one ``:Sequence`` node (the write
#: transaction holds its lock until commit, so ids never repeat).
APPEND_AUDIT: Final[CypherQuery] = _s(
    "MERGE (seq:Sequence {name: 'audit'}) ON CREATE SET seq.value = 0 "
    "SET seq.locked = true "  # take the node's write lock before reading the value (no lost update)
    "WITH seq, seq.value AS base "
    "SET seq.value = base + size($rows) REMOVE seq.locked "
    "WITH base "
    "UNWIND range(0, size($rows) - 1) AS i "
    "WITH base + i + 1 AS id, $rows[i] AS row "
    "CREATE (:AuditEntry {id: id, at: row.at, action: row.action, user_id: row.user_id, "
    "fact_id: row.fact_id, detail: row.detail})", "rows"
)


def audit_log(*, limited: bool) -> CypherQuery:
    """Audit entries, oldest first, optionally for one user and/or one fact."""
    tail = " LIMIT $limit" if limited else ""
    return _s(
        "MATCH (a:AuditEntry) "
        "WHERE ($user_id IS NULL OR a.user_id = $user_id) AND ($fact_id IS NULL OR a.fact_id = $fact_id) "
        "RETURN a.id AS id, a.at AS at, a.action AS action, a.user_id AS user_id, a.fact_id AS fact_id, "
        "a.detail AS detail ORDER BY a.id" + tail,
        "user_id", "fact_id", *(("limit",) if limited else ()),
    )


# -- recall: full-text, vectors, entity neighbourhoods ---------------------------------------
def _full_text_search(index: str) -> CypherQuery:
    """BM25 over full-text ``index`` (``$query`` is Lucene syntax built from quoted words), one user's hits."""
    return _s(
        f"CALL db.index.fulltext.queryNodes('{index}', $query) YIELD node, score "
        "WHERE node.user_id = $user_id "
        "RETURN node.id AS id, score ORDER BY score DESC, id LIMIT $limit",
        "query", "user_id", "limit",
    )


SEARCH_TEXT: Final[CypherQuery] = _full_text_search("fact_text")
SEARCH_EPISODES: Final[CypherQuery] = _full_text_search("episode_content")

PUT_EMBEDDINGS: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "MATCH (f:FactRecord {id: row.id}) "
    "SET f.embedding = row.vector, f.embedding_model = $model "
    "RETURN count(f) AS stored",
    "rows", "model",
)

PENDING_EMBEDDINGS: Final[CypherQuery] = _s(
    "MATCH (f:FactRecord) WHERE ($user_id IS NULL OR f.user_id = $user_id) "
    "AND (f.embedding IS NULL OR ($model IS NOT NULL AND f.embedding_model <> $model)) "
    "RETURN f.id AS id, f.text AS text ORDER BY f.recorded_at, f.id LIMIT $limit",
    "user_id", "limit", "model",
)

EMBEDDED_COUNT: Final[CypherQuery] = _s(
    "MATCH (f:FactRecord {user_id: $user_id}) WHERE f.embedding_model = $model AND f.embedding IS NOT NULL "
    "RETURN count(f) AS embedded",
    "user_id", "model",
)

#: Exact cosine over one user's vectors only (Neo4j's similarity is (1 + cos) / 2).
VECTOR_SCAN: Final[CypherQuery] = _s(
    "MATCH (f:FactRecord {user_id: $user_id}) WHERE f.embedding_model = $model AND f.embedding IS NOT NULL "
    "WITH f, vector.similarity.cosine(f.embedding, $vector) AS score "
    "RETURN f.id AS id, score ORDER BY score DESC, id LIMIT $limit",
    "user_id", "model", "vector", "limit",
)

#: Approximate nearest neighbours from the vector index, oversampled (``$k``) then narrowed to the user.
VECTOR_INDEX_SEARCH: Final[CypherQuery] = _s(
    "CALL db.index.vector.queryNodes('fact_embedding', $k, $vector) YIELD node, score "
    "WHERE node.user_id = $user_id AND node.embedding_model = $model "
    "RETURN node.id AS id, score ORDER BY score DESC, id LIMIT $limit",
    "k", "vector", "user_id", "model", "limit",
)

EMBEDDINGS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (f:FactRecord {id: id}) "
    "WHERE f.user_id = $user_id AND f.embedding_model = $model AND f.embedding IS NOT NULL "
    "RETURN f.id AS id, f.embedding AS embedding",
    "ids", "user_id", "model",
)

PUT_EPISODE_EMBEDDINGS: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "MATCH (ep:Episode {id: row.id}) "
    "SET ep.embedding = row.vector, ep.embedding_model = $model "
    "RETURN count(ep) AS stored",
    "rows", "model",
)

PENDING_EPISODE_EMBEDDINGS: Final[CypherQuery] = _s(
    "MATCH (ep:Episode) WHERE ($user_id IS NULL OR ep.user_id = $user_id) "
    "AND (ep.embedding IS NULL OR ($model IS NOT NULL AND ep.embedding_model <> $model)) "
    "RETURN ep.id AS id, ep.content AS text ORDER BY ep.recorded_at, ep.id LIMIT $limit",
    "user_id", "limit", "model",
)

#: Exact cosine over one user's episode vectors only.
EPISODE_VECTOR_SCAN: Final[CypherQuery] = _s(
    "MATCH (ep:Episode {user_id: $user_id}) WHERE ep.embedding_model = $model AND ep.embedding IS NOT NULL "
    "WITH ep, vector.similarity.cosine(ep.embedding, $vector) AS score "
    "RETURN ep.id AS id, score ORDER BY score DESC, id LIMIT $limit",
    "user_id", "model", "vector", "limit",
)

#: The user's episodes said within a window around each given one (neighbours are picked from these).
EPISODES_NEAR: Final[CypherQuery] = _s(
    "UNWIND $windows AS w MATCH (o:Episode {user_id: $user_id}) "
    "WHERE o.reference_time >= w.lo AND o.reference_time <= w.hi "
    "RETURN w.id AS id, o.id AS other, o.reference_time AS reference_time, o.recorded_at AS recorded_at, "
    "o.run_id AS run_id",
    "windows", "user_id",
)

EPISODE_EMBEDDINGS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (ep:Episode {id: id}) "
    "WHERE ep.user_id = $user_id AND ep.embedding_model = $model AND ep.embedding IS NOT NULL "
    "RETURN ep.id AS id, ep.embedding AS embedding",
    "ids", "user_id", "model",
)

#: Episodes whose text was deleted or rewritten outside the store: their vectors go.
FORGET_EPISODE_EMBEDDINGS: Final[CypherQuery] = _s(
    "UNWIND $ids AS id MATCH (ep:Episode {id: id, user_id: $user_id}) REMOVE ep.embedding, ep.embedding_model",
    "ids", "user_id",
)

#: Current records whose subject or object is one of these entities, newest first.
ENTITY_FACT_IDS: Final[CypherQuery] = _s(
    "UNWIND $keys AS key "
    "MATCH (e:Entity {user_id: $user_id, name_key: key})-[r]-() "
    "WHERE r.id IS NOT NULL AND r.tx_to IS NULL "
    "WITH DISTINCT r.id AS id, r.recorded_at AS recorded_at "
    "RETURN id ORDER BY recorded_at DESC, id LIMIT $limit",
    "keys", "user_id", "limit",
)

# -- bulk load (export) --------------------------------------------------------------------------
LOAD_TOMBSTONES: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "CREATE (:Tombstone {fact_id: row.fact_id, user_id: row.user_id, deleted_at: row.deleted_at, reason: row.reason})", "rows"
)

LOAD_AUDIT: Final[CypherQuery] = _s(
    "UNWIND $rows AS row "
    "CREATE (:AuditEntry {id: row.id, at: row.at, action: row.action, user_id: row.user_id, "
    "fact_id: row.fact_id, detail: row.detail}) "
    "WITH max(row.id) AS top "
    "MERGE (seq:Sequence {name: 'audit'}) "
    "SET seq.value = CASE WHEN seq.value IS NULL OR seq.value < top THEN top ELSE seq.value END", "rows"
)

#: Remove everything kronograph wrote (tests and ``export --replace`` only).
WIPE: Final[CypherQuery] = _s(
    "MATCH (n) WHERE n:Entity OR n:Value OR n:FactRecord OR n:Episode OR n:Tombstone OR n:AuditEntry "
    "OR n:Sequence DETACH DELETE n"
)

# -- exploring in Neo4j Browser (docs/neo4j.md shows these; the lint test checks them) ---------
#: What is true about a user now: the current, believed, active and unexpired versions.
BROWSE_CURRENT_STATE: Final[CypherQuery] = _s(
    "MATCH (s:Entity {user_id: $user_id})-[r]->(o) "
    "WHERE r.tx_to IS NULL AND r.retracted_at IS NULL AND r.lifecycle = 'active' "
    "AND r.valid_from <= datetime() AND (r.valid_until IS NULL OR r.valid_until > datetime()) "
    "AND (r.expires_at IS NULL OR r.expires_at > datetime()) "
    "RETURN s, r, o", "user_id"
)

#: What was true on a date, as the memory knows it now.
BROWSE_STATE_AS_OF: Final[CypherQuery] = _s(
    "MATCH (s:Entity {user_id: $user_id})-[r]->(o) "
    "WHERE r.tx_to IS NULL AND r.retracted_at IS NULL AND r.lifecycle = 'active' "
    "AND r.valid_from <= datetime($as_of) AND (r.valid_until IS NULL OR r.valid_until > datetime($as_of)) "
    "RETURN s, r, o", "user_id", "as_of"
)

#: Every record of one slot (say, where the user lived), oldest first, as known now.
BROWSE_SLOT_HISTORY: Final[CypherQuery] = _s(
    "MATCH (s:Entity {user_id: $user_id, name_key: $subject})-[r]->(o) "
    "WHERE r.predicate = $predicate AND r.tx_to IS NULL "
    "RETURN o.name AS value, r.valid_from AS valid_from, r.valid_until AS valid_until, "
    "r.recorded_at AS recorded_at, r.retracted_at AS retracted_at, r.lifecycle AS lifecycle, "
    "r.superseded_by AS superseded_by ORDER BY r.valid_from, r.recorded_at", "user_id", "subject", "predicate"
)

#: What corrections retracted: the wrong record and the record that replaced it.
BROWSE_CORRECTIONS: Final[CypherQuery] = _s(
    "MATCH (s:Entity {user_id: $user_id})-[wrong]->(was) "
    "WHERE wrong.tx_to IS NULL AND wrong.lifecycle = 'corrected' "
    "OPTIONAL MATCH (s)-[right]->(now) WHERE right.id = wrong.superseded_by AND right.tx_to IS NULL "
    "RETURN s.name AS subject, wrong.predicate AS predicate, was.name AS retracted, now.name AS corrected_to, "
    "wrong.retracted_at AS retracted_at ORDER BY wrong.retracted_at DESC", "user_id"
)

#: What expires in the next days (task context, sensitive data with a short TTL).
BROWSE_EXPIRING: Final[CypherQuery] = _s(
    "MATCH (s:Entity {user_id: $user_id})-[r]->(o) "
    "WHERE r.tx_to IS NULL AND r.lifecycle = 'active' AND r.expires_at IS NOT NULL "
    "AND datetime() < r.expires_at <= datetime() + duration({days: $days}) "
    "RETURN s.name AS subject, r.predicate AS predicate, o.name AS object, r.memory_type AS memory_type, "
    "r.expires_at AS expires_at ORDER BY r.expires_at", "user_id", "days"
)

#: How the memory's belief in one record changed: every version on the transaction-time axis.
BROWSE_VERSIONS: Final[CypherQuery] = _s(
    "MATCH (:Entity)-[r {id: $fact_id}]->(o) "
    "RETURN r.tx_from AS version_from, r.tx_to AS version_until, o.name AS object, r.valid_from AS valid_from, "
    "r.valid_until AS valid_until, r.lifecycle AS lifecycle ORDER BY r.tx_from", "fact_id"
)

BROWSER_QUERIES: Final[dict[str, CypherQuery]] = {
    "current state of a user": BROWSE_CURRENT_STATE,
    "state as of a date": BROWSE_STATE_AS_OF,
    "history of one slot": BROWSE_SLOT_HISTORY,
    "what a correction retracted": BROWSE_CORRECTIONS,
    "what expires soon": BROWSE_EXPIRING,
    "versions of one record": BROWSE_VERSIONS,
}
