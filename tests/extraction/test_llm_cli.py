"""``kronograph add/ingest --extractor llm`` against a real local OpenAI-compatible server."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from kronograph import Memory
from kronograph.cli import main
from tests.extraction.test_llm import extraction_json, fact_json
from tests.llm_server import Reply, ScriptedLLMServer


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[ScriptedLLMServer]:
    with ScriptedLLMServer() as running:
        monkeypatch.setenv("OPENAI_BASE_URL", running.url)
        monkeypatch.setenv("KRONOGRAPH_LLM_MODEL", "cli-model")
        monkeypatch.delenv("OPENAI_API_KEY", raising=False)
        yield running


def test_add_with_the_llm_extractor_prints_what_it_remembered_and_spent(server: ScriptedLLMServer,
                                                                         db_path: Path) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(object="Lisbon", text="The user lives in Lisbon."))))
    result = CliRunner().invoke(main, ["add", "I live in Lisbon.", "--user", "u1", "--extractor", "llm",
                                       "--db", str(db_path)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1].startswith("remembered: The user lives in Lisbon. [")
    prompt_tokens = -(-len(server.calls()[0].prompt) // 4)
    assert lines[-1].startswith(f"llm: 1 calls, {prompt_tokens} prompt + ")
    assert server.calls()[0].body["model"] == "cli-model"
    with Memory(db_path) as mem:
        assert [f.object for f in mem.facts(user_id="u1")] == ["Lisbon"]


def test_ingest_with_the_llm_extractor_sums_the_calls(server: ScriptedLLMServer, db_path: Path,
                                                      tmp_path: Path) -> None:
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(object="Oslo", text="The user lives in Oslo."))),
              contains="Oslo")
    server.on("extract_facts", Reply.answer(extraction_json(fact_json(predicate="likes", object="tea",
                                                                      text="The user likes tea."))), contains="tea")
    chat = tmp_path / "chat.jsonl"
    chat.write_text('"I live in Oslo."\n{"role": "user", "content": "I like tea."}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["ingest", str(chat), "--user", "u1", "--extractor", "llm", "--json",
                                       "--db", str(db_path)])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output[result.output.index("{"):])
    assert (summary["messages"], summary["facts"], summary["llm_calls"], summary["fallbacks"]) == (2, 2, 2, 0)


def test_the_llm_extractor_without_a_key_or_server_is_a_clean_error(db_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    result = CliRunner().invoke(main, ["add", "I live in Oslo.", "--user", "u1", "--extractor", "llm",
                                       "--db", str(db_path)])
    assert result.exit_code == 1
    assert "Error: api_key: no API key" in result.output
