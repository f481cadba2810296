# evogames: `make run` plays, `make test` checks. Both install what they need first.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed-stamp

.PHONY: install run play test lint bench simulate clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

## the main job: the classroom web app for the room's devices (it prints the address and a QR code; SQLite file evogames.db)
run: install
	$(BIN)/evogames serve --host 0.0.0.0 --port 8000 --db sqlite:///evogames.db

## you against three heuristic bots in the terminal
play: install
	$(BIN)/evogames play mating --players 4 --bots heuristic

## every check: lint, types, the whole test suite
test: install lint
	$(BIN)/pytest

lint: install
	$(BIN)/ruff check src tests benchmarks docs
	$(BIN)/mypy

bench: install
	$(BIN)/python benchmarks/bench_engine.py --all

simulate: install
	$(BIN)/evogames simulate mating --games 1000 --players 4 --bots heuristic,random --json

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
