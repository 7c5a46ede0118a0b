"""The engine's edges (Hardening II, #19 point 6): whatever a caller hands load_scenario,
new_game or simulate, the answer is a clear ScenarioError or ValueError naming the field, never
a RecursionError, an int-conversion ValueError or a bare TypeError."""

from __future__ import annotations

import json

import pytest

import uno


def deep(levels: int = 50_000) -> dict[str, object]:
    top: dict[str, object] = {}
    node = top
    for _ in range(levels):
        child: dict[str, object] = {}
        node["a"] = child
        node = child
    return top


BASE = {"players": 2, "hands": [["R1"], ["R2"]], "discard_pile": ["R3"]}
FIELDS = ["rules", "players", "hands", "discard_pile", "draw_pile", "current_color", "turn"]
FIELDS += ["scores", "seed", "challenge", "uno_exposed", "title", "table"]


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("kind", ["deep", "huge", "huge_in_list"])
def test_load_scenario_refuses_deep_or_huge_values_with_a_scenario_error(
    field: str, kind: str
) -> None:
    value = {"deep": deep(), "huge": 10**5000, "huge_in_list": [10**5000]}[kind]
    with pytest.raises(uno.ScenarioError) as info:
        uno.load_scenario({**BASE, field: value})
    assert str(info.value) and repr(info.value.value)  # the message itself is safe to print


def test_json_text_with_a_huge_number_is_a_scenario_error() -> None:
    text = '{"players": 2, "hands": [["R1"], ["R2"]], "discard_pile": ["R3"], "seed": '
    with pytest.raises(uno.ScenarioError) as info:
        uno.load_scenario(text + "9" * 5000 + "}")
    assert info.value.code == "not_json"


@pytest.mark.parametrize("argument", ["players", "rules", "seed"])
def test_new_game_refuses_deep_or_huge_arguments(argument: str) -> None:
    for value in (deep(), 10**5000, [deep()]):
        with pytest.raises(uno.ScenarioError) as info:
            uno.new_game(**{argument: value})  # type: ignore[arg-type]
        assert info.value.field.startswith(argument)


def test_simulate_says_what_strategies_are() -> None:
    with pytest.raises(ValueError, match="strategies: a strategy name"):
        uno.simulate(3, strategies=5)  # type: ignore[arg-type]


def test_a_scenario_saved_as_utf16_by_a_windows_editor_loads() -> None:
    text = json.dumps({"players": 2, "hands": [["R1"], ["B2"]], "discard_pile": ["R5"]})
    for encoding in ("utf-16", "utf-16-be"):
        raw = text.encode(encoding)
        if encoding == "utf-16-be":
            raw = b"\xfe\xff" + raw
        state = uno.load_scenario(raw)
        assert state.n_players == 2 and str(state.top) == "R5"
    with pytest.raises(uno.ScenarioError) as refused:  # without the mark: refused in words
        uno.load_scenario(text.encode("utf-16-le"))
    assert refused.value.code == "not_json"
