"""RL encoders: each game's ``encoder.py`` has ``make_encoder(players, options)``.

Observation numbers and canonical actions have the same size for every player
count; each game's encoder docstring gives its layout, ``docs/rl.md`` the overview.

``load_encoder`` finds a game's encoder; a game without one raises
``MissingEncoder`` naming the module to write (see ``evogames.kit.encoder`` for the contract).
"""

from __future__ import annotations

from typing import Any

from evogames.core.registry import game as lookup
from evogames.kit.encoder import Encoder
from evogames.kit.parts import encoder_maker

__all__ = ["Encoder", "MissingEncoder", "load_encoder"]


class MissingEncoder(LookupError):
    """The game has no RL encoder module yet."""


def load_encoder(game: str, players: int, options: dict[str, Any]) -> Encoder:
    """The RL encoder of ``game`` for ``players`` seats and these (validated) options."""
    spec = lookup(game)
    make_encoder = encoder_maker(spec)
    if make_encoder is None:
        raise MissingEncoder(
            f"The game '{game}' has no RL encoder yet: add the module {spec.package}.encoder "
            "with make_encoder(players, options); see docs/adding-a-game.md and kit/encoder.py."
        )
    return make_encoder(players, options)
