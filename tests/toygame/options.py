"""Race to Ten's options."""

from __future__ import annotations

from evogames.core.options import Option

OPTIONS: tuple[Option, ...] = (
    Option("target", "int", 10, "The count that wins.", minimum=3, maximum=50),
    Option("max_step", "int", 2, "The most a player may add in one turn.", minimum=1, maximum=5),
)
