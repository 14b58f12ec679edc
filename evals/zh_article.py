"""The article's Chinese examples through Memory, as the table in docs/chinese.md.

Each row is said at its time (the clock follows it), in one memory. Its question is recalled
right then with the row's time travel (``as_of`` the month before a move, ``known_at`` before
a correction), and again at the end (2026-05-20, after maintenance: this week's task has
expired). Recall uses the multilingual embedder; the top three facts are shown. Prints a
Markdown table.

    python evals/zh_article.py
"""

from __future__ import annotations

import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from kronograph import Memory, RecallConfig
from kronograph.extraction.offline import OfflineExtractor

D = lambda *a: datetime(*a, tzinfo=UTC)  # noqa: E731
#: (said at, message, question, time travel for the answer given then)
ROWS: list[tuple[datetime, str, str | None, dict[str, datetime]]] = [
    (D(2025, 3, 1), "我喜欢黑白极简风。", None, {}),
    (D(2026, 5, 6), "我以前住在上海，现在搬到了杭州。", "我住在哪个城市？", {"as_of": D(2026, 4, 1)}),
    (D(2026, 5, 6), "我最近更喜欢复古配色和宽松穿搭。", "我喜欢什么穿衣风格？", {"as_of": D(2026, 4, 1)}),
    (D(2026, 5, 6, 13), "我在做安卓 App。", None, {}),
    (D(2026, 5, 7), "我不是在做安卓 App，是 iOS。", "我在开发什么 App？", {"known_at": D(2026, 5, 6, 14)}),
    (D(2026, 5, 7), "我现在主要用 Java 和 Spring Boot 做后端", "我用什么技术做后端？", {}),
    (D(2026, 5, 7), "我可能对青霉素过敏。", "我对什么药过敏？", {}),
    (D(2026, 5, 7), "这周我在处理 Google Cloud 的试用额度。", "我这周在忙什么？", {}),
    (D(2026, 5, 8), "我的身份证号是110101199003074515。", "我的身份证号是多少？", {}),
    (D(2026, 5, 8), "我家住在浙江省杭州市西湖区文三路100号3栋2单元501室。", None, {}),
    (D(2026, 5, 8), "忘掉我刚才说的地址。", "我家的详细地址是什么？", {}),
    (D(2026, 5, 8), "继续", None, {}),
    (D(2026, 5, 8), "这个可以", None, {}),
]
NOW = D(2026, 5, 20)
QUIET = RecallConfig(reinforce=False)


def main() -> int:
    clock = {"now": ROWS[0][0]}
    lines = ["| said | message | stored | question: answer then | answer now (05-20) |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "a.db", extractor=OfflineExtractor(),
                                                      embedder="multilingual", clock=lambda: clock["now"]) as mem:
        stored, then = [], []

        def top(question: str, **travel: datetime) -> str:
            found = mem.recall(question, user_id="u", k=3, config=QUIET, **travel)  # type: ignore[arg-type]
            return " / ".join(r.fact.text for r in found) or "nothing"

        for when, text, question, travel in ROWS:
            clock["now"] = when
            result = mem.add(text, user_id="u", reference_time=when)
            mem.embed_pending(user_id="u")
            label = ", ".join(f"{k} {v:%m-%d %H:%M}" for k, v in travel.items())
            then.append(f"{question} ({label or 'then'}): {top(question, **travel)}" if question else "")
            facts = [f"`{f.predicate}` {f.object} ({f.memory_type.value}, {f.confidence:.2f})" for f in result.facts
                     if f.status.value == "active"]
            changed = [f"{len(getattr(result, k))} {k}" for k in ("superseded", "corrected", "forgotten")
                       if getattr(result, k)]
            refused = ["refused: " + reason.split(";")[0] for _, reason in result.rejected]
            stored.append("; ".join(facts + changed + refused) or "nothing")
        clock["now"] = NOW
        mem.maintain(NOW)
        mem.embed_pending(user_id="u")
        for (when, text, question, _), what, answer in zip(ROWS, stored, then):
            now_answer = top(question) if question else ""
            lines.append(f"| {when:%Y-%m-%d} | {text} | {what} | {answer} | {now_answer} |")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
