"""House rules of the code (DESIGN.md): the import boundary, one list of rule ids, tests per id."""

from __future__ import annotations

import ast
import re

import pytest

import uno
from tests.conftest import ROOT
from uno.rulebook import RULE_IDS

SHARED_RULES = ROOT.parent / "shared" / "RULES.md"


def imported_modules(path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_engine_imports_no_streamlit() -> None:
    engine_files = [
        p for p in (ROOT / "uno").rglob("*.py") if "ui" not in p.relative_to(ROOT).parts[1:2]
    ]
    assert len(engine_files) >= 8
    for path in engine_files:
        bad = imported_modules(path) & {"streamlit", "plotly"}
        assert not bad, f"{path} imports {bad}"


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
