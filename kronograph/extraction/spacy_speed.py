"""Exact, faster stand-ins for the slow parts of ``en_core_web_sm`` (same annotations, less time).

    nlp = speed_up(load_english())

Three costs of the stock pipeline are not the neural network's own work (docs/benchmarks.md,
"Ingestion", has the profile):

* the ``attribute_ruler`` runs a spaCy ``Matcher`` with 179 patterns over every token,
  although all but a handful of its patterns test one token's
  tag, lowercase form, dependency label and whitespace flag. :class:`LookupAttributeRuler`
  answers those from a table keyed on exactly those four values (filled on first sight of
  a key by evaluating the same patterns) and keeps a ``Matcher`` for the multi-token ones;
* the rule lemmatizer caches only words it inflects, so every singular noun and base-form
  verb pays for a morphology dictionary again. :class:`CachedLemmatizer` caches every
  lemma by (word, part of speech, morphology), the inputs the rules read;
* thinc multiplies matrices with BLIS, slower than numpy's OpenBLAS on this kind of CPU;
  the tok2vec layers are such multiplications.
  :func:`speed_up` points the models at numpy's ``dot``, kept to one BLAS thread.

The ruler and lemmatizer give identical annotations by construction; the matrix product
may differ in the last float bit, so tests compare every token's tag, head, label, part of
speech, morphology and lemma with the stock pipeline's over the evaluation utterances and
LoCoMo turns.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from spacy.lang.en.lemmatizer import EnglishLemmatizer
from spacy.language import Language
from spacy.lookups import Lookups
from spacy.matcher import Matcher
from spacy.pipeline import AttributeRuler
from spacy.tokens._retokenize import set_token_attrs
from thinc.api import NumpyOps
from threadpoolctl import ThreadpoolController

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

#: The token attributes a one-token pattern may test for the table to stand in for it.
_KEYED = ("TAG", "LOWER", "DEP", "IS_SPACE")
_Key = tuple[int, int, int, bool]
_Test = Callable[[dict[str, Any]], bool]


def _value_test(spec: Any) -> Callable[[Any], bool] | None:
    """A Matcher value spec ("x", True, {"IN": [...]}, {"NOT_IN": [...]}, {"REGEX": "..."})
    as a test; None for a spec the table does not model."""
    if isinstance(spec, str | bool):
        return lambda value: value == spec
    if isinstance(spec, dict) and len(spec) == 1:
        (op, arg), = spec.items()
        if op == "IN":
            members = frozenset(arg)
            return lambda value: value in members
        if op == "NOT_IN":
            others = frozenset(arg)
            return lambda value: value not in others
        if op == "REGEX":
            pattern = re.compile(arg)
            return lambda value: bool(pattern.search(value))
    return None


def _token_test(pattern: dict[str, Any]) -> _Test | None:
    tests = []
    for attr, spec in pattern.items():
        test = _value_test(spec)
        if attr not in _KEYED or test is None:
            return None
        tests.append((attr, test))
    return lambda token: all(test(token[attr]) for attr, test in tests)


class LookupAttributeRuler(AttributeRuler):
    """The ``attribute_ruler`` with its one-token patterns answered from a table.

    Patterns apply in the order they were added, later ones overriding earlier ones, and all
    are matched against the tokens as they were before any was applied: the same semantics
    as the stock component, which :meth:`load` copies its patterns from.
    """

    def __init__(self, vocab: Any, name: str = "attribute_ruler", **kwargs: Any) -> None:
        self._reset(vocab)
        super().__init__(vocab, name, **kwargs)

    def _reset(self, vocab: Any) -> None:
        # A one-token pattern is filed under the word (else the tag) it requires, so a new
        # token is tried only against the few patterns that can match it.
        self._by_value: dict[tuple[str, str], list[tuple[int, _Test]]] = {}
        self._unfiled: list[tuple[int, _Test]] = []
        self._multi = Matcher(vocab, validate=False)
        self._multi_starts: list[_Test] = []   # first-token tests of the multi-token patterns
        self._multi_always = False             # one of them tests something the table does not model
        self._table: dict[_Key, tuple[list[int], dict[Any, Any], bool]] = {}

    def add(self, patterns: Any, attrs: dict[str, Any], index: int = 0) -> None:
        """Add like the stock ruler; a pattern the table cannot model stays with a Matcher."""
        number = len(self.attrs)
        super().add(patterns, attrs, index)
        tests = [_token_test(p[0]) if len(p) == 1 else None for p in patterns]
        if not all(tests):
            self._multi.add(str(number), patterns)
            for pattern in patterns:
                start = _token_test(pattern[0]) if pattern else None
                if start is None:
                    self._multi_always = True
                else:
                    self._multi_starts.append(start)
            self._table.clear()
            return
        for pattern, test in zip(patterns, tests):
            assert test is not None
            keys = _filing_keys(pattern[0])
            for key in keys:
                self._by_value.setdefault(key, []).append((number, test))
            if not keys:
                self._unfiled.append((number, test))
        self._table.clear()

    def clear(self) -> None:
        super().clear()
        self._reset(self.vocab)

    def load(self, stock: AttributeRuler) -> LookupAttributeRuler:
        """Take over the patterns of the pipeline's stock ruler (in its order)."""
        self.add_patterns(stock.patterns)
        return self

    def _entry(self, key: _Key) -> tuple[list[int], dict[Any, Any], bool]:
        """The one-token patterns a token with ``key`` matches, their attributes merged in
        order, and whether a multi-token pattern may start at it."""
        tag, lower, dep, space = key
        strings = self.vocab.strings
        token: dict[str, Any] = {"TAG": strings[tag] if tag else "", "LOWER": strings[lower], "DEP": strings[dep] if dep else "",
                 "IS_SPACE": space}
        tests = [*self._by_value.get(("LOWER", token["LOWER"]), ()), *self._by_value.get(("TAG", token["TAG"]), ()),
                 *self._unfiled]
        numbers = sorted({number for number, test in tests if test(token)})
        return numbers, self._merged(numbers), any(test(token) for test in self._multi_starts)

    def _merged(self, numbers: list[int]) -> dict[Any, Any]:
        merged: dict[Any, Any] = {}
        for number in numbers:
            merged.update(self.attrs[number])
        return merged

    def __call__(self, doc: Doc) -> Doc:
        error_handler = self.get_error_handler()
        try:
            self._apply(doc)
            return doc
        except Exception as exc:  # the stock component's error handling
            return error_handler(self.name, self, [doc], exc)

    def _apply(self, doc: Doc) -> None:
        # Every token is matched before any is changed, as the stock Matcher sees the doc.
        table = self._table
        entries: list[tuple[Token, tuple[list[int], dict[Any, Any], bool]]] = []
        multi = self._multi_always
        for token in doc:
            key = (token.tag, token.lower, token.dep, token.is_space)
            entry = table.get(key)
            if entry is None:
                entry = table[key] = self._entry(key)
            entries.append((token, entry))
            multi = multi or entry[2]
        extra: dict[int, list[int]] = {}
        if multi:  # only then can the multi-token Matcher find anything
            for match_id, start, end in self._multi(doc, allow_missing=True):
                number = int(self.vocab.strings[match_id])
                extra.setdefault(doc[start:end][self.indices[number]].i, []).append(number)
        for token, (numbers, attrs, _) in entries:
            if token.i in extra:
                attrs = self._merged(sorted({*numbers, *extra[token.i]}))
            set_token_attrs(token, attrs)


def _filing_keys(pattern: dict[str, Any]) -> list[tuple[str, str]]:
    """(attribute, value) pairs one of which a token must have to match ``pattern``."""
    for attr in ("LOWER", "TAG"):
        spec = pattern.get(attr)
        if isinstance(spec, str):
            return [(attr, spec)]
        if isinstance(spec, dict) and list(spec) == ["IN"]:
            return [(attr, value) for value in spec["IN"]]
    return []


class CachedLemmatizer(EnglishLemmatizer):
    """The English rule lemmatizer with every lemma cached by (word, POS, morphology)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lemmas: dict[tuple[int, int, int], int] = {}   # (orth, pos, morph) -> lemma

    def load(self, stock: EnglishLemmatizer) -> CachedLemmatizer:
        """The stock lemmatizer's tables, its word lists as sets: the rules only ask "is this
        form a known word?", which a 57,000-entry list answers by scanning it."""
        lookups = Lookups()
        for name in stock.lookups.tables:
            table = lookups.add_table(name)
            for key, value in stock.lookups.get_table(name).items():
                table[key] = frozenset(value) if name == "lemma_index" else value
        self.lookups = lookups
        self._validated = False
        return self

    def __call__(self, doc: Doc) -> Doc:
        if not self._validated:
            self._validate_tables()
        error_handler = self.get_error_handler()
        cache = self._lemmas
        strings = self.vocab.strings
        try:
            for token in doc:
                if self.overwrite or token.lemma == 0:
                    key = (token.orth, token.pos, token.morph.key)  # type: ignore[attr-defined]
                    lemma = cache.get(key)
                    if lemma is None:
                        lemma = cache[key] = strings.add(self.lemmatize(token)[0])
                    token.lemma = lemma
            return doc
        except Exception as exc:  # the stock component's error handling
            return error_handler(self.name, self, [doc], exc)


@Language.factory("kronograph_attribute_ruler")
def _make_attribute_ruler(nlp: Language, name: str) -> LookupAttributeRuler:
    return LookupAttributeRuler(nlp.vocab, name)


@Language.factory("kronograph_lemmatizer", default_config={"mode": "rule", "overwrite": False})
def _make_lemmatizer(nlp: Language, name: str, mode: str, overwrite: bool) -> CachedLemmatizer:
    return CachedLemmatizer(nlp.vocab, None, name, mode=mode, overwrite=overwrite)


class _OpenBlasOps(NumpyOps):
    """thinc's numpy ops with matrix products by numpy (OpenBLAS) on one thread: the matrices
    are small, and on two shared cores spinning BLAS threads cost more than they give (and
    would fight the worker processes of ``OfflineExtractor(processes=2)``)."""

    def __init__(self) -> None:
        super().__init__(use_blis=False)
        self._blas: ThreadpoolController | None = None

    def gemm(self, x: Any, y: Any, *, out: Any = None, trans1: bool = False, trans2: bool = False) -> Any:
        if self._blas is None:
            self._blas = ThreadpoolController()
        with self._blas.limit(limits=1, user_api="blas"):
            return super().gemm(x, y, out=out, trans1=trans1, trans2=trans2)


_NUMPY_OPS = _OpenBlasOps()


def speed_up(nlp: Language) -> Language:
    """Swap in the exact stand-ins (once; a pipeline without the stock parts is left as it is)."""
    names = dict(nlp.pipeline)
    ruler = names.get("attribute_ruler")
    if type(ruler) is AttributeRuler:
        lookup = nlp.replace_pipe("attribute_ruler", "kronograph_attribute_ruler")
        lookup.load(ruler)  # type: ignore[attr-defined]
    lemmatizer = names.get("lemmatizer")
    if type(lemmatizer) is EnglishLemmatizer and lemmatizer.mode == "rule":
        cached = nlp.replace_pipe("lemmatizer", "kronograph_lemmatizer", config={"overwrite": lemmatizer.overwrite})
        cached.load(lemmatizer)  # type: ignore[attr-defined]
    for _, component in nlp.pipeline:  # every layer multiplies with numpy (OpenBLAS), not BLIS
        model = getattr(component, "model", None)
        if model is not None and hasattr(model, "walk"):
            for node in model.walk():
                node.ops = _NUMPY_OPS
    return nlp
