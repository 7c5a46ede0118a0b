"""The three refusals of the engine. Each carries a stable code for the app to translate; the
English message is for library users and logs, never shown to a player as is."""

from __future__ import annotations

from typing import Any

__all__ = ["IllegalAction", "NotationError", "ScenarioError", "UnoError"]


class UnoError(Exception):
    """Base class of every refusal the engine makes."""


class NotationError(UnoError, ValueError):
    """Text that is not a card, colour or action. ``.text`` is the bad text, ``.reason`` a code."""

    def __init__(self, text: str, reason: str = "bad_notation", message: str | None = None):
        self.text = text
        self.reason = reason
        super().__init__(message or f"cannot read {text!r}")


class IllegalAction(UnoError):
    """A well-formed action that the rules refuse now.

    ``.reason`` is a stable code (``"no_match"``, ``"not_your_turn"``, ...), ``.rule`` the id of the
    ruling in RULES.md that refuses it, ``.action`` the refused action, ``.params`` extra values for
    the explanation (for instance the current colour).
    """

    def __init__(self, reason: str, rule: str, action: object = None, **params: Any):
        self.reason = reason
        self.rule = rule
        self.action = action
        self.params = params
        where = f" ({action})" if action is not None else ""
        extra = "".join(f", {k}={v}" for k, v in sorted(params.items()))
        super().__init__(f"{reason} [{rule}]{where}{extra}")


class ScenarioError(UnoError, ValueError):
    """A scenario file or dict that cannot be loaded. Nothing is half-loaded.

    ``.code`` is a stable code (``"bad_card"``, ``"unknown_field"``, ...), ``.field`` the JSON path
    of the bad field (``"hands[1][0]"``), ``.value`` the offending value.
    """

    def __init__(self, code: str, field: str, value: object, message: str):
        self.code = code
        self.field = field
        self.value = value
        super().__init__(message)
