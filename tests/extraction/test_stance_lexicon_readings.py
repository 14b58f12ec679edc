"""Likings and dislikes read from the parse with the stance lexicon (issue 12): the thing that
moves the speaker, a judgement held "to me", an adjective or verb of liking the speaker uses;
and ordinary sentences that must store no taste of the speaker's. Through ``Memory.add`` on a
real SQLite file with the real spaCy model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from kronograph import Memory
from kronograph.model import MemoryType

REF = datetime(2026, 6, 10, 10, 0, tzinfo=UTC)


def tastes(mem: Memory, text: str) -> set[tuple[str, str, str]]:
    """(subject, predicate, object) of every liking or dislike stored."""
    result = mem.add(text, user_id="u1", reference_time=REF)
    return {(f.subject, f.predicate, f.object.lower()) for f in result.facts
            if f.predicate in {"likes", "dislikes"} and f.memory_type is MemoryType.preference}


@pytest.mark.parametrize(("text", "predicate", "word"), [
    # the thing moves the speaker
    ("Thunderstorms fascinate me.", "likes", "thunderstorms"),
    ("podcasts about true crime bore me", "dislikes", "podcasts"),
    ("Loud restaurants really grate on me.", "dislikes", "loud restaurants"),
    ("Folk music speaks to me.", "likes", "folk music"),
    ("Clowns creep me out, always have.", "dislikes", "clowns"),
    ("Open-plan offices stress me out.", "dislikes", "offices"),
    ("Old cartoons always cheer me up.", "likes", "old cartoons"),
    ("Techno doesn't really do it for me.", "dislikes", "techno"),
    ("Mayonnaise makes me gag.", "dislikes", "mayonnaise"),
    # a judgement the speaker holds
    ("Marmite is vile to me.", "dislikes", "marmite"),
    ("Hot weather is torture for me.", "dislikes", "hot weather"),
    ("Swimming outdoors is pure joy for me.", "likes", "swimming"),
    # an adjective of liking the speaker is
    ("I'm quite partial to a glass of port.", "likes", "port"),
    ("i'm not fussed about cricket", "dislikes", "cricket"),
    ("We're very fond of Cornish pasties.", "likes", "cornish pasties"),
    # a verb of liking the speaker uses
    ("I relish a long hot bath.", "likes", "bath"),
    ("I can't abide karaoke.", "dislikes", "karaoke"),
    ("I've grown to appreciate jazz.", "likes", "jazz"),
    ("I absolutely despise traffic jams.", "dislikes", "traffic jams"),
    ("I've learned to love running.", "likes", "running"),
    # the speaker's own clause of liking names the subject
    ("Tulips are the flowers I love most.", "likes", "tulips"),
    # an owned noun naming the kind chosen, a superlative of taste, an agent noun's modifiers
    ("Hawaiian is my pizza every time.", "likes", "hawaiian"),
    ("Liverpool are my club, full stop.", "likes", "liverpool"),
    ("Negronis are my drink of choice.", "likes", "negronis"),
    ("Marmite on toast is the finest breakfast known to humanity.", "likes", "marmite"),
    ("Jazz is the best music in the world.", "likes", "jazz"),
    ("Rugby is the worst sport to watch.", "dislikes", "rugby"),
    ("I'm a massive sci-fi and fantasy reader.", "likes", "fantasy"),
    ("I'm a big coffee drinker, four cups a day.", "likes", "coffee"),
])
def test_a_stance_read_from_the_parse_is_the_speakers(mem: Memory, text: str, predicate: str, word: str) -> None:
    assert any(s == "user" and p == predicate and word in o for s, p, o in tastes(mem, text)), tastes(mem, text)


@pytest.mark.parametrize("text", [
    "Do you like jazz at all?",
    "If I liked horror films I'd have gone with them last night.",
    "I'd love a coffee right now, it's been a long morning.",
    "Kids these days love their phones more than anything.",
    "The article said most people hate the new tax rules.",
    "That film bored me to tears, what a waste of a Friday night.",
    "My boss really stresses me out.",
    "Crowds don't bother me at all.",
    "It really does it for me when you send photos of the kids.",
    "Sam cracks me up every time.",
    "The meeting dragged me down yesterday.",
    "You make me so happy.",
    "Does spicy food bother you?",
    "She can't abide liars.",
    "The traffic was awful for me this morning.",
    "His jokes are a bit much for me.",
    "I can handle spicy food no problem.",
    "I can't handle the gym today, I'm shattered.",
    "Reports say Londoners hate the new bus routes.",
    '"Cats are disgusting," my neighbour said.',
    "What fascinates me is how quickly kids learn.",
    "Honestly that sounds like a nightmare for me.",
    "The new manager really gets to me.",
    "Would rain put you off the hike?",
    "Yesterday the noise drove me mad.",
    "Work has been a nightmare for me this month.",
    "This song makes me cry every time.",
    "Paris is the biggest city in France.",
    "Everest is the highest mountain in the world.",
    "Tom is the best dad ever.",
    "That was the best day of my life.",
    "Saturday was the best night out we've had.",
    "This is my car.",
    "Leeds is my home now.",
    "Tom is my brother.",
    "Sarah is my best friend.",
    "Is Liverpool your club?",
])
def test_ordinary_sentences_store_no_taste_of_the_speakers(mem: Memory, text: str) -> None:
    assert not {t for t in tastes(mem, text) if t[0] == "user"}


def test_another_persons_stance_stays_theirs(mem: Memory) -> None:
    found = tastes(mem, "My sister is obsessed with Taylor Swift.")
    assert ("user's sister", "likes", "taylor swift") in found
    assert not {t for t in found if t[0] == "user"}


@pytest.mark.parametrize("text", [
    # an agent noun that names a habit, a job or a past, not a taste (review 34, item 2)
    "I'm a control freak.",
    "I'm a terrible coffee snob.",
    "I'm a news reader on BBC Radio Leeds.",
    "I'm a recovering sugar addict.",
    "I'm a neat freak.",
    "I'm a former coffee addict.",
    "I'm a sports reader for the Evening Post.",
    # a bodily effect, a guess or a load, not a taste (item 7)
    "I wonder if cheese makes me sleepy.",
    "Maybe coffee makes me anxious, not sure.",
    "Coffee makes me anxious.",
    "Emails overwhelm me every Monday.",
    "My job exhausts me.",
    "Spicy food makes me sick.",
    "Wool makes me itch.",
    "Meetings drain me.",
    # a need or a passing plight, not a taste (item 8)
    "A car is essential for me out here.",
    "Honesty is essential for me.",
    "Coffee is a must for me in the morning.",
    "Moving house is a nightmare for me right now.",
    "Honestly mornings are a nightmare for me with three kids.",
    "Fresh bread is a must for me.",
    "Driving is a nightmare for me at the moment.",
    "Commuting is torture for me this week.",
    # a practical pick or a place ranked (item 9)
    "The Premier Inn is the best option for the night.",
    "Liverpool is the best city in the UK.",
    "Taxis are the best way to get around.",
    "The bus is the best option for us.",
    "The Travelodge is the best bet for tonight.",
    # a noun chosen for one occasion, or a person (item 10)
    "The Hobbit is my book for the flight.",
    "Jane is my author, she writes my textbook.",
    "Stephen King is my author.",
    "Prosecco is my drink for the wedding.",
    # one event ahead, an intolerance (item 11)
    "I dread Monday's meeting.",
    "I can't tolerate lactose.",
    "I dread the exam on Friday.",
    "I can't tolerate gluten.",
    "I can't stomach dairy.",
])
def test_review34_sentences_store_no_taste_of_the_speakers(mem: Memory, text: str) -> None:
    assert not {t for t in tastes(mem, text) if t[0] == "user"}, tastes(mem, text)


@pytest.mark.parametrize(("text", "predicate", "word"), [
    ("I'm a big coffee drinker.", "likes", "coffee"),
    ("I'm a huge Italian food lover.", "likes", "italian food"),
    ("I'm a massive sci-fi reader.", "likes", "sci-fi"),
    ("I'm a jazz fan at heart.", "likes", "jazz"),
    ("Mayonnaise makes me gag.", "dislikes", "mayonnaise"),
    ("Painting makes me happy.", "likes", "painting"),
    ("Podcasts bore me.", "dislikes", "podcasts"),
    ("Hot weather is torture for me.", "dislikes", "hot weather"),
    ("Cycling is pure bliss for me.", "likes", "cycling"),
    ("Pepperoni is the best topping.", "likes", "pepperoni"),
    ("Marmite on toast is the finest breakfast.", "likes", "marmite"),
    ("Hawaiian is my pizza of choice.", "likes", "hawaiian"),
    ("Liverpool are my club.", "likes", "liverpool"),
    ("I dread Mondays.", "dislikes", "mondays"),
    ("I dread exams.", "dislikes", "exams"),
    ("I can't stomach horror films.", "dislikes", "horror films"),
    ("I can't abide reality TV.", "dislikes", "reality tv"),
])
def test_review34_controls_keep_their_stance(mem: Memory, text: str, predicate: str, word: str) -> None:
    assert any(s == "user" and p == predicate and word in o for s, p, o in tastes(mem, text)), tastes(mem, text)
