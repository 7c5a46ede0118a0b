"""The store's layout (uno/academy/store/): small modules, one backend, one repository per
subject, and no game rule but the marked GAME PART of the rooms repository.

To tighten: lower ``MAX_LINES``. The rooms' moves are the match's (``uno.academy.match``,
through ``room_match.py``): no store module imports the engine's rules.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from uno.academy import store as st
from uno.academy.store.classes import ClassRepository
from uno.academy.store.games import ScorePadRepository
from uno.academy.store.progress import ProgressRepository
from uno.academy.store.puzzles import PuzzleRepository
from uno.academy.store.rooms import RoomRepository

STORE = ROOT / "uno" / "academy" / "store"
PACKAGE = "uno.academy.store"
MODULES = sorted(STORE.glob("*.py"))

#: The most lines a module of the store may have.
MAX_LINES = 400
#: Modules that hold the rules of the game; ``import uno`` and ``from uno import ...`` count
#: too (the root package re-exports the engine).
GAME_MODULES = (
    "uno.engine",
    "uno.bots",
    "uno.actions",
    "uno.expert",
    "uno.academy.classroom",
)
#: Where the store may still import them, by module and top-level function: a room's deal is
#: made of the classroom's decks (``room_match.first_state``). A move is the match's.
GAME_SCOPES: dict[str, frozenset[str]] = {"room_match.py": frozenset({"first_state"})}
#: Each database's driver belongs to its backend alone.
DRIVERS = {"sqlite3": "sqlite.py", "psycopg": "postgres.py", "psycopg_pool": "postgres.py"}
#: Each subject's protocol and the repository that implements it.
SUBJECTS = [
    (st.ProgressStore, ProgressRepository),
    (st.ClassStore, ClassRepository),
    (st.ScorePadStore, ScorePadRepository),
    (st.RoomStore, RoomRepository),
    (st.PuzzleStore, PuzzleRepository),
]


def _imports(path: Path) -> Iterator[tuple[str, str, int]]:
    """``(module imported, scope, line)`` for every import in ``path``: the scope is the
    top-level function or class it sits in, ``TYPE_CHECKING`` for a type-only import of the
    module's body, else ``""``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))

    def resolved(node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        base = PACKAGE.split(".")[: len(PACKAGE.split(".")) - node.level + 1]
        return ".".join([*base, *([node.module] if node.module else [])])

    def walk(node: ast.AST, scope: str) -> Iterator[tuple[str, str, int]]:
        for child in ast.iter_child_nodes(node):
            inner = scope
            if not scope and isinstance(child, ast.FunctionDef | ast.ClassDef):
                inner = child.name
            elif (
                not scope
                and isinstance(child, ast.If)
                and "TYPE_CHECKING" in ast.unparse(child.test)
            ):
                inner = "TYPE_CHECKING"
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, scope, child.lineno
            elif isinstance(child, ast.ImportFrom):
                module = resolved(child)
                yield module, scope, child.lineno
                for alias in child.names:  # ``from uno import engine`` imports uno.engine
                    yield f"{module}.{alias.name}", scope, child.lineno
            yield from walk(child, inner)

    yield from walk(tree, "")


def _is_under(module: str, names: tuple[str, ...]) -> str | None:
    """The name of ``names`` that ``module`` is, or is a part of."""
    for name in names:
        if module == name or module.startswith(f"{name}."):
            return name
    return None


def test_the_store_is_found() -> None:
    names = {path.name for path in MODULES}
    for module in ("backend.py", "sqlite.py", "postgres.py", "sql.py", "protocols.py"):
        assert module in names
    for repository in ("progress.py", "classes.py", "games.py", "rooms.py", "limits.py"):
        assert repository in names
    assert set(GAME_SCOPES) <= names  # an entry for a module that is gone goes too


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_each_module_is_small(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name}: {lines} lines (at most {MAX_LINES}): split it"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_no_game_rule_outside_the_marked_game_part(path: Path) -> None:
    allowed = GAME_SCOPES.get(path.name, frozenset())
    found = [
        f"{path.name}:{line} imports {module} in {scope or 'the module'}"
        for module, scope, line in _imports(path)
        if (module == "uno" or _is_under(module, GAME_MODULES)) and scope not in allowed
    ]
    assert not found, "the store only stores; the game is the match's:\n" + "\n".join(found)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_each_driver_is_used_by_its_backend_only(path: Path) -> None:
    for module, _, line in _imports(path):
        driver = _is_under(module, tuple(DRIVERS))
        assert driver is None or DRIVERS[driver] == path.name, f"{path.name}:{line} {module}"


def _methods(protocol: type) -> dict[str, inspect.Signature]:
    """The methods a protocol declares (its own and its bases'), with their signatures."""
    return {
        name: inspect.signature(member)
        for klass in protocol.__mro__
        if klass.__module__ == st.Store.__module__
        for name, member in vars(klass).items()
        if callable(member) and (not name.startswith("_") or name in ("__enter__", "__exit__"))
    }


def _shape(signature: inspect.Signature) -> list[tuple[str, object]]:
    return [(p.name, p.kind) for p in signature.parameters.values()]


def test_store_combines_one_protocol_per_subject() -> None:
    combined = set(_methods(st.Store))
    subjects = [set(_methods(protocol)) for protocol, _ in SUBJECTS]
    assert all(protocol in st.Store.__mro__ for protocol, _ in SUBJECTS)
    assert sum(len(names) for names in subjects) == len(set().union(*subjects))  # no overlap
    assert combined - set().union(*subjects) == {
        "schema_version",
        "close",
        "__enter__",
        "__exit__",
    }


@pytest.mark.parametrize(("protocol", "repository"), SUBJECTS, ids=lambda x: x.__name__)
def test_each_subject_has_its_repository_and_the_facade_delegates(
    protocol: type, repository: type
) -> None:
    for name, wanted in _methods(protocol).items():
        for implementation in (repository, st.SQLStore, st.SQLiteStore):
            method = getattr(implementation, name, None)
            assert method is not None, f"{implementation.__name__}.{name} is missing"
            given = inspect.signature(method)
            assert _shape(given) == _shape(wanted), f"{implementation.__name__}.{name}"
            defaults = [p.default for p in given.parameters.values()]
            expected = [p.default for p in wanted.parameters.values()]
            assert all(e is ... or e == g for e, g in zip(expected, defaults, strict=True))
