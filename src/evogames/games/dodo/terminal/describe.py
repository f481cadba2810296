"""Tough Luck, Dodo's legal actions as sentences a player reads: creatures, environments, tokens."""

from __future__ import annotations

from typing import Any

from evogames.core.types import Action


def describe(view: dict[str, Any], action: Action) -> str:
    """The action in words, using the creatures and environments in the seat's ``view``."""
    kind = action["type"]
    envs = {e["id"]: e["name"] for e in view.get("environments", [])}
    creatures = {c["id"]: c for c in view.get("creatures", [])}
    if kind == "place":
        return f"Place {creature(creatures, action['creature'], view.get('seat'))} in {envs.get(action['environment'])}"
    if kind == "token":
        token = view["tokens"][action["token"]]  # the rules text comes from the game (components.toml)
        return f"Play {token['name']} ({token['text']})"
    if kind == "pass":
        return "Pass (play no token)" if view.get("phase") == "token" else "Pass (move no creature this round)"
    if kind == "cancel":
        return "Cancel: put the token back" if view.get("phase") == "token" else "Cancel: choose another creature"
    if kind == "eat_first":
        return f"Let {creature(creatures, action['creature'], view.get('seat'))} eat first"
    if "creature" in action:
        verb = {"advantage": "Give Competitive Advantage to", "relocation": "Relocate",
                "migrate": "Migrate"}[kind]
        return f"{verb} {creature(creatures, action['creature'], view.get('seat'))}"
    if "environment" in action:
        verb = {"famine": "Famine on", "relocation": "Move it to", "migrate": "Move it to"}[kind]
        return f"{verb} {envs.get(action['environment'])}"
    return f"Famine covers {' and '.join(action['resources'])}"


def creature(creatures: dict[int, dict[str, Any]], cid: int, seat: int | None = None) -> str:
    c = creatures.get(cid)
    if c is None:
        return f"creature #{cid}"
    whose = "your" if c["owner"] == seat else f"Player {c['owner'] + 1}'s"
    where = f" in {c['environment']}" if c["environment"] else ""
    return f"{whose} creature #{cid} ({'+'.join(c['mutations'])}){where}"
