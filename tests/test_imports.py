"""The package's imports, read with ``ast`` (nothing is imported to check them).

- No cycle between the modules under ``uno/``: not at module level, not inside a function (a
  deferred import only hides a cycle), not under ``TYPE_CHECKING``.
- No module imports another module's private name (``from uno.engine import _TABLE``): what
  two modules share is public in one of them.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "uno"


@dataclass(frozen=True)
class Imported:
    """One name brought in by an import statement: the module it comes from, the name (None
    for ``import a.b``), and where the statement is."""

    module: str
    name: str | None
    line: int


def module_name(path: Path) -> str:
    """``uno/academy/store/__init__.py`` -> ``uno.academy.store``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules() -> dict[str, Path]:
    """Every module of the package, by dotted name."""
    return {
        module_name(path): path
        for path in sorted((ROOT / PACKAGE).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def imports_of(name: str, path: Path) -> Iterator[Imported]:
    """Every import statement anywhere in the module (top level, functions, classes,
    ``if TYPE_CHECKING:``), as the absolute module and the name imported from it."""
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield Imported(alias.name, None, node.lineno)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the package this module is in
                base = name.split(".")
                if not is_package:
                    base.pop()
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                yield Imported(source, alias.name, node.lineno)


def import_graph(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    """For each project module, the project modules it imports (with the first line that does):
    ``from a import b`` is an edge to ``a.b`` when ``b`` is a module, else to ``a``."""
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for imp in imports_of(name, path):
            target = imp.module
            if imp.name is not None and f"{imp.module}.{imp.name}" in modules:
                target = f"{imp.module}.{imp.name}"
            if target in modules and target != name:
                edges.setdefault(target, imp.line)
        graph[name] = edges
    return graph


def find_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each as one cycle
    through them (first module repeated at the end), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = 0

    def visit(v: str) -> None:
        nonlocal counter
        index[v] = low[v] = counter
        counter += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(cycle_through(graph, set(c)) for c in components)


def cycle_through(graph: dict[str, dict[str, int]], component: set[str]) -> list[str]:
    """One cycle inside a strongly connected ``component``, from its first module back to it
    (a breadth-first search, so the shortest such cycle)."""
    start = min(component)
    parents: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w not in component:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(parents[path[-1]])
                    return [*reversed(path), start]
                if w not in parents:
                    parents[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"no cycle through {sorted(component)}")  # pragma: no cover


def describe(cycle: list[str], graph: dict[str, dict[str, int]], modules: dict[str, Path]) -> str:
    """``a (a.py:12) -> b (b.py:40) -> a``: each step with the line of its import."""
    steps = []
    for here, there in itertools.pairwise(cycle):
        where = modules[here].relative_to(ROOT)
        steps.append(f"{here} ({where}:{graph[here][there]})")
    return " -> ".join([*steps, cycle[-1]])


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_imports(modules: dict[str, Path]) -> list[str]:
    """Every import of a project module's private name (or of a private module) by another
    module: ``uno/bots.py:38: from uno.engine import _PLAYABLE``."""
    found = []
    for name, path in modules.items():
        for imp in imports_of(name, path):
            if imp.module != PACKAGE and not imp.module.startswith(PACKAGE + "."):
                continue  # another library's: not ours to judge
            if imp.module == name:
                continue  # a module reading its own name (a deferred import of itself)
            dotted = imp.module if imp.name is None else f"{imp.module}.{imp.name}"
            if imp.name == "*" or not any(is_private(part) for part in dotted.split(".")):
                continue
            if imp.name is None:
                what = f"import {imp.module}"
            else:
                what = f"from {imp.module} import {imp.name}"
            found.append(f"{path.relative_to(ROOT)}:{imp.line}: {what}")
    return found


# -- the tests -------------------------------------------------------------------------------
def test_the_package_is_read() -> None:
    modules = project_modules()
    assert {"uno", "uno.engine", "uno.bots", "uno.expert", "uno.academy", "uno.ui"} <= set(modules)
    graph = import_graph(modules)
    assert "uno.engine" in graph["uno.setup"]  # a module-level import
    assert "uno.odds" in graph["uno"]  # ``from uno import odds``: the module, not the package


def test_no_import_cycle_between_the_modules() -> None:
    modules = project_modules()
    graph = import_graph(modules)
    cycles = find_cycles(graph)
    assert not cycles, "import cycles (module-level, deferred or for typing):\n" + "\n".join(
        describe(cycle, graph, modules) for cycle in cycles
    )


def test_no_module_imports_another_modules_private_name() -> None:
    found = private_imports(project_modules())
    assert not found, "private names imported from another module:\n" + "\n".join(found)


def test_the_checks_see_what_they_look_for(tmp_path: Path) -> None:
    """The detectors themselves: a cycle hidden in a function and a private name imported under
    parentheses are both found (on a tiny made-up graph and source)."""
    graph = {"p.a": {"p.b": 1}, "p.b": {"p.c": 3}, "p.c": {"p.a": 7}, "p.d": {"p.a": 2}}
    assert find_cycles(graph) == [["p.a", "p.b", "p.c", "p.a"]]
    source = tmp_path / "m.py"
    source.write_text(
        "def f():\n    from uno.engine import (\n        Table,\n        _HIDDEN,\n    )\n",
        encoding="utf-8",
    )
    found = [(i.module, i.name, i.line) for i in imports_of("uno.m", source)]
    assert found == [("uno.engine", "Table", 2), ("uno.engine", "_HIDDEN", 2)]
    assert is_private("_HIDDEN") and not is_private("__all__") and not is_private("Table")


def test_the_strategies_are_registered_by_name_and_still_reached_through_bots() -> None:
    """The split of the computer players (strategy <- heuristics <- expert <- bots) keeps one
    registry, the expert in it like the others, and every name callers import from uno.bots."""
    import uno
    import uno.bots
    import uno.expert
    import uno.heuristics
    import uno.strategy

    registry = uno.bots.STRATEGIES
    assert list(registry) == [*uno.bots.HEURISTICS, "expert"]
    assert registry["expert"] is uno.expert.Expert
    for name, cls in registry.items():
        assert cls().name == name
    assert uno.bots.Strategy is uno.strategy.Strategy is uno.Strategy
    assert uno.bots.Greedy is uno.heuristics.Greedy
    for name in (
        "CHALLENGE_POLICIES",
        "MAX_BOT_MOVES",
        "PERSON",
        "BotMove",
        "ColorKeeper",
        "First",
        "SaveWilds",
        "bot_action",
        "carry_out",
        "make_strategies",
        "make_strategy",
        "move_rng",
        "next_bot_move",
        "play_bots",
        "reaction",
    ):
        assert name in uno.bots.__all__ and hasattr(uno.bots, name), name
    assert uno.make_strategy("expert", rollouts=3) == uno.expert.Expert(rollouts=3)
