"""The game's own mechanics, one module per part of the rules."""
