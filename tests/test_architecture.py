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
#: ``python -m uno`` is an entry point like app.py: ``import uno`` never runs it, and it only
#: calls the command line, which lives above the engine (uno/academy/cli/).
ENTRY_POINTS = {ROOT / "uno" / "__main__.py"}


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
    engine = {p.stem for p in (ROOT / "uno").glob("*.py")} - {"__init__", "__main__"}
    library = {"actions", "bots", "cards", "engine", "errors", "odds", "rulebook", "rules"}
    library |= {"scenario", "setup", "simulation", "state", "stats", "expert", "history"}
    library |= {"fast", "heuristics", "strategy"}  # the strategies, without a circle
    library |= {"review"}  # uno.expert's review of a round under its own name
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
            # Only polls rerun the page (never after a button): the lab's simulation poll and
            # the review's poll, as a fragment's timer stops on a full run alone, once its
            # simulation or review is done; and a
            # room's poll that finds its seat token gone (the page then offers to join again).
            if calls:
                where = path.relative_to(ROOT).as_posix()
                assert (
                    (where in POLLS and "poll" in node.name)
                    or (path.name == "live.py" and node.name == "_left_seat")
                    or (where == "uno/ui/chrome.py" and node.name == "follow")
                ), (path, node.name)


#: The modules that poll a job of the job board (the lab's simulations, the reviews).
POLLS = frozenset({"uno/ui/lab/polls.py", "uno/ui/review/board.py"})


#: The bots' driver: whoever calls these makes computer players move.
BOT_DRIVERS = frozenset({"next_bot_move", "play_bots", "bot_action"})


def _engine_names(path: Path) -> set[str]:
    """The names ``path`` takes from the engine: ``from uno[.x] import name`` and ``uno.name``
    or ``engine.name``/``bots.name`` attributes."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "uno":
            if not (node.module or "").startswith(("uno.academy", "uno.ui")):
                used |= {alias.name for alias in node.names}
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("uno", "engine", "bots")
        ):
            used.add(node.attr)
    return used


def test_one_module_drives_computer_players_and_applies_a_persons_move() -> None:
    """Issue 36: every table (the sandbox, the kids' game, pass-and-play, the rooms, the
    command line) moves through one match (uno/academy/match.py): no other module of the app
    calls the bots' driver or applies an action with the engine. The lessons' boards judge
    answers with the engine until they play on the match too (the lessons issue)."""
    app = [*(ROOT / "uno" / "academy").rglob("*.py"), *(ROOT / "uno" / "ui").rglob("*.py")]
    app += [ROOT / "app.py", *(ROOT / "pages").glob("*.py")]
    match = ROOT / "uno" / "academy" / "match.py"
    lessons = (
        ROOT / "uno" / "academy" / "lessons.py",
        ROOT / "uno" / "ui" / "lessons" / "boards.py",
    )
    driving = [p for p in app if p != match and _engine_names(p) & BOT_DRIVERS]
    assert driving == [], [str(p.relative_to(ROOT)) for p in driving]
    applying = [p for p in app if p not in (match, *lessons) and "apply" in _engine_names(p)]
    assert applying == [], [str(p.relative_to(ROOT)) for p in applying]
    assert BOT_DRIVERS & _engine_names(match) and "apply" in _engine_names(match)
