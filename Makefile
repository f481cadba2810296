# evogames: `make run` plays, `make test` checks. Both install what they need first.
#   make run PORT=8080 HOST=127.0.0.1    another port, or only this computer (defaults: 8000, the whole room)
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
HOST   ?= 0.0.0.0
PORT   ?= 8000
DB     ?= sqlite:///evogames.db
WORKERS ?= auto
# Two installs, each with its own stamp: `make run` needs only the package; `make test` needs the [dev]
# extras too (pytest, Playwright, Ray, PettingZoo, psycopg). A run's stamp never stands in for the test's.
RUN_STAMP  = $(VENV)/.installed-run
TEST_STAMP = $(VENV)/.installed-test

.PHONY: install install-dev run engine play test lint bench bench-uno simulate clean wheel test-compiled

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/evogames --version
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/evogames --version
	touch $@

## the package alone (what a classroom needs)
install: $(RUN_STAMP)

## the package and every test tool
install-dev: $(TEST_STAMP)

## the main job: the classroom web app for the room's devices (it prints the address and a QR code; SQLite file evogames.db)
## It runs the compiled engine (build/engine) when one was built from these very sources; otherwise it starts at
## once with the pure engine and compiles in the background for the next start (build_backend/engine.py).
run: install
	@engine=$$($(BIN)/python build_backend/engine.py --python $(BIN)/python) && \
	PYTHONPATH="$$engine" $(BIN)/evogames serve --host $(HOST) --port $(PORT) --db $(DB)

## compile the engine `make run` starts (build/engine) now, and wait for it
engine: install
	$(BIN)/python build_backend/engine.py --python $(BIN)/python --now

## you against three heuristic bots in the terminal
play: install
	$(BIN)/evogames play mating --players 4 --bots heuristic

## every check: lint, types, the whole test suite (in parallel, one worker a core, a test file to a worker; then the
## timing tests marked `serial` alone, so no other test's load slows what they time); each part names its 15
## slowest tests, to see where the time goes
test: install-dev lint
	$(BIN)/pytest -n $(WORKERS) --dist loadfile -m "not serial" --durations=15
	$(BIN)/pytest -m serial --durations=15

lint: install-dev
	$(BIN)/ruff check src tests benchmarks docs
	$(BIN)/mypy

## dist/: a compiled wheel for this machine (mypyc, when a C compiler is here) and a pure py3-none-any one
## (`pip install -e .`, as `make install` does, is always pure: an edited rule runs at once)
wheel: | $(BIN)/python
	rm -rf dist
	$(BIN)/python -m pip wheel --no-deps -w dist .
	EVOGAMES_PURE=1 $(BIN)/python -m pip wheel --no-deps -w dist .
	ls dist

## the compiled wheel, installed outside the repo, plays the whole hash corpus and the conformance suite
test-compiled: | $(BIN)/python
	.ci/test-compiled $(BIN)/python

bench: install
	$(BIN)/python benchmarks/bench_engine.py --all

## every game's engine beside RLCard UNO (installs the [bench] extra: RLCard, which nothing else needs)
bench-uno: install
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/bench_uno.py

simulate: install
	$(BIN)/evogames simulate mating --games 1000 --players 4 --bots heuristic,random --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build dist
