"""The games, one package each: everything about a game lives in its folder.

``BUILTIN`` lists the games that ship, in catalog order; each package's
``__init__.py`` holds its ``SPEC`` (see ``evogames.core.spec``).
"""

BUILTIN = ("mating", "evolution", "phylo", "dodo", "adapt")
