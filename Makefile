# kronograph developer tasks. `make demo` and `make test` work on a fresh machine.
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip

.PHONY: setup demo test lint bench clean

setup: $(VENV)/.installed

# torch is pinned to the CPU wheel first; an unpinned torch would pull a multi-GB CUDA build.
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q "torch==2.13.0"
	$(PIP) install -q -e ".[all,dev]"
	touch $@

demo: setup
	$(VENV)/bin/kronograph demo --db kronograph-demo.db

# Neo4j's Cypher linter (pinned in package.json/package-lock.json) for tests/graph/test_cypher_lint.py.
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

test: setup node_modules/.installed
	$(PY) -m pytest -q

lint: setup
	$(VENV)/bin/ruff check kronograph tests benchmarks evals
	$(VENV)/bin/mypy

bench: setup
	$(PY) benchmarks/temporal_store.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache kronograph-demo.db*
