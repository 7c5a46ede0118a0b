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


#: What a scenario value may hold: nesting this deep at most, whole numbers this large at most
#: (a seed is 64 bits; nothing else comes near), this many values in all.
MAX_DEPTH = 8
MAX_INT_BITS = 128
MAX_NODES = 200_000


def check_plain(value: object, field: str) -> None:
    """Refuse, with a ScenarioError naming ``field``, a value no scenario can hold: nested
    deeper than ``MAX_DEPTH``, a whole number of more than ``MAX_INT_BITS`` bits, or more than
    ``MAX_NODES`` values. Walks without recursion and never formats the value itself, so a very
    deep dict or a number of thousands of digits cannot raise RecursionError or ValueError from
    the messages that explain it. Objects other than dicts, lists and plain scalars are left to
    the checks that know them (a RuleSet, a Card)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > MAX_NODES:
            raise ScenarioError("too_large", field, seen, f"{field}: too many values")
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            if item.bit_length() > MAX_INT_BITS:
                raise ScenarioError("out_of_range", field, "…", f"{field}: a number far too large")
            continue
        if isinstance(item, dict | list | tuple):
            if depth >= MAX_DEPTH:
                raise ScenarioError("bad_type", field, "…", f"{field}: nested too deeply")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
