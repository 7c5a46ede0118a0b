"""Helpers for the real-browser tests: a Streamlit server on 127.0.0.1 and Debian's Chromium.

Without Chromium (or Playwright) the browser tests skip with the reason, except under CI=true,
where a missing browser is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI=true and {reason}: the browser tests must run in CI")
    pytest.skip(reason)


def chromium_path() -> str:
    for candidate in (
        "/usr/bin/chromium",
        shutil.which("chromium") or "",
        shutil.which("chromium-browser") or "",
    ):
        if candidate and Path(candidate).exists():
            return candidate
    _missing("Chromium is not installed (apt-get install -y chromium)")
    raise AssertionError("unreachable")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


#: The log file of each running server, by its base URL.
SERVER_LOGS: dict[str, Path] = {}
#: What Streamlit writes when the app calls something deprecated (streamlit.deprecation_util).
DEPRECATION_MARKS = ("deprecation_util", "deprecated", "will be removed")


def deprecations(base: str) -> list[str]:
    """The lines of the server's log that report a deprecated Streamlit call."""
    text = SERVER_LOGS[base].read_text(encoding="utf-8", errors="replace")
    return [line for line in text.splitlines() if any(m in line.lower() for m in DEPRECATION_MARKS)]


@contextmanager
def streamlit_server(
    env: dict[str, str] | None = None,
    launcher: list[str] | None = None,
    root: Path = ROOT,
) -> Iterator[str]:
    """``streamlit run app.py`` on a free port of 127.0.0.1; ``launcher`` replaces
    ``python -m streamlit`` (tests/run_counter.py counts the scoring page's runs); ``root``:
    another checkout of the app (a benchmark's "before"), its own code first on the path."""
    port = free_port()
    path = {} if root == ROOT else {"PYTHONPATH": str(root)}
    cmd = [
        *(launcher or [sys.executable, "-m", "streamlit"]),
        "run",
        "app.py",
        "--server.headless",
        "true",
        "--server.port",
        str(port),
        "--server.address",
        "127.0.0.1",
        "--browser.gatherUsageStats",
        "false",
    ]
    log = ARTIFACTS / f"streamlit-{port}.log"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=root,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, **path, **(env or {})},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as resp:
                        if resp.status == 200:
                            break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"streamlit did not start: {log.read_text()[-2000:]}")
                time.sleep(0.3)
            SERVER_LOGS[base] = log
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


@contextmanager
def own_browser() -> Iterator[Any]:
    """A headless Chromium (Debian's): the tests' one per process (the ``chromium`` fixture of
    tests/conftest.py), or tests/screenshots.py's."""
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _missing("Playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def browser_page(
    browser: Any,
    locale: str = "en-US",
    scheme: str = "light",
    width: int = 1280,
    height: int | None = None,
) -> Iterator[Any]:
    """A page in a new context of ``browser`` (its own cookies and storage, as a new visitor
    has), ``width`` px wide as a reader has it (a laptop 900 px high, a phone of 390 px 844,
    unless ``height`` says), in the browser's light or dark ``scheme`` (Streamlit follows it);
    the context is closed after."""
    if height is None:
        height = 900 if width > 500 else 844
    context = browser.new_context(
        locale=locale, viewport={"width": width, "height": height}, color_scheme=scheme
    )
    try:
        yield context.new_page()
    finally:
        context.close()


class HeldPlotly:
    """Plotly's script held back on ``page`` (as a slow phone is still starting it), until
    ``release``: the page shows the server's drawings of its charts meanwhile."""

    PATTERN = "**/PlotlyChart*.js"

    def __init__(self, page: Any) -> None:
        self.page = page
        self.held: list[Any] = []
        page.route(self.PATTERN, lambda route: self.held.append(route))

    def asked(self, seconds: float = 10) -> bool:
        """Whether the page asks for Plotly's script within ``seconds`` (a drawn page asks)."""
        for _ in range(int(seconds * 10)):
            if self.held:
                return True
            self.page.wait_for_timeout(100)
        return bool(self.held)

    def release(self) -> None:
        """Let Plotly's script through, and wait until a chart is drawn with it."""
        for route in self.held:
            route.continue_()
        self.page.unroute(self.PATTERN)
        self.page.wait_for_selector("[data-testid=stPlotlyChart] .main-svg", timeout=60_000)
        wait_for_app(self.page)


def wait_for_app(page) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=60_000)
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=60_000)


def page_paths() -> list[str]:
    """The URL path of every page of the app ("" for home), in the menu's order."""
    from uno.ui.frame import PAGES

    return [
        ("" if p.path == "app.py" else p.path.split("_", 1)[1].removesuffix(".py")) for p in PAGES
    ]


def shot_name(path: str, lang: str) -> str:
    """The file ``sweep`` saves the screenshot of page ``path`` in ``lang`` to."""
    return f"{(path or 'home').replace('/', '_')}-{lang}.png"


def sweep(
    browser: Any,
    base: str,
    out_dir: Path,
    pages: list[tuple[str, str]],
    width: int = 1280,
    scheme: str = "light",
) -> list[str]:
    """Open each (path, lang) in a fresh browser page (``browser_page``), wait for the app, save
    a screenshot to ``out_dir``; return the problems seen (an exception on the page, a
    timeout)."""
    problems: list[str] = []
    out_dir.mkdir(parents=True, exist_ok=True)
    with browser_page(browser, scheme=scheme, width=width) as page:
        for path, lang in pages:
            url = f"{base}/{path}?lang={lang}"
            try:
                page.goto(url)
                wait_for_app(page)
                page.wait_for_timeout(100)
                if page.locator("[data-testid=stException]").count():
                    problems.append(f"{url}: an exception is shown")
                page.screenshot(path=str(out_dir / shot_name(path, lang)))
            except Exception as exc:
                problems.append(f"{url}: {type(exc).__name__}: {str(exc)[:200]}")
    return problems
