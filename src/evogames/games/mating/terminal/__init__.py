"""The game's terminal board: ``board.render`` and ``moves.describe``."""
