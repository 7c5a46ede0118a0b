"""The score pad's service: what the scoring page asks of the store, answered with what to say.

Each function takes what the page knows (this device's token, a game's id, the version of the
game the page showed, what the reader typed) and returns the result together with what to tell
the reader: a ``uno.academy.scoring.Message`` (a catalog key and its values, user text left
raw). The store's refusals (a game changed or deleted elsewhere, a game only its owner may
delete, a store that cannot be used) and refused input are worded by
``uno.academy.scoring.refusal``, so the page never handles one of the store's exceptions and
never compares versions itself.

- ``restore`` and ``remember``: the game and tab a device had open (a reload comes back to
  them), and the game of a share link.
- ``load_pad``: what the pad shows (the open game, the games this device may open, its
  classes), or what is wrong with the store.
- ``start_game``, ``add_round``, ``undo_round``, ``rename_players``, ``delete_game``,
  ``share_game``: one change each, one transaction, checked against the version the page showed
  (``Outcome``).
- ``TypedRound`` and ``preview``: the round as typed in the form, and what it will add.

A token of None is a device not known yet (the very first run of a session): every change is
refused with ``scoring.pad.loading``. Nothing is written before the first game starts: a store
that does not exist yet reads as empty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, Generic, TypeVar

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy import store as db

__all__ = [
    "ENV_DB",
    "PAD",
    "Outcome",
    "Pad",
    "Restored",
    "TypedRound",
    "add_round",
    "delete_game",
    "load_pad",
    "preview",
    "remember",
    "rename_players",
    "restore",
    "share_game",
    "start_game",
    "undo_round",
]

#: The environment variable that says where the store is (the pad's hint names it).
ENV_DB: Final = db.ENV_DB
#: The tab the pad opens on when a game is opened.
PAD: Final = "pad"

T = TypeVar("T")


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What a change did: ``value`` is what the store gave back when it was saved (the game as
    it is now, a share link's token, a deleted game's id), None when it was refused; ``said`` is
    what to tell the reader (the success or the refusal; None: nothing to say); ``stale`` is
    True when the game had changed (or gone) since the page showed it."""

    value: T | None = None
    said: sc.Message | None = None
    stale: bool = False

    @property
    def saved(self) -> bool:
        """Whether the change was written."""
        return self.value is not None


@dataclass(frozen=True)
class Restored:
    """What a new session of a device opens: ``game`` (None: leave the page's choice) on
    ``tab`` (None: leave it), and what to say (``opened``: a share link's game was opened;
    otherwise the link led nowhere)."""

    game: int | None = None
    tab: str | None = None
    said: sc.Message | None = None
    opened: bool = False


@dataclass(frozen=True)
class Pad:
    """What the score pad shows: the open game (None: none, or it was deleted meanwhile), the
    games this device may open, the (code, name) of the classes it is in or teaches; or
    ``fault``, what is wrong with the store (then nothing else)."""

    game: sp.Game | None = None
    games: tuple[sp.Game, ...] = ()
    classes: tuple[tuple[str, str], ...] = ()
    fault: sc.Message | None = None


@dataclass(frozen=True)
class TypedRound:
    """A round as typed in the pad's form: who went out, how the round is entered
    (``uno.academy.scoring.MODES``) and the texts of the boxes, by seat."""

    winner: int = 0
    mode: str = "cards"
    cards: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))
    score: str = ""
    points: Mapping[int, str] = field(default_factory=lambda: MappingProxyType({}))

    def round_for(self, game: sp.Game) -> sp.Round:
        """The round for ``game`` (raises ScoreInputError)."""
        return sc.typed_round(
            game, self.winner, self.mode, cards=self.cards, score=self.score, points=self.points
        )


# -- opening the pad --------------------------------------------------------------------------


def restore(token: str, share: str | None, chosen: str | None) -> Restored:
    """Once per session, when the device is known: open the game of the share link ``share``,
    or the game and tab this device had open last time. ``chosen`` is a tab the reader chose
    before the device was known: it stays chosen and is kept for the next visit."""
    try:
        if share:
            if not db.database_exists():
                raise db.GameNotFound(0)
            with db.open_store() as store:
                game = store.open_shared(token, share)
                store.keep_open(token, game.id, PAD)
                numbers = sc.game_numbers(store.list_games(token))
            number = numbers.get(game.id or 0, len(numbers))
            said = sc.Message("scoring.pad.opened_link", {"number": number})
            return Restored(game.id, PAD, said, opened=True)
        if db.database_exists():
            with db.open_store() as store:
                gid, tab = store.kept_open(token)
                if chosen is not None and chosen != tab:  # chosen before the device was known
                    store.keep_open(token, gid, chosen)
            return Restored(gid, chosen if chosen is not None else tab)
    except db.GameNotFound:
        return Restored(tab=PAD, said=sc.Message("scoring.pad.link_gone"))
    except db.StoreError:
        pass  # the pad says what is wrong with the store when it is drawn
    return Restored()


def remember(token: str | None, game_id: int | None, tab: str) -> None:
    """Tell the store which game and tab this device has open (a reload comes back to them).
    Only a convenience: a store that fails is left for the next change to report."""
    if token is None or not db.database_exists():
        return
    try:
        with db.open_store() as store:
            store.keep_open(token, game_id, tab)
    except db.StoreError:
        pass


def load_pad(token: str, game_id: int | None, lang: str) -> Pad:
    """The open game ``game_id`` (if this device may still open it), the games and classes of
    this device; nothing before the store exists."""
    game: sp.Game | None = None
    classes: list[tuple[str, str]] = []
    try:
        if not db.database_exists():  # nothing is written before the first game starts
            return Pad()
        with db.open_store() as store:
            if game_id is not None:
                try:
                    game = store.load_game(token, game_id)
                except db.GameNotFound:
                    game = None
            games = store.list_games(token)
            member = store.membership(token)
            if member is not None:
                classes.append((member.code, member.class_name))
            classes += [(c.code, c.name) for c in store.classes_of(token)]
    except db.StoreError as exc:
        return Pad(fault=sc.refusal(exc, lang))
    return Pad(game, tuple(games), tuple(classes))


# -- the changes ------------------------------------------------------------------------------


def _change(
    token: str | None,
    lang: str,
    action: Callable[[db.Store, str], T],
    players: Sequence[str] = (),
) -> Outcome[T]:
    """Run one change against the store as this device; every refusal becomes what to say
    (a seat's name, if the refusal names one, from ``players``)."""
    if token is None:
        return Outcome(said=sc.Message("scoring.pad.loading"))
    try:
        with db.open_store() as store:
            return Outcome(action(store, token))
    except sc.REFUSALS as exc:
        return Outcome(said=sc.refusal(exc, lang, players), stale=isinstance(exc, db.StaleGame))


def _saying(outcome: Outcome[T], said: Callable[[T], sc.Message]) -> Outcome[T]:
    """``outcome`` with the words of its success, when it was saved."""
    if outcome.value is None:
        return outcome
    return Outcome(outcome.value, said(outcome.value))


def start_game(
    token: str | None,
    names: str,
    target: object,
    method: object,
    class_code: str | None,
    lang: str,
) -> Outcome[sp.Game]:
    """A new game of the ``names`` typed (one a line, or separated by commas), opened on this
    device's pad; shown to the class ``class_code`` too when given. Bad input is refused before
    any file is made."""
    players = sc.split_names(names)
    try:
        sp.new_game(players, target, method)
    except sp.ScoreInputError as exc:
        return Outcome(said=sc.input_refusal(exc, lang))

    def create(store: db.Store, token: str) -> sp.Game:
        game = store.create_game(token, players, target, method, class_code=class_code)
        store.keep_open(token, game.id, PAD)
        return game

    return _saying(_change(token, lang, create), lambda game: sc.started(game, lang))


def add_round(
    token: str | None,
    game_id: int,
    shown: int,
    typed: TypedRound,
    players: Sequence[str],
    lang: str,
) -> Outcome[sp.Game]:
    """Save the round ``typed`` on the page that showed version ``shown`` of the game (whose
    players were ``players``): refused as stale when the game changed since, even if the round
    would still fit."""

    def add(store: db.Store, token: str) -> sp.Game:
        game = store.load_game(token, game_id)
        if game.version != shown:  # the round was typed on an older page
            raise db.StaleGame(game_id, shown, game.version)
        return store.add_round(token, game_id, shown, typed.round_for(game))

    def saved(game: sp.Game) -> sc.Message:
        winner = game.players[game.rounds[-1].winner]
        return sc.Message("scoring.pad.saved", {"number": len(game.rounds), "name": winner})

    return _saying(_change(token, lang, add, players), saved)


def undo_round(token: str | None, game_id: int, shown: int, lang: str) -> Outcome[sp.Game]:
    """Take back the last round of the game the page showed at version ``shown``."""
    outcome = _change(token, lang, lambda store, tok: store.undo_round(tok, game_id, shown))
    return _saying(  # the round that was removed
        outcome, lambda game: sc.Message("scoring.pad.undone", {"number": len(game.rounds) + 1})
    )


def rename_players(
    token: str | None, game_id: int, shown: int, names: Sequence[object], lang: str
) -> Outcome[sp.Game]:
    """New names for the players of the game whose names were shown at version ``shown``."""
    outcome = _change(
        token, lang, lambda store, tok: store.rename_players(tok, game_id, shown, names)
    )
    return _saying(outcome, lambda game: sc.Message("scoring.pad.renamed"))


def delete_game(
    token: str | None, game_id: int, shown: int, number: int, lang: str
) -> Outcome[int]:
    """Delete the game shown at version ``shown`` (only its owner may); ``number`` is its number
    on this device, for the words."""

    def delete(store: db.Store, token: str) -> int:
        store.delete_game(token, game_id, shown)
        return game_id

    outcome = _change(token, lang, delete)
    return _saying(outcome, lambda gid: sc.Message("scoring.pad.deleted", {"number": number}))


def share_game(token: str | None, game_id: int, lang: str) -> Outcome[str]:
    """The token of the game's share link (only its owner asks for one); nothing to say when
    it was given: the page shows the link."""
    return _change(token, lang, lambda store, tok: store.share_game(tok, game_id))


def preview(game: sp.Game, typed: TypedRound, lang: str) -> sc.Message | None:
    """What the round ``typed`` will add to ``game``, or None while it cannot be read."""
    try:
        rnd = typed.round_for(game)
    except sp.ScoreInputError:
        return None
    return sc.preview(game, rnd, lang)
