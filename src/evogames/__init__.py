"""evogames: the evolution board games biology classes use, with their real rules.

The public contract (see DESIGN.md)::

    evogames.catalog(), evogames.names()
    g = evogames.game(name)                      # a GameSpec (see evogames/core/spec.py)
    m = evogames.Match(g, players=4, seed=7, options={...})
    m.to_act, m.legal(seat), m.act(seat, action), m.view(seat)
    m.over, m.result, m.log, m.record(), evogames.Match.replay(record)
"""

from evogames.core.errors import ErrorCode, IllegalAction, UsageError
from evogames.core.match import Match
from evogames.core.registry import catalog, game, names, register
from evogames.core.spec import GameSpec

__all__ = ["ErrorCode", "GameSpec", "IllegalAction", "Match", "UsageError", "catalog", "game", "names", "register"]
__version__ = "0.1.0"
