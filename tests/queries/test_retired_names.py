"""Retired names: a later message that says a name of an earlier one is gone (it retired, moved
practices, shut) and names another in its place replaces the earlier message for a question about
now, however far the two are in meaning; a later message that only mentions the name (news about
it, a question, a condition, someone else's departure) replaces nothing. Through a real Memory
(SQLite file, MiniLM, offline extractor) and on the pure reader."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kronograph import Memory
from kronograph.queries.config import DEFAULT_RECALL
from kronograph.queries.departures import names_a_successor, retired_names
from kronograph.queries.embedding import MiniLMEmbedder

from ..conftest import Clock
from .test_search import current_lines, said_then_updated

#: Of the tiers that need no shared word, only retired names (no revision link, typed revision,
#: query-topic, mutual or family tier): the controls check what this tier links.
ONLY_RETIRED = DEFAULT_RECALL.model_copy(update={"fusion": DEFAULT_RECALL.fusion.model_copy(
    update={"query_topic_episodes": 0, "topic_families": (), "revision_margin": 2.0,
            "revision_value_margin": 2.0, "asked_value_kinds": ()})})


@pytest.fixture
def retired_mem(db_path: Path, clock: Clock, minilm: MiniLMEmbedder) -> Iterator[Memory]:
    with Memory(db_path, clock=clock, embedder=minilm, recall_config=ONLY_RETIRED) as memory:
        yield memory

RETIRED = [
    ("My GP is Dr Okafor.", "Okafor moved practices, so a Dr Lindqvist looks after me at the surgery now."),
    ("The new head teacher is Mrs Daley.", "Mrs Daley took a post elsewhere, and the school is now led by Mr Asante."),
    ("Swimming lessons for the twins happen at Eastgate baths.",
     "Eastgate shut for repairs and the classes transferred to the lido in Victoria Park."),
    ("My personal trainer is Jess.", "jess went off on maternity leave so i'm training with Tom on tuesdays"),
    ("our dentist is Dr Hargreaves", "Hargreaves retired last month, so now I see a Dr Mbeki at the same surgery."),
    ("We get our bread from Crumbs bakery.", "crumbs closed down in march so we buy loaves at Greggs now"),
    ("My line manager is Fiona Walsh.", "Fiona Walsh finally stepped down and her replacement, Kwame, started on Monday."),
    ("We buy fish from Harbour Fish.", "Harbour Fish closed for good in May, so we go to Morrisons now"),
    ("Our GP is Dr Okafor.", "Okafor retired in the spring, so Dr Lindqvist sees us now."),
]

#: Later messages that name the earlier one's name but do not say it is gone as the value.
MENTIONS = [
    ("My best friend is Hannah.", "Hannah retired from teaching last year."),  # no successor: news about her
    ("My manager is Fiona.", "Fiona left early today so Tom ran the standup."),
    ("Our dog is called Rex.", "Rex moved to the sofa when Max came round."),
    ("I work at Tesco.", "My sister quit her job at Aldi and joined Lidl."),
    ("We swim at Eastgate baths.", "The cafe near Eastgate closed and a Costa opened."),
    ("My boss is Fiona.", "Did you hear Fiona's husband Mark passed away? So sad."),
    ("My boss is Fiona.", "Has Fiona retired yet? Tom reckons so."),
    ("My boss is Fiona.", "If Fiona quit, Tom would take over."),
    ("My boss is Fiona.", "Fiona might quit next year, Tom says."),
    ("Our vet is Dr Shah.", "Dr Shah said Biscuit needs a lower-fat diet."),
    ("I bank with Barclays.", "Barclays closed the branch on the high street, I use the app with Monzo cashback now"),
    ("My coach is Daniel.", "Daniel and Priya split the squad into two groups."),
    ("The kids go to Oakfield Primary.", "The news said Oakfield Academy in Leeds was sold to a trust run by Mr Hale."),
    ("We love The Crown pub.", "We watched The Crown on Netflix and Olivia Colman was brilliant."),
    ("My sister is Emma.", "Emma and Jack broke the news they are expecting!"),
    ("My favourite band is Coldplay.", "Chris Martin said in an interview that Coldplay will stop touring after 2025."),
    ("My dentist is Dr Lewis.", "Dr Lewis is lovely, she referred me to Mr Grant for the implant."),
    ("Our cleaner is Marta.", "Marta is off to Poland for a fortnight, Ola covers."),
    ("My GP is Dr Okafor.", '"Okafor retired," said the man on the bus, talking about his own doctor Dr Reed.'),
    ("I play five-a-side with the Misfits.", "The Misfits beat the Rovers, Sam scored twice."),
    ("My mechanic is Gary.", "Gary reckons the clutch has gone, Steve at the garage agrees."),
    # a departure phrase with an object or a time after it, a promotion, a falling-out, two others' tie
    ("My best friend is Sarah.", "Sarah quit smoking and Tom is so proud of her"),
    ("We get coffee at Costa.", "Costa shut early so Ben and I went to Pret"),
    ("Our local is The Red Lion.", "The Red Lion closed for a private party, so we went to the Crown"),
    ("The PTA chair is Karen.", "Karen stepped down as chair of the PTA; Lisa took over"),
    ("My consultant is Dr Shah.", "Shah was promoted to head of department, she still sees me though, with Dr Ng"),
    ("My best friend is Emma.", "Emma and I fell out over Christmas, Mum had to mediate"),
    ("My best friend is Julie.", "Mark and Julie split up; Julie is dating Pete now"),
    ("Our local is The Plough.", "The Plough shut for the afternoon so we ended up at the Swan."),
    ("My boss is Fiona.", "Fiona quit vaping and Tom bet her a tenner she'd last a month."),
    ("My mentor is Dr Patel.", "Patel got promoted to dean, but she still mentors me alongside Dr Ross."),
    ("My friend is Anna.", "Ben and Anna broke up last week; Anna is seeing Carl now."),
    ("The club treasurer is Mike.", "Mike stood down as captain, Sue runs the team now."),
    ("My sister is Emma.", "Emma and I fell out over the wedding seating, Dad sided with Jo."),
]


@pytest.mark.parametrize(("earlier", "later"), RETIRED)
def test_a_departure_of_the_name_with_a_successor_is_read(earlier: str, later: str) -> None:
    assert retired_names(earlier, later)
    assert names_a_successor(earlier, later)


@pytest.mark.parametrize(("earlier", "later"), MENTIONS)
def test_a_mere_mention_of_the_name_is_no_departure_with_a_successor(earlier: str, later: str) -> None:
    assert not names_a_successor(earlier, later)


@pytest.mark.parametrize(("original", "update", "question"), [
    (*RETIRED[0], "Who is my family doctor?"),
    (*RETIRED[1], "Who runs the kids' school?"),
    (*RETIRED[2], "Where do the twins have their pool sessions?"),
    (*RETIRED[3], "who trains me at the gym?"),
    (*RETIRED[5], "Where do we buy our bread?"),
])
def test_a_later_message_retiring_the_name_replaces_the_earlier_one(
        retired_mem: Memory, original: str, update: str, question: str) -> None:
    rmem = retired_mem
    first, later = said_then_updated(rmem, original, update)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    ids = list(hits)
    assert later.episode_id in ids
    assert first.episode_id not in hits or (hits[first.episode_id].outdated
                                            and ids.index(later.episode_id) < ids.index(first.episode_id))
    assert original.rstrip(".") not in "\n".join(current_lines(rmem.context(question, user_id="u1")))
    # as of before the update, the earlier message is the answer
    then = {h.id: h for h in rmem.search(question, user_id="u1", k=10, as_of="2026-02-20")}
    assert first.episode_id in then and not then[first.episode_id].outdated


@pytest.mark.parametrize(("original", "later_line", "question"), [
    (*MENTIONS[0], "Who is my best friend?"),
    (*MENTIONS[1], "Who is my manager?"),
    (*MENTIONS[6], "Who is my boss?"),
    (*MENTIONS[4], "Where do we swim?"),
    (*MENTIONS[5], "Who is my boss?"),
    (*MENTIONS[7], "Who is my boss?"),
    (*MENTIONS[9], "Who is our vet?"),
    (*MENTIONS[21], "Who is my best friend?"),
    (*MENTIONS[22], "Where do we get coffee?"),
    (*MENTIONS[25], "Who is my consultant?"),
    (*MENTIONS[27], "Who is my best friend?"),
])
def test_a_later_mention_of_the_name_replaces_nothing(
        retired_mem: Memory, original: str, later_line: str, question: str) -> None:
    rmem = retired_mem
    first, _ = said_then_updated(rmem, original, later_line)
    hits = {h.id: h for h in rmem.search(question, user_id="u1", k=10)}
    assert first.episode_id in hits and not hits[first.episode_id].outdated
    assert original.rstrip(".") in "\n".join(current_lines(rmem.context(question, user_id="u1")))

