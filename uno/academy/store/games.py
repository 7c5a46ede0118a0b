"""The score pads repository: games (``uno.academy.scorepad.Game``), their players and rounds.

A game belongs to the device that made it; it is also seen by the devices that opened its
share link (``game_guests``) and, if its owner chose one, by its class (pupils and teacher).
Every change takes the version the page showed (StaleGame otherwise) and moves it on in the
same transaction, checked first (``_change``). The scoring itself is ``uno.academy.scorepad``:
this module only stores its games.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Final

from uno.academy import scorepad as sp
from uno.academy.store.backend import Backend, Tx
from uno.academy.store.classes import ClassRepository
from uno.academy.store.codes import is_token, new_token
from uno.academy.store.errors import GameNotFound, NotAllowed, StaleGame
from uno.academy.store.model import HiddenGame
from uno.academy.store.progress import touch
from uno.academy.store.values import Bad, device_of, fits, integer, now_text, opt_text, text

__all__ = ["TABS", "ScorePadRepository"]

#: The tabs the scoring page can keep open.
TABS: Final = ("check", "pad")
#: The games a device may open (four times its key): its own, by a link, of its class.
_VISIBLE: Final = (
    "(g.owner = ? OR g.id IN (SELECT game_id FROM game_guests WHERE device = ?) OR "
    "g.class_id IN (SELECT class_id FROM learners WHERE device = ? AND class_id IS NOT "
    "NULL) OR g.class_id IN (SELECT id FROM classes WHERE teacher = ?))"
)

_Rows = list[tuple[object, object]]


def _assemble(
    row: tuple[object, ...],
    names: _Rows,
    winners: _Rows,
    points: Mapping[tuple[object, object], _Rows],
) -> sp.Game:
    """One game from its rows (Bad for a row that does not read as one)."""
    gid, target, method, version = integer(row[0]), integer(row[1]), text(row[2]), integer(row[3])
    created, updated = text(row[4]), text(row[5])
    opt_text(row[6])
    seats = [integer(s) for s, _ in names]
    players = tuple(text(n) for _, n in names)
    n = len(players)
    if not sp.MIN_PLAYERS <= n <= sp.MAX_PLAYERS or seats != list(range(n)):
        raise Bad("players")
    if method not in sp.METHODS:
        raise Bad("method")
    rounds: list[sp.Round] = []
    for expected, (number, winner) in enumerate(winners, start=1):
        seat_points = points.get((row[0], number), [])
        if integer(number) != expected or not 0 <= integer(winner) < n:
            raise Bad("rounds")
        if [integer(s) for s, _ in seat_points] != list(range(n)):
            raise Bad("round points")
        rounds.append(sp.Round(integer(winner), tuple(integer(v) for _, v in seat_points)))
    return sp.Game(
        players=players,
        target=target,
        method="lowest" if method == "lowest" else "standard",
        rounds=tuple(rounds),
        id=gid,
        version=version,
        created=created,
        updated=updated,
    )


class ScorePadRepository:
    """Score pads over ``db``; a game's class is checked by ``classes``
    (``uno.academy.store.ScorePadStore``)."""

    def __init__(self, db: Backend, classes: ClassRepository) -> None:
        self._db = db
        self._classes = classes

    def _games(
        self, tx: Tx, where: str, args: Sequence[object], key: str | None, *, skip_bad: bool
    ) -> list[sp.Game]:
        """The games ``where`` selects, the last changed first, as device ``key`` sees them
        (``access``). A tampered game is left out (``skip_bad``) or StoreError corrupt."""
        head = tx.rows(
            "SELECT g.id, g.target, g.method, g.version, g.created, g.updated, g.owner, "
            f"g.class_id FROM games g WHERE {where} ORDER BY g.updated DESC, g.id DESC",
            args,
        )
        if not head:
            return []
        sub = f"game_id IN (SELECT g.id FROM games g WHERE {where})"
        names: dict[object, _Rows] = {}
        for gid, seat, name in tx.rows(
            f"SELECT game_id, seat, name FROM players WHERE {sub} ORDER BY game_id, seat", args
        ):
            names.setdefault(gid, []).append((seat, name))
        winners: dict[object, _Rows] = {}
        for gid, number, winner in tx.rows(
            f"SELECT game_id, number, winner FROM rounds WHERE {sub} ORDER BY game_id, number",
            args,
        ):
            winners.setdefault(gid, []).append((number, winner))
        points: dict[tuple[object, object], _Rows] = {}
        for gid, number, seat, value in tx.rows(
            f"SELECT game_id, number, seat, points FROM round_points WHERE {sub} "
            "ORDER BY game_id, number, seat",
            args,
        ):
            points.setdefault((gid, number), []).append((seat, value))
        guests: set[object] = set()
        if key is not None:
            guests = {
                gid
                for (gid,) in tx.rows("SELECT game_id FROM game_guests WHERE device = ?", (key,))
            }
        games = []
        for row in head:
            try:
                game = _assemble(row, names.get(row[0], []), winners.get(row[0], []), points)
            except Bad as bad:
                if skip_bad:
                    continue  # one tampered game never hides the others
                raise self._db.corrupt(f"game {row[0]!r}", bad) from None
            owner = row[6]
            access = "" if key is None else ("owner" if owner == key else "")
            if key is not None and not access:
                access = "link" if row[0] in guests else "class"
            games.append(replace(game, access=access))
        return games

    def list_games(self, token: str) -> list[sp.Game]:
        """The games this device may open, the most recently changed first: its own, those it
        opened with a share link, and those of its class (as a pupil in it, or its teacher).
        ``Game.access`` says which: ``"owner"``, ``"link"``, ``"class"``. A game whose rows
        were tampered with is left out (``load_game`` says ``corrupt`` for it)."""
        key = device_of(token)
        with self._db.read() as tx:
            return self._games(tx, _VISIBLE, (key,) * 4, key, skip_bad=True)

    def load_game(self, token: str, game_id: int) -> sp.Game:
        """One game this device may open; GameNotFound otherwise (whether or not it exists)."""
        key = device_of(token)
        with self._db.read() as tx:
            found = self._games(
                tx, f"g.id = ? AND {_VISIBLE}", (game_id, *(key,) * 4), key, skip_bad=False
            )
        if not found:
            raise GameNotFound(game_id)
        return found[0]

    def create_game(
        self,
        owner_token: str,
        players: Sequence[object],
        target: object = sp.DEFAULT_TARGET,
        method: object = "standard",
        *,
        class_code: str | None = None,
    ) -> sp.Game:
        """A new game owned by this device (inputs checked as by ``scorepad.new_game``),
        version 1. With ``class_code`` (a class it teaches or is in) the class sees it too."""
        key = device_of(owner_token)
        game = sp.new_game(players, target, method)
        now = now_text()
        with self._db.write() as tx:
            class_id = self._classes.class_id(tx, key, class_code)
            row = tx.one(
                "INSERT INTO games (target, method, version, created, updated, owner, class_id, "
                "share) VALUES (?, ?, 1, ?, ?, ?, ?, ?) RETURNING id",
                (game.target, game.method, now, now, key, class_id, new_token()),
            )
            assert row is not None
            gid = integer(row[0])
            tx.many(
                "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                [(gid, seat, name) for seat, name in enumerate(game.players)],
            )
        return replace(game, id=gid, version=1, created=now, updated=now, access="owner")

    def _may_see(self, tx: Tx, key: str, game_id: int) -> str:
        """The owner key of a game this device may open (GameNotFound otherwise)."""
        if not fits(game_id):
            raise GameNotFound(str(game_id)[:20])
        row = tx.one(
            f"SELECT g.owner FROM games g WHERE g.id = ? AND {_VISIBLE}",
            (game_id, *(key,) * 4),
        )
        if row is None:
            raise GameNotFound(game_id)
        return "" if row[0] is None else str(row[0])

    def _change(self, tx: Tx, key: str, game_id: int, version: int) -> sp.Game:
        """Take the game from ``version`` to ``version + 1`` (checked first, in the same
        UPDATE), then read it: the caller writes the rest. StaleGame if it moved on."""
        self._may_see(tx, key, game_id)
        if not fits(version):
            version = -1  # no game is at such a version: StaleGame below
        changed = tx.run(
            "UPDATE games SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
            (now_text(), game_id, version),
        )
        if changed != 1:
            row = tx.one("SELECT version FROM games WHERE id = ?", (game_id,))
            raise StaleGame(game_id, version, None if row is None else integer(row[0]))
        found = self._games(tx, "g.id = ?", (game_id,), key, skip_bad=False)
        if not found:  # pragma: no cover - the row was just updated
            raise StaleGame(game_id, version, None)
        return found[0]

    def add_round(self, token: str, game_id: int, expected_version: int, rnd: sp.Round) -> sp.Game:
        """Save one more round; StaleGame if the game is no longer at ``expected_version``
        (the version the page showed when the player started typing)."""
        key = device_of(token)
        with self._db.write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.add_round(game, rnd)
            number = len(new.rounds)
            tx.run(
                "INSERT INTO rounds (game_id, number, winner) VALUES (?, ?, ?)",
                (game_id, number, rnd.winner),
            )
            tx.many(
                "INSERT INTO round_points (game_id, number, seat, points) VALUES (?, ?, ?, ?)",
                [(game_id, number, seat, value) for seat, value in enumerate(rnd.points)],
            )
        return new

    def undo_round(self, token: str, game_id: int, expected_version: int) -> sp.Game:
        """Remove the last round."""
        key = device_of(token)
        with self._db.write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.undo_round(game)
            last = (game_id, len(game.rounds))
            tx.run("DELETE FROM round_points WHERE game_id = ? AND number = ?", last)
            tx.run("DELETE FROM rounds WHERE game_id = ? AND number = ?", last)
        return new

    def rename_players(
        self, token: str, game_id: int, expected_version: int, names: Sequence[object]
    ) -> sp.Game:
        """New names for the players (all at once: they must stay different). Checked
        against the version shown when the rename form was opened."""
        key = device_of(token)
        with self._db.write() as tx:
            game = self._change(tx, key, game_id, expected_version)
            new = sp.rename_players(game, names)
            tx.many(
                "UPDATE players SET name = ? WHERE game_id = ? AND seat = ?",
                [(name, game_id, seat) for seat, name in enumerate(new.players)],
            )
        return new

    def delete_game(self, token: str, game_id: int, expected_version: int) -> None:
        """Delete a game: its owner only (NotAllowed ``delete`` for anyone else who sees it)."""
        key = device_of(token)
        with self._db.write() as tx:
            if self._may_see(tx, key, game_id) != key:
                raise NotAllowed("delete")
            game = self._change(tx, key, game_id, expected_version)
            for table in ("round_points", "rounds", "players", "game_guests"):
                tx.run(f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
            tx.run("UPDATE learners SET open_game = NULL WHERE open_game = ?", (game.id,))
            tx.run("DELETE FROM games WHERE id = ?", (game_id,))

    def share_game(self, owner_token: str, game_id: int) -> str:
        """The game's share token (128 bits): ``scoring?game=<token>`` opens it, read and
        write, for whoever holds it. Its owner only (NotAllowed ``share``)."""
        key = device_of(owner_token)
        with self._db.read() as tx:
            if self._may_see(tx, key, game_id) != key:
                raise NotAllowed("share")
            row = tx.one("SELECT share FROM games WHERE id = ?", (game_id,))
        assert row is not None
        return text(row[0])

    def open_shared(self, token: str, share: str) -> sp.Game:
        """The game of a share link; from now on this device sees it (``access="link"``) until
        it is deleted. GameNotFound for a token that opens nothing."""
        key = device_of(token)
        if not is_token(share):
            raise GameNotFound(0)
        with self._db.write() as tx:
            row = tx.one("SELECT id, owner FROM games WHERE share = ?", (share,))
            if row is None:
                raise GameNotFound(0)
            gid = integer(row[0])
            if row[1] != key:
                tx.run(
                    "INSERT INTO game_guests (game_id, device) VALUES (?, ?) "
                    "ON CONFLICT (device, game_id) DO NOTHING",
                    (gid, key),
                )
        return self.load_game(token, gid)

    def keep_open(self, token: str, game_id: int | None, tab: str = "pad") -> None:
        """Remember the game this device has open, and the tab (``"check"`` or ``"pad"``),
        so that a reload opens them again."""
        key = device_of(token)
        if tab not in TABS:
            raise ValueError(f"no tab {tab!r}")
        with self._db.write() as tx:
            touch(tx, key, time.time())
            tx.run(
                "UPDATE learners SET open_game = ?, open_tab = ? WHERE device = ?",
                (game_id, tab, key),
            )

    def kept_open(self, token: str) -> tuple[int | None, str]:
        """The game and tab this device last had open: ``(None, "check")`` for a new one."""
        key = device_of(token)
        with self._db.read() as tx:
            row = tx.one("SELECT open_game, open_tab FROM learners WHERE device = ?", (key,))
        if row is None:
            return None, "check"
        game = row[0] if isinstance(row[0], int) and not isinstance(row[0], bool) else None
        tab = row[1] if row[1] in TABS else "check"
        return game, str(tab)

    def hidden_games(self) -> list[HiddenGame]:
        """For the server's administrator: the games that belong to nobody (kept from a file
        of schema 1), the most recently changed first, with their share tokens."""
        with self._db.read() as tx:
            games = self._games(tx, "g.owner IS NULL", (), None, skip_bad=True)
            shares = {
                r[0]: r[1] for r in tx.rows("SELECT id, share FROM games WHERE owner IS NULL")
            }
        return [
            HiddenGame(g.id or 0, g.players, len(g.rounds), g.updated, str(shares.get(g.id, "")))
            for g in games
        ]
