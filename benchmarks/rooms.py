"""Rooms under a class's load: R rooms of P pupils, each pupil a client of its own, against two
Streamlit server processes that share one store; from a tap to every other device showing it.

    .venv/bin/python benchmarks/rooms.py [--rooms 6] [--pupils 5] [--think 3] [--seconds 90]
        [--servers 2] [--db sqlite|postgresql://...]

Each pupil speaks to a server as Streamlit's own browser client does (protobuf messages over
the /_stcore/stream websocket, without drawing): it opens the rooms page with its device's
state (its token and the seat token kept for the room), then reruns the page's live fragment
whenever the server asks (``run_every``, once a second), as the browser's timer does. When the
table it is given lets it play, it waits ``--think`` seconds and taps the first card it may
play (or draws), exactly what the table component sends. Pupils of one room are spread over the
servers, so every move crosses from one process to the other through the store.

Measured: for every tap, the time from the moment it was sent until each other device of the
room was given a table at the new version (the projector is one more device), median and 95th
percentile; the taps refused as "the table changed"; and the CPU the server processes used.
Traffic goes only to 127.0.0.1; the run is bounded by ``--seconds``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import first_move, server_cpu

from tests.browser import streamlit_server
from uno.academy import store as db
from uno.academy.i18n import t

TEACHER = "bench-teacher-device-0123456789"
LANGS = ("en", "fr", "ru")


@dataclass
class Room:
    code: str
    #: version -> when the tap that made it was sent (perf_counter)
    tapped: dict[int, float] = field(default_factory=dict)
    devices: int = 0


@dataclass
class Results:
    delays: list[float] = field(default_factory=list)
    taps: int = 0
    changed: int = 0
    refused: int = 0
    polls: int = 0
    errors: list[str] = field(default_factory=list)


async def device(
    base: str,
    room: Room,
    lang: str,
    device_token: str,
    seat_token: str | None,
    think: float,
    until: float,
    results: Results,
) -> None:
    import websockets
    from streamlit.components.v2.bidi_component.main import _make_trigger_id
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
    from streamlit.proto.WidgetStates_pb2 import WidgetState

    url = base.replace("http://", "ws://", 1) + "/_stcore/stream"
    query = f"lang={lang}&room={room.code}" + ("" if seat_token else "&view=projector")
    state = {"token": device_token, "seats": {room.code: seat_token} if seat_token else {}}
    early = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN
    ids: dict[str, str] = {}
    fragment: list[str] = []
    seen_version = -1
    mine: set[int] = set()
    table_key = f"-rm_table_{room.code}"

    def message(trigger: dict[str, Any] | None = None) -> bytes:
        msg = BackMsg()
        msg.rerun_script.query_string = query
        msg.rerun_script.page_name = "rooms"
        if fragment:
            msg.rerun_script.fragment_id = fragment[0]
        if "device" in ids:
            widget = WidgetState(id=ids["device"], json_value=json.dumps(state))
            msg.rerun_script.widget_states.widgets.append(widget)
        if trigger is not None:
            widget = WidgetState(
                id=_make_trigger_id(ids["table"], "events"),
                json_trigger_value=json.dumps([{"event": "action", "value": trigger}]),
            )
            msg.rerun_script.widget_states.widgets.append(widget)
        return msg.SerializeToString()

    async def run(ws: Any, payload: bytes) -> dict[str, Any] | None:
        """Send one rerun; read until it finishes; the last table model it was given."""
        nonlocal seen_version
        model: dict[str, Any] | None = None
        await ws.send(payload)
        async with asyncio.timeout(60):
            while True:
                reply = ForwardMsg()
                reply.ParseFromString(await ws.recv())
                kind = reply.WhichOneof("type")
                if kind == "auto_rerun" and not fragment:
                    fragment.append(reply.auto_rerun.fragment_id)
                elif kind == "delta" and reply.delta.WhichOneof("type") == "new_element":
                    element = reply.delta.new_element
                    what = element.WhichOneof("type")
                    if what == "exception":
                        results.errors.append(f"{room.code}: {element.exception.message[:80]}")
                    elif what == "bidi_component":
                        node = element.bidi_component
                        if node.id.endswith("-uno_device"):
                            ids["device"] = node.id
                        elif node.id.endswith(table_key):
                            ids["table"] = node.id
                            raw = (
                                node.json if node.WhichOneof("data") == "json" else node.mixed.json
                            )
                            model = json.loads(raw)
                elif kind == "script_finished" and reply.script_finished != early:
                    break
        if model is not None:
            version = int(model["version"])
            if version > seen_version:
                now = time.perf_counter()
                for v in range(seen_version + 1, version + 1):
                    if v in room.tapped and v not in mine and seen_version >= 0:
                        results.delays.append(now - room.tapped[v])
                seen_version = version
        return model

    async with websockets.connect(url, subprotocols=["streamlit"], max_size=None) as ws:  # type: ignore[list-item]
        await run(ws, message())  # the first run: the device component mounts
        model = await run(ws, message())  # the device's state is known: the room is shown
        room.devices += 1
        # Browsers open the page at different moments: their one-second timers are not in step.
        await asyncio.sleep(random.Random(device_token).uniform(0.0, 1.0))
        wait_until: float | None = None
        while time.perf_counter() < until:
            await asyncio.sleep(1.0)  # run_every: the browser's timer
            model = await run(ws, message())
            results.polls += 1
            move = first_move(model) if model is not None and seat_token else None
            if move is None:
                wait_until = None
                continue
            if wait_until is None:
                wait_until = time.perf_counter() + think
            if time.perf_counter() < wait_until:
                continue
            wait_until = None
            assert model is not None
            version = int(model["version"])
            room.tapped[version + 1] = time.perf_counter()
            mine.add(version + 1)  # the delays counted are the other devices'
            results.taps += 1
            after = await run(ws, message({"action": move, "version": version}))
            if after is None:
                continue
            text = (after.get("message") or {}).get("text", "")
            if int(after["version"]) == version:  # nothing was played
                room.tapped.pop(version + 1, None)
                if text == t("table.stale", lang):
                    results.changed += 1
                else:
                    results.refused += 1
                    results.errors.append(f"{room.code}: {move!r} refused: {text[:80]}")


def summary(values: list[float]) -> str:
    if not values:
        return "no samples"
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return (
        f"{len(values)} tap-to-device delays: median {statistics.median(values):.2f} s, "
        f"95th percentile {p95:.2f} s, max {values[-1]:.2f} s"
    )


async def main_async(args: argparse.Namespace) -> None:
    results = Results()
    with contextlib.ExitStack() as stack:
        if args.db == "sqlite":
            folder = stack.enter_context(tempfile.TemporaryDirectory())
            target = str(Path(folder) / "rooms.sqlite3")
        else:
            target = args.db
        env = {"UNO_ACADEMY_DB": target, "UNO_ACADEMY_BOT_PAUSE_MS": "0"}
        bases = [stack.enter_context(streamlit_server(env)) for _ in range(args.servers)]
        ports = [base.rsplit(":", 1)[1] for base in bases]
        rooms: list[Room] = []
        seats: list[tuple[Room, str, str]] = []
        with db.open_store(target) as store:
            for r in range(args.rooms):
                made = store.create_room(
                    TEACHER, seats=[("pupil", None)] * args.pupils, seed=100 + r, deck="full"
                )
                room = Room(made.code)
                rooms.append(room)
                for p in range(args.pupils):
                    token = f"bench-pupil-{r:02d}-{p:02d}-0123456789ab"
                    seated = store.join_room(made.code, token, f"P{p + 1}")
                    seats.append((room, token, seated.token))
        cpu_before = sum(server_cpu(port) for port in ports)
        start = time.perf_counter()
        until = start + args.seconds
        clients = [
            device(
                bases[i % len(bases)], room, LANGS[i % 3], token, seat, args.think, until, results
            )
            for i, (room, token, seat) in enumerate(seats)
        ]
        clients += [  # one projector per room
            device(
                bases[i % len(bases)],
                room,
                "fr",
                f"bench-projector-{i:02d}-0123456789ab",
                None,
                args.think,
                until,
                results,
            )
            for i, room in enumerate(rooms)
        ]
        outcomes = await asyncio.gather(*clients, return_exceptions=True)
        elapsed = time.perf_counter() - start
        cpu = sum(server_cpu(port) for port in ports) - cpu_before
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                results.errors.append(f"{type(outcome).__name__}: {str(outcome)[:100]}")
        with db.open_store(target) as store:
            moves = sum(len(store.room_state(room.code).log) for room in rooms)
    kind = "SQLite" if args.db == "sqlite" else "PostgreSQL"
    print(
        f"{args.rooms} rooms x {args.pupils} pupils (+1 projector each), {args.think:g} s of "
        f"thinking, {len(bases)} server processes on {kind}, {elapsed:.0f} s: "
        f"{results.taps} taps, {moves} moves stored, {results.changed} told the table changed, "
        f"{results.refused} refused, {results.polls} polls, {len(results.errors)} errors"
    )
    print(summary(results.delays))
    print(
        f"server CPU: {cpu:.1f} s in {elapsed:.0f} s ({cpu / elapsed:.0%} of one core), "
        f"{os.cpu_count()} cores in all, the clients on the same machine"
    )
    for line in results.errors[:10]:
        print(" ", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=6)
    parser.add_argument("--pupils", type=int, default=5)
    parser.add_argument("--think", type=float, default=3.0, help="seconds before each tap")
    parser.add_argument("--seconds", type=float, default=90.0)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--db", default="sqlite", help="sqlite, or a postgresql:// URL")
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
