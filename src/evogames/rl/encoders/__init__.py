"""Per-game RL encoders: ``evogames.rl.encoders.<game>.make_encoder(players, options)``.

Games with an encoder (observation numbers, canonical actions; sizes are the
same for every player count): ``mating`` (364, 134), ``dodo`` (2,502, 240),
``evolution`` (3,629, 3,550), ``adapt`` (2,089, 4,962), ``phylo`` (20,418,
27,359). Each module's docstring gives its layout; ``docs/rl.md`` the overview.

``load_encoder`` finds a game's encoder; a game without one raises
``MissingEncoder`` naming the module to write (see ``base.py`` for the contract).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from evogames.rl.encoders.base import Encoder

__all__ = ["Encoder", "MissingEncoder", "load_encoder"]


class MissingEncoder(LookupError):
    """The game has no RL encoder module yet."""


def load_encoder(game: str, players: int, options: dict[str, Any]) -> Encoder:
    """The RL encoder of ``game`` for ``players`` seats and these (validated) options."""
    module_name = f"evogames.rl.encoders.{game}"
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as err:
        if err.name != module_name:
            raise
        raise MissingEncoder(
            f"The game '{game}' has no RL encoder yet: add the module {module_name} "
            f"(src/evogames/rl/encoders/{game}.py) with make_encoder(players, options); "
            "see evogames/rl/encoders/mating.py for the model."
        ) from err
    encoder: Encoder = module.make_encoder(players, options)
    return encoder
