"""The views as packages a newcomer can change (issue 36): each view of uno/ui that became a
package keeps its modules small, spells its session keys in one module, reaches the store only
through a service of uno/academy/services, and builds its figures in a module with no Streamlit.
A package joins the checks by one line in ``PACKAGES`` (and its pure modules in ``PURE``).

- every module of a package is at most ``MAX_LINES`` lines;
- no module of a package names the store's error classes, imports the store, or compares
  versions (a service says what to tell the reader);
- no module of a package but its keys module writes a key of ``st.session_state`` as a string
  or an f-string (a subscript, ``.get``/``.pop``/``.setdefault``, ``in``, an attribute);
- a pure module (the lab's figures) imports no Streamlit, nor any module of the app that does,
  so a notebook or a test builds the same figures without a page; its package's
  ``__init__`` imports nothing, so importing it does not draw in the page;
- the pages call the package's page function, and every catalog key a service says exists.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from uno.academy import store as db
from uno.academy.i18n import LANGS, catalog

UI = ROOT / "uno" / "ui"
SERVICES = ROOT / "uno" / "academy" / "services"
#: The views of uno/ui that are packages, each with its keys module (the one that spells keys).
PACKAGES: dict[str, str] = {
    "lab": "keys.py",
    "lessons": "keys.py",
    "scoring": "keys.py",
    "sandbox": "keys.py",
    "rooms": "keys.py",
    "classroom": "keys.py",
    "guided": "keys.py",
    "review": "keys.py",
}
#: Modules that build from data and draw nothing: no Streamlit, directly or through the app.
PURE: tuple[str, ...] = ("lab/figures.py",)
#: Modules of the app a pure module may reach that import Streamlit for one drawing function
#: only: none since the charts' drawing moved to ``uno.ui.plot`` (the palette and the layout,
#: ``uno.ui.charts``, are pure).
DRAWS_IN_ONE_FUNCTION: frozenset[str] = frozenset()
#: The page each package serves, and the function the page calls.
PAGES: dict[str, tuple[str, str]] = {
    "lab": ("pages/5_lab.py", "show_lab"),
    "lessons": ("pages/2_lessons.py", "show_lessons"),
    "scoring": ("pages/4_scoring.py", "show_scoring"),
    "sandbox": ("pages/3_sandbox.py", "show_sandbox"),
    "rooms": ("pages/8_rooms.py", "show_rooms"),
    "classroom": ("pages/6_classroom.py", "show_classroom"),
    "guided": ("pages/9_first_game.py", "show_first_game"),
}
#: The views these packages replaced: gone.
REPLACED: tuple[str, ...] = (
    "lab_view.py",
    "lesson_view.py",
    "scoring_view.py",
    "sandbox_view.py",
    "rooms_view.py",
    "classroom_view.py",
)
MAX_LINES = 400
#: The store's error classes (by the store's public names), and the tuple that holds them.
STORE_ERRORS: frozenset[str] = frozenset(
    name
    for name in db.__all__
    if isinstance(getattr(db, name), type) and issubclass(getattr(db, name), BaseException)
) | {"REFUSALS"}
#: What a mapping offers besides keys: ``st.session_state.get`` is not a key.
MAPPING = frozenset(
    {"get", "pop", "setdefault", "keys", "items", "values", "update", "clear", "to_dict"}
)


def package_modules() -> list[Path]:
    return [path for package in PACKAGES for path in sorted((UI / package).rglob("*.py"))]


def relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def tree_of(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


# -- what the checks look for ---------------------------------------------------------------------


def imported(tree: ast.AST) -> list[str]:
    """Every module ``tree`` imports (absolute), and ``module.name`` for each ``from`` import."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append(node.module)
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def store_error_names(tree: ast.AST) -> list[str]:
    """The store's error classes ``tree`` names: imported by name, or as an attribute
    (``db.StoreError``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found += [alias.name for alias in node.names if alias.name in STORE_ERRORS]
        elif isinstance(node, ast.Attribute) and node.attr in STORE_ERRORS:
            found.append(ast.unparse(node))
    return found


def store_imports(tree: ast.AST) -> list[str]:
    """The imports of the store (``uno.academy.store`` or a module under it)."""
    return [
        name
        for name in imported(tree)
        if name == "uno.academy.store" or name.startswith("uno.academy.store.")
    ]


def version_comparisons(tree: ast.AST) -> list[str]:
    """Comparisons that involve a ``.version`` (a service compares versions, not a view)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(isinstance(o, ast.Attribute) and o.attr == "version" for o in operands):
                found.append(ast.unparse(node))
    return found


def _is_session_state(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "session_state"


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str)
    )


def _spells_a_key(node: ast.AST) -> bool:
    """Whether ``node`` reaches a key of ``st.session_state`` written as a string."""
    if isinstance(node, ast.Subscript):
        return _is_session_state(node.value) and _is_text(node.slice)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        func = node.func
        return (
            _is_session_state(func.value)
            and func.attr in ("get", "pop", "setdefault")
            and bool(node.args)
            and _is_text(node.args[0])
        )
    if isinstance(node, ast.Compare):  # "key" in st.session_state
        return _is_text(node.left) and any(_is_session_state(c) for c in node.comparators)
    if isinstance(node, ast.Attribute):  # st.session_state.key
        return _is_session_state(node.value) and node.attr not in MAPPING
    return False


def string_keys(tree: ast.AST) -> list[str]:
    """Keys of ``st.session_state`` written as a string or an f-string in ``tree``."""
    return [ast.unparse(node) for node in ast.walk(tree) if _spells_a_key(node)]


def module_path(name: str) -> Path | None:
    """The file of the app's module ``name`` (a package's ``__init__.py``), or None."""
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def streamlit_reached(name: str) -> dict[str, list[str]]:
    """The modules of the app that importing ``name`` runs (its packages' ``__init__`` too)
    and that import Streamlit or Plotly's Streamlit side, by module: what each imports."""
    seen: set[str] = set()
    found: dict[str, list[str]] = {}
    todo = [name]
    while todo:
        current = todo.pop()
        parts = current.split(".")
        for i in range(1, len(parts) + 1):  # importing a.b.c runs a, a.b, then a.b.c
            module = ".".join(parts[:i])
            path = module_path(module)
            if module in seen or path is None:
                continue
            seen.add(module)
            names = imported(tree_of(path))
            bad = [n for n in names if n == "streamlit" or n.startswith("streamlit.")]
            if bad:
                found[module] = bad
            todo += [n for n in names if n.split(".")[0] == "uno"]
    return found


# -- the checks see what they look for ------------------------------------------------------------

BAD = """
import streamlit as st
from uno.academy import store as db
from uno.academy.store import CodeRefused
from uno.academy.store.errors import StoreError

def f(lesson, q, game, version):
    st.session_state["lessons_done"] = []
    st.session_state[f"lesson_{lesson}_answer"] = "draw"
    st.session_state.get("lab_seed")
    st.session_state.pop(f"lab_polling_{q}", None)
    st.session_state.setdefault("lesson_attempts", {})
    del st.session_state["lab_deals"]
    if "lesson_pick" in st.session_state:
        st.session_state.lesson_url = "3"
    if game.version != version:
        raise db.StaleGame(1, 2, 3)
    try:
        pass
    except (db.StoreError, OSError):
        pass
"""

GOOD = """
import streamlit as st
from uno.academy.services import classes
from uno.ui.lessons import keys

def f(lesson, q):
    st.session_state[keys.DONE] = []
    st.session_state[keys.board_keys(lesson).answer] = "draw"
    st.session_state.get(keys.PICK)
    if keys.PICK in st.session_state:
        for key in list(st.session_state):
            st.session_state.pop(key, None)
    return classes.join_class
"""


def test_the_checks_see_what_they_look_for() -> None:
    bad, good = ast.parse(BAD), ast.parse(GOOD)
    assert len(string_keys(bad)) == 8, string_keys(bad)
    assert string_keys(good) == []
    assert set(store_error_names(bad)) == {
        "CodeRefused",
        "StoreError",
        "db.StaleGame",
        "db.StoreError",
    }
    assert store_error_names(good) == []
    assert store_imports(bad) == [
        "uno.academy.store",
        "uno.academy.store",
        "uno.academy.store.CodeRefused",
        "uno.academy.store.errors",
        "uno.academy.store.errors.StoreError",
    ]
    assert store_imports(good) == []
    assert version_comparisons(bad) == ["game.version != version"]
    assert version_comparisons(good) == []
    assert {"StoreError", "CodeRefused", "StaleGame", "GameNotFound"} <= STORE_ERRORS
    # The lab's page reaches Streamlit, through the charts' drawing too; their palette does not.
    assert "uno.ui.lab.page" in streamlit_reached("uno.ui.lab.page")
    assert "uno.ui.plot" in streamlit_reached("uno.ui.lab.parts")
    assert streamlit_reached("uno.ui.charts") == {}


# -- the layout -----------------------------------------------------------------------------------


def test_the_packages_replace_the_views() -> None:
    for package, keys in PACKAGES.items():
        assert (UI / package / "__init__.py").is_file(), package
        assert (UI / package / keys).is_file(), (package, keys)
    for name in REPLACED:
        assert not (UI / name).exists(), name


@pytest.mark.parametrize("package", sorted(PAGES))
def test_the_page_calls_the_packages_page_function(package: str) -> None:
    page, function = PAGES[package]
    tree = tree_of(ROOT / page)
    names = imported(tree)
    assert {f"uno.ui.{package}.page.{function}", f"uno.ui.{package}.{function}"} & set(names), page
    module = importlib.import_module(f"uno.ui.{package}.page")
    assert callable(getattr(module, function))


@pytest.mark.parametrize("path", sorted(UI.rglob("*.py")), ids=relative)
def test_no_module_of_the_ui_names_the_stores_errors(path: Path) -> None:
    """Every view reaches the store through a service: none catches the store's errors."""
    assert store_error_names(tree_of(path)) == [], relative(path)


@pytest.mark.parametrize("path", package_modules(), ids=relative)
def test_every_module_of_a_package_is_small(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_LINES, f"{relative(path)}: {len(lines)} lines"


@pytest.mark.parametrize("path", package_modules(), ids=relative)
def test_a_package_reaches_the_store_only_through_a_service(path: Path) -> None:
    tree = tree_of(path)
    assert store_error_names(tree) == [], relative(path)
    assert store_imports(tree) == [], relative(path)
    assert version_comparisons(tree) == [], relative(path)


@pytest.mark.parametrize("path", package_modules(), ids=relative)
def test_session_keys_are_spelled_only_in_the_keys_module(path: Path) -> None:
    package = path.relative_to(UI).parts[0]
    if path == UI / package / PACKAGES[package]:
        return
    found = string_keys(tree_of(path))
    assert found == [], (relative(path), found)


@pytest.mark.parametrize("pure", PURE)
def test_a_pure_module_imports_no_streamlit(pure: str) -> None:
    path = UI / pure
    names = imported(tree_of(path))
    assert not [n for n in names if n.split(".")[0] == "streamlit"], pure
    # Nor does any module of the app it runs, its package's __init__ included (which imports
    # nothing), but the charts' one drawing function.
    name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    reached = streamlit_reached(name)
    assert set(reached) <= DRAWS_IN_ONE_FUNCTION, reached
    init = tree_of(path.parent / "__init__.py")
    assert imported(init) == [], f"{relative(path.parent)}/__init__.py imports"


def test_the_lab_figures_are_built_without_a_page() -> None:
    """The examples in ``uno.ui.lab.figures``'s docstrings run (outside any page)."""
    from uno.ui.lab import figures

    result = doctest.testmod(figures, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 2 and result.failed == 0


#: A catalog key a service says: ``Message("lessons.key"`` or the fallback of ``store_fault``
#: (a key has a dot: ``Message("warning", ...)`` is another kind of message).
SAID = re.compile(r"""(?:Message\(\s*|store_fault\(\s*\w+,\s*)["']([a-z0-9_]+\.[a-z0-9_.]+)["']""")


def test_every_key_a_service_says_exists() -> None:
    """What a service says is worded by the view (``t(said.key, ...)``), out of sight of the
    check of the keys used with ``t("...")``: this one reads the services' keys."""
    said = set()
    for path in sorted(SERVICES.glob("*.py")):
        said |= set(SAID.findall(path.read_text(encoding="utf-8")))
    assert {"lessons.class_joined", "lessons.not_saved"} <= said
    for lang in LANGS:
        words = {key.rsplit(".", 1)[0] for key in catalog(lang)} | set(catalog(lang))
        missing = sorted(key for key in said if key not in words)
        assert not missing, (lang, missing)
