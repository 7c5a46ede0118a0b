"""How fast the store takes room moves: ``apply_room_action`` from several processes at once.

    .venv/bin/python benchmarks/store.py [--db PATH_OR_URL] [--processes 2] [--threads 4]
                                         [--seconds 10] [--shared-rooms 0]

Each thread plays the two pupil seats of a room of its own (full deck, official rules; a new
deal when a round ends), like the tables of a class: it reads the room (``room_state``), picks
the first legal action of the seat to move and sends it with ``apply_room_action`` and the
version it read. With ``--shared-rooms K`` the threads of all processes share K rooms instead,
so that taps race: a refused tap (``RoomChanged``) is counted, reread and tried again.

Prints, per run: the moves stored, moves per second, the median and 95th percentile of one
``apply_room_action`` call (the store's work: the version check, the engine's move, the new
state and the log row, one transaction), and the taps refused. Without ``--db`` it measures a
fresh SQLite file in a temporary folder; ``--db postgresql://...`` a server (the tables go in
a schema of their own, dropped at the end). Loopback only: give it a local server.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import uno
from uno.academy import store as st

TEACHER = "bench-teacher-0123456789abcdef"


def open_db(where: str, schema: str | None) -> Any:
    if st.store_location(where).__class__ is str:
        from uno.academy.store.postgres import PostgresStore

        return PostgresStore(where, schema=schema)
    return st.SQLiteStore(where, timeout=30)


def make_room(store: Any, index: int) -> tuple[str, list[str]]:
    room = store.create_room(TEACHER, deck="full", seats=[("pupil", None)] * 2, seed=index)
    tokens = [
        store.join_room(room.code, f"bench-pupil-{index}-{seat}-0123456789", f"P{seat}").token
        for seat in range(2)
    ]
    return room.code, tokens


def play(where: str, schema: str | None, room: tuple[str, list[str]], until: float) -> dict:
    code, tokens = room
    times: list[float] = []
    refused = 0
    first = last = 0.0
    with open_db(where, schema) as store:
        while time.monotonic() < until:
            now = store.room_state(code)
            if now.state.is_over:
                store.restart_room(TEACHER, code)
                continue
            seat = now.state.turn
            mine = [a for a in uno.legal_actions(now.state) if a.seat == seat]
            action = next((a for a in mine if a.verb == "play"), mine[0])
            started = time.perf_counter()
            try:
                store.apply_room_action(code, tokens[seat], now.version, str(action))
            except (st.RoomChanged, uno.IllegalAction):
                refused += 1
                continue
            times.append(time.perf_counter() - started)
            last = time.time()
            first = first or last
    return {"times": times, "refused": refused, "span": (first, last)}


def process(where: str, schema: str | None, rooms: list, until: float, out: Any) -> None:
    results: list[dict] = []
    threads = [
        threading.Thread(target=lambda r=r: results.append(play(where, schema, r, until)))
        for r in rooms
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out.put(results)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=None, help="an SQLite path or a postgresql:// URL")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--shared-rooms", type=int, default=0)
    args = parser.parse_args()
    temp = None
    where = args.db
    if where is None:
        temp = tempfile.TemporaryDirectory()
        where = os.path.join(temp.name, "bench.sqlite3")
    schema = None
    if isinstance(st.store_location(where), str):
        schema = "bench_" + uuid.uuid4().hex[:12]
    workers = args.processes * args.threads
    with open_db(where, schema) as store:
        count = args.shared_rooms or workers
        rooms = [make_room(store, i) for i in range(count)]
    per_worker = [rooms[i % len(rooms)] for i in range(workers)]
    ctx = mp.get_context("spawn")
    out = ctx.Queue()
    until = time.monotonic() + args.seconds + 3  # the children need a moment to start
    procs = [
        ctx.Process(
            target=process,
            args=(where, schema, per_worker[p * args.threads : (p + 1) * args.threads], until, out),
        )
        for p in range(args.processes)
    ]
    started = time.monotonic()
    for proc in procs:
        proc.start()
    results = [r for _ in procs for r in out.get(timeout=args.seconds + 120)]
    for proc in procs:
        proc.join()
    spans = [r["span"] for r in results if r["times"]]
    busy = max(b for _, b in spans) - min(a for a, _ in spans) if spans else 1.0
    elapsed = time.monotonic() - started
    times = sorted(t for r in results for t in r["times"])
    refused = sum(r["refused"] for r in results)
    backend = "PostgreSQL" if schema else "SQLite"
    if not times:
        print("no move was stored")
        return 1
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{backend}: {args.processes} processes x {args.threads} threads, "
        f"{len(rooms)} rooms, {len(times)} moves in {elapsed:.1f} s "
        f"({len(times) / busy:.0f} moves/s), apply_room_action median "
        f"{statistics.median(times) * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"{refused} taps refused (table changed)"
    )
    if schema:
        import psycopg

        from uno.academy.store.postgres import close_pools

        close_pools()
        with psycopg.connect(where, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    if temp is not None:
        temp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
