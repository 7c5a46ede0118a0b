"""The attack set (Hardening II): hostile input and load against a local app, and what held.

    .venv/bin/python benchmarks/attack.py [--quick] [--url http://127.0.0.1:8501 [--db FILE]]

Without ``--url`` it starts the app itself (``streamlit run app.py`` on a free port of
127.0.0.1, a temporary ``UNO_ACADEMY_DB``, computer players without a pause). ``--url`` drives
an app that already runs, on this machine only: any host other than 127.0.0.1, localhost or ::1
is refused before anything is sent (``--db`` names its store file, so that the script can check
that the attacks changed nothing in it). Everything is bounded: a fixed list of inputs, a fixed
number of sessions for a fixed time: about four minutes by default, 35 s with ``--quick``
(fewer inputs, no browser for names and URL parameters, a shorter load).

Each class of attack, and how it is checked:

- **share links** (headless Chromium, one sandbox page per link): markup, blank lines and
  headings, remote images, ``:material/…:`` codes, bare URLs, script tags and inline handlers in
  names and values; a lone surrogate; bytes after the compressed data; a link past the size cap,
  a zip bomb, deep nesting, a 5,000-digit number, bad base64. On every page: no script ran (a
  sentinel global and ``alert`` dialogs), no request left the machine (every request is routed
  and any to another host is refused and counted), no element made of the text (links, images,
  headings, maths, icons, emphasis, inline handlers), no traceback text ("Traceback",
  ``File "``, exception class names), no absolute path of the server, no exception box, and
  nothing changed in the store. A refused link must be told in words (an alert).
- **names**: NUL, ESC, U+202E, names of invisible characters only, a lone surrogate and names
  equal after NFC or without their invisible characters, in every place that takes a name (the
  sandbox's deal and share links, the classroom, the score pad, a class's first names, rooms):
  through the app's own functions, the score pad page (AppTest) and a share link (Chromium).
- **URL parameters**: strange ``lang``, ``lesson``, ``done``, ``s``, ``game``, ``deck`` (and
  ``room``/``code``, which no page reads) on every page: all at once in Chromium (checked as
  the share links are), and every variant over Streamlit's protocol (no exception, no
  traceback or path, no markup shown raw, the page asked for, the store unchanged).
- **uploads**: the sandbox's scenario uploader given random bytes, an SQLite file, deep JSON,
  a lone surrogate, hostile values, UTF-16, a 5,000-digit number, a file over 1 MB and a
  file name made of markup.
- **store faults** (AppTest, the scoring page, in this process): a foreign SQLite file (refused
  in words, its bytes untouched, not switched to WAL), tampered rows of the wrong type (only
  their game left out), a database whose write lock another connection holds (pages drawn at
  once, a change refused as "busy" within a bounded time, nothing written); wrong class codes
  (rate-limited).
- **load**: ``--sessions`` sessions (Streamlit's own websocket protocol, no browser) ask the lab
  for its largest simulations and change the seed without pause for ``--seconds``; meanwhile
  another visitor opens the sandbox, the lessons and the lab (its default answers, then a new
  question of its own) and must be served within bounds. The timeline cap: a stalemate with
  every seat on a computer player (AppTest) stops at ``MAX_TIMELINE`` states with a message,
  and each redraw shows one page of the story.

Prints one line per attack, then the table "tried / held" per class; exits 1 if anything did
not hold, 2 if the app could not be reached or the URL is not local.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import hashlib
import json
import os
import re
import sqlite3
import sys
import tempfile
import time
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final
from urllib.parse import quote, urlsplit

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

#: The only hosts the script talks to.
LOOPBACK: Final = frozenset({"127.0.0.1", "localhost", "::1"})
EVIL: Final = "evil.example"  # never resolved: every request to it is refused and counted
PWN: Final = "window.__unoPwned=1"
DEVICE: Final = "attack-device-0123456789abcd"
OTHER: Final = "attack-other-0123456789abcdef"

#: Text that must never reach a page: a traceback, its frames, an exception's class name.
LEAKS: Final = (
    re.compile(r"Traceback"),
    re.compile(r'File "'),
    re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception)\b"),
    re.compile(r"\bsqlite3\.|\bpsycopg\b"),
)


# -- pure parts: the host rule, payloads, what a page must not show ------------------------------


def loopback_url(url: str) -> str:
    """``url`` without a trailing slash if it names an app on this machine (http or https,
    host 127.0.0.1, localhost or ::1, no user name); ValueError otherwise."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"refused: {url!r} is not an http(s) URL")
    try:
        host, _port = parts.hostname, parts.port
    except ValueError as exc:
        raise ValueError(f"refused: {url!r}: {exc}") from None
    if host not in LOOPBACK or parts.username is not None or parts.password is not None:
        raise ValueError(f"refused: {host!r} is not this machine (127.0.0.1, localhost, ::1)")
    if parts.query or parts.fragment:
        raise ValueError(f"refused: {url!r} has a query or a fragment")
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}"


def is_loopback_request(url: str) -> bool:
    """Whether a request the page makes stays on this machine (data: and blob: URLs do)."""
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in LOOPBACK


def leaks(text: str, paths: Sequence[str]) -> list[str]:
    """What ``text`` shows that a visitor must never see: traceback text, exception class
    names, one of the server's absolute ``paths``."""
    found = [f"shows {m.group(0)!r}" for p in LEAKS for m in [p.search(text)] if m]
    found += [f"shows the path {path!r}" for path in paths if path and path in text]
    return found


def pack(data: bytes) -> str:
    """``data`` as a share link's ``s`` (zlib, URL-safe base 64 without padding)."""
    return base64.urlsafe_b64encode(zlib.compress(data, 9)).decode("ascii").rstrip("=")


def link_of(scenario: dict[str, Any]) -> str:
    return pack(json.dumps(scenario, ensure_ascii=True).encode("utf-8"))


#: Text that Markdown, HTML or Streamlit would turn into something, were it not inert.
MARKUP: Final = (
    f"[x](http://{EVIL}/l)",
    f"![i](http://{EVIL}/p.png)",
    f"<img src=//{EVIL}/a onerror={PWN}>",
    f"<script>{PWN}</script>",
    f"<svg onload={PWN}>",
    "# Heading",
    ":material/home: $x^2$",
    f"http://{EVIL} www.{EVIL}",
    "**b** _i_",
    f"javascript:{PWN}",
)
#: A value that ends a code span and starts a heading and a remote image (#19, point 1).
BREAKOUT: Final = f"R7`\n\n# Heading\n\n![i](http://{EVIL}/p.png) `"
BASE: Final[dict[str, Any]] = {"players": 2, "hands": [["R1"], ["R2"]], "discard_pile": ["R0"]}


def share_attacks(quick: bool) -> list[tuple[str, str, bool]]:
    """(what, the ``s`` value, whether the page must refuse it in words)."""
    names = [m for m in MARKUP if len(m) <= 40]  # valid names: shown as text on the table
    hands = [["R1"], *[[f"G{i}", f"B{i}"] for i in range(1, len(names))]]
    table = {"players": names, "hands": hands, "discard_pile": ["R0"], "turn": 0}
    table["table"] = {"bots": {"1": "first"}}
    shown = [(f"{len(names)} markup names on the table", link_of(table), False)]
    values = [
        (f"value {v!r} in the error box", link_of({**BASE, "hands": [[v], ["R2"]]}), True)
        for v in (*MARKUP, BREAKOUT)
    ]
    good = link_of(BASE)
    nested = b'{"players": 2, "hands": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    broken = [
        (
            "a lone surrogate in a name",
            pack(
                b'{"players": ["\\ud800", "Ana"], "hands": '
                b'[["R1"], ["R2"]], "discard_pile": ["R0"]}'
            ),
            True,
        ),
        ("bytes after the compressed data", tailed(good), True),
        ("a link longer than the cap (9,000 chars)", "A" * 9000, True),
        ("a zip bomb (5 MB of spaces in 7 kB)", pack(b"{" + b" " * 5_000_000 + b"}"), True),
        ("JSON nested 100,000 deep", pack(nested), True),
        (
            "a 5,000-digit seed",
            pack(
                b'{"players": 2, "hands": [["R1"], ["R2"]], '
                b'"discard_pile": ["R0"], "seed": ' + b"9" * 5000 + b"}"
            ),
            True,
        ),
        ("not base 64", "%%%<script>", True),
        ("base 64 of no zlib", base64.urlsafe_b64encode(b"hello world").decode(), True),
        ("a huge list of players", link_of({**BASE, "players": ["A"] * 50_000}), True),
    ]
    if quick:
        return [shown[0], values[-1], broken[1]]
    return shown + values + broken


def tailed(link: str) -> str:
    """``link`` with bytes appended after its compressed data (the decoder must refuse it)."""
    raw = base64.urlsafe_b64decode(link + "=" * (-len(link) % 4)) + b"\x00trailing"
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


#: Names the one name rule refuses (#19, point 2), and pairs that are one name.
BAD_NAMES: Final = {
    "NUL": "A\x00na",
    "ESC": "\x1b[31mAna",
    "U+202E": "\u202eanA",
    "zero-width space only": "\u200b",
    "two zero-width spaces": "\u200b\u200b",
    "joiners only": "\u2060\u200d",
    "lone surrogate": "\ud800Ana",
}
SAME_NAMES: Final = {
    "NFC and NFD": ("Zoé", "Zoe\u0301"),
    "with a zero-width space": ("Ana", "A\u200bna"),
    "\\u200b and \\u200b\\u200b": ("\u200bX", "\u200b\u200bX"),
}

#: Strange values for the URL parameters the pages read.
STRANGE: Final = {
    "lang": ["xx", "en" * 3000, "fr\x00", "../../etc/passwd", "<script>", "\ud800"],
    "lesson": ["0", "-1", "13", "9" * 5000, "1e9", "<b>1</b>", "\u0663"],
    "done": ["1." * 3000, "x.y.z", "99.-1.3", "\x00"],
    "s": ["%%%", "A" * 9000, "", "\ud800"],
    "game": ["x", "A" * 5000, "'; DROP TABLE games;--", "../../scores", "\x00" * 3],
    "deck": ["<svg onload=x>", "full" * 1000, "numbers\x00"],
    "room": ["7KQ2-MXD9", "'" * 200],
    "code": ["K7QH-M2XD-9RPA-F", "\x1b[2J"],
}
PAGE_PATHS: Final = (
    "",
    "reference",
    "lessons",
    "sandbox",
    "scoring",
    "lab",
    "classroom",
    "teachers",
)


def url_attacks(quick: bool) -> list[tuple[str, str]]:
    """(what, the query string) for every page: every parameter at once, then one by one."""
    out: list[tuple[str, str]] = []
    for n in range(1 if quick else len(STRANGE["lang"])):
        pairs = [(k, v[n % len(v)]) for k, v in STRANGE.items()]
        # A lone surrogate is sent as the bytes %ED%A0%80 (not UTF-8: a server must cope).
        query = "&".join(f"{k}={quote(v, safe='', errors='surrogatepass')}" for k, v in pairs)
        out.append((f"every parameter, variant {n + 1}", query))
    if not quick:
        out.append(("repeated parameters", "lang=fr&lang=ru&lesson=2&lesson=3&s=a&s=b"))
    return out


# -- the report ---------------------------------------------------------------------------------


@dataclass
class Report:
    rows: list[tuple[str, str, list[str]]] = field(default_factory=list)

    def add(self, klass: str, tried: str, problems: Sequence[str]) -> bool:
        self.rows.append((klass, tried, list(problems)))
        mark = "held" if not problems else "FAILED"
        print(f"  [{mark:6}] {klass}: {tried}" + ("" if not problems else f": {problems}"))
        sys.stdout.flush()
        return not problems

    def failed(self) -> list[tuple[str, str, list[str]]]:
        return [row for row in self.rows if row[2]]

    def table(self) -> str:
        classes: dict[str, list[int]] = {}
        for klass, _, problems in self.rows:
            tried_held = classes.setdefault(klass, [0, 0])
            tried_held[0] += 1
            tried_held[1] += not problems
        width = max([len("class"), *map(len, classes)])
        lines = [f"{'class':<{width}}  tried  held", f"{'-' * width}  -----  ----"]
        lines += [f"{k:<{width}}  {v[0]:>5}  {v[1]:>4}" for k, v in classes.items()]
        total = [sum(v[0] for v in classes.values()), sum(v[1] for v in classes.values())]
        lines.append(f"{'all':<{width}}  {total[0]:>5}  {total[1]:>4}")
        return "\n".join(lines)


def store_digest(path: Path | None) -> str:
    """What the store holds (every row of every table), or "absent"; "unknown" without a path."""
    if path is None:
        return "unknown"
    if not path.exists():
        return "absent"
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return hashlib.sha256("\n".join(conn.iterdump()).encode("utf-8", "replace")).hexdigest()
    finally:
        conn.close()


def server_paths(db: Path | None) -> list[str]:
    """The server's absolute paths a page must never show."""
    paths = [str(ROOT), sys.prefix, "site-packages", str(Path.home()) + "/"]
    if db is not None:
        paths.append(str(db.parent))
    return paths


# -- in-process checks (the app's modules, AppTest) ------------------------------------------------


@contextlib.contextmanager
def environ(**values: str) -> Iterator[None]:
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def app_test(page: str, lang: str = "en", **params: str) -> Any:
    """``page`` in a new AppTest session, entered through app.py as a visitor does."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    for key, value in params.items():
        at.query_params[key] = value
    at.switch_page(page).run()
    return at


def shown_text(at: Any) -> str:
    kinds = ("markdown", "caption", "success", "error", "warning", "info", "subheader", "title")
    parts = [str(e.value) for kind in kinds for e in at.get(kind)]
    parts += [e.proto.body for e in at.get("html")]
    parts += [str(e.value) for e in at.exception]
    return "\n".join(parts)


def page_problems(at: Any, paths: Sequence[str]) -> list[str]:
    problems = [f"exception: {e.value}"[:200] for e in at.exception]
    return problems + leaks(shown_text(at), paths)


def check_names_in_process(report: Report, workdir: Path) -> None:
    """Every place that takes a name, through the app's own functions."""
    import uno
    from uno.academy import classroom
    from uno.academy import scorepad as sp
    from uno.academy.store import SQLiteStore

    path = workdir / "names.sqlite3"
    with SQLiteStore(path) as store:
        klass = store.create_class(OTHER, "Class A")
        room = store.create_room(OTHER, seats=[("pupil", None), ("bot", "friendly")], seed=1)
        before = store_digest(path)
        places: dict[str, Callable[[list[str]], object]] = {
            "sandbox deal": lambda names: uno.new_game(players=names, seed=1),
            "scenario file": lambda names: uno.load_scenario({**BASE, "players": names}),
            "classroom": lambda names: classroom.new_kids_game("numbers", names, 1),
            "score pad": lambda names: store.create_game(DEVICE, names),
            "class first name": lambda names: store.join_class(DEVICE, klass.code, names[0]),
            "room first name": lambda names: store.join_room(room.code, DEVICE, names[0]),
        }
        refusals = (uno.ScenarioError, sp.ScoreInputError)
        for what, name in BAD_NAMES.items():
            problems = []
            for place, call in places.items():
                try:
                    call([name, "Ana"])
                    problems.append(f"{place} took it")
                except refusals:
                    pass
                except Exception as exc:  # any other exception is a crash
                    problems.append(f"{place}: {type(exc).__name__}")
            report.add("names", f"{what} ({name!r}) refused in {len(places)} places", problems)
        for what, pair in SAME_NAMES.items():
            problems = []
            for place, call in places.items():
                if "first name" in place:
                    continue
                try:
                    call(list(pair))
                    problems.append(f"{place} took both")
                except refusals:
                    pass
                except Exception as exc:
                    problems.append(f"{place}: {type(exc).__name__}")
            report.add("names", f"{what} {pair!r}: one name, refused as a pair", problems)
        # The pad's names as the page keeps them: one name per line, ScoreInputError with a code.
        after = store_digest(path)
    report.add("names", "refused names wrote nothing", [] if before == after else ["store changed"])


def check_score_pad_names(report: Report, workdir: Path, paths: Sequence[str]) -> None:
    """Bad names typed on the score pad page: refused in words, nothing written."""
    from tests.table_driver import set_device

    db = workdir / "pad" / "scores.sqlite3"
    with environ(UNO_ACADEMY_DB=str(db)):
        at = app_test("pages/4_scoring.py", "fr")
        set_device(at, DEVICE)
        # A lone surrogate cannot be typed (a browser sends UTF-8): it arrives by JSON only,
        # in share links and files, checked there.
        typed = [(w, n) for w, n in BAD_NAMES.items() if "\ud800" not in n]
        for what, name in [*typed, ("NFC twin", "Zoé\nZoe\u0301")]:
            at.text_area(key="sp_names").input(name if "\n" in name else f"{name}\nBen")
            at.button(key="sp_start").click().run()
            errors = [str(e.value) for e in at.error]
            problems = page_problems(at, paths)
            if not errors:
                problems.append("no refusal shown")
            if db.exists():
                problems.append("a game was stored")
            report.add("names", f"score pad page, {what}: refused in French", problems)


def check_store_faults(report: Report, workdir: Path, paths: Sequence[str]) -> None:
    from tests.table_driver import set_device
    from uno.academy.i18n import t
    from uno.academy.store import CodeRefused, SQLiteStore

    paths = [*paths, str(workdir)]
    # A foreign SQLite file: refused in words, left exactly as it was (not switched to WAL).
    foreign = workdir / "foreign" / "theirs.sqlite3"
    foreign.parent.mkdir(parents=True)
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO customers (name) VALUES ('Ada')")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    with environ(UNO_ACADEMY_DB=str(foreign)):
        at = app_test("pages/4_scoring.py", "ru")
        set_device(at, DEVICE)
        problems = page_problems(at, paths)
        if t("scoring.store.foreign", "ru") not in [str(e.value) for e in at.error]:
            problems.append("no 'foreign' message")
        at.text_input(key="chk_hand_0").input("W W")  # the rest of the page still works
        at.run()
        problems += page_problems(at, paths)
        if [m.value for m in at.metric] != [t("scoring.points", "ru", count=100)]:
            problems.append("the round checker did not answer")
    if foreign.read_bytes() != before:
        problems.append("the file changed")
    if before[18:20] != foreign.read_bytes()[18:20] or foreign.read_bytes()[18] == 2:
        problems.append("switched to WAL")
    if list(foreign.parent.iterdir()) != [foreign]:
        problems.append("files left beside it (-wal, -shm)")
    report.add("store", "a foreign SQLite file: refused in words, bytes untouched", problems)

    # Tampered rows of the wrong type: only their game is left out, the page works.
    db = workdir / "tampered" / "scores.sqlite3"
    db.parent.mkdir(parents=True)
    with SQLiteStore(db) as store:
        good = store.create_game(DEVICE, ["Ana", "Ben"])
        bad = store.create_game(DEVICE, ["Zoé", "Yann"])
        worse = store.create_game(DEVICE, ["Léa", "Max"])
    raw = sqlite3.connect(db)
    raw.execute("UPDATE games SET version = 'two' WHERE id = ?", (bad.id,))
    raw.execute("UPDATE players SET name = x'00ff' WHERE game_id = ? AND seat = 1", (worse.id,))
    raw.commit()
    raw.close()
    with environ(UNO_ACADEMY_DB=str(db)):
        at = app_test("pages/4_scoring.py", "en")
        set_device(at, DEVICE)
        problems = page_problems(at, paths)
        at.text_input(key="chk_hand_0").input("W W")
        at.run()
        problems += page_problems(at, paths)
        if [m.value for m in at.metric] != [t("scoring.points", "en", count=100)]:
            problems.append("the round checker did not answer")
        with SQLiteStore(db) as store:
            listed = [g.id for g in store.list_games(DEVICE)]
        if listed != [good.id]:
            problems.append(f"listed {listed}, not only game {good.id}")
    report.add(
        "store", "tampered rows (a text version, a blob name): only their games hidden", problems
    )

    # Another connection holds the write lock: the page draws at once, a change says "busy".
    db = workdir / "locked" / "scores.sqlite3"
    db.parent.mkdir(parents=True)
    with SQLiteStore(db) as store:
        game = store.create_game(DEVICE, ["Ana", "Ben"])
        store.keep_open(DEVICE, game.id, "pad")
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("UPDATE games SET updated = updated")
    problems = []
    drawn = checked = waited = float("nan")
    try:
        digest = store_digest(db)
        with environ(UNO_ACADEMY_DB=str(db)):
            at = app_test("pages/4_scoring.py", "en")
            started = time.monotonic()
            set_device(at, DEVICE)
            drawn = time.monotonic() - started
            problems += page_problems(at, paths)
            if drawn > 2.0:
                problems.append(f"the page took {drawn:.1f} s under the lock")
            started = time.monotonic()
            at.text_input(key="chk_hand_0").input("R7 WD4")
            at.run()
            checked = time.monotonic() - started
            if checked > 1.5:
                problems.append(f"the round checker took {checked:.1f} s under the lock")
            cards = next((w for w in at.text_input if (w.key or "").startswith("sp_cards_")), None)
            if cards is None:
                problems.append("the kept game did not open")
            else:
                started = time.monotonic()
                cards.input("R7 G2")  # the loser's hand: a round of 9 points
                at.button(key="sp_add").click().run()
                waited = time.monotonic() - started
                if t("scoring.store.busy", "en") not in [str(e.value) for e in at.error]:
                    problems.append("no 'busy' message")
                if waited > 7.0:
                    problems.append(f"the change waited {waited:.1f} s")
                problems += page_problems(at, paths)
        if store_digest(db) != digest:
            problems.append("the store changed")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    report.add(
        "store",
        f"a held write lock: page drawn in {drawn:.2f} s, round checker {checked:.2f} s, "
        f"a new round refused 'busy' after {waited:.1f} s, nothing written",
        problems,
    )

    # Wrong class codes: refused quietly, rate-limited (then even the right code waits).
    with SQLiteStore(workdir / "codes.sqlite3") as store:
        klass = store.create_class(OTHER, "Class B")
        reasons: list[str] = []
        for i in range(12):
            try:
                store.join_class(DEVICE, f"{i:013d}".replace("0", "A"), "Ana")
            except CodeRefused as refused:
                reasons.append(refused.reason)
        try:
            store.join_class(DEVICE, klass.code, "Ana")
            reasons.append("joined")
        except CodeRefused as refused:
            reasons.append(refused.reason)
    expect = ["wrong"] * 10 + ["too_many"] * 3
    problems = [] if reasons == expect else [f"got {reasons}"]
    report.add("store", "13 class codes from one device: 10 wrong, then 'too many'", problems)


def said(key: str, lang: str, **values: Any) -> str:
    """The catalog's sentence, or one no page shows when an older app has no such key (run
    against the code of before a fix, the attack then does not hold instead of breaking)."""
    from uno.academy.i18n import t

    try:
        return t(key, lang, **values)
    except KeyError:
        return f"\0 no sentence {key}"


def check_full_disk(report: Report, workdir: Path, paths: Sequence[str]) -> None:
    """A store on a disk that fills up (a 600 kB tmpfs, mounted when this runs as root and may
    mount; otherwise not tried): the score pad and the rooms page say the disk is full, the
    round checker still answers."""
    import subprocess

    from tests.table_driver import set_device

    t = said  # words an older app may not have
    from uno.academy.store import SQLiteStore

    disk = workdir / "tiny"
    disk.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=600k", "tmpfs", str(disk)], capture_output=True
    )
    if mounted.returncode != 0:
        print("    (a full disk: not tried, this process may not mount a small disk)")
        return
    try:
        db = disk / "scores.sqlite3"
        with SQLiteStore(db) as store:
            game = store.create_game(DEVICE, ["Ana", "Ben"])
            store.keep_open(DEVICE, game.id, "pad")
        with (disk / "filler").open("wb", buffering=0) as filler, contextlib.suppress(OSError):
            while True:
                filler.write(b"\0" * 4096)
        problems: list[str] = []
        with environ(UNO_ACADEMY_DB=str(db)):
            at = app_test("pages/4_scoring.py", "fr")
            set_device(at, DEVICE)
            problems += page_problems(at, paths)
            shown = [str(e.value) for e in at.error]
            if t("scoring.store.full", "fr") not in shown:
                problems.append(f"the score pad said {shown}")
            at.text_input(key="chk_hand_0").input("W W")
            at.run()
            if [m.value for m in at.metric] != [t("scoring.points", "fr", count=100)]:
                problems.append("the round checker did not answer")
            at = app_test("pages/8_rooms.py", "ru")
            set_device(at, DEVICE)
            problems += page_problems(at, paths)
            shown = [str(e.value) for e in at.error]
            if t("store.full", "ru") not in shown:
                problems.append(f"the rooms page said {shown}")
        report.add("store", "a full disk: said as a full disk on the score pad and rooms", problems)
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def check_database_down(report: Report, workdir: Path, paths: Sequence[str]) -> None:
    """A PostgreSQL server that stops (started here when Debian's server is installed; not
    tried otherwise): a room tap and a score pad change are answered within seconds, in words
    ("unavailable"), and the page goes on."""
    import subprocess

    from tests.table_driver import set_device, tap

    t = said  # words an older app may not have
    from uno.academy.store import open_store, postgres

    close_pools = postgres.close_pools
    DOWN_SECONDS = getattr(postgres, "DOWN_SECONDS", 10.0)  # older stores: no such memory

    # Its own folder, that the server's user (postgres, when this runs as root) can enter.
    folder = Path(tempfile.mkdtemp(prefix="uno-attack-pg-"))
    folder.chmod(0o755)
    started = subprocess.run(
        [str(ROOT / ".ci" / "postgres"), "start", str(folder)], capture_output=True, text=True
    )
    if started.returncode != 0:
        print("    (a database that stops: not tried, no PostgreSQL server here)")
        return
    url = started.stdout.strip()
    stopped = False
    try:
        import uno

        start = uno.load_scenario(
            {"players": 2, "hands": [["R1", "R2"], ["B3", "B4"]], "discard_pile": ["R0"]}
        )
        with open_store(url) as store:
            room = store.create_room(OTHER, seats=[("pupil", None)] * 2, start=start)
            seat = store.join_room(room.code, DEVICE, "Ana")
            game = store.create_game(DEVICE, ["Ana", "Ben"])
            store.keep_open(DEVICE, game.id, "pad")
        problems: list[str] = []
        with environ(UNO_ACADEMY_DB=url):
            at = app_test("pages/8_rooms.py", "fr", room=room.code)
            at.session_state[f"rm_seat_{room.code}"] = seat.token
            set_device(at, DEVICE)
            pad = app_test("pages/4_scoring.py", "en")
            set_device(pad, DEVICE)
            subprocess.run([str(ROOT / ".ci" / "postgres"), "stop", str(folder)], check=False)
            stopped = True
            clock = time.monotonic()
            tap(at, f"rm_table_{room.code}", "0: play R1")
            tapped = time.monotonic() - clock
            shown = [str(e.value) for e in at.error]
            if tapped > 6:
                problems.append(f"the tap waited {tapped:.1f} s")
            problems += page_problems(at, paths)
            if t("store.unavailable", "fr") not in shown:
                problems.append(f"the tap was told {shown}")
            # After the moment the store remembers the server as down: the longest wait.
            time.sleep(DOWN_SECONDS + 0.5)
            cards = next(w for w in pad.text_input if (w.key or "").startswith("sp_cards_"))
            cards.input("R7 G2")
            clock = time.monotonic()
            pad.button(key="sp_add").click().run()
            changed = time.monotonic() - clock
            if t("scoring.store.unavailable", "en") not in [str(e.value) for e in pad.error]:
                problems.append(f"the score pad said {[str(e.value) for e in pad.error]}")
            if changed > 6:
                problems.append(f"the score pad waited {changed:.1f} s")
        report.add(
            "store",
            f"PostgreSQL stops: a room tap answered in {tapped:.1f} s, a score pad change "
            f"{DOWN_SECONDS:.0f} s later in {changed:.1f} s, both in words",
            problems,
        )
    finally:
        close_pools()
        if not stopped:
            subprocess.run([str(ROOT / ".ci" / "postgres"), "stop", str(folder)], check=False)


def check_timeline_cap(report: Report, paths: Sequence[str]) -> None:
    """A stalemate (nobody can play, both piles empty) with every seat on a computer player."""
    from tests.table_driver import table_model, table_send
    from uno.academy.i18n import t
    from uno.academy.sandbox import MAX_TIMELINE
    from uno.ui.sandbox.parts import STORY_PAGE

    data = {**BASE, "hands": [["B1"], ["B2"]], "discard_pile": ["R5"], "draw_pile": []}
    data |= {"current_color": "R", "table": {"bots": {"0": "greedy", "1": "random"}}}
    problems: list[str] = []
    with environ(UNO_ACADEMY_BOT_PAUSE_MS="0"):
        started = time.monotonic()
        at = app_test("pages/3_sandbox.py", "en", s=link_of(data))
        first = time.monotonic() - started
        problems += page_problems(at, paths)
        match = at.session_state["sb_match"]
        if len(match.steps) != MAX_TIMELINE:
            problems.append(f"{len(match.steps)} moves, not {MAX_TIMELINE}")
        message = table_model(at, "sb_table").get("message") or {}
        if message.get("text") != t("sandbox.timeline_full", "en", count=MAX_TIMELINE):
            problems.append(f"the table says {message!r}")
        redraws = []
        for _ in range(3):  # the component's tick, as the browser sends it after its pause
            version = table_model(at, "sb_table")["version"]
            started = time.monotonic()
            table_send(at, "sb_table", "tick", {"version": version})
            redraws.append(time.monotonic() - started)
        match = at.session_state["sb_match"]
        if len(match.steps) > MAX_TIMELINE:
            problems.append(f"grew to {len(match.steps)} moves")
        story = [str(m.value) for m in at.markdown if re.match(r"^\d+\. ", str(m.value))]
        lines = max((s.count("\n") + 1 for s in story), default=0)
        if lines > STORY_PAGE:
            problems.append(f"a story page of {lines} lines")
        if max(redraws) > 5.0:
            problems.append(f"a redraw took {max(redraws):.1f} s")
    report.add(
        "load",
        f"stalemate, all seats on bots: capped at {MAX_TIMELINE} moves in {first:.1f} s, "
        f"redraws {max(redraws):.2f} s, story page {lines} lines",
        problems,
    )


# -- the browser -------------------------------------------------------------------------------

#: Elements made from the text, besides tests/test_hostile_browser.MADE: inline handlers,
#: javascript: links, frames to elsewhere.
MORE_MADE: Final = """() => {
  const all = [...document.querySelectorAll('*')];
  const roots = [document, ...all.filter(e => e.shadowRoot).map(e => e.shadowRoot)];
  const q = s => roots.flatMap(r => [...r.querySelectorAll(s)]);
  const handlers = q('*').filter(e => [...e.attributes].some(
    a => a.name.startsWith('on') && a.value.includes('__unoPwned'))).length;
  return {
    handlers,
    js_links: q('a[href^="javascript:" i]').length,
    scripts: q('script').filter(s => s.textContent.includes('__unoPwned')).length,
    frames: q('iframe[src*="evil.example"]').length,
  };
}"""
#: Every text node and the attributes a visitor can read, in the page and the table component.
TEXT: Final = """() => {
  const out = [];
  const walk = root => {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const p = n.parentElement;
      if (!p || !/^(STYLE|SCRIPT|NOSCRIPT)$/.test(p.tagName)) out.push(n.data);
    }
    for (const e of root.querySelectorAll('[title],[alt],[aria-label],[placeholder]'))
      out.push(e.getAttribute('title'), e.getAttribute('alt'), e.getAttribute('aria-label'),
               e.getAttribute('placeholder'));
  };
  walk(document.body);
  for (const e of document.querySelectorAll('*')) if (e.shadowRoot) walk(e.shadowRoot);
  return out.filter(Boolean).join('\\n');
}"""


class Browser:
    """One headless Chromium page whose every request is routed: to this machine it goes on,
    anywhere else it is refused and counted. Dialogs (``alert``) are counted and dismissed."""

    def __init__(self, base: str, paths: Sequence[str], db: Path | None) -> None:
        from playwright.sync_api import sync_playwright

        from tests.browser import CHROMIUM_ARGS, chromium_path

        self.base = base
        self.paths = list(paths)
        self.db = db
        self.remote: list[str] = []
        self.dialogs: list[str] = []
        self.baseline: dict[str, dict[str, int]] = {}
        self._pw = sync_playwright().start()
        self._browser = self._pw.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS
        )
        self.context = self._browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(60_000)
        self.context.route("**/*", self._route)
        self.page = self.context.new_page()
        self.page.on("dialog", self._dialog)

    def _route(self, route: Any) -> None:
        url = route.request.url
        if is_loopback_request(url):
            route.continue_()
        else:
            self.remote.append(url)
            route.abort()

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._browser.close()
        self._pw.stop()

    def settle(self) -> None:
        from tests.browser import wait_for_app

        wait_for_app(self.page)

    def made(self) -> dict[str, int]:
        """Elements on the page of the kinds hostile text could make."""
        from tests.test_hostile_browser import MADE

        return {**self.page.evaluate(MADE), **self.page.evaluate(MORE_MADE)}

    def learn(self, path: str) -> None:
        """The page at ``path`` as it is without strange input: the app's own maths (the lab's
        formulas) and icons are not counted against an attack."""
        if path not in self.baseline:
            self.page.goto(f"{self.base}/{path}?lang=en")
            self.settle()
            self.page.wait_for_timeout(200)
            self.baseline[path] = self.made()

    def problems(self, path: str, before: str, refused: bool | None) -> list[str]:
        """What the page at ``path`` shows now that it must not; ``refused``: whether it must
        show an alert (True), must not (False), or either (None)."""
        page = self.page
        found: list[str] = []
        made = self.made()
        base = self.baseline.get(path, {})
        found += [f"made {n} {kind}" for kind, n in made.items() if n > base.get(kind, 0)]
        for frame in page.frames:
            with contextlib.suppress(Exception):
                if frame.evaluate("() => window.__unoPwned === 1"):
                    found.append("a script ran")
        found += [f"alert({m!r})" for m in self.dialogs]
        found += [f"a request to {u[:80]}" for u in self.remote]
        if page.locator("[data-testid=stException]").count():
            found.append("an exception box")
        found += leaks(page.evaluate(TEXT), self.paths)
        alerts = page.locator("[data-testid=stAlert]").count()
        if refused is True and not alerts:
            found.append("not refused in words")
        if refused is False and page.locator("[data-testid=stAlertContentError]").count():
            found.append("an error box")
        if store_digest(self.db) != before:
            found.append("the store changed")
        self.remote.clear()
        self.dialogs.clear()
        return found

    def visit(self, path_and_query: str, refused: bool | None) -> list[str]:
        path = path_and_query.split("?", 1)[0]
        try:
            self.learn(path)
            before = store_digest(self.db)
            self.page.goto(f"{self.base}/{path_and_query}")
            self.settle()
            self.page.wait_for_timeout(200)
        except Exception as exc:
            return [f"{type(exc).__name__}: {str(exc)[:120]}"]
        return self.problems(path, before, refused)


def check_share_links(browser: Browser, report: Report, quick: bool) -> None:
    for what, link, refused in share_attacks(quick):
        lang = "fr" if "value" in what else "en"
        problems = browser.visit(f"sandbox?lang={lang}&s={quote(link, safe='')}", refused)
        if not refused and not problems:  # shown as text: the names are on the table
            with contextlib.suppress(Exception):  # a busy machine draws the table a bit later
                browser.page.wait_for_function(
                    "() => [...document.querySelectorAll('*')].some(e => e.shadowRoot &&"
                    " e.shadowRoot.querySelector('[data-testid=uno-table] .seat'))",
                    timeout=15_000,
                )
            shown = browser.page.evaluate(
                "() => [...document.querySelectorAll('*')].filter(e => e.shadowRoot)"
                ".map(e => e.shadowRoot.textContent).join(' ')"
            )
            names = json.loads(zlib.decompress(base64.urlsafe_b64decode(link + "==")))["players"]
            problems += [f"{n!r} not shown as text" for n in names if n not in shown]
            what = what.replace("on the table", "shown as text on the table")
        report.add("share links", f"{what} ({len(link):,} chars)", problems)


def check_names_by_link(browser: Browser, report: Report) -> None:
    """Names the rule refuses, arriving by a share link: refused in words on the page."""
    bad = [(w, n) for w, n in BAD_NAMES.items() if w in ("NUL", "U+202E", "lone surrogate")]
    pairs = [(f"{w}: one name twice", list(p)) for w, p in list(SAME_NAMES.items())[:1]]
    for what, names in [*((w, [n, "Ana"]) for w, n in bad), ("invisible only", ["\u200b", "A"])]:
        problems = browser.visit(f"sandbox?lang=ru&s={link_of({**BASE, 'players': names})}", True)
        report.add("names", f"{what} in a share link: refused in Russian", problems)
    for what, names in pairs:
        problems = browser.visit(f"sandbox?lang=en&s={link_of({**BASE, 'players': names})}", True)
        report.add("names", f"{what} in a share link: refused", problems)


def check_url_parameters(browser: Browser, report: Report) -> None:
    """Every page in the browser, every strange parameter at once (the first variant)."""
    what, query = url_attacks(True)[0]
    for path in PAGE_PATHS:
        problems = browser.visit(f"{path}?{query}", None)
        report.add("URL parameters", f"/{path} in Chromium: {what}", problems)


#: Parameter values with markup: never on a page as they are (escaped, or not shown).
RAW: Final = tuple(v for values in STRANGE.values() for v in values if "<" in v)


async def url_protocol(
    base: str, report: Report, quick: bool, paths: Sequence[str], db: Path | None
) -> None:
    """Every variant on every page, each in a new session, over Streamlit's protocol: no
    exception, no traceback or path in any element, no markup value shown raw, the store
    unchanged."""
    from uno.academy.i18n import LANGS, t

    def titles(path: str) -> set[str]:
        key = f"nav.{path}" if path else "app.title"
        return {t(key, lang) for lang in LANGS}

    for what, query in url_attacks(quick):
        for path in PAGE_PATHS:
            # The lessons page is titled by its lesson: then it is no other page's title.
            others = set().union(*(titles(p) for p in PAGE_PATHS if p != path))
            before = store_digest(db)
            try:
                async with Session(base) as session:
                    run = await session.run(path, query)
                problems = run.exceptions + leaks(run.text, paths)
                problems += [f"shows {v!r} raw" for v in RAW if v in run.text]
                mine = run.title in titles(path) or (path == "lessons" and run.title)
                if not mine or run.title in others:
                    problems.append(f"ran the page titled {run.title!r}")
                seconds = f"{run.seconds:.2f} s"
            except Exception as exc:
                problems, seconds = [f"{type(exc).__name__}: {str(exc)[:120]}"], "-"
            if store_digest(db) != before:
                problems.append("the store changed")
            report.add("URL parameters", f"/{path} over the protocol: {what} ({seconds})", problems)


# -- forged messages: what a client that is not a browser may send ----------------------------

#: Hostile values by the kind of element a widget is, in families sent to every widget at once.
BIG_INT: Final = 2**63 - 1
FORGED_FAMILIES: Final[dict[str, dict[str, list[tuple[str, Any]]]]] = {
    "huge numbers": {
        "number_input": [("int_value", BIG_INT), ("double_value", 1.7e308)],
        "slider": [("double_array_value", [1.7e308, 1.7e308]), ("int_array_value", [BIG_INT])],
        "selectbox": [("int_value", BIG_INT), ("string_value", "9" * 5000)],
        "radio": [("int_value", BIG_INT), ("string_value", "9" * 5000)],
        "button_group": [("int_array_value", [BIG_INT]), ("string_array_value", ["9" * 5000])],
        "multiselect": [("int_array_value", [BIG_INT] * 3), ("string_array_value", ["9"] * 999)],
        "checkbox": [("int_value", BIG_INT)],
        "text_input": [("int_value", BIG_INT)],
        "*": [("int_value", BIG_INT)],
    },
    "negative and not-a-number": {
        "number_input": [("int_value", -BIG_INT), ("double_value", float("nan"))],
        "slider": [("double_array_value", [float("nan"), float("-inf")])],
        "selectbox": [("int_value", -BIG_INT)],
        "radio": [("int_value", -1)],
        "button_group": [("int_array_value", [-1, -BIG_INT])],
        "multiselect": [("int_array_value", [-1])],
        "*": [("double_value", float("inf"))],
    },
    "long texts": {
        "text_input": [("string_value", "A" * 10_000)],
        "text_area": [("string_value", "A\n" * 10_000)],
        "selectbox": [("string_value", "A" * 10_000)],
        "multiselect": [("string_array_value", ["A" * 1000] * 50)],
        "number_input": [("string_value", "A" * 10_000)],
        "*": [("string_value", "A" * 10_000)],
    },
    "wrong types": {
        "text_input": [("double_array_value", [1.0]), ("bool_value", True)],
        "number_input": [("string_value", "<script>"), ("bool_value", True)],
        "checkbox": [("string_value", "yes"), ("double_value", 0.5)],
        "button": [("string_value", "x"), ("int_value", 7)],
        "*": [("json_value", "{")],
    },
}
#: What the app's components may be sent instead of their state (the device's token and
#: seats, the table's taps), each a JSON text.
FORGED_JSON: Final = (
    "null",
    "[]",
    '"text"',
    "1e999",
    '{"token": ' + json.dumps("A" * 200_000) + "}",
    '{"token": "'
    + "A" * 40
    + '", "seats": '
    + json.dumps({f"C{i:06d}": "A" * 40 for i in range(5000)})
    + "}",
    '{"token": {"a": [' + "[" * 50 + "]" * 50 + "]}}",
)
FORGED_TRIGGERS: Final = (
    '[{"event": "action", "value": {"action": "draw", "version": 1180591620717411303424}}]',
    '[{"event": "action", "value": {"action": "draw", "version": -1}}]',
    '[{"event": "action", "value": {"action": "' + "draw " * 2000 + '", "version": 0}}]',
    '[{"event": "tick", "value": {"version": 1e300}}]',
    '[{"event": "action", "value": "draw"}]',
    '{"event": "action"}',
)
#: Widget ids no widget can have, and ids of widgets that do not exist.
FOREIGN_IDS: Final = ("nonsense", "", "lang", "$$ID-deadbeef-lang_widget", "$$ID-0-None")


def trigger_id(widget_id: str) -> str:
    """The id of a component's trigger widget (Streamlit's own rule)."""
    from streamlit.components.v2.bidi_component.main import _make_trigger_id

    return str(_make_trigger_id(widget_id, "events"))


def forged_states(kinds: dict[str, str], family: str) -> list[tuple[str, str, Any]]:
    """Every widget of the page given the family's hostile values (the first one that fits
    its kind, then the next one on the next call: a few runs cover each kind)."""
    table = FORGED_FAMILIES[family]
    out: list[tuple[str, str, Any]] = []
    for widget_id, kind in kinds.items():
        if kind == "bidi_component":
            out.append((widget_id, "json_value", FORGED_JSON[len(out) % len(FORGED_JSON)]))
            out.append((trigger_id(widget_id), "json_trigger_value", FORGED_TRIGGERS[0]))
            continue
        for field_name, value in table.get(kind, table["*"])[:1]:
            out.append((widget_id, field_name, value))
    return out


def run_problems(run: Run, paths: Sequence[str], titles: set[str]) -> list[str]:
    """What a run showed that it must not: an exception, a leak, a part of the page that
    failed (the shield's sentence: held, but still a fault), another page than asked."""
    from uno.academy.i18n import LANGS, t

    try:
        failed = {t("app.failed", lang) for lang in LANGS}
    except KeyError:  # an app from before the shield
        failed = set()
    problems = run.exceptions + leaks(run.text, paths)
    problems += [f"a part failed: {a[:60]}" for a in run.alerts if a in failed]
    if run.title and titles and run.title not in titles:
        problems.append(f"ran the page titled {run.title!r}")
    return problems


async def forged_protocol(
    base: str, report: Report, quick: bool, paths: Sequence[str], db: Path | None
) -> None:
    """Messages no browser sends, on every page (each in a new session, after a first run
    that learns the page's widgets): widget ids that no widget can have; every widget at once
    given huge, negative, not-a-number, long or wrongly typed values; the components given
    state that is not theirs (a 200,000-character token, 5,000 seats, deep JSON) and taps
    with a version of 2**70, a negative one, an action of 10,000 characters. Held: no
    exception and no traceback, exception name or server path in any element, the page asked
    for, and (for the foreign ids) the store unchanged."""
    from uno.academy.i18n import LANGS, t

    def titles(path: str) -> set[str]:
        key = f"nav.{path}" if path else "app.title"
        return {t(key, lang) for lang in LANGS}

    for path in (*PAGE_PATHS, "rooms"):
        named = titles(path) if path != "lessons" else set()
        before = store_digest(db)
        try:
            async with Session(base) as session:
                await session.run(path, "lang=fr")
                run = await session.run(
                    path, "lang=fr", states=[(wid, "string_value", "x") for wid in FOREIGN_IDS]
                )
                problems = run_problems(run, paths, named)
                after = await session.run(path, "lang=fr")  # and the page goes on
                problems += run_problems(after, paths, named)
        except Exception as exc:
            problems = [f"{type(exc).__name__}: {str(exc)[:120]}"]
        if store_digest(db) != before:
            problems.append("the store changed")
        report.add("forged messages", f"/{path}: {len(FOREIGN_IDS)} foreign widget ids", problems)
        families = list(FORGED_FAMILIES)[: 2 if quick else None]
        for family in families:
            try:
                async with Session(base) as session:
                    await session.run(path, "lang=ru")
                    kinds = dict(session.kinds)
                    run = await session.run(path, "lang=ru", states=forged_states(kinds, family))
                    problems = run_problems(run, paths, named)
                    count = len(kinds)
            except Exception as exc:
                problems, count = [f"{type(exc).__name__}: {str(exc)[:120]}"], 0
            report.add("forged messages", f"/{path}: {family} in its {count} widgets", problems)


async def forged_room_taps(base: str, report: Report, paths: Sequence[str], db: Path) -> None:
    """A pupil's seat in a room (joined through the store), then taps no table sends: a
    version of 2**70, a negative one, a float, an action of 10,000 characters, a tap that is
    not an object. Held: no exception or leak, and the room's game unchanged."""
    import uno
    from uno.academy.store import SQLiteStore

    start = uno.load_scenario(
        {"players": 2, "hands": [["R1", "R2"], ["B3", "B4"]], "discard_pile": ["R0"]}
    )
    with SQLiteStore(db) as store:
        room = store.create_room(OTHER, seats=[("pupil", None)] * 2, start=start)
        seated = store.join_room(room.code, DEVICE, "Ana")
    device = json.dumps({"token": DEVICE, "seats": {room.code: seated.token}})
    query = f"lang=en&room={room.code}"
    async with Session(base) as session:
        await session.run("rooms", query)
        device_id = session.ids.get("uno_device", "")
        seat = [(device_id, "json_value", device)]
        await session.run("rooms", query, states=seat)
        table = session.ids.get(f"rm_table_{room.code}")
        if table is None:
            report.add("forged messages", "a room's table, to tap: not shown", ["no table"])
            return
        for payload in FORGED_TRIGGERS:
            run = await session.run(
                "rooms", query, states=[*seat, (trigger_id(table), "json_trigger_value", payload)]
            )
            with SQLiteStore(db) as store:
                now = store.room_state(room.code)
            problems = run_problems(run, paths, set())
            if now.version != room.version or now.log:
                problems.append("the room's game changed")
            report.add("forged messages", f"a room tap {payload[:70]}", problems)


async def removed_pupil(base: str, report: Report, db: Path) -> None:
    """Hardening III, item 1: Ben's device holds a seat; the teacher removes him (then, in a
    second room, hands his seat to a computer player); Nina joins and takes the seat and
    draws. Ben's page keeps polling (its table's fragment, rerun alone as the browser's timer
    does): from the removal on, nothing of the seat may reach it (no hand, not Nina's name,
    not the card she drew)."""
    import uno
    from uno.academy.store import SQLiteStore

    for how in ("removed", "handed to a computer player"):
        start = uno.load_scenario(
            {
                "players": 2,
                "hands": [["R1", "R2", "G7"], ["B3", "Y4"]],
                "discard_pile": ["Y0"],
                "draw_pile": ["Y9", "G1", "G2", "G3"],
                "turn": 1,
                "rules": {"preset": "single_round"},
            }
        )
        with SQLiteStore(db) as store:
            room = store.create_room(OTHER, seats=[("pupil", None)] * 2, start=start)
            ben = store.join_room(room.code, "attack-ben-0123456789abcdef", "Ben")
            ana = store.join_room(room.code, "attack-ana-0123456789abcdef", "Ana")
        query = f"lang=en&room={room.code}"
        device = json.dumps(
            {"token": "attack-ben-0123456789abcdef", "seats": {room.code: ben.token}}
        )
        async with Session(base) as session:
            await session.run("rooms", query)
            seat = [(session.ids.get("uno_device", ""), "json_value", device)]
            first = await session.run("rooms", query, states=seat)
            had_hand = '"R1"' in first.text
            live = session.fragments[-1] if session.fragments else ""
            with SQLiteStore(db) as store:
                if how == "removed":
                    store.remove_pupil(OTHER, room.code, 0)
                    nina = store.join_room(room.code, "attack-nina-0123456789abcd", "Nina")
                else:
                    store.seat_to_bot(OTHER, room.code, 0)
                    nina = None
                store.apply_room_action(room.code, ana.token, room.version, "play Y4")
                if nina is not None:
                    now = store.room_state(room.code).version
                    store.apply_room_action(room.code, nina.token, now, "draw")
            polls: list[Run] = []
            for _ in range(3):  # until the page drops the fragment (then the server is silent)
                try:
                    polls.append(
                        await session.run("rooms", query, states=seat, fragment=live, timeout=5)
                    )
                except TimeoutError:
                    break
        shown = "\n".join(run.text for run in polls)
        problems = [] if had_hand and live else ["the seat's table was never shown"]
        problems += [f"shows {w}" for w in ('"Nina"', '"Y9"', '"R1"', '"G7"') if w in shown]
        report.add("rooms", f"a pupil's page polls on after the seat was {how}", problems)


class Device:
    """A made-up device over the protocol: a session whose device component "answers" with
    the given token (as a browser's would), so the rooms page treats it as a device."""

    def __init__(self, session: Session, token: str) -> None:
        self.session, self.token = session, token

    def state(self) -> list[tuple[str, str, Any]]:
        device = json.dumps({"token": self.token, "seats": {}})
        return [(self.session.ids.get("uno_device", ""), "json_value", device)]

    async def open(self, query: str) -> Run:
        await self.session.run("rooms", query)  # learns the device component's id
        return await self.session.run("rooms", query, states=self.state())

    async def press(self, query: str, button: str, **texts: str) -> Run:
        states = self.state() + [(self.session.ids[k], "string_value", v) for k, v in texts.items()]
        await self.session.run("rooms", query, states=states)  # the texts typed first
        return await self.session.run(
            "rooms", query, states=[*states, (self.session.ids[button], "trigger_value", True)]
        )


async def codes_protocol(base: str, report: Report, db: Path) -> None:
    """Room codes (Hardening III): the projector looks codes up under the joining limit; wrong
    codes that begin like a room's, from twenty made-up devices, do not lock a pupil who types
    the right code out; one device opens a bounded number of rooms."""
    import uno
    from uno.academy import store as store_module
    from uno.academy.i18n import t
    from uno.academy.store import DEVICE_ATTEMPTS, SQLiteStore

    MAX_OPEN_ROOMS = getattr(store_module, "MAX_OPEN_ROOMS", 10)  # older stores: uncapped

    start = uno.load_scenario({"players": 2, "hands": [["R1"], ["B3"]], "discard_pile": ["R0"]})
    with SQLiteStore(db) as store:
        room = store.create_room(OTHER, seats=[("pupil", None)] * 2, start=start)
    first = "0" if room.code[0] != "0" else "1"
    wrongs = [first + f"{i:07d}"[-7:].replace("1", "2") for i in range(DEVICE_ATTEMPTS + 5)]
    too_many = t("lessons.class_too_many", "en")
    async with Session(base) as session:
        screen = Device(session, "attack-projector-0123456789")
        seen = []
        for wrong in wrongs:
            run = await screen.open(f"lang=en&room={wrong}&view=projector")
            seen.append(too_many in run.alerts)
    problems = [] if seen[DEVICE_ATTEMPTS:] and all(seen[DEVICE_ATTEMPTS:]) else ["no limit"]
    if any(seen[:DEVICE_ATTEMPTS]):
        problems.append("refused before the limit")
    report.add(
        "room codes",
        f"{len(wrongs)} wrong codes on the projector view: 'too many tries' from the "
        f"{seen.index(True) + 1 if True in seen else '-'}th on",
        problems,
    )
    near = room.code[0] + ("0000000" if room.code[1:] != "0000000" else "1111111")
    for i in range(20):
        async with Session(base) as session:
            guesser = Device(session, f"attack-guesser-{i:04d}-012345")
            await guesser.open(f"lang=en&room={near}")
            await guesser.press(f"lang=en&room={near}", "rm_join", rm_code=near, rm_name="X")
    async with Session(base) as session:
        pupil = Device(session, "attack-real-pupil-0123456789")
        await pupil.open("lang=en")
        run = await pupil.press("lang=en", "rm_join", rm_code=room.code, rm_name="Nina")
    with SQLiteStore(db) as store:
        names = [seat.name for seat in store.room_state(room.code).seats]
    report.add(
        "room codes",
        "20 made-up devices send a wrong code that begins like the room's, then a pupil types "
        "the right one",
        [] if "Nina" in names else [f"the pupil was not seated ({run.alerts})"],
    )
    refused = 0
    async with Session(base) as session:
        teacher = Device(session, "attack-teacher-0123456789ab")
        await teacher.open("lang=en")
        try:
            too_many_rooms = t("rooms.too_many_rooms", "en")
        except KeyError:  # an app from before the cap
            too_many_rooms = "\0"
        for _ in range(MAX_OPEN_ROOMS + 5):
            run = await teacher.press("lang=en", "rm_open")
            refused += too_many_rooms in run.alerts
    with SQLiteStore(db) as store:
        opened = len(store.rooms_of("attack-teacher-0123456789ab"))
    report.add(
        "room codes",
        f"one device presses 'open a room' {MAX_OPEN_ROOMS + 5} times: {opened} rooms, "
        f"refused {refused} times",
        [] if opened <= MAX_OPEN_ROOMS and refused else ["no cap"],
    )


def server_pid(base: str) -> int | None:
    """The process serving ``base`` on this machine (a ``streamlit run`` whose command line
    names its port), or None."""
    port = urlsplit(base).port
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            args = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if any(b"streamlit" in a for a in args) and str(port).encode() in args:
            return int(proc.name)
    return None


def rss_mb(pid: int) -> float:
    """The resident memory of ``pid``, in megabytes (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def hostile_session(base: str, payload: str, hold: asyncio.Event) -> str:
    """One session that sends ``payload`` as its device's state, then stays connected until
    ``hold`` is set. Returns how it ended ("kept", "closed 1009", ...)."""
    import websockets

    try:
        async with Session(base) as session:
            await session.run("rooms", "lang=en")
            device = session.ids.get("uno_device", "")
            try:
                await session.run("rooms", "lang=en", states=[(device, "json_value", payload)])
            except websockets.ConnectionClosed as closed:
                return f"closed {closed.rcvd.code if closed.rcvd else '-'}"
            await hold.wait()
            return "kept"
    except Exception as exc:
        return type(exc).__name__


async def memory_attack(base: str, report: Report, sessions: int, cycles: int) -> None:
    """The server's memory under sessions that send the largest device state a client can
    (Hardening III, item 2): ``cycles`` times, ``sessions`` sessions each send a device state
    of 15 MB of JSON (then stay connected, as a browser would), and as many send one of
    0.9 MB made of 20,000 seats; measured while they are connected and 10 s after they left.
    Held when the peak of a cycle is at most 3 MB a hostile session above the start (the cap
    of what one message may carry, ``server.maxWidgetStateSize``, is 1 MB) and the cycles do
    not add up (the last peak at most 25% above the first)."""
    pid = server_pid(base)
    if pid is None:
        report.add("memory", "the server's memory: its process was not found", ["not measured"])
        return
    async with Session(base) as warm:  # every page once, as a class's first visitor
        for path in (*PAGE_PATHS, "rooms"):
            await warm.run(path, "lang=en")
    await asyncio.sleep(2)
    start = rss_mb(pid)
    big = json.dumps({"token": "A" * 30, "seats": {"X": "B" * (15 * 1024 * 1024)}})
    many = json.dumps({"token": "A" * 30, "seats": {f"C{i:06d}": "B" * 30 for i in range(20_000)}})
    peaks: list[float] = []
    endings: dict[str, int] = {}
    for _ in range(cycles):
        hold = asyncio.Event()
        tasks = [
            asyncio.create_task(hostile_session(base, payload, hold))
            for payload in [big] * sessions + [many] * sessions
        ]
        await asyncio.sleep(15)
        peaks.append(rss_mb(pid))
        hold.set()
        for ending in await asyncio.gather(*tasks):
            endings[ending] = endings.get(ending, 0) + 1
        await asyncio.sleep(10)
    after = rss_mb(pid)
    problems = []
    first, last = peaks[0] - start, peaks[-1] - start
    if first > 3 * 2 * sessions:
        problems.append(f"grew {first:.0f} MB with {2 * sessions} sessions")
    if last > 1.25 * max(first, 10):
        problems.append(f"the cycles add up: {', '.join(f'{p:.0f}' for p in peaks)} MB")
    report.add(
        "memory",
        f"{cycles} x ({sessions} sessions sending 15 MB + {sessions} sending 20,000 seats): "
        f"server {start:.0f} MB, peaks {' / '.join(f'{p:.0f}' for p in peaks)} MB, "
        f"{after:.0f} MB 10 s after the last "
        f"(sessions: {', '.join(f'{n} {k}' for k, n in sorted(endings.items()))})",
        problems,
    )


def upload_files(quick: bool, workdir: Path) -> list[tuple[str, str, bytes]]:
    sqlite_file = workdir / "upload.sqlite3"
    conn = sqlite3.connect(sqlite_file)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    scenario = json.dumps(BASE)
    files = [
        ("random bytes", "noise.json", bytes(range(256)) * 40),
        ("an SQLite file", "scores.json", sqlite_file.read_bytes()),
        (
            "a lone surrogate",
            "surrogate.json",
            b'{"players": ["\\udfff", "Ana"], "hands": [["R1"], ["R2"]], "discard_pile": ["R0"]}',
        ),
        ("JSON nested 200,000 deep", "deep.json", b"[" * 200_000 + b"]" * 200_000),
        (
            "hostile values",
            "values.json",
            json.dumps({**BASE, "hands": [[BREAKOUT], [MARKUP[2]]]}).encode(),
        ),
        ("UTF-16 with a BOM", "utf16.json", scenario.encode("utf-16")),
        (
            "a 5,000-digit number",
            "big.json",
            scenario[:-1].encode() + b', "seed": ' + b"9" * 5000 + b"}",
        ),
        (
            "a file name made of markup",
            f"<img src=x onerror={PWN}>.json",
            json.dumps({**BASE, "players": ["Ana", "Ben"]}).encode(),
        ),
        ("1.2 MB (over the 1 MB cap)", "big.json", b" " * 1_200_000 + scenario.encode()),
    ]
    return [files[4]] if quick else files


def check_uploads(browser: Browser, report: Report, quick: bool, workdir: Path) -> None:
    from uno.academy.i18n import t

    page = browser.page
    for what, name, data in upload_files(quick, workdir):
        outcome = "not tried"
        expect: tuple[str, ...] = ("refused in words",)
        if "markup" in what:
            expect = ("opened",)
        elif "UTF-16" in what:
            expect = ("opened", "refused in words")
        elif "1 MB" in what:
            expect = ("not taken by the uploader",)
        try:
            browser.learn("sandbox")
            before = store_digest(browser.db)
            page.goto(f"{browser.base}/sandbox?lang=en")
            browser.settle()
            page.get_by_role("tab", name=t("sandbox.file_tab", "en")).click()
            page.locator("[data-testid=stFileUploaderDropzoneInput]").set_input_files(
                {"name": name, "mimeType": "application/json", "buffer": data}
            )
            page.wait_for_timeout(500)
            browser.settle()
            button = page.locator(".st-key-sb_open button")
            taken = button.count() > 0
            if taken:
                button.click()
                browser.settle()
                page.wait_for_timeout(200)
            problems = browser.problems("sandbox", before, None)
            if page.locator("[data-testid=stAlertContentSuccess]").count():
                outcome = "opened"
            elif page.locator("[data-testid=stAlertContentError]").count():
                outcome = "refused in words"
            elif not taken:
                outcome = "not taken by the uploader"
            else:
                outcome = "nothing said"
            if outcome not in expect:
                problems.append(f"{outcome}, expected {' or '.join(expect)}")
        except Exception as exc:
            problems = [f"{type(exc).__name__}: {str(exc)[:120]}"]
        report.add("uploads", f"{what} ({len(data):,} bytes): {outcome}", problems)


# -- load: Streamlit's websocket protocol ------------------------------------------------------


@dataclass
class Run:
    seconds: float
    alerts: list[str]
    progress: int
    charts: int
    exceptions: list[str]
    ids: dict[str, str]
    text: str
    title: str  # the first heading: which page ran


class Session:
    """One Streamlit session spoken to as its browser client would (protobuf over the
    ``/_stcore/stream`` websocket), nothing drawn: each run is timed until the server says it
    finished. ``ids`` maps widget keys to the ids the server gave them."""

    def __init__(self, base: str, headers: dict[str, str] | None = None) -> None:
        self.url = base.replace("http", "ws", 1) + "/_stcore/stream"
        self.headers = headers or {}
        self.ws: Any = None
        self.ids: dict[str, str] = {}
        #: Every widget id the server gave (keyed or not), with its element's kind.
        self.kinds: dict[str, str] = {}
        #: The fragments the pages drew (a browser reruns one alone, e.g. on its timer).
        self.fragments: list[str] = []

    async def __aenter__(self) -> Session:
        import websockets

        self.ws = await websockets.connect(
            self.url,
            subprotocols=["streamlit"],  # type: ignore[list-item]
            max_size=None,
            additional_headers=self.headers,
        )
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def run(
        self,
        page: str,
        query: str,
        widgets: dict[str, Any] | None = None,
        timeout: float = 60,
        states: Sequence[tuple[str, str, Any]] = (),
        fragment: str = "",
    ) -> Run:
        """One run of ``page``; ``widgets`` by key (ints, or lists of floats), ``states`` as
        raw (widget id, field of ``WidgetState``, value) triples, sent as they are;
        ``fragment``: rerun only that fragment, as a browser does on its timer."""
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        msg = BackMsg()
        msg.rerun_script.query_string = query
        msg.rerun_script.page_name = page
        if fragment:
            msg.rerun_script.fragment_id = fragment
            msg.rerun_script.is_auto_rerun = True
        for key, value in (widgets or {}).items():
            if key not in self.ids:
                continue
            state = msg.rerun_script.widget_states.widgets.add()
            state.id = self.ids[key]
            if isinstance(value, list):
                state.double_array_value.data.extend(float(v) for v in value)
            else:
                state.int_value = int(value)
        for widget_id, field_name, value in states:
            set_state(msg.rerun_script.widget_states.widgets.add(), widget_id, field_name, value)
        early = ForwardMsg.ScriptFinishedStatus.FINISHED_EARLY_FOR_RERUN
        alerts: list[str] = []
        texts: list[str] = []
        exceptions: list[str] = []
        progress = charts = 0
        title = ""
        start = time.perf_counter()
        await self.ws.send(msg.SerializeToString())
        async with asyncio.timeout(timeout):
            while True:
                reply = ForwardMsg()
                reply.ParseFromString(await self.ws.recv())
                kind = reply.WhichOneof("type")
                if kind == "script_finished" and reply.script_finished != early:
                    break
                if kind == "delta" and reply.delta.fragment_id not in ("", *self.fragments):
                    self.fragments.append(reply.delta.fragment_id)
                if kind != "delta" or reply.delta.WhichOneof("type") != "new_element":
                    continue
                element = reply.delta.new_element
                name = element.WhichOneof("type")
                if name is None:
                    continue
                inner = getattr(element, name)
                widget_id = getattr(inner, "id", "")
                if isinstance(widget_id, str) and widget_id.startswith("$$ID-"):
                    self.kinds[widget_id] = name
                if isinstance(widget_id, str) and "-" in widget_id:
                    self.ids[widget_id.rsplit("-", 1)[1]] = widget_id
                texts += [v for _, v in inner.ListFields() if isinstance(v, str)]
                if name == "heading" and not title:
                    title = inner.body
                elif name == "alert":
                    alerts.append(inner.body)
                elif name == "progress":
                    progress += 1
                elif name == "plotly_chart":
                    charts += 1
                elif name == "exception":
                    exceptions.append(f"{inner.type}: {inner.message}"[:200])
        return Run(
            time.perf_counter() - start,
            alerts,
            progress,
            charts,
            exceptions,
            dict(self.ids),
            "\n".join(texts),
            title,
        )


def set_state(state: Any, widget_id: str, field_name: str, value: Any) -> None:
    """Fill a ``WidgetState`` proto: scalars, arrays (``*_array_value``), JSON as text."""
    state.id = widget_id
    if field_name.endswith("_array_value"):
        getattr(state, field_name).data.extend(value)
    elif field_name == "trigger_value":
        state.trigger_value = bool(value)
    else:
        setattr(state, field_name, value)


#: The charts of the lab's default answers (the strength section added the eighth).
LAB_CHARTS: Final = 8
#: The lab's largest simulations (the limits of its inputs).
LARGEST: Final = {
    "lab_len_games": 20_000,
    "lab_win_games": 20_000,
    "lab_len_players": [2, 10],
    "lab_seat_players": [10],
}


async def attacker(base: str, number: int, until: float, seen: dict[str, int]) -> None:
    from uno.academy.i18n import t

    mine = {t("lab.yours_waiting", "en", count=n) for n in range(1, 4)}
    async with Session(base) as session:
        await session.run("lab", "lang=en")
        seed = 10_000 * (number + 1)
        while time.monotonic() < until:
            seed += 1
            try:
                run = await session.run("lab", "lang=en", {**LARGEST, "lab_seed": seed})
            except TimeoutError:
                seen["timeouts"] += 1
                continue
            seen["runs"] += 1
            seen["told_own_share"] += sum(a in mine for a in run.alerts)
            seen["busy"] += sum(a == t("lab.busy", "en") for a in run.alerts)
            seen["queued"] += run.progress
            seen["exceptions"] += len(run.exceptions)


async def until_charts(session: Session, charts: int, limit: float, widgets: dict[str, Any]) -> Run:
    """Rerun the lab (as its poll does) until it shows ``charts`` charts or ``limit`` passes."""
    started = time.monotonic()
    run = await session.run("lab", "lang=en", widgets)
    while run.charts < charts and time.monotonic() - started < limit:
        await asyncio.sleep(0.5)
        run = await session.run("lab", "lang=en", widgets)
    run.seconds = time.monotonic() - started
    return run


async def load_attack(
    base: str, report: Report, sessions: int, seconds: float, paths: Sequence[str]
) -> None:
    from uno.academy.i18n import t

    busy = t("lab.busy", "en")
    async with Session(base) as warm:  # a class's first visitor: the default answers
        run = await until_charts(warm, LAB_CHARTS, 120, {})
    report.add(
        "load",
        f"a visitor before the attack: the lab's {LAB_CHARTS} charts in {run.seconds:.1f} s",
        run.exceptions + ([] if run.charts == LAB_CHARTS else [f"{run.charts} charts"]),
    )
    seen = dict.fromkeys(("runs", "told_own_share", "busy", "queued", "exceptions", "timeouts"), 0)
    until = time.monotonic() + seconds
    attack = asyncio.gather(*(attacker(base, i, until, seen) for i in range(sessions)))
    await asyncio.sleep(min(8.0, seconds / 3))  # the attackers' jobs fill the board
    victim: dict[str, Run] = {}
    async with Session(base) as visitor:
        for page, query in (("sandbox", "lang=fr"), ("lessons", "lang=ru&lesson=4")):
            victim[page] = await visitor.run(page, query)
        victim["lab"] = await visitor.run("lab", "lang=en")
        await visitor.run("lab", "lang=en")  # learns the widget ids
        own = {"lab_seed": 4242}
        victim["own"] = await visitor.run("lab", "lang=en", own)
        victim["answer"] = await until_charts(visitor, LAB_CHARTS, until - time.monotonic(), own)
    await attack
    for page in ("sandbox", "lessons"):
        run = victim[page]
        problems = run.exceptions + leaks(run.text, paths)
        if run.seconds > 5.0:
            problems.append(f"{run.seconds:.1f} s")
        report.add(
            "load",
            f"another visitor's {page} page during the attack: {run.seconds:.2f} s",
            problems,
        )
    run = victim["lab"]
    problems = run.exceptions + (
        [] if run.charts == LAB_CHARTS else [f"{run.charts} of {LAB_CHARTS} charts"]
    )
    if run.seconds > 10.0:
        problems.append(f"{run.seconds:.1f} s")
    report.add(
        "load",
        f"another visitor's lab (default answers): {run.charts} charts in {run.seconds:.2f} s",
        problems,
    )
    run = victim["own"]
    refused = sum(a == busy for a in run.alerts)
    problems = run.exceptions + ([f"told 'busy' {refused} times"] if refused else [])
    if run.seconds > 10.0:
        problems.append(f"{run.seconds:.1f} s")
    outcome = f"'busy' for {refused} of 3 simulations" if refused else "all 3 accepted"
    report.add(
        "load",
        f"another visitor's own new question (seed 4242) during the attack: {outcome}, "
        f"page in {run.seconds:.2f} s",
        problems,
    )
    answer = victim["answer"]
    print(
        f"    (then {answer.charts} of its {LAB_CHARTS} charts drawn after "
        f"{answer.seconds:.1f} s more)"
    )
    problems = [f"{seen['exceptions']} exceptions"] if seen["exceptions"] else []
    if not seen["told_own_share"]:
        problems.append("never told its own share was used")
    if seen["timeouts"]:
        problems.append(f"{seen['timeouts']} runs over 60 s")
    report.add(
        "load",
        f"{sessions} sessions x {seconds:.0f} s of largest simulations, new seed each run: "
        f"{seen['runs']} runs, told 'yours first' {seen['told_own_share']} times, "
        f"'busy' {seen['busy']} times",
        problems,
    )


# -- main ----------------------------------------------------------------------------------------


@contextlib.contextmanager
def app(url: str | None, db: Path | None, workdir: Path) -> Iterator[tuple[str, Path | None]]:
    if url is not None:
        import urllib.request

        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=5) as answer:
            if answer.status != 200:
                raise RuntimeError(f"{url}: health check answered {answer.status}")
        yield url, db
        return
    from tests.browser import streamlit_server

    db = workdir / "served" / "scores.sqlite3"
    env = {"PYTHONPATH": str(ROOT), "UNO_ACADEMY_DB": str(db), "UNO_ACADEMY_BOT_PAUSE_MS": "0"}
    with streamlit_server(env) as base:
        yield base, db


def seed_store(db: Path | None) -> None:
    """A store with something in it, so that "nothing changed" means something."""
    if db is None or db.exists():
        return
    from uno.academy.store import SQLiteStore

    with SQLiteStore(db) as store:
        game = store.create_game(OTHER, ["Ana", "Ben"])
        if game.id is not None:
            store.share_game(OTHER, game.id)


#: The attack's phases, in the order they run (``--only`` picks some).
PHASES: Final = ("process", "browser", "protocol", "memory", "load", "cli")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running app on this machine (default: start one)")
    parser.add_argument("--db", type=Path, help="with --url: its store file (SQLite)")
    parser.add_argument("--quick", action="store_true", help="a shorter set, about 30 s")
    parser.add_argument("--sessions", type=int, help="attacking sessions (default 6, quick 2)")
    parser.add_argument("--seconds", type=float, help="attack time (default 30, quick 6)")
    parser.add_argument(
        "--only",
        help=f"a comma-separated list of phases ({', '.join(PHASES)}; default: all)",
    )
    args = parser.parse_args(argv)
    only = set(PHASES) if not args.only else set(args.only.split(","))
    if not only <= set(PHASES):
        parser.error(f"--only takes phases among {', '.join(PHASES)}")
    try:
        url = None if args.url is None else loopback_url(args.url)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    sessions = args.sessions or (2 if args.quick else 6)
    seconds = args.seconds or (6.0 if args.quick else 30.0)
    if not 1 <= sessions <= 20 or not 1 <= seconds <= 300:
        parser.error("--sessions is 1 to 20, --seconds 1 to 300 (the attack stays bounded)")
    report = Report()
    started = time.monotonic()

    def phase(name: str) -> None:
        print(f"-- {name} (at {time.monotonic() - started:.0f} s)", flush=True)

    with contextlib.ExitStack() as stack:
        workdir = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="uno-attack-")))
        try:
            base, db = stack.enter_context(app(url, args.db, workdir))
        except Exception as exc:
            print(f"the app could not be started or reached: {exc}", file=sys.stderr)
            return 2
        paths = server_paths(None)

        def attempt(klass: str, check: Callable[..., Any], *args: Any) -> None:
            """Run one check; one that breaks is a fault found, and the others still run."""
            try:
                result = check(*args)
                if asyncio.iscoroutine(result):
                    asyncio.run(result)
            except Exception as exc:
                report.add(klass, f"{check.__name__}: broke", [f"{type(exc).__name__}: {exc}"])

        if "process" in only:
            phase("in this process: the app's modules and AppTest")
            attempt("names", check_names_in_process, report, workdir)
            attempt("names", check_score_pad_names, report, workdir, paths)
            attempt("store", check_store_faults, report, workdir, paths)
            attempt("store", check_full_disk, report, workdir, paths)
            attempt("store", check_database_down, report, workdir, paths)
            attempt("load", check_timeline_cap, report, paths)
        seed_store(db)
        paths = server_paths(db)
        if "browser" in only:
            phase(f"in Chromium against {base} (store: {db or 'not checked'})")
            browser = Browser(base, paths, db)
            try:
                attempt("share links", check_share_links, browser, report, args.quick)
                if not args.quick:  # names are checked in this process as well
                    attempt("names", check_names_by_link, browser, report)
                    attempt("URL parameters", check_url_parameters, browser, report)
                attempt("uploads", check_uploads, browser, report, args.quick, workdir)
            finally:
                browser.close()
        if "protocol" in only:
            phase("over Streamlit's protocol: URL parameters, forged messages")
            attempt("URL parameters", url_protocol, base, report, args.quick, paths, db)
            attempt("forged messages", forged_protocol, base, report, args.quick, paths, db)
            if db is not None:
                attempt("forged messages", forged_room_taps, base, report, paths, db)
                attempt("room codes", codes_protocol, base, report, db)
                attempt("rooms", removed_pupil, base, report, db)
        if "memory" in only:
            phase("over Streamlit's protocol: the server's memory")
            cycles = 1 if args.quick else 3
            attempt("memory", memory_attack, base, report, 10 if args.quick else 40, cycles)
        if "load" in only:
            phase("over Streamlit's protocol: load")
            attempt("load", load_attack, base, report, sessions, seconds, paths)
        if "cli" in only:
            from benchmarks.attack_cli import check_cli

            phase("the command line")
            attempt("command line", check_cli, report.add)
        phase("done")
    elapsed = time.monotonic() - started
    print()
    print(report.table())
    print(f"wall time {elapsed:.0f} s")
    failed = report.failed()
    for klass, tried, problems in failed:
        print(f"DID NOT HOLD: {klass}: {tried}: {problems}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
