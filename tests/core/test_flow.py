"""The shared round engine (core/flow.py): steps in order, loops by name, waiting for a seat."""

from __future__ import annotations

import pytest

from evogames.core.flow import Round


class Toy:
    def __init__(self) -> None:
        self.step, self.entered, self.over = 0, False, False
        self.trace: list[str] = []
        self.laps = 0
        self.waiting = False


def _record(name: str, result: bool | str = True):  # type: ignore[no-untyped-def]
    def step(s: Toy) -> bool | str:
        s.trace.append(name)
        return result
    return step


def _lap(s: Toy) -> bool | str:
    s.trace.append("lap")
    s.laps += 1
    if s.laps == 3:
        s.over = True
    return "a" if s.laps < 2 else True


def _end(s: Toy) -> bool:
    s.trace.append("end")
    s.over = True
    return True


def _wait(s: Toy) -> bool:
    s.trace.append("wait")
    if not s.entered:
        s.entered = True
        return False
    return True


def test_steps_run_in_order_loop_by_name_and_stop_at_the_end() -> None:
    s = Toy()
    Round(("a", "b", "lap"), {"a": _record("a"), "b": _record("b"), "lap": _lap}).advance(s)
    assert s.trace == ["a", "b", "lap", "a", "b", "lap", "a", "b", "lap"]
    assert s.over


def test_a_step_that_waits_returns_and_goes_on_when_called_again() -> None:
    s = Toy()
    flow = Round(("w", "end"), {"w": _wait, "end": _end})
    flow.advance(s)
    assert s.trace == ["wait"] and flow.current(s) == "w" and s.entered
    flow.advance(s)  # the seat has acted
    assert s.trace == ["wait", "wait", "end"] and s.over


def test_a_round_whose_steps_do_not_match_its_order_is_refused() -> None:
    with pytest.raises(ValueError, match="missing"):
        Round(("a", "b"), {"a": _record("a")})
    with pytest.raises(ValueError, match="unused"):
        Round(("a",), {"a": _record("a"), "b": _record("b")})


def test_the_phase_is_the_waiting_step_or_over() -> None:
    s = Toy()
    flow = Round(("w", "end"), {"w": _wait, "end": _end})
    flow.advance(s)
    assert flow.phase(s) == "w"
    flow.advance(s)
    assert flow.phase(s) == "over"
