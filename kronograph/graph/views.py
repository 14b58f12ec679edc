"""networkx views of the fact graph: traversal, algorithms and GraphML export.

Nodes are entity name keys (with the display name); edges are facts keyed by fact id.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import networkx as nx

from ..model import Fact
from ..temporal.timeline import object_key


def to_networkx(facts: Iterable[Fact]) -> nx.MultiDiGraph:
    """A MultiDiGraph with one edge per fact (attribute ``fact`` holds the model)."""
    graph = nx.MultiDiGraph()
    for fact in facts:
        source, target = object_key(fact.subject), object_key(fact.object)
        graph.add_node(source, name=fact.subject)
        graph.add_node(target, name=fact.object)
        graph.add_edge(source, target, key=fact.id, predicate=fact.predicate, fact=fact)
    return graph


def write_graphml(graph: nx.MultiDiGraph, path: Path) -> None:
    """GraphML holds only scalars: flatten each edge's fact into string attributes."""
    flat = nx.MultiDiGraph()
    for node, data in graph.nodes(data=True):
        flat.add_node(node, name=data.get("name", node))
    for u, v, key, data in graph.edges(keys=True, data=True):
        fact: Fact = data["fact"]
        attrs = {
            "predicate": fact.predicate, "text": fact.text, "status": fact.status.value,
            "memory_type": fact.memory_type.value, "confidence": fact.confidence,
            "valid_from": fact.valid_from.isoformat(),
            "valid_until": fact.valid_until.isoformat() if fact.valid_until else "",
            "recorded_at": fact.recorded_at.isoformat(),
        }
        flat.add_edge(u, v, key=key, **attrs)
    nx.write_graphml(flat, path)
