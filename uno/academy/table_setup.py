"""How a situation is shown, as a share link or a scenario file keeps it (the scenario's
``table`` field): the computer players, hidden hands, the reader's seat. Read by the match
(``uno.academy.match``) and the table (``uno.academy.table``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from uno.bots import STRATEGIES
from uno.errors import ScenarioError

__all__ = ["TABLE_FIELD", "TableSetup", "read_table_setup"]

#: The scenario field that carries how a board shows the situation (share links, files).
TABLE_FIELD: Final = "table"


@dataclass(frozen=True)
class TableSetup:
    """How a situation is shown, as a share link or a scenario file keeps it (field
    ``table``): the computer players (seat -> strategy), whether the other hands are hidden,
    and whose hand the reader holds."""

    bots: Mapping[int, str] = field(default_factory=dict)
    hide_hands: bool = False
    viewer: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.bots:
            out["bots"] = {str(seat): name for seat, name in sorted(self.bots.items())}
        if self.hide_hands:
            out["hide_hands"] = True
        if self.viewer is not None:
            out["viewer"] = self.viewer
        return out


def read_table_setup(raw: object, players: int) -> TableSetup:
    """The ``table`` field of a scenario, checked; ScenarioError names the field and value."""
    if raw is None:
        return TableSetup()
    if not isinstance(raw, Mapping):
        raise ScenarioError("bad_type", TABLE_FIELD, raw, "table: expected an object")
    unknown = set(raw) - {"bots", "hide_hands", "viewer"}
    if unknown:
        key = sorted(map(str, unknown))[0]
        raise ScenarioError("unknown_field", f"table.{key}", key, f"table.{key}: unknown field")
    bots_raw = raw.get("bots", {})
    if not isinstance(bots_raw, Mapping):
        raise ScenarioError("bad_type", "table.bots", bots_raw, "table.bots: expected an object")
    bots: dict[int, str] = {}
    for key, name in bots_raw.items():
        where = f"table.bots.{key}"
        if not (isinstance(key, str) and key.isascii() and key.isdigit()) or int(key) >= players:
            raise ScenarioError("bad_seat", where, key, f"{where}: no such seat")
        if not isinstance(name, str) or name not in STRATEGIES:
            raise ScenarioError("bad_option_value", where, name, f"{where}: unknown strategy")
        bots[int(key)] = name
    hide = raw.get("hide_hands", False)
    if not isinstance(hide, bool):
        raise ScenarioError("bad_type", "table.hide_hands", hide, "table.hide_hands: true/false")
    viewer = raw.get("viewer")
    if viewer is not None and (
        isinstance(viewer, bool) or not isinstance(viewer, int) or not 0 <= viewer < players
    ):
        raise ScenarioError("bad_seat", "table.viewer", viewer, "table.viewer: no such seat")
    if viewer is not None and viewer in bots:
        raise ScenarioError(
            "bad_seat", "table.viewer", viewer, "table.viewer: a computer player's seat"
        )
    return TableSetup(bots, hide, viewer)
