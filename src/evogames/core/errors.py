"""IllegalAction: the one error a player sees, with a code and a sentence."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action, seat, option or message that the rules refuse.

    ``code`` is namespaced (``action/inactive_player``, ``option/unknown``);
    ``reason`` is a sentence a player understands. Nothing changed.
    """

    def __init__(self, reason: str, code: str = "action/invalid") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "reason": self.reason}
