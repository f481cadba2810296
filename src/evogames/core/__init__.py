"""The engine contract shared by every game."""
