"""The examples in the docstrings of the public API run, python-chess style: what the
documentation shows is what the engine does."""

from __future__ import annotations

import doctest
import importlib

import pytest

import uno

#: The functions whose docstrings teach by example, and the module each lives in.
EXAMPLES = {
    "apply": "uno.engine",
    "legal_actions": "uno.engine",
    "matches": "uno.engine",
    "parse_action": "uno.actions",
    "load_scenario": "uno.scenario",
    "simulate": "uno.simulation",
}


@pytest.mark.parametrize("module", sorted(set(EXAMPLES.values())))
def test_docstring_examples_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{module} has no examples"
    assert result.failed == 0, f"{result.failed} example(s) of {module} failed (see above)"


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_each_public_function_shows_an_example(name: str) -> None:
    function = getattr(uno, name)
    assert function.__module__ == EXAMPLES[name]
    examples = doctest.DocTestParser().get_examples(function.__doc__ or "")
    assert len(examples) >= 2, f"uno.{name} needs examples in its docstring"
    assert any(f"uno.{name}(" in e.source for e in examples), f"uno.{name} is not shown in use"


def test_the_friendly_matches_reads_codes_colours_and_none() -> None:
    assert uno.matches("R3", "R7", "R") and uno.matches("b7", " R7 ")
    assert not uno.matches("G2", "R7")
    assert uno.matches("G2", "W", uno.Color.G) and not uno.matches("G2", "W", "R")
    assert not uno.matches("G2", "W") and uno.matches("W", "W")  # no colour named yet
    assert uno.matches("WD4", "GS", "G")  # always playable; a bluff is uno.is_bluff's question
    with pytest.raises(uno.NotationError):
        uno.matches("R10", "R7", "R")
    with pytest.raises(uno.NotationError):
        uno.matches("R1", "R7", "P")
    with pytest.raises(TypeError):
        uno.matches(7, "R7", "R")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        uno.matches("R1", "R7", 0)  # type: ignore[arg-type]
