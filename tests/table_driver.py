"""Driving the table component from AppTest: AppTest cannot run the component's JavaScript, so
these helpers read the view model it was given and send what a tap sends (the same JSON trigger
value the browser sends), through Streamlit's own widget protocol."""

from __future__ import annotations

import json
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest


def table_node(at: AppTest, key: str) -> Any:
    for node in at.get("bidi_component"):
        if node.proto.id.endswith(f"-{key}"):
            return node
    raise AssertionError(f"no table with key {key!r} on the page")


def table_model(at: AppTest, key: str) -> dict[str, Any]:
    """The view model the table was drawn from (the component's data)."""
    node = table_node(at, key)
    proto = node.proto
    field = proto.WhichOneof("data")
    if field == "json":
        return json.loads(proto.json)  # type: ignore[no-any-return]
    if field == "mixed":
        return json.loads(proto.mixed.json)  # type: ignore[no-any-return]
    raise AssertionError(f"unexpected table data {field!r}")


def table_send(at: AppTest, key: str, event: str, value: Any) -> AppTest:
    """What the component sends with ``setTriggerValue(event, value)``; runs the script."""
    node = table_node(at, key)
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = _make_trigger_id(node.proto.id, "events")
    widget.json_trigger_value = json.dumps([{"event": event, "value": value}])
    at._run(states)
    assert not at.exception, [e.value for e in at.exception]
    return at


def tap(at: AppTest, key: str, action: str) -> AppTest:
    """A tap that sends ``action`` on the table as it is drawn now (its version)."""
    version = table_model(at, key)["version"]
    return table_send(at, key, "action", {"action": action, "version": version})


def tap_card(at: AppTest, key: str, code: str, color: str | None = None, uno: bool = True) -> str:
    """Tap a card of the hand as a person would (then its colour, then "UNO!" when offered);
    returns what was sent, or the refusal text the table shows at the hand."""
    model = table_model(at, key)
    hand_tap = model["hand"]["taps"][code]
    if "refuse" in hand_tap:
        return str(hand_tap["refuse"]["text"])
    if "ask" in hand_tap:
        choice = next(c for c in hand_tap["choices"] if color is None or c.get("color") == color)
    else:
        choice = hand_tap
    sent = choice["send_uno"] if uno and "send_uno" in choice else choice["send"]
    tap(at, key, sent)
    return str(sent)


def set_device(at: AppTest, token: str = "test-device-token-0123456789") -> AppTest:
    """What the device component sends the first time: this browser's token (its state)."""
    node = None
    for candidate in at.get("bidi_component"):
        if candidate.proto.id.endswith("-uno_device"):
            node = candidate
    if node is None:
        raise AssertionError("no device component on the page")
    states = at._tree.get_widget_states()
    widget = states.widgets.add()
    widget.id = node.proto.id
    widget.json_value = json.dumps({"token": token})
    at._run(states)
    assert not at.exception, [e.value for e in at.exception]
    return at


def story(at: AppTest, key: str) -> list[str]:
    """The lines of the story the table tells (their texts)."""
    return [line["text"] for line in table_model(at, key)["story"]]


def press_tool(at: AppTest, key: str, tool: str) -> AppTest:
    """A button of the table that is not a move (the coach, a computer player's next step)."""
    if tool not in [t["id"] for t in table_model(at, key).get("tools", [])]:
        raise AssertionError(f"no tool {tool!r} on the table {key!r}")
    return table_send(at, key, "tool", {"id": tool, "n": 1})


def press_menu(at: AppTest, key: str) -> AppTest:
    """The table's menu button (the page's chrome comes back)."""
    if not table_model(at, key).get("menu"):
        raise AssertionError(f"no menu on the table {key!r}")
    return table_send(at, key, "menu", {"n": 1})
