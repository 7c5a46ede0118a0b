"""The classroom's pure parts: simpler decks for children, a round against friendly computer
players or passed around one device, hints, a tip the first time a rule comes up, short sentences
for what happened, and the printable rules sheet. No Streamlit here: ``pages/6_classroom.py`` and
``pages/7_teachers.py`` draw it.

    game = start_game("numbers", ["Sam", "Robo"], seed=3, humans=(0,))  # the bots have moved
    hint(game.state, 0)                       # Card("B5"), "draw", ...
    game = move(game, hint_action(game.state, 0))
    game.tips                                  # ("one_card",): the first time it came up
"""

from __future__ import annotations

import html
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from uno.academy.i18n import normalize_lang, t
from uno.academy.lessons import lesson_for_rule
from uno.academy.match import FRIENDLY, MAX_BOT_MOVES, Match, Refusal
from uno.actions import Action, parse_action
from uno.cards import COLORS, FULL_DECK, Card, Color, Kind, deck_summary
from uno.engine import is_bluff, playable_cards
from uno.engine import play_action as engine_play_action
from uno.errors import IllegalAction, UnoError
from uno.expert import Note
from uno.rules import PRESETS, RuleSet
from uno.setup import HAND_SIZE, check_names, start_round
from uno.state import Event, GameState, Phase

__all__ = [
    "DECKS",
    "FRIENDLY",
    "KIDS_RULES",
    "MAX_BOT_MOVES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SHAPE_GLYPH",
    "TIPS",
    "TIP_RULES",
    "Game",
    "act",
    "best_color",
    "bot_step",
    "bots_waiting",
    "deck",
    "hint",
    "hint_action",
    "kid_line",
    "kid_playable",
    "move",
    "needs_uno",
    "new_kids_game",
    "new_tips",
    "play_action",
    "rules_sheet_body",
    "rules_sheet_html",
    "start_game",
    "tip_lesson",
]

#: The decks children start with, simplest first.
DECKS: Final = ("numbers", "actions", "full")
_DECK_KINDS: Final[dict[str, frozenset[Kind]]] = {
    "numbers": frozenset({Kind.NUMBER}),
    "actions": frozenset({Kind.NUMBER, Kind.SKIP, Kind.REVERSE}),
    "full": frozenset(Kind),
}
#: One round, winner takes all; otherwise the official rules.
KIDS_RULES: Final[RuleSet] = PRESETS["single_round"]
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6

#: Each tip and the ruling it teaches; its lesson is the first lesson that teaches that ruling.
TIP_RULES: Final[dict[str, str]] = {
    "skip": "R-ACT-1",
    "reverse": "R-ACT-2",
    "wild": "R-ACT-4",
    "draw_two": "R-ACT-3",
    "wild_draw_four": "R-ACT-5",
    "one_card": "R-UNO-1",
    "reshuffle": "R-DRAW-3",
}
TIPS: Final = tuple(TIP_RULES)
_KIND_TIP: Final[dict[Kind, str]] = {
    Kind.SKIP: "skip",
    Kind.REVERSE: "reverse",
    Kind.WILD: "wild",
    Kind.DRAW_TWO: "draw_two",
    Kind.WILD_DRAW_FOUR: "wild_draw_four",
}

#: The mark of each colour in plain text (the card renderer draws the same shapes).
SHAPE_GLYPH: Final[dict[Color, str]] = {Color.R: "▲", Color.Y: "●", Color.G: "■", Color.B: "◆"}


# -- decks and the round ---------------------------------------------------------------------


def deck(name: str) -> tuple[Card, ...]:
    """The cards of a children's deck, taken from the engine's deck (R-DECK-1): ``numbers``
    (76 cards), ``actions`` (numbers, Skip and Reverse: 92) or ``full`` (108)."""
    if name not in _DECK_KINDS:
        raise ValueError(f"unknown deck {name!r} (known: {', '.join(DECKS)})")
    kinds = _DECK_KINDS[name]
    return tuple(card for card in FULL_DECK if card.kind in kinds)


def new_kids_game(
    deck_name: str, players: Sequence[str], seed: int, dealer: int | None = None
) -> tuple[GameState, list[Event]]:
    """A round on a children's deck with the official rules, one round only. The dealer is the
    last seat unless given, so the first name plays first (unless the first card says otherwise,
    R-SETUP-6)."""
    names = check_names(list(players))
    if len(names) > MAX_PLAYERS:
        raise ValueError(f"the classroom plays with {MIN_PLAYERS} to {MAX_PLAYERS} players")
    seat = len(names) - 1 if dealer is None else dealer
    return start_round(names, KIDS_RULES, dealer=seat, seed=seed, cards=deck(deck_name))


@dataclass(frozen=True)
class Game:
    """A classroom round: its match (the state, which seats children play, the history), and
    what to tell them now.

    ``log`` holds the events since the deciding child last saw the table (the last move, plus the
    computer players' moves); ``tips`` the tips that came up for the first time in it; ``seen``
    every tip shown so far in this game; ``last_seat`` the seat of the last action.
    """

    match: Match
    deck: str
    log: tuple[Event, ...] = ()
    tips: tuple[str, ...] = ()
    seen: frozenset[str] = frozenset()
    moves: int = 0
    last_seat: int | None = None

    @classmethod
    def of(cls, state: GameState, humans: Iterable[int], deck: str) -> Game:
        """A game on ``state``: the seats in ``humans`` are children, the others friendly
        computer players."""
        kids = set(humans)
        seats = [None if seat in kids else "friendly" for seat in range(state.n_players)]
        return cls(Match.new(state, seats), deck)

    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats children play."""
        return self.match.people

    @property
    def round_log(self) -> tuple[Note, ...]:
        """What each seat was seen to do in the round (``uno.expert.log_of``), for the coach."""
        return tuple(self.match.round_log())

    @property
    def waiting(self) -> int | None:
        """The child whose decision the game waits for (None when the round is over)."""
        if self.state.is_over:
            return None
        return self.state.turn


def start_game(
    deck_name: str,
    players: Sequence[str],
    seed: int,
    humans: Iterable[int] = (0,),
    rng: random.Random | None = None,
    *,
    bots: bool = True,
) -> Game:
    """Deal a round; the computer players (every seat not in ``humans``) move until a child must
    decide (with ``bots``; else one at a time through ``bot_step``). With no human at all the
    computer players play the whole round."""
    state, events = new_kids_game(deck_name, players, seed)
    tips = tuple(new_tips(events, state, frozenset()))
    game = replace(
        Game.of(state, humans, deck_name), log=tuple(events), tips=tips, seen=frozenset(tips)
    )
    return _run_bots(game) if bots else game


def move(
    game: Game, action: Action | str, rng: random.Random | None = None, *, bots: bool = True
) -> Game:
    """A child's move (through the game's match), then (with ``bots``) the computer players'
    moves until a child decides again. Raises ``uno.NotationError`` or ``uno.IllegalAction``
    (and changes nothing) for a move that is not one or that the rules refuse."""
    action = parse_action(action, game.state)
    acted = act(game, action.seat, action, bots=bots)
    if isinstance(acted, Refusal):
        if isinstance(acted.error, UnoError):
            raise acted.error
        raise IllegalAction(acted.reason, "R-PLAY-1", action)
    return acted


def act(
    game: Game,
    seat: int,
    action: Action | str,
    *,
    version: int | None = None,
    bots: bool = True,
) -> Game | Refusal:
    """A tap of the child at ``seat`` (``Match.act``: the table's ``version``, the seat, the
    rules), then (with ``bots``) the computer players' moves; or the refusal, nothing changed."""
    acted = game.match.act(seat, action, version=version)
    if isinstance(acted, Refusal):
        return acted
    return _after(game, acted, human=True, bots=bots)


def _after(game: Game, match: Match, *, human: bool, bots: bool = False) -> Game:
    """The game once its match moved on by one step (a child's or a computer player's)."""
    step = match.steps[match.index - 1]
    seat = step.seat
    events = step.events
    fresh = tuple(new_tips(events, match.state, game.seen))
    if human:
        carry = game.log if game.last_seat == seat else ()
        after = Game(
            match, game.deck, (*carry, *events), fresh, game.seen | set(fresh), game.moves + 1, seat
        )
    else:
        after = Game(
            match,
            game.deck,
            (*game.log, *events),
            (*game.tips, *fresh),
            game.seen | set(fresh),
            game.moves,
            seat,
        )
    return _run_bots(after) if bots else after


def bots_waiting(game: Game) -> bool:
    """True when a computer player has a move to make now."""
    return game.match.waiting


def bot_step(game: Game, *, version: int | None = None) -> Game:
    """One move of a computer player (the match's one driver, seeded by the state), its events
    added to what the children will hear; the same game when none has a move, or when
    ``version`` (the table's that waited its pause) is no longer the match's."""
    match = game.match.step_bots(1, version=version)
    if match is game.match:
        return game
    return _after(game, match, human=False)


def _run_bots(game: Game) -> Game:
    for _ in range(MAX_BOT_MOVES):
        after = bot_step(game)
        if after is game:
            break
        game = after
    return game


# -- tips ------------------------------------------------------------------------------------


def tip_lesson(tip: str) -> int:
    """The number of the lesson that teaches a tip's ruling."""
    number = lesson_for_rule(TIP_RULES[tip])
    if number is None:
        raise KeyError(f"no lesson teaches {TIP_RULES[tip]}")
    return number


def new_tips(events: Iterable[Event], state: GameState, seen: Iterable[str]) -> list[str]:
    """The tips that come up for the first time in ``events`` (``state`` is the state after
    them): the first Skip, Reverse, Draw Two, Wild and Wild Draw Four (played or turned up first),
    the first player down to one card, the first empty draw pile (R-DRAW-3)."""
    known = set(seen)
    out: list[str] = []

    def add(tip: str) -> None:
        if tip not in known:
            known.add(tip)
            out.append(tip)

    for event in events:
        if event.type in ("played", "first_card"):
            card: Card = event.card
            if card.kind in _KIND_TIP:
                add(_KIND_TIP[card.kind])
            if event.type == "played" and len(state.hands[event.seat]) == 1:
                add("one_card")
        elif event.type == "reshuffled":
            add("reshuffle")
    return out


# -- helping a child decide ------------------------------------------------------------------


def kid_playable(state: GameState, seat: int) -> list[Card]:
    """The cards a child may play now: the engine's playable cards, without a Wild Draw Four
    that would be a bluff (children learn the rule, not the bluff, R-PLAY-4)."""
    if state.is_over or seat != state.turn:
        return []
    return [
        card
        for card in playable_cards(state, seat)
        if card.kind is not Kind.WILD_DRAW_FOUR
        or not is_bluff(state, Action(seat, "play", card, Color.R))
    ]


def best_color(hand: Iterable[Card]) -> Color:
    """The colour a child holds most (red, yellow, green, blue break ties)."""
    counts = [0, 0, 0, 0]
    for card in hand:
        if card.color is not None:
            counts[card.color] += 1
    return COLORS[max(range(4), key=counts.__getitem__)]


def hint(state: GameState, seat: int) -> Card | Color | str | None:
    """What to suggest to the child at ``seat``: a card to play (a playable card, a plain one
    before a wild, of the colour held most), ``"draw"`` when nothing fits, ``"pass"`` to keep a
    drawn card that may not be played, ``"accept"`` when hit by a Wild Draw Four, a colour to
    name when the first card is a Wild; None when it is not this child's decision."""
    if state.is_over or seat != state.turn:
        return None
    hand = state.hands[seat]
    if state.phase is Phase.CHOOSE_COLOR:
        return best_color(hand)
    if state.phase is Phase.CHALLENGE:
        return "accept"
    cards = kid_playable(state, seat)
    if not cards:
        return "pass" if state.phase is Phase.DRAWN else "draw"
    plain = [card for card in cards if not card.is_wild]
    if not plain:
        return min(cards)  # a Wild before a Wild Draw Four
    counts = {color: sum(1 for c in hand if c.color is color) for color in COLORS}
    return max(plain, key=lambda c: (counts[c.color] if c.color is not None else 0, c.points))


def needs_uno(state: GameState, seat: int) -> bool:
    """True when the child's next card leaves them with one card: time for "Uno!" (R-UNO-1)."""
    return (
        not state.is_over
        and seat == state.turn
        and state.phase in (Phase.PLAY, Phase.DRAWN)
        and len(state.hands[seat]) == 2
        and bool(kid_playable(state, seat))
    )


def play_action(
    state: GameState, seat: int, card: Card, color: Color | None = None, uno: bool = False
) -> Action:
    """Playing ``card`` (naming ``color`` for a wild, the colour held most by default); with
    ``uno`` the child says "Uno" as they play (only when it leaves one card). The engine's
    ``play_action`` says what the tap means and refuses it when the rules do."""
    if card.is_wild and color is None:
        color = best_color(c for c in state.hands[seat] if c != card)
    return engine_play_action(state, seat, card, color=color, say_uno=uno)


def hint_action(state: GameState, seat: int, uno: bool = True) -> Action | None:
    """The move the hint suggests, as an action (saying "Uno" when it is time, unless told
    not to)."""
    suggestion = hint(state, seat)
    if suggestion is None:
        return None
    if isinstance(suggestion, Card):
        return play_action(state, seat, suggestion, uno=uno)
    if isinstance(suggestion, Color):
        return Action(seat, "color", color=suggestion)
    return Action(seat, suggestion)


# -- what happened, in short sentences -------------------------------------------------------


def kid_line(
    event: Event, names: Sequence[str], you: int | None = None, *, public: bool = False
) -> tuple[str, dict[str, Any]] | None:
    """The content key and values of a short sentence for ``event`` (None for events children
    need not hear about). With ``you``, that seat's sentences speak to the child ("You play...").
    Cards and colours come back as engine values for the page to word. A caught bluff names the
    card of the colour its player had (``card``, keys ``..._card``) only to the child who
    challenged or bluffed, or to all when ``public`` (every hand is shown): the challenged
    player shows their hand to the challenger only."""
    values: dict[str, Any] = {}
    seat = event.get("seat")
    target = event.get("target")
    if isinstance(seat, int) and 0 <= seat < len(names):
        values["name"] = names[seat]
    if isinstance(target, int) and 0 <= target < len(names):
        values["other"] = names[target]
    mine = "_you" if you is not None and seat == you else ""
    kind = event.type
    if kind == "played":
        values["card"] = event.card
        if event.card.is_wild:
            values["color"] = event.color
            return f"classroom.say.played_wild{mine}", values
        return f"classroom.say.played{mine}", values
    if kind == "drew":
        values["count"] = event.count
        return f"classroom.say.drew{mine}", values
    if kind == "caught":
        if you is not None and target == you:
            return "classroom.say.caught_you", values
        if mine:
            return "classroom.say.you_caught", values
        return "classroom.say.caught", values
    if kind == "challenged":
        verdict = "guilty" if event.guilty else "innocent"
        shown = event.get("shown", ())
        named = ""
        if event.guilty and shown and (public or (you is not None and you in (seat, target))):
            values["card"] = shown[0]
            named = "_card"
        if you is not None and target == you:  # the child's Wild Draw Four was challenged
            return f"classroom.say.challenged_you_{verdict}{named}", values
        return f"classroom.say.challenged_{verdict}{mine}{named}", values
    if kind in ("skipped", "said_uno", "color_named", "kept"):
        if kind == "color_named":
            values["color"] = event.color
        return f"classroom.say.{kind}{mine}", values
    if kind in ("reversed", "reshuffled", "piles_empty", "reflipped"):
        return f"classroom.say.{kind}", {}
    if kind == "first_card":
        return "classroom.say.first_card", {"card": event.card}
    return None  # dealt, round_won (the end is shown on its own), game_won, ...


# -- the printable rules sheet ---------------------------------------------------------------

_SHEET_CSS: Final = """
.uno-sheet{font:10.5pt/1.35 "Helvetica Neue",Arial,sans-serif;color:#1a1a1a;max-width:190mm;
  margin:0 auto;padding:6mm 4mm;background:#fff}
.uno-sheet h1{font-size:20pt;margin:0 0 1mm 0}
.uno-sheet .sub{margin:0 0 3mm 0;color:#444}
.uno-sheet h2{font-size:12.5pt;margin:3.5mm 0 1mm 0;border-bottom:1.5px solid #1a1a1a}
.uno-sheet p{margin:0 0 1.5mm 0}
.uno-sheet ol,.uno-sheet ul{margin:0 0 1.5mm 0;padding-left:6mm}
.uno-sheet li{margin:0 0 .8mm 0}
.uno-sheet table{border-collapse:collapse;width:100%;margin:1mm 0 2mm 0}
.uno-sheet th,.uno-sheet td{border:1px solid #777;padding:1mm 2mm;text-align:left;
  vertical-align:top}
.uno-sheet th{background:#eee}
.uno-sheet td.num{text-align:right;white-space:nowrap}
.uno-sheet .colors span{display:inline-block;margin-right:5mm;white-space:nowrap}
.uno-sheet .foot{margin-top:3mm;font-size:8.5pt;color:#555}
@media screen and (max-width:520px){
  .uno-sheet{padding:3mm 0;font-size:10pt}
  .uno-sheet table{table-layout:fixed}
  .uno-sheet th,.uno-sheet td{padding:1mm;overflow-wrap:break-word;hyphens:auto}
  .uno-sheet th:nth-child(1){width:27%}
  .uno-sheet th:nth-child(2){width:14%}
  .uno-sheet th:nth-child(4){width:19%}
  .uno-sheet td.num{white-space:normal}
}
@media print{
  @page{size:A4 portrait;margin:12mm}
  .uno-sheet{max-width:none;padding:0;font-size:10pt}
  .uno-sheet h2{break-after:avoid}
  .uno-sheet table,.uno-sheet li{break-inside:avoid}
}
"""


def _sheet_points(points: tuple[int, ...], lang: str) -> str:
    if len(points) == 1:
        return str(points[0])
    return t("teachers.sheet.points_range", lang, low=points[0], high=points[-1])


def rules_sheet_body(lang: str) -> str:
    """The one-page rules sheet as an HTML fragment (its own scoped CSS first): every word from
    content/, every number from the engine, every text escaped."""
    lang = normalize_lang(lang)

    def w(key: str, **values: Any) -> str:
        return html.escape(t(key, lang, **values))

    official = RuleSet.official()
    rows = []
    for kind, count, points in deck_summary():
        name = kind.name.lower()
        rows.append(
            "<tr>"
            f"<td>{w(f'card.kind.{name}')}</td>"
            f'<td class="num">{count}</td>'
            f"<td>{w(f'teachers.sheet.does.{name}')}</td>"
            f'<td class="num">{html.escape(_sheet_points(points, lang))}</td>'
            "</tr>"
        )
    colors = "".join(
        f"<span>{SHAPE_GLYPH[color]} {w(f'color.{color.name}')} "
        f"({w(f'color.shape.{color.name}')})</span>"
        for color in COLORS
    )
    turn = "".join(f"<li>{w(f'teachers.sheet.turn.{i}')}</li>" for i in (1, 2, 3))
    parts = [
        f"<style>{_SHEET_CSS}</style>",
        f'<div class="uno-sheet" lang="{lang}">',
        f"<h1>{w('teachers.sheet.title')}</h1>",
        f'<p class="sub">{w("teachers.sheet.subtitle", app=t("app.title", lang))}</p>',
        f"<h2>{w('teachers.sheet.goal_title')}</h2>",
        f"<p>{w('teachers.sheet.goal')}</p>",
        f"<h2>{w('teachers.sheet.setup_title')}</h2>",
        "<ol>",
        f"<li>{w('teachers.sheet.setup_deck', count=len(FULL_DECK))}</li>",
        f"<li>{w('teachers.sheet.setup_deal', count=HAND_SIZE)}</li>",
        f"<li>{w('teachers.sheet.setup_start')}</li>",
        "</ol>",
        f"<h2>{w('teachers.sheet.turn_title')}</h2>",
        f"<ul>{turn}</ul>",
        f"<h2>{w('teachers.sheet.cards_title')}</h2>",
        "<table><thead><tr>"
        f"<th>{w('teachers.sheet.col_card')}</th>"
        f"<th>{w('teachers.sheet.col_count')}</th>"
        f"<th>{w('teachers.sheet.col_does')}</th>"
        f"<th>{w('teachers.sheet.col_points')}</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>",
        f'<p class="colors">{w("teachers.sheet.colors")} {colors}</p>',
        f"<h2>{w('teachers.sheet.uno_title')}</h2>",
        f"<p>{w('teachers.sheet.uno')}</p>",
        f"<h2>{w('teachers.sheet.end_title')}</h2>",
        f"<p>{w('teachers.sheet.end')}</p>",
        f"<p>{w('teachers.sheet.target', count=official.target_score or 0)}</p>",
        f'<p class="foot">{w("teachers.sheet.footer", app=t("app.title", lang))}</p>',
        "</div>",
    ]
    return "".join(parts)


def rules_sheet_html(lang: str) -> str:
    """The rules sheet as a whole HTML file to download and print (one A4 page)."""
    lang = normalize_lang(lang)
    title = html.escape(t("teachers.sheet.title", lang))
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n</head>\n<body>\n{rules_sheet_body(lang)}\n</body>\n</html>\n"
    )
