"""Load: start the app on 127.0.0.1 and drive N concurrent browser sessions (Playwright contexts
in Debian's Chromium) through the sandbox and the probability lab.

    .venv/bin/python benchmarks/load.py [--sessions 20] [--rounds 3] [--nice 10] [--timeout 60]

Each session, in its own browser context (its own Streamlit session): opens the sandbox in a
language, deals, taps the table (the first card it may play, else the draw pile; the computer
players answer in the same run), opens the lab and the lessons.
Every page load or click is timed until Streamlit has finished running the script. Prints the
median and 95th percentile of those times, overall and per kind of step, and every error (an
exception shown on a page, a timeout). Traffic goes only to 127.0.0.1; the loops are bounded.

On one small machine the browsers compete with the server for the same cores, which real
pupils' browsers (each on its own device) do not. ``--nice 10`` starts the browsers at a lower
priority than the server, so the figures come closer to the server's own share of a page time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server
from uno.academy.i18n import t

LANGS = ("en", "fr", "ru")
DONE = "[data-testid=stApp][data-test-script-state=notRunning]"
TABLE = '[data-testid="uno-table"]'
TIMEOUT_MS = 60_000


async def settle(page) -> None:  # type: ignore[no-untyped-def]
    await page.wait_for_selector(DONE, timeout=TIMEOUT_MS)
    await page.wait_for_timeout(150)
    await page.wait_for_selector(DONE, timeout=TIMEOUT_MS)


async def timed(times: list[tuple[str, float]], errors: list[str], name: str, page, step) -> None:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    try:
        await step()
        await settle(page)
        if await page.locator("[data-testid=stException]").count():
            errors.append(f"{name}: an exception is shown")
    except Exception as exc:
        errors.append(f"{name}: {type(exc).__name__}: {str(exc)[:120]}")
    times.append((name.split()[-1], time.perf_counter() - start))


def server_cpu(port: str) -> float:
    """CPU seconds (user + system) used so far by the Streamlit server on ``port`` and its
    finished children (the simulation workers), read from /proc."""
    tick = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if b"streamlit" in b" ".join(cmdline) and port.encode() in cmdline:
            # fields[11:15]: utime, stime, cutime, cstime (man 5 proc, counted after the name)
            return sum(int(v) for v in fields[11:15]) / tick
    return float("nan")


def first_move(model: dict[str, Any]) -> str | None:
    """What a pupil's first possible tap sends: a playable card (a Wild: its first colour), a
    colour asked for, the draw pile, then a button (pass, challenge...); None if none."""
    hand = model.get("hand") or {}
    for tap in (hand.get("taps") or {}).values():
        choices = tap.get("choices", ()) if "ask" in tap else (tap,)
        for choice in choices:
            if "send" in choice:
                return str(choice.get("send_uno") or choice["send"])
    for choice in (model.get("ask") or {}).get("choices", ()):
        return str(choice["send"])
    pile = (model.get("pile") or {}).get("tap") or {}
    if "send" in pile:
        return str(pile["send"])
    for button in model.get("buttons") or ():
        if isinstance(button, dict) and "send" in button:
            return str(button["send"])
    return None


def summary(label: str, values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"{label}: {len(values)} steps, median {statistics.median(values):.2f} s, "
        f"95th percentile {p95:.2f} s, max {values[-1]:.2f} s"
    )


async def session(
    browser, base: str, number: int, rounds: int, times: list[tuple[str, float]], errors: list[str]
) -> None:  # type: ignore[no-untyped-def]
    lang = LANGS[number % 3]
    context = await browser.new_context(locale=f"{lang}-XX")
    context.set_default_timeout(TIMEOUT_MS)
    page = await context.new_page()
    deal = page.get_by_role("button", name=t("sandbox.deal", lang), exact=True)
    playable = page.locator(f'{TABLE} .hand-row button.card[data-playable="true"]')
    pile = page.locator(f"{TABLE} button.draw")

    async def tap() -> None:
        """The first card that may be played, else the draw pile; a Wild's first colour."""
        await (playable.first if await playable.count() else pile).click()
        ask = page.locator(f"{TABLE} .ask button")
        with contextlib.suppress(Exception):
            await ask.first.click(timeout=1_000)

    try:
        for _ in range(rounds):
            await timed(
                times,
                errors,
                f"s{number} sandbox",
                page,
                lambda: page.goto(f"{base}/sandbox?lang={lang}"),
            )
            await timed(times, errors, f"s{number} deal", page, lambda: deal.click())
            await timed(times, errors, f"s{number} tap", page, tap)
            if not await page.locator(f"{TABLE} .story li").count():
                errors.append(f"s{number} tap: the table tells no move")
            await timed(
                times, errors, f"s{number} lab", page, lambda: page.goto(f"{base}/lab?lang={lang}")
            )
            await timed(
                times,
                errors,
                f"s{number} lessons",
                page,
                lambda: page.goto(f"{base}/lessons?lang={lang}&lesson={1 + number % 12}"),
            )
    finally:
        await context.close()
        print(f"  session {number} done ({len(times)} steps timed so far)", flush=True)


async def protocol_session(
    base: str, number: int, rounds: int, times: list[tuple[str, float]], errors: list[str]
) -> None:
    """The same steps as ``session``, spoken as Streamlit's own browser client speaks to the
    server (protobuf messages over the /_stcore/stream websocket), without drawing anything:
    each step is timed from the request until the server reports the script run finished."""
    import websockets
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    lang = LANGS[number % 3]
    url = base.replace("http://", "ws://", 1) + "/_stcore/stream"
    timeout = TIMEOUT_MS / 1000
    early = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN

    table: dict[str, Any] = {}  # the sandbox's table: its id and the last model it was given

    async def step(  # type: ignore[no-untyped-def]
        ws, name: str, query: str, page: str, click: str | None = None, tap: str | None = None
    ) -> dict[str, str]:
        """Run ``page`` (clicking the button labelled ``click`` on it, or tapping the table
        with the action ``tap``, as its component sends it); the buttons shown."""
        msg = BackMsg()
        msg.rerun_script.query_string = query
        msg.rerun_script.page_name = page
        if click is not None:
            widget = WidgetState(id=click, trigger_value=True)
            msg.rerun_script.widget_states.widgets.append(widget)
        if tap is not None:
            msg.rerun_script.fragment_id = table["fragment"]  # the table's fragment reruns alone
            sent = {"action": tap, "version": int(table["model"]["version"])}
            widget = WidgetState(
                id=_make_trigger_id(table["id"], "events"),
                json_trigger_value=json.dumps([{"event": "action", "value": sent}]),
            )
            msg.rerun_script.widget_states.widgets.append(widget)
            # The component's own state goes with its events, as the browser sends it: without
            # it, Streamlit hands the page no value for the table's key.
            own = WidgetState(id=table["id"], json_value="{}")
            msg.rerun_script.widget_states.widgets.append(own)
        table.pop("model", None)
        buttons: dict[str, str] = {}
        start = time.perf_counter()
        try:
            await ws.send(msg.SerializeToString())
            async with asyncio.timeout(timeout):
                while True:
                    reply = ForwardMsg()
                    reply.ParseFromString(await ws.recv())
                    kind = reply.WhichOneof("type")
                    if kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                        element = reply.delta.new_element
                        if element.WhichOneof("type") == "exception":
                            errors.append(f"{name}: an exception is shown")
                        elif element.WhichOneof("type") == "button":
                            buttons[element.button.label] = element.button.id
                        elif element.WhichOneof("type") == "bidi_component":
                            node = element.bidi_component
                            if node.id.endswith("-sb_table"):
                                raw = (
                                    node.json
                                    if node.WhichOneof("data") == "json"
                                    else node.mixed.json
                                )
                                fragment = reply.delta.fragment_id
                                table.update(id=node.id, model=json.loads(raw), fragment=fragment)
                    elif kind == "script_finished" and reply.script_finished != early:
                        break  # the last run (a page may rerun itself first, st.rerun)
        except Exception as exc:
            errors.append(f"{name}: {type(exc).__name__}: {str(exc)[:120]}")
        times.append((name.split()[-1], time.perf_counter() - start))
        return buttons

    async with websockets.connect(url, subprotocols=["streamlit"], max_size=None) as ws:  # type: ignore[list-item]
        query = f"lang={lang}"
        for _ in range(rounds):
            buttons = await step(ws, f"s{number} sandbox", query, "sandbox")
            deal = buttons.get(t("sandbox.deal", lang))
            if deal is None:
                errors.append(f"s{number} deal: no deal button")
                continue
            await step(ws, f"s{number} deal", query, "sandbox", deal)
            move = first_move(table["model"]) if "model" in table else None
            if move is None:
                errors.append(f"s{number} tap: the dealt table offers no move")
            else:
                version = int(table["model"]["version"])
                await step(ws, f"s{number} tap", query, "sandbox", tap=move)
                if "model" not in table or int(table["model"]["version"]) == version:
                    said = (table.get("model") or {}).get("message")
                    errors.append(f"s{number} tap: {move!r} was not played: {said}")
            await step(ws, f"s{number} lab", query, "lab")
            lesson = f"{query}&lesson={1 + number % 12}"
            await step(ws, f"s{number} lessons", lesson, "lessons")
    print(f"  session {number} done ({len(times)} steps timed so far)", flush=True)


async def main_async(sessions: int, rounds: int, nice: int, client: str, servers: int) -> None:
    times: list[tuple[str, float]] = []
    errors: list[str] = []
    with contextlib.ExitStack() as stack:
        # No pause before the computer players' moves: they answer in the run of the tap.
        env = {"UNO_ACADEMY_BOT_PAUSE_MS": "0"}
        bases = [stack.enter_context(streamlit_server(env)) for _ in range(servers)]
        ports = [base.rsplit(":", 1)[1] for base in bases]
        cpu_before = sum(server_cpu(port) for port in ports)
        if nice:
            os.nice(nice)  # this process and the browsers it starts; the servers keep theirs
        start = time.perf_counter()
        if client == "protocol":
            # Session i goes to server i % servers, as a load balancer with sticky sessions would.
            await asyncio.gather(
                *(
                    protocol_session(bases[i % servers], i, rounds, times, errors)
                    for i in range(sessions)
                )
            )
        else:
            from playwright.async_api import async_playwright

            async with async_playwright() as pw:
                browser = await pw.chromium.launch(
                    executable_path=chromium_path(), args=CHROMIUM_ARGS
                )
                await asyncio.gather(
                    *(
                        session(browser, bases[i % servers], i, rounds, times, errors)
                        for i in range(sessions)
                    )
                )
                await browser.close()
        elapsed = time.perf_counter() - start
        cpu = sum(server_cpu(port) for port in ports) - cpu_before
    who = "browsers" if client == "browser" else "protocol clients"
    print(
        f"{sessions} concurrent sessions x {rounds} rounds on {servers} server(s), "
        f"{who} at nice {nice}: "
        f"{len(times)} page loads/clicks in {elapsed:.1f} s; {len(errors)} errors; "
        f"the servers used {cpu:.1f} s of CPU ({cpu / elapsed:.0%} of one core), "
        f"{os.cpu_count()} cores in all"
    )
    print(summary("all", [v for _, v in times]))
    for kind in ("sandbox", "deal", "tap", "lab", "lessons"):
        values = [v for k, v in times if k == kind]
        if values:
            print(summary(kind, values))
    for line in errors[:20]:
        print(" ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--nice", type=int, default=0, help="lower the browsers' priority")
    parser.add_argument(
        "--client",
        choices=("browser", "protocol"),
        default="browser",
        help="browser: Playwright contexts in Chromium; protocol: Streamlit's websocket "
        "messages without a browser (the server's own times)",
    )
    parser.add_argument(
        "--servers", type=int, default=1, help="Streamlit processes (replicas), sessions spread"
    )
    parser.add_argument("--timeout", type=float, default=60, help="seconds a step may take")
    args = parser.parse_args()
    global TIMEOUT_MS
    TIMEOUT_MS = int(args.timeout * 1000)
    asyncio.run(main_async(args.sessions, args.rounds, args.nice, args.client, args.servers))


if __name__ == "__main__":
    main()
