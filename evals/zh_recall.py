"""Mixed Chinese-English recall: do Chinese and English queries find the Chinese facts?

Ten users each tell kronograph ~16 things, mostly in Chinese, some in English or mixed
("我在做 iOS App"); six of them are asked about, once in Chinese and once in English
(120 queries). A query is answered when the fact holding the expected value is among the
first k facts ``Memory.recall`` returns (R@k). Runs once per embedder, on the same data:

    python evals/zh_recall.py                       # none, minilm, use; writes evals/results/zh_recall.json
    python evals/zh_recall.py --embedders use

``none`` is BM25 over ``search_text`` (jieba words) plus the graph and scores; ``minilm`` the
English all-MiniLM-L6-v2; ``use`` the multilingual Universal Sentence Encoder.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from kronograph import Memory, RecallConfig
from kronograph.extraction.offline import OfflineExtractor

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "zh_recall.json"
REFERENCE = datetime(2026, 5, 6, 12, tzinfo=UTC)
EVAL_RECALL = RecallConfig(reinforce=False)

CITIES = ["杭州", "成都", "深圳", "南京", "西安", "厦门", "青岛", "苏州", "武汉", "长沙"]
COMPANIES = ["阿里巴巴", "腾讯", "字节跳动", "华为", "美团", "京东", "小米", "网易", "百度", "携程"]
HOBBIES = ["爬山", "游泳", "弹吉他", "摄影", "跑步", "下围棋", "画画", "钓鱼", "滑雪", "骑行"]
ALLERGENS = ["青霉素", "花生", "海鲜", "芒果", "尘螨", "牛奶", "阿司匹林", "花粉", "鸡蛋", "猫毛"]
PROJECTS = ["iOS App", "微信小程序", "推荐系统", "个人博客", "安卓 App", "数据平台", "聊天机器人", "电商网站", "游戏引擎", "记账工具"]
LANGUAGES = ["Java", "Python", "Go", "Rust", "TypeScript", "Kotlin", "Swift", "C++", "PHP", "Scala"]
FOODS = ["火锅", "寿司", "烧烤", "饺子", "披萨", "拉面", "麻辣烫", "粤菜", "川菜", "西餐"]
DRINKS = ["绿茶", "咖啡", "奶茶", "可乐", "啤酒", "豆浆", "红茶", "果汁", "乌龙茶", "酸奶"]
PETS = ["两只猫", "一条狗", "三条金鱼", "一只兔子", "两只仓鼠", "一只鹦鹉", "一只乌龟", "两条狗", "一只猫", "四条金鱼"]
BOOKS = ["科幻小说", "历史书", "推理小说", "漫画", "诗集", "武侠小说", "传记", "哲学书", "散文", "经济学"]

#: slot -> (statement, Chinese query, English query); {v} is the user's value.
ASKED = {
    "city": ("我住在{v}。", "我住在哪个城市？", "Which city do I live in?"),
    "company": ("我在{v}工作。", "我在哪家公司上班？", "Which company do I work for?"),
    "hobby": ("我喜欢{v}。", "我平时有什么爱好？", "What do I enjoy doing in my free time?"),
    "allergy": ("我对{v}过敏。", "我对什么过敏？", "What am I allergic to?"),
    "project": ("我在做{v}。", "我最近在开发什么项目？", "What am I building at the moment?"),
    "language": ("我现在主要用 {v} 写后端。", "我写后端用什么语言？", "Which programming language do I use?"),
}
OTHERS = [
    "我喜欢吃{food}。", "I like {drink_en}.", "我家养了{pet}。", "我喜欢看{book}。", "我讨厌下雨天。",
    "我上个月去了一趟日本。", "我今年{age}岁。", "我每天跑5公里。", "我有两个孩子。", "我最喜欢的颜色是蓝色。",
]
DRINKS_EN = ["green tea", "coffee", "bubble tea", "cola", "beer", "soy milk", "black tea", "juice", "oolong", "yogurt"]


def dataset() -> tuple[dict[str, list[str]], list[dict[str, str]]]:
    values = {"city": CITIES, "company": COMPANIES, "hobby": HOBBIES, "allergy": ALLERGENS,
              "project": PROJECTS, "language": LANGUAGES}
    users: dict[str, list[str]] = {}
    queries: list[dict[str, str]] = []
    for i in range(10):
        user = f"u{i}"
        said = [template.format(v=values[slot][i]) for slot, (template, _, _) in ASKED.items()]
        said += [t.format(food=FOODS[i], drink_en=DRINKS_EN[i], pet=PETS[i], book=BOOKS[i], age=25 + i)
                 for t in OTHERS]
        users[user] = said
        for slot, (_, zh, en) in ASKED.items():
            queries.append({"user": user, "slot": slot, "language": "zh", "query": zh, "expect": values[slot][i]})
            queries.append({"user": user, "slot": slot, "language": "en", "query": en, "expect": values[slot][i]})
    return users, queries


def embedder_for(name: str) -> Any:
    if name == "none":
        return None
    if name == "minilm":
        from kronograph import MiniLMEmbedder
        return MiniLMEmbedder()
    from kronograph.queries.multilingual import MultilingualEmbedder
    return MultilingualEmbedder()


def run_one(name: str, users: dict[str, list[str]], queries: list[dict[str, str]], ks: tuple[int, ...]) -> dict[str, Any]:
    extractor = OfflineExtractor()
    with tempfile.TemporaryDirectory() as tmp, Memory(Path(tmp) / "zh.db", extractor=extractor,
                                                      embedder=embedder_for(name)) as mem:
        facts = 0
        for user, said in users.items():
            items = [{"content": text, "reference_time": REFERENCE - timedelta(days=30 - d)} for d, text in enumerate(said)]
            facts += sum(len(r.facts) for r in mem.add_many(items, user_id=user))
        start = time.perf_counter()
        hits: dict[str, dict[int, int]] = {"zh": dict.fromkeys(ks, 0), "en": dict.fromkeys(ks, 0)}
        misses = []
        for q in queries:
            found = [r.fact.object for r in mem.recall(q["query"], user_id=q["user"], k=max(ks), config=EVAL_RECALL)]
            for k in ks:
                hits[q["language"]][k] += q["expect"] in found[:k]
            if q["expect"] not in found[:5]:
                misses.append({**q, "got": found[:5]})
        seconds = time.perf_counter() - start
    count = {lang: sum(1 for q in queries if q["language"] == lang) for lang in hits}
    return {
        "embedder": name, "facts": facts, "queries": len(queries), "query_ms": round(1000 * seconds / len(queries), 1),
        **{f"{lang}_R@{k}": round(hits[lang][k] / count[lang], 3) for lang in hits for k in ks},
        **{f"all_R@{k}": round(sum(hits[lang][k] for lang in hits) / len(queries), 3) for k in ks},
        "misses": misses,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedders", nargs="+", default=["none", "minilm", "use"], choices=["none", "minilm", "use"])
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    users, queries = dataset()
    reports = [run_one(name, users, queries, (1, 5)) for name in args.embedders]
    print(f"{'embedder':<10}{'facts':>7}{'zh R@5':>8}{'en R@5':>8}{'all R@5':>9}{'all R@1':>9}{'ms/query':>10}")
    for r in reports:
        print(f"{r['embedder']:<10}{r['facts']:>7}{r['zh_R@5']:>8.0%}{r['en_R@5']:>8.0%}{r['all_R@5']:>9.0%}"
              f"{r['all_R@1']:>9.0%}{r['query_ms']:>10.1f}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(reports, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
