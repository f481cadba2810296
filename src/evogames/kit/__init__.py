"""The kit: the base types a game builds its parts on, importing only ``evogames.core``.

A game imports ``evogames.core``, ``evogames.kit`` and itself, nothing else; the adapters
(``bots``, ``cli``, ``sim``, ``rl``, ``server``) stand on top of both. One module per part:

- ``kit.bot``: the ``Bot`` protocol a game's ``bot.py`` (``HeuristicBot``) follows;
- ``kit.encoder``: the RL ``Encoder`` base of a game's ``encoder.py`` (NumPy only);
- ``kit.board``: the terminal ``Board`` protocol of a game's ``terminal/board.py``, and the generic board;
- ``kit.lesson``: ``Arm``, ``Term``, ``Lesson`` and ``LabSetup``, the data of a game's ``lessons.py``;
- ``kit/web/``: the ES modules a game's ``web/board.js`` imports (``dom.js``, ``names.js``, ``plot.js``,
  ``icons.js``, and ``generic.js``, the board of a game without one), served at ``/static/kit/``.

This package imports none of them, so importing one part's base loads nothing else.
"""
