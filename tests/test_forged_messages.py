"""Hardening III: what a client that is not a browser may send over Streamlit's own protocol
(benchmarks/attack.py's forged messages, run here against a real server so that they cannot
rot): widget ids no widget can have, values no widget takes, component states and room taps
no component sends, a message over the server's cap. Each fails on the code before it: a
KeyError on every page, Streamlit's own error for a value of the wrong type, an OverflowError
from SQLite for a tap's version of 2**70."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from benchmarks import attack
from tests.browser import ROOT, streamlit_server
from uno.academy.i18n import t
from uno.ui import device, guard

pytestmark = pytest.mark.browser  # a real server (no Chromium): in the browser files' order


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("forged") / "store.sqlite3"
    env = {"UNO_ACADEMY_DB": str(db), "UNO_ACADEMY_RAISE": "0"}  # the shield as served
    with streamlit_server(env) as base:
        yield base, db


def in_thread(work: Any) -> Any:
    """Run a coroutine to its end in a thread of its own: the browser tests' Playwright keeps
    an event loop running in this worker's main thread, where ``asyncio.run`` is refused."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def failed(report: attack.Report) -> list[tuple[str, str, list[str]]]:
    return report.failed()


def test_widget_ids_and_values_no_widget_takes_break_no_page(served: tuple[str, Path]) -> None:
    base, db = served
    report = attack.Report()
    paths = attack.server_paths(db)
    in_thread(attack.forged_protocol(base, report, False, paths, db))
    tried = [row for row in report.rows if row[0] == "forged messages"]
    assert len(tried) == 5 * (len(attack.PAGE_PATHS) + 1)  # every page, the rooms too
    assert not failed(report)


def test_room_taps_no_table_sends_change_nothing(served: tuple[str, Path]) -> None:
    base, db = served
    report = attack.Report()
    in_thread(attack.forged_room_taps(base, report, attack.server_paths(db), db))
    assert len(report.rows) == len(attack.FORGED_TRIGGERS)
    assert not failed(report)


def test_room_codes_over_the_protocol(served: tuple[str, Path]) -> None:
    """The projector view under the joining limit, made-up devices that cannot lock a pupil
    out, and the rooms a device may open, as benchmarks/attack.py sends them."""
    base, db = served
    report = attack.Report()
    in_thread(attack.codes_protocol(base, report, db))
    assert len(report.rows) == 3
    assert not failed(report)


def test_a_message_over_the_cap_is_refused_and_the_server_goes_on(
    served: tuple[str, Path],
) -> None:
    base, _ = served

    async def run() -> tuple[int | None, str]:
        import websockets

        async with attack.Session(base) as session:
            await session.run("rooms", "lang=en")
            huge = json.dumps({"token": "A" * 1_200_000})
            try:
                await session.run(
                    "rooms", "lang=en", states=[(session.ids["uno_device"], "json_value", huge)]
                )
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd else None
            else:
                code = None
        async with attack.Session(base) as other:  # another visitor is served as before
            page = await other.run("rooms", "lang=en")
        return code, page.title

    code, title = in_thread(run())
    assert code == 1009  # "message too big": nothing of it was kept
    assert title == t("nav.rooms", "en")


def test_a_device_state_no_device_sends_is_not_taken(served: tuple[str, Path]) -> None:
    """5,000 seats beside a well-formed token: the page waits for its device as on a first
    run, instead of taking the token (and keeping the seats in the session)."""
    base, _ = served
    token = "forged-device-0123456789abcdef"
    seats = {f"C{i:06d}": "A" * 30 for i in range(5000)}

    async def run(state: dict[str, Any]) -> attack.Run:
        async with attack.Session(base) as session:
            await session.run("rooms", "lang=en")
            value = json.dumps(state)
            return await session.run(
                "rooms", "lang=en", states=[(session.ids["uno_device"], "json_value", value)]
            )

    waiting = t("teachers.class.loading", "en")
    assert waiting not in in_thread(run({"token": token, "seats": {}})).text
    assert waiting in in_thread(run({"token": token, "seats": seats})).text


@pytest.mark.parametrize(
    ("value", "taken"),
    [
        ({"token": None, "seats": {}}, True),
        ({"token": "A" * 22, "seats": {"7KQ2MXD9": "B" * 22}}, True),
        ({"token": "A" * 22}, True),
        ({"token": "A" * 65}, False),
        ({"token": "A" * 22, "seats": {f"C{i:06d}": "B" * 22 for i in range(21)}}, False),
        ({"token": "A" * 22, "seats": {"7kq2": "B" * 22}}, False),
        ({"token": "A" * 22, "seats": {"7KQ2MXD9": ["B"]}}, False),
        ({"token": "A" * 22, "other": 1}, False),
        (["token"], False),
        ("token", False),
    ],
)
def test_device_states_the_component_can_send(value: object, taken: bool) -> None:
    assert device.acceptable(value) is taken


def test_the_shield_tells_the_reader_in_their_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """A view that fails shows one translated sentence and no exception box, traceback or
    path; under the suite (``UNO_ACADEMY_RAISE=1``) the exception goes on to Streamlit."""
    from streamlit.testing.v1 import AppTest

    import uno.ui.home_view

    def broken(lang: str) -> None:
        raise RuntimeError(f"secret detail in {ROOT}")

    monkeypatch.setattr(uno.ui.home_view, "show_home", broken)
    monkeypatch.setenv(guard.RAISE_ENV, "0")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=30)
    at.query_params["lang"] = "ru"
    at.run()
    assert not at.exception
    assert [e.value for e in at.error] == [t("app.failed", "ru")]
    assert str(ROOT) not in str([e.value for e in at.get("markdown")])
    monkeypatch.setenv(guard.RAISE_ENV, "1")
    at.run()
    assert at.exception and "secret detail" in at.exception[0].value


def test_the_server_shows_no_error_details_and_caps_what_a_client_sends() -> None:
    with (ROOT / ".streamlit" / "config.toml").open("rb") as handle:
        config = tomllib.load(handle)
    assert config["client"]["showErrorDetails"] == "none"
    assert config["server"]["maxWidgetStateSize"] <= 1  # megabytes a session keeps per run
    assert config["server"]["maxMessageSize"] <= 2  # megabytes of one message


def test_the_widget_filter_is_installed_on_the_streamlit_in_use() -> None:
    from streamlit.runtime.state.session_state import SessionState

    assert not guard.install_widget_filter()  # importing uno.ui.guard installed it
    assert getattr(SessionState.set_widgets_from_proto, "_uno_filter", False)
