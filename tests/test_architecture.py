"""House rules of the code (DESIGN.md): the import arrows, one list of rule ids, tests per id."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import uno
from tests.conftest import ROOT
from uno.rulebook import RULE_IDS

SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, lazy imports inside functions too, with each of its dotted
    prefixes: ``from uno.academy import lab`` gives uno, uno.academy and uno.academy.lab."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    full: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            full.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            full.add(node.module)
            full.update(f"{node.module}.{alias.name}" for alias in node.names)
    names: set[str] = set()
    for name in full:
        parts = name.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return names


def room(path: Path) -> str:
    """The room of a file (DESIGN.md's house plan): pages, ui, academy or engine."""
    parts = path.relative_to(ROOT).parts
    if parts[0] in ("pages", "app.py"):
        return "pages"
    if parts[:2] == ("uno", "ui"):
        return "ui"
    if parts[:2] == ("uno", "academy"):
        return "academy"
    return "engine"


#: What each room may not import: the arrows run pages -> uno/ui -> uno/academy -> uno.
FORBIDDEN: dict[str, set[str]] = {
    "engine": {"uno.ui", "uno.academy", "streamlit", "plotly"},
    "academy": {"uno.ui", "streamlit", "plotly"},
    "ui": set(),
    "pages": set(),
}
#: The command line (``python -m uno``) is an entry point like app.py, not part of the library:
#: ``import uno`` never runs it, and it words its output with the app's words.
ENTRY_POINTS = {ROOT / "uno" / "__main__.py", ROOT / "uno" / "cli.py"}


def python_files() -> list[Path]:
    files = [ROOT / "app.py", *(ROOT / "pages").glob("*.py"), *(ROOT / "uno").rglob("*.py")]
    return [p for p in files if p not in ENTRY_POINTS]


def test_imports_run_one_way_pages_ui_academy_engine() -> None:
    rooms: dict[str, int] = {}
    for path in python_files():
        where = room(path)
        rooms[where] = rooms.get(where, 0) + 1
        bad = imported_modules(path) & FORBIDDEN[where]
        assert not bad, f"{path.relative_to(ROOT)} ({where}) imports {sorted(bad)}"
    assert rooms["engine"] >= 12 and rooms["academy"] >= 6 and rooms["ui"] >= 4, rooms
    assert rooms["pages"] >= 8, rooms


def test_the_arrow_check_sees_a_wrong_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "x.py"
    sneaky.write_text("def f():\n    from uno.ui import frame\n    import streamlit as st\n")
    assert {"uno.ui", "uno.ui.frame", "streamlit"} <= imported_modules(sneaky)


def test_the_engine_holds_only_the_library() -> None:
    """uno/ is ENGINE-API.md and nothing else: the app's own modules live in uno/academy."""
    engine = {p.stem for p in (ROOT / "uno").glob("*.py")} - {"__init__", "__main__", "cli"}
    library = {"actions", "bots", "cards", "engine", "errors", "odds", "rulebook", "rules"}
    library |= {"scenario", "setup", "simulation", "state", "stats", "expert"}
    assert engine <= library, engine - library
    assert {p.name for p in (ROOT / "uno").iterdir() if p.is_dir()} <= {
        "academy",
        "ui",
        "__pycache__",
    }


def test_engine_uses_no_global_random() -> None:
    pattern = re.compile(r"\brandom\.(random|randint|choice|shuffle|sample|seed|randrange)\(")
    for path in (ROOT / "uno").rglob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_rule_ids_match_rules_md() -> None:
    if not SHARED_RULES.exists():
        pytest.skip(f"{SHARED_RULES} is not beside the project")
    text = SHARED_RULES.read_text(encoding="utf-8")
    ids = re.findall(r"^\| (R-[A-Z]+-\d+|H-[A-Z0-9]+) \|", text, flags=re.M)
    assert tuple(ids) == RULE_IDS


def test_every_rule_id_is_named_by_a_test() -> None:
    names: set[str] = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                names.add(node.name)
    missing = []
    for rule_id in RULE_IDS:
        snake = rule_id.lower().replace("-", "_")
        if not any(f"_{snake}_" in f"{name}_" for name in names):
            missing.append(rule_id)
    assert not missing, f"no test names these rulings: {missing}"


def test_every_refusal_cites_a_known_rule() -> None:
    source = (ROOT / "uno" / "engine.py").read_text(encoding="utf-8")
    source += (ROOT / "uno" / "setup.py").read_text(encoding="utf-8")
    cited = set(re.findall(r'IllegalAction\(\s*"[a-z_0-9]+",\s*"([A-Z0-9-]+)"', source))
    assert cited, "the scan found no refusal"
    assert cited <= set(RULE_IDS), cited - set(RULE_IDS)


def test_public_names_of_engine_api() -> None:
    for name in (
        "load_scenario",
        "dump_scenario",
        "legal_actions",
        "apply",
        "parse_action",
        "new_game",
        "next_round",
        "RuleSet",
        "IllegalAction",
        "ScenarioError",
        "NotationError",
    ):
        assert hasattr(uno, name), name


def test_pages_are_thin_and_use_one_interaction_idiom() -> None:
    """Pages are a frame and one view call; no deprecated width switch anywhere; a click runs
    the script once, so no page or view reruns the script after a button."""
    for path in [ROOT / "app.py", *(ROOT / "pages").glob("*.py")]:
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) <= 120, f"{path.name}: {len(lines)} lines"
        assert any("frame(" in line for line in lines), path.name
    ui = [*(ROOT / "uno" / "ui").rglob("*.py"), *(ROOT / "pages").glob("*.py"), ROOT / "app.py"]
    for path in ui:
        source = path.read_text(encoding="utf-8")
        assert "use_container_width" not in source, path
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.FunctionDef):
                continue
            calls = [
                n
                for n in ast.walk(node)
                if isinstance(n, ast.Call) and ast.unparse(n.func) == "st.rerun"
            ]
            # Only polls rerun the page (never after a button): the lab's simulation poll, as
            # a fragment's timer stops on a full run alone, once its simulation is done; and a
            # room's poll that finds its seat token gone (the page then offers to join again).
            if calls:
                assert (path.name == "lab_view.py" and "poll" in node.name) or (
                    path.name == "rooms_view.py" and node.name == "_left_seat"
                ), (path, node.name)
