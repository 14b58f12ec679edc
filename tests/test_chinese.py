"""The article's Chinese examples end to end: Chinese rules, the real policy, a real SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography.fernet import Fernet

from kronograph import Memory, MemoryPolicy, MemoryType, PolicyConfig, Status
from kronograph.extraction.offline import OfflineExtractor

from .conftest import Clock, file_bytes

REFERENCE = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)  # a Wednesday


@pytest.fixture
def mem(db_path: Path, clock: Clock) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor()) as memory:
        yield memory



def current(mem: Memory, predicate: str, **kw: object) -> list[str]:
    return sorted(f.object for f in mem.facts(user_id="u1", **kw) if f.predicate == predicate)  # type: ignore[arg-type]


def test_a_move_supersedes_the_old_city_and_as_of_still_sees_it(mem: Memory, clock: Clock) -> None:
    mem.add("我住在上海。", user_id="u1", reference_time=REFERENCE - timedelta(days=400))
    result = mem.add("我以前住在上海，现在搬到了杭州。", user_id="u1", reference_time=REFERENCE)
    assert [(f.predicate, f.object) for f in result.facts if f.status is Status.active] == [("lives_in", "杭州")]
    assert current(mem, "lives_in") == ["杭州"]
    assert current(mem, "lives_in", as_of=REFERENCE - timedelta(days=30)) == ["上海"]
    (episode,) = [e for e in mem.episodes(user_id="u1") if "杭州" in e.content]
    assert episode.language == "zh"


def test_a_correction_retracts_the_wrong_value_but_known_at_still_has_it(mem: Memory, clock: Clock) -> None:
    mem.add("我在做安卓 App。", user_id="u1")
    before = clock.advance(minutes=5)
    clock.advance(minutes=5)
    result = mem.add("我不是在做安卓 App，是 iOS。", user_id="u1")
    assert [(f.predicate, f.object) for f in result.facts] == [("current_project", "iOS App")]
    assert current(mem, "current_project") == ["iOS App"]
    assert current(mem, "current_project", known_at=before) == ["安卓 App"]


def test_a_task_of_this_week_expires_with_the_week(mem: Memory, clock: Clock) -> None:
    (task,) = mem.add("这周我在处理 Google Cloud 的试用额度。", user_id="u1").facts
    assert task.memory_type is MemoryType.task
    assert task.expires_at == datetime(2026, 5, 11, tzinfo=UTC)
    clock.set(datetime(2026, 5, 12, tzinfo=UTC))
    mem.maintain()
    assert current(mem, "has_task") == []


def test_a_hedge_stays_uncertain_until_a_diagnosis_confirms_it(mem: Memory, clock: Clock) -> None:
    (hedge,) = mem.add("我可能对青霉素过敏。", user_id="u1").facts
    assert hedge.memory_type is MemoryType.hypothesis and hedge.confidence < 0.5
    clock.advance(days=2)
    mem.add("医生确诊我对青霉素过敏。", user_id="u1")
    (fact,) = mem.facts(user_id="u1")
    assert fact.object == "青霉素" and fact.confidence > 0.9


def test_an_id_number_is_refused_and_redacted_from_the_episode(mem: Memory, db_path: Path) -> None:
    result = mem.add("我的身份证号是110101199003074515。", user_id="u1")
    assert result.facts == [] and result.rejected
    (episode,) = mem.episodes(user_id="u1")
    assert "110101199003074515" not in episode.content and "[redacted:identity_number]" in episode.content
    mem.close()
    assert b"110101199003074515" not in file_bytes(db_path)


@pytest.mark.parametrize("text", ["我手机号是13812345678。", "我的密码是abc12345。", "验证码：482913"])
def test_phone_numbers_and_secrets_in_chinese_are_refused(mem: Memory, db_path: Path, text: str) -> None:
    value = next(part for part in ("13812345678", "abc12345", "482913") if part in text)
    result = mem.add(text, user_id="u1")
    assert result.facts == [] and result.rejected
    mem.close()
    assert value.encode() not in file_bytes(db_path)


def test_forget_the_address_deletes_the_sealed_address(
        db_path: Path, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KRONOGRAPH_ENCRYPTION_KEY", Fernet.generate_key().decode())
    policy = MemoryPolicy(PolicyConfig(sensitive_mode="encrypt"))  # type: ignore[arg-type]
    with Memory(db_path, clock=clock, extractor=OfflineExtractor(), policy=policy) as mem:
        mem.add("我喜欢爬山。", user_id="u1")
        stored = mem.add("我家住在浙江省杭州市西湖区文三路100号3栋2单元501室。", user_id="u1")
        (address,) = [f for f in stored.facts if f.predicate == "address"]
        clock.advance(minutes=2)
        result = mem.add("忘掉我刚才说的地址。", user_id="u1")
        assert result.forgotten == [address.id]
        assert current(mem, "likes") == ["爬山"]
    assert "文三路".encode() not in file_bytes(db_path)


def test_chatter_stores_nothing(mem: Memory) -> None:
    for text in ["继续", "这个可以", "好的，谢谢！", "哈哈"]:
        assert mem.add(text, user_id="u1").facts == []


def test_a_third_person_fact_is_about_them(mem: Memory) -> None:
    (fact,) = mem.add("我妹妹住在北京。", user_id="u1").facts
    assert (fact.subject, fact.predicate, fact.object) == ("user's sister", "lives_in", "北京")


def test_a_childs_school_year_is_theirs_and_the_next_year_supersedes_it(mem: Memory) -> None:
    mem.add("我儿子今年上小学一年级了", user_id="u1", reference_time=REFERENCE - timedelta(days=365))
    (fact,) = mem.add("我儿子现在读二年级了。", user_id="u1", reference_time=REFERENCE).facts
    assert (fact.subject, fact.predicate, fact.object) == ("user's son", "current_education", "二年级")
    assert [f.object for f in mem.facts(user_id="u1")] == ["二年级"]
    assert [f.object for f in mem.facts(user_id="u1", as_of=REFERENCE - timedelta(days=100))] == ["小学一年级"]


def test_a_pronoun_is_the_relative_just_named_and_nobodys_without_one(mem: Memory) -> None:
    facts = mem.add("我老公在银行上班，他喜欢钓鱼。", user_id="u1").facts
    assert ("user's husband", "likes", "钓鱼") in [(f.subject, f.predicate, f.object) for f in facts]
    assert mem.add("他喜欢打篮球。", user_id="u1").facts == []


def test_recall_finds_a_chinese_fact_for_a_chinese_query(mem: Memory) -> None:
    mem.add("我现在主要用 Java 和 Spring Boot 做后端。", user_id="u1")
    mem.add("我以前住在上海，现在搬到了杭州。", user_id="u1")
    mem.add("我喜欢爬山。", user_id="u1")
    top = mem.recall("我住在哪个城市？", user_id="u1", k=1)
    assert top[0].fact.object == "杭州"


def test_add_many_with_two_processes_reads_chinese_and_english_alike(db_path: Path, clock: Clock) -> None:
    messages = ["我住在成都。", "I like jazz.", "我喜欢爬山。"] * 20
    with Memory(db_path, clock=clock, extractor=OfflineExtractor(processes=2)) as mem:
        results = mem.add_many(messages, user_id="u1", batch_size=16)
        assert len(results) == len(messages)
        assert sorted((f.predicate, f.object) for f in mem.facts(user_id="u1")) == [
            ("likes", "jazz"), ("likes", "爬山"), ("lives_in", "成都")]
        mem.extractor.close()  # type: ignore[attr-defined]


def test_the_multilingual_embedder_finds_chinese_facts_for_english_queries(db_path: Path, clock: Clock) -> None:
    with Memory(db_path, clock=clock, extractor=OfflineExtractor(), embedder="multilingual") as mem:
        for text in ["我住在杭州。", "我对青霉素过敏。", "我喜欢爬山。", "我在腾讯工作。", "我有两个孩子。"]:
            mem.add(text, user_id="u1")
        mem.embed_pending(user_id="u1")
        assert mem.recall("Which city do I live in?", user_id="u1", k=2)[0].fact.object == "杭州"
        assert "青霉素" in [r.fact.object for r in mem.recall("What am I allergic to?", user_id="u1", k=2)]


def test_forget_requests_name_a_fact_or_a_topic(mem: Memory, db_path: Path) -> None:
    for text in ["我喜欢吃火锅。", "我在腾讯工作。", "我喜欢爬山。"]:
        mem.add(text, user_id="u1")
    assert len(mem.add("忘掉我说过我喜欢火锅。", user_id="u1").forgotten) == 1
    assert len(mem.add("别记我在哪儿工作。", user_id="u1").forgotten) == 1
    assert [(f.predicate, f.object) for f in mem.facts(user_id="u1")] == [("likes", "爬山")]
    assert len(mem.tombstones(user_id="u1")) == 2
    mem.close()
    assert "腾讯".encode() not in file_bytes(db_path)


def test_an_english_message_answered_in_chinese_is_read_as_english(mem: Memory) -> None:
    messages = [{"role": "user", "content": "I live in Paris."}, {"role": "assistant", "content": "好的，我记住了。"}]
    result = mem.add(messages, user_id="u1")
    assert [(f.predicate, f.object) for f in result.facts] == [("lives_in", "Paris")]
    assert mem.episodes(user_id="u1")[0].language == "en"


def test_a_suspected_diagnosis_is_refused_like_a_certain_one(tmp_path) -> None:
    """Hedging a diagnosis ("我怀疑自己有点咽炎") does not let a health detail through."""
    from kronograph import Memory

    with Memory(str(tmp_path / "m.db")) as mem:
        result = mem.add("我怀疑自己有点咽炎。", user_id="u")
        assert mem.facts(user_id="u") == [] and result.rejected


def test_a_chinese_forget_by_topic_erases_the_records_that_mention_it_and_only_those(mem: Memory) -> None:
    mem.add("我表哥在南京当老师。", user_id="u1", reference_time=REFERENCE)
    mem.add("我住在芜湖。", user_id="u1", reference_time=REFERENCE)
    result = mem.add("关于我表哥的事都别记了。", user_id="u1", reference_time=REFERENCE)
    assert result.forgotten and result.forgotten_spans  # the record, and the statement in its episode
    assert [f.subject for f in mem.facts(user_id="u1")] == ["user"]
    assert current(mem, "lives_in") == ["芜湖"]
    assert not any("南京" in e.content for e in mem.episodes(user_id="u1"))  # the statement cut from its episode


@pytest.mark.parametrize("request_text", ["关于酒的事都别记了。", "有关我家狗的事都删了吧。"])
def test_a_one_character_chinese_topic_is_a_topic_not_everything(mem: Memory, request_text: str) -> None:
    """One character is a whole word ("酒", "狗"): the request reaches what mentions it, never every record."""
    mem.add("我住在绍兴。", user_id="u1", reference_time=REFERENCE)
    mem.add("我在一家律所当助理。", user_id="u1", reference_time=REFERENCE)
    mem.add(request_text, user_id="u1", reference_time=REFERENCE)
    assert current(mem, "lives_in") == ["绍兴"]


def test_a_chinese_topic_that_nothing_mentions_forgets_nothing(mem: Memory) -> None:
    mem.add("我住在芜湖。", user_id="u1", reference_time=REFERENCE)
    result = mem.add("别记我前任的事。", user_id="u1", reference_time=REFERENCE)
    assert not result.forgotten
    assert current(mem, "lives_in") == ["芜湖"]
