"""The ``evogames`` command line: list, rules, play, simulate, replay, serve.

Adapters only: every rule lives in the games; this package renders views,
reads choices and turns ``IllegalAction`` into a one-line error (exit 2).
"""
