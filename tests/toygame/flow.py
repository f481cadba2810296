"""Race to Ten has no automatic steps: every step is a player's choice (see actions.py)."""
