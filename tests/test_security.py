"""Security review, one test per finding: user data never reaches HTML unescaped, uploads and
URL parameters are capped and parsed strictly, and no user data is ever evaluated or unpickled.

Findings (where user data meets the app):
1. Player names (sandbox, score pad, classroom) reach Markdown and HTML: escaped everywhere.
2. Scenario files: capped at 1,000,000 bytes by Streamlit (.streamlit/config.toml) and in code.
3. URL parameters lang, lesson, done and s: length-capped and strictly parsed.
4. Share links decompress at most one scenario's size (no zip bomb).
5. The score database stores names as data (SQL parameters), never as SQL text.
6. No eval, exec, pickle, marshal or shelve anywhere in the app's code.
"""

from __future__ import annotations

import ast
import tomllib
import zlib

import pytest
from streamlit.testing.v1 import AppTest

import uno
from tests.conftest import ROOT
from tests.table_driver import table_model
from uno.academy.i18n import normalize_lang
from uno.academy.lessons import parse_progress
from uno.academy.sandbox import MAX_SHARE_CHARS, decode_share
from uno.ui.cards import card_html
from uno.ui.words import inert as md_escape

APP_FILES = [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("uno/**/*.py")]
EVIL_NAME = "[x](http://e.x)![i](http://e.x)<img s=x>"


def test_no_eval_exec_or_pickle_in_the_app() -> None:
    banned_calls = {"eval", "exec", "compile", "__import__"}
    banned_modules = {"pickle", "marshal", "shelve", "dill", "cloudpickle"}
    for path in APP_FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in banned_calls, f"{path}: {node.func.id}()"
            if isinstance(node, ast.Import):
                assert not {a.name.split(".")[0] for a in node.names} & banned_modules, path
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[0] not in banned_modules, path


def test_no_raw_html_switch_in_markdown() -> None:
    for path in APP_FILES:
        assert "unsafe_allow_html" not in path.read_text(encoding="utf-8"), path


def test_upload_cap_in_streamlit_config_and_in_code() -> None:
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["maxUploadSize"] == 1  # megabytes
    with pytest.raises(uno.ScenarioError) as info:
        uno.load_scenario(b" " * 1_000_001)
    assert info.value.code == "too_large"


@pytest.mark.parametrize("raw", ["en" * 10_000, "\x00fr", "fr;drop", "../../etc"])
def test_lang_parameter_is_capped_and_strict(raw: str) -> None:
    assert normalize_lang(raw) in ("en", "fr")


def test_lesson_parameters_are_capped_and_strict() -> None:
    assert parse_progress("9" * 10_000, "1." * 10_000, 12) == (1, [])
    assert parse_progress("12", "3.1.3.x.99", 12) == (12, [1, 3])


def test_share_link_is_capped_and_cannot_inflate_past_one_scenario() -> None:
    bomb = zlib.compress(b"{" + b" " * 50_000_000 + b"}", 9)
    import base64

    link = base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(link) < MAX_SHARE_CHARS * 10
    with pytest.raises(uno.ScenarioError):
        decode_share(link)


def test_markdown_escape_neutralises_links_images_and_html() -> None:
    escaped = md_escape(EVIL_NAME)
    assert "](" not in escaped.replace("\\]\\(", "")
    assert "<img" not in escaped.replace("\\<img", "")


def test_card_renderer_never_outputs_user_text_raw() -> None:
    markup = card_html(uno.Card("R7"), "en", caption=True)
    assert "<script" not in markup and "onerror" not in markup


def test_sandbox_player_names_are_escaped_on_the_page() -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = "en"
    at.run()
    at.switch_page("pages/3_sandbox.py").run()
    assert len(EVIL_NAME) <= 40
    at.text_input(key="sb_name_0").input(EVIL_NAME).run()
    at.button(key="sb_deal").click().run()
    assert not at.exception
    state = at.session_state["sb_match"].state
    assert state.players[0] == EVIL_NAME
    # The table gets the name as data: its script sets it with textContent, never as markup.
    model = table_model(at, "sb_table")
    assert model["seats"][0]["name"] == EVIL_NAME
    # Widget labels (Markdown) show it inert.
    shown = [w.label for w in at.selectbox if "http" in w.label]
    assert shown, "the name is shown in the seat settings"
    for text in shown:
        assert "[x](http" not in text and "<img" not in text.replace("\\<img", ""), text
    for element in at.get("html"):
        assert "e.x" not in element.proto.body


def test_score_database_keeps_names_as_data(tmp_path) -> None:
    from uno.academy.store import SQLiteStore

    for module in ("sql.py", "sqlite.py", "postgres.py"):
        source = (ROOT / "uno" / "academy" / "store" / module).read_text(encoding="utf-8")
        assert 'f"INSERT' not in source and 'f"UPDATE' not in source  # values are parameters
    store = SQLiteStore(tmp_path / "scores.sqlite3")
    name = "Robert'); DROP TABLE games;--"
    device = "security-device-0123456789"
    game = store.create_game(device, [name, "Ana"], 500, "standard")
    again = store.load_game(device, game.id)
    assert again.players[0] == name
    assert store.list_games(device)
