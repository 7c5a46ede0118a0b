"""The scoring page's words and tables, without Streamlit (R-SCORE-1..3).

What the round checker and the score pad show, computed from ``uno.academy.scorepad``'s values:
what a refusal says (a catalog key and its values), how the typed names and rounds are read, the
rows of every table, the CSV's column names and the chart's lines. ``uno.ui.scoring`` draws
them.

A ``Message`` is a catalog key and its values. Values that come from a user (a player's name, a
typed code) are left raw here: the view makes every text value inert where it meets Markdown,
and tables, select boxes and the CSV take them as plain text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import MappingProxyType
from typing import Any, Final, NamedTuple
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from uno.academy.i18n import card_label, catalog, join_words, normalize_lang, t
from uno.academy.scorepad import (
    Game,
    Hand,
    Round,
    ScoreInputError,
    game_csv,
    over_deck,
    parse_hand,
    points_by_kind,
    round_from_points,
    round_from_score,
    round_from_texts,
)
from uno.academy.store import GameNotFound, NotAllowed, StaleGame, StoreError
from uno.cards import CARDS, Card, Color, Kind, deck_summary

__all__ = [
    "MAX_CHECK_HANDS",
    "MODES",
    "REFUSALS",
    "SAVED_COLUMNS",
    "SHARE_PARAM",
    "ChartData",
    "Message",
    "chart_data",
    "choice_label",
    "confirm_delete",
    "csv_labels",
    "export_csv",
    "export_name",
    "game_numbers",
    "input_refusal",
    "kind_rows",
    "local_time",
    "over_deck_message",
    "player_column",
    "points_sum",
    "preview",
    "read_hand",
    "refusal",
    "saved_rows",
    "share_link",
    "short",
    "split_names",
    "started",
    "status",
    "summary",
    "tap_face",
    "tap_rows",
    "totals_rows",
    "typed_round",
    "unknown_message",
    "win_message",
    "zone_info",
]

#: The round checker offers up to this many losing hands.
MAX_CHECK_HANDS: Final = 9
#: How a round is entered on the pad: the cards left in the hands, or the points counted.
MODES: Final = ("cards", "points")
#: Every refusal the store and the game model raise; ``refusal`` words each of them.
REFUSALS: Final = (StaleGame, GameNotFound, NotAllowed, ScoreInputError, StoreError)
#: The columns of the saved games' table, in order (``scoring.pad.col_<name>`` heads them).
SAVED_COLUMNS: Final = (
    "id",
    "players",
    "rounds",
    "method",
    "target",
    "status",
    "access",
    "updated",
)
#: The URL parameter of a share link: ``scoring?game=<token>``.
SHARE_PARAM: Final = "game"

_SEAT_FIELD: Final = re.compile(r"(\w+)\[(\d+)\]")
_NAME_SPLIT: Final = re.compile(r"[\n,;]+")


class Message(NamedTuple):
    """A catalog key and the values of its placeholders (user text left raw)."""

    key: str
    values: Mapping[str, Any] = MappingProxyType({})


def short(text: str, limit: int = 24) -> str:
    """``text`` cut to ``limit`` characters, with "…" when it was longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- refusals ---------------------------------------------------------------------------------


def input_refusal(exc: ScoreInputError, lang: str, players: Sequence[str] = ()) -> Message:
    """What a refused input says: who it is about (a seat's name, "Player 2" or "This round"),
    the refused value (cut short) and the limit; ``scoring.error.other`` for a code with no
    words of its own."""
    match = _SEAT_FIELD.fullmatch(exc.field)
    who = t("scoring.pad.this_round", lang)
    if match and match.group(1) == "players":
        who = t("scoring.pad.player_n", lang, number=int(match.group(2)) + 1)
    elif match and int(match.group(2)) < len(players):
        who = players[int(match.group(2))]
    value = exc.value
    if isinstance(value, tuple):
        value = " ".join(short(str(v)) for v in value)
    key = f"scoring.error.{exc.code}"
    words = catalog(normalize_lang(lang))
    if key not in words and f"{key}.other" not in words and f"{key}.many" not in words:
        key = "scoring.error.other"
    limit = exc.params.get("limit", "")
    values: dict[str, Any] = {"who": who, "limit": limit, "value": short(str(value), 40)}
    if type(limit) is int:
        values["count"] = limit  # "at most 1 character", "at most 40 characters"
    return Message(key, values)


def refusal(exc: Exception, lang: str, players: Sequence[str] = ()) -> Message:
    """What any of ``REFUSALS`` says: a game changed or deleted elsewhere, a refused input, a
    store that cannot be used (by its code only: a visitor never sees a path or an address)."""
    if isinstance(exc, StaleGame):
        return Message("scoring.pad.stale" if exc.current is not None else "scoring.pad.gone")
    if isinstance(exc, GameNotFound):
        return Message("scoring.pad.gone")
    if isinstance(exc, NotAllowed):
        return Message("scoring.pad.not_owner")
    if isinstance(exc, ScoreInputError):
        return input_refusal(exc, lang, players)
    if isinstance(exc, StoreError):
        return Message(f"scoring.store.{exc.code}")
    raise TypeError(f"not a score pad refusal: {exc!r}")


# -- the round checker ------------------------------------------------------------------------


def read_hand(text: str, lang: str) -> tuple[Hand, Message | None]:
    """A typed hand, or an empty one and what was wrong with the text."""
    try:
        return parse_hand(text), None
    except ScoreInputError as exc:
        return Hand(), input_refusal(exc, lang)


def points_sum(cards: Sequence[Card], lang: str) -> str:
    """``Red 7 (7) + Wild (50) = 57 points``: every card's points, then the sum (R-SCORE-1)."""
    terms = " + ".join(
        t("scoring.check.term", lang, card=card_label(card, lang), points=card.points)
        for card in cards
    )
    return f"{terms} = {t('scoring.points', lang, count=sum(c.points for c in cards))}"


def unknown_message(hand: Hand, lang: str) -> Message | None:
    """The tokens of a hand that are not cards, quoted (each cut short), or None."""
    if not hand.unknown:
        return None
    codes = ", ".join(t("scoring.quote", lang, text=short(token)) for token in hand.unknown)
    return Message("scoring.check.unknown", {"count": len(hand.unknown), "codes": codes})


def over_deck_message(cards: Iterable[Card], lang: str) -> Message | None:
    """Cards typed more often than one deck holds them (R-DECK-1), or None."""
    too_many = over_deck(cards)
    if not too_many:
        return None
    names = ", ".join(f"{card_label(card, lang)} × {n}" for card, n in too_many.items())
    return Message("scoring.check.over_deck", {"cards": names})


def kind_rows(cards: Iterable[Card], lang: str) -> list[dict[str, Any]]:
    """The points table of some cards, one row per kind of card in the deck's order: what one
    card scores (the engine's table), how many were typed, what they add up to."""
    per_card = {kind: points for kind, _, points in deck_summary()}
    by_kind = {row.kind: row for row in points_by_kind(cards)}
    rows = []
    for kind in Kind:
        row = by_kind.get(kind)
        each = (
            t("deck.face_value", lang)
            if kind is Kind.NUMBER
            else ", ".join(str(p) for p in per_card[kind])
        )
        rows.append(
            {
                t("scoring.check.col_kind", lang): t(f"card.kind.{kind.name.lower()}", lang),
                t("scoring.check.col_each", lang): each,
                t("scoring.check.col_count", lang): row.count if row else 0,
                t("scoring.check.col_points", lang): row.points if row else 0,
            }
        )
    return rows


def tap_rows(lang: str) -> list[tuple[str, list[Card]]]:
    """The rows of tappable cards: one per colour, then the wild cards, each with its name."""
    rows = [
        (t(f"scoring.tap.row.{color.name}", lang), [c for c in CARDS if c.color is color])
        for color in Color
    ]
    rows.append((t("scoring.tap.row.wild", lang), [c for c in CARDS if c.color is None]))
    return rows


def tap_face(code: str, lang: str) -> str:
    """A tappable card's short name: its face ("7", "Skip"); a wild card's whole name."""
    card = Card(code)
    if card.is_wild:
        return card_label(card, lang)
    return t(f"card.face.{card.kind.name.lower()}", lang, number=card.number)


# -- the score pad ----------------------------------------------------------------------------


def split_names(raw: str) -> list[str]:
    """The names typed for a new game: one per line, or separated by commas or semicolons."""
    return [part for part in _NAME_SPLIT.split(raw) if part.strip()]


def started(game: Game, lang: str) -> Message:
    return Message("scoring.pad.started", {"players": join_words(game.players, lang)})


def typed_round(
    game: Game,
    winner: int,
    mode: str,
    *,
    cards: Mapping[int, str] | None = None,
    score: str = "",
    points: Mapping[int, str] | None = None,
) -> Round:
    """The round typed on the pad: the cards left in each losing hand (``mode="cards"``), else
    the winner's score (standard scoring) or each losing hand's points (lowest score). Raises
    ScoreInputError."""
    losers = [seat for seat in range(len(game.players)) if seat != winner]
    if mode == "cards":
        texts = cards or {}
        return round_from_texts(game, winner, {s: texts.get(s, "") for s in losers})
    if game.method == "standard":
        return round_from_score(game, winner, score)
    typed = points or {}
    return round_from_points(game, winner, {s: typed.get(s, "") for s in losers})


def preview(game: Game, rnd: Round, lang: str) -> Message:
    """What a typed round will add, before it is saved."""
    if game.method == "standard":
        points = t("scoring.points", lang, count=sum(rnd.points))
        return Message("scoring.pad.preview", {"name": game.players[rnd.winner], "points": points})
    losers = [seat for seat in range(len(game.players)) if seat != rnd.winner]
    parts = join_words([f"{game.players[s]} +{rnd.points[s]}" for s in losers], lang)
    return Message("scoring.pad.preview_lowest", {"points": parts})


def summary(game: Game, lang: str) -> str:
    """``Standard · target: 500 · 3 rounds``."""
    method = t(f"scoring.method.{game.method}", lang)
    rounds = t("scoring.rounds", lang, count=len(game.rounds))
    return t("scoring.pad.summary", lang, method=method, target=game.target) + " · " + rounds


def win_message(game: Game, lang: str) -> Message | None:
    """Who won the game and with how many points (ties share, R-SCORE-3), or None."""
    winners = game.winners
    if not winners:
        return None
    key = "scoring.pad.won_shared" if len(winners) > 1 else "scoring.pad.won"
    names = join_words([game.players[seat] for seat in winners], lang)
    points = t("scoring.points", lang, count=game.totals[winners[0]])
    return Message(key, {"names": names, "points": points})


def player_column(seat: int) -> str:
    """A player's column id in the totals table: never a name, so two names never collide."""
    return f"p{seat}"


def totals_rows(game: Game, lang: str, per_round: bool = False) -> list[dict[str, Any]]:
    """One row per round (its number, who went out, each player's running total, or the
    round's own points when ``per_round``), then the totals."""
    running = game.running_totals()
    rows = []
    for number, rnd in enumerate(game.rounds, start=1):
        values = rnd.points if per_round else running[number]
        row: dict[str, Any] = {"round": str(number), "winner": game.players[rnd.winner]}
        row.update({player_column(seat): value for seat, value in enumerate(values)})
        rows.append(row)
    total: dict[str, Any] = {"round": t("scoring.pad.total_row", lang), "winner": ""}
    total.update({player_column(seat): value for seat, value in enumerate(game.totals)})
    rows.append(total)
    return rows


@dataclass(frozen=True)
class ChartData:
    """The running totals as lines: x is the round (0 before the first), one line per player."""

    rounds: tuple[int, ...]
    lines: tuple[tuple[str, tuple[int, ...]], ...]  # (a player's name, their totals)
    target: int
    dtick: int  # the spacing of the round ticks: at most about a dozen of them


def chart_data(game: Game) -> ChartData:
    running = game.running_totals()
    lines = tuple(
        (name, tuple(row[seat] for row in running)) for seat, name in enumerate(game.players)
    )
    return ChartData(tuple(range(len(running))), lines, game.target, max(1, len(running) // 12))


def csv_labels(lang: str) -> dict[str, str]:
    """The CSV's first two column names in the reader's language (the others are the names)."""
    return {
        "round_label": t("scoring.pad.col_round", lang),
        "winner_label": t("scoring.pad.col_winner", lang),
    }


def export_csv(game: Game, lang: str) -> bytes:
    return game_csv(game, **csv_labels(lang))


def export_name(game: Game) -> str:
    return f"uno-game-{game.id}.csv"


def status(game: Game, lang: str) -> str:
    """``won by Ana`` or ``in progress``."""
    if game.winners:
        names = join_words([game.players[seat] for seat in game.winners], lang)
        return t("scoring.pad.status_won", lang, names=names)
    return t("scoring.pad.status_playing", lang)


def game_numbers(games: Iterable[Game]) -> dict[int, int]:
    """Each game's number as this device counts them: 1 for the oldest game it may open (its
    own, by link, its class's), 2 for the next... The store's id counts every device's games: a
    first game was "Game no. 11"."""
    ids = sorted(game.id for game in games if game.id is not None)
    return {gid: number for number, gid in enumerate(ids, 1)}


def local_time(stamp: str, zone: str | None) -> str:
    """A time the store keeps (ISO 8601 in UTC: ``2026-12-01T09:41:07+00:00``) as the reader's
    clock shows it, ``2026-12-01 10:41`` in ``Europe/Paris``, to the minute. With no zone (or
    one Python does not know) it stays in UTC, and the caller says so."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp.replace("T", " ")[:16]
    if zone_info(zone) is not None and moment.tzinfo is not None:
        moment = moment.astimezone(zone_info(zone))
    return moment.strftime("%Y-%m-%d %H:%M")


def zone_info(zone: str | None) -> ZoneInfo | None:
    """The time zone a browser names (``Europe/Paris``), or None when it names none Python
    knows (a forged name, a machine without time zone data)."""
    if not zone or len(zone) > 64:
        return None
    try:
        return ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None


def saved_rows(games: Iterable[Game], lang: str, zone: str | None = None) -> list[dict[str, Any]]:
    """The saved games' table, one row per game, with the columns of ``SAVED_COLUMNS`` (``id``:
    the game's number on this device, ``game_numbers``); the time of the last change in the
    browser's time ``zone`` (``local_time``)."""
    games = list(games)
    numbers = game_numbers(games)
    return [
        {
            "id": numbers.get(game.id or 0, game.id),
            "players": join_words(game.players, lang),
            "rounds": len(game.rounds),
            "method": t(f"scoring.method.{game.method}", lang),
            "target": game.target,
            "status": status(game, lang),
            "access": t(f"scoring.pad.access_{game.access or 'owner'}", lang),
            "updated": local_time(game.updated, zone),
        }
        for game in games
    ]


def choice_label(game: Game, number: int) -> str:
    """A saved game in the chooser: ``#3 · Ana, Ben, Chloé`` (its number on this device)."""
    return f"#{number} · {short(', '.join(game.players), 60)}"


def share_link(base: str, share: str) -> str:
    """The link that opens a shared game: ``<base>scoring?game=<token>``, ``base`` being the
    app's address (``https://school.example/``) or empty for the path alone."""
    if base and not base.endswith("/"):
        base += "/"
    return f"{base}scoring?{SHARE_PARAM}={share}"


def confirm_delete(game: Game, lang: str, number: int) -> Message:
    return Message(
        "scoring.pad.confirm_delete",
        {"number": number, "players": join_words(game.players, lang)},
    )
