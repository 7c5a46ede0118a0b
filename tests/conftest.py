"""Shared test helpers."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The pages' shield (uno.ui.guard) lets exceptions reach Streamlit under the suite, so a test
#: sees a failure that a reader would only see as one sentence; servers started by the tests
#: inherit it. tests/test_security.py turns it off where it checks the shield itself.
os.environ["UNO_ACADEMY_RAISE"] = "1"


def _full_error_details() -> None:
    """AppTest reads .streamlit/config.toml, whose ``showErrorDetails = "none"`` would hide a
    failing test's exception from its own report: in this process, show it whole."""
    from streamlit import config

    config.set_option("client.showErrorDetails", "full")


_full_error_details()


@pytest.fixture(autouse=True)
def _score_db_in_tmp(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test ever reads or writes a developer's real score pad file."""
    monkeypatch.setenv("UNO_ACADEMY_DB", str(tmp_path_factory.mktemp("db") / "scores.sqlite3"))


@pytest.fixture(autouse=True)
def _computer_players_answer_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """In AppTest (which runs no JavaScript) the computer players move in the same run as the
    person's move; browser tests that watch the pause set their own value."""
    monkeypatch.setenv("UNO_ACADEMY_BOT_PAUSE_MS", "0")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """One headless Chromium per test process (tests/browser.py's ``own_browser``): starting
    one costs about 1.5 s of both cores, a new context in it about 0.3 s."""
    from tests.browser import own_browser

    with own_browser() as launched:
        yield launched


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    """The Chromium each test opens its own contexts in (cookies and storage of its own); the
    contexts a test module leaves open are closed after it, so no page of it runs on."""
    yield chromium
    for context in list(chromium.contexts):
        context.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser test files first (each takes 20-140 s; the others a few seconds), so that
    with ``make test``'s workers (a test file each at a time, in this order) no long file is
    left to run alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("browser") is None)
