"""evogames: the evolution board games biology classes use, with their real rules.

The public contract (see DESIGN.md)::

    evogames.catalog()
    g = evogames.game("mating")
    m = evogames.Match(g, players=4, seed=7, options={...})
    m.to_act, m.legal(seat), m.act(seat, action), m.view(seat)
    m.over, m.result, m.log, m.record(), evogames.Match.replay(record)
"""

from evogames.core.errors import IllegalAction
from evogames.core.match import Match
from evogames.core.registry import catalog, game

__all__ = ["IllegalAction", "Match", "catalog", "game"]
__version__ = "0.1.0"
