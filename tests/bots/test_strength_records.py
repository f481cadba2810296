"""The strength benchmark's records: a long measurement built up over sittings adds up to one run."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_strength.py"


def bench_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_strength", BENCH)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_strength"] = module
    spec.loader.exec_module(module)
    return module


def test_a_second_sitting_plays_only_the_games_the_file_lacks(tmp_path: Path) -> None:
    bench = bench_module()
    record = tmp_path / "dodo.jsonl"
    first = bench.bench("dodo", "random", 4, seed=5, record=record)
    second = bench.bench("dodo", "random", 6, seed=5, record=record)
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert (first["n"], second["n"]) == (4, 2)
    assert sorted(r["first"] for r in lines) == list(range(6))
    one_run = bench.bench("dodo", "random", 6, seed=5)
    (row,) = bench.summary([record])
    assert (row["n"], row["wins"]) == (6, one_run["wins"])
    assert row["builds"] and row["bot"] == "random"


def test_records_of_other_settings_are_neither_skipped_nor_mixed(tmp_path: Path) -> None:
    bench = bench_module()
    record = tmp_path / "dodo.jsonl"
    bench.bench("dodo", "random", 2, seed=5, record=record)
    other = bench.bench("dodo", "random", 2, seed=6, record=record)
    assert other["n"] == 2
    rows = bench.summary([record, record])
    assert sorted((r["seed"], r["n"]) for r in rows) == [(5, 2), (6, 2)]
