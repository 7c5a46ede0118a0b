"""The game table's view model: everything one screen shows of a game and what each tap there
means, built once per state (no Streamlit). The table component (``uno.ui.table``) draws it and
sends back actions in the engine's notation; it decides nothing about the rules.

What each seat shows to this viewer, which cards are lit (from ``legal_actions``), what a tap on a
card or on the draw pile sends (``uno.play_action``), why a tap is refused (the engine's reason,
worded, with its rule and lesson), which buttons are offered (challenge, accept, keep, catch,
"Uno", jump-in), the story of the last moves, and every word the component prints, in the
reader's language. A hand the viewer may not see is never put in the model: only its size.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from uno.academy.i18n import card_label, catalog, join_words, normalize_lang, t
from uno.academy.lessons import lesson_for_rule
from uno.academy.match import Refusal
from uno.academy.table_setup import TABLE_FIELD, TableSetup, read_table_setup
from uno.actions import Action
from uno.cards import COLORS, Card, Color, card_points
from uno.engine import Table, legal_actions, play_action
from uno.errors import IllegalAction
from uno.history import NEXT_ROUND
from uno.state import Event, GameState, Phase

__all__ = [
    "TABLE_FIELD",
    "Message",
    "TableSetup",
    "TableView",
    "read_table_setup",
    "refusal_message",
    "refusal_words",
    "shows_hand",
    "story_entries",
    "story_line",
    "story_rule",
    "story_text",
    "table_model",
]

_SIZES: Final = ("md", "xl")


@dataclass(frozen=True)
class Message:
    """A line shown at the hand: ``kind`` is info, success, warning or error. ``links`` are
    (label, href) pairs of the app's own pages (a ruling, a lesson)."""

    kind: str
    text: str
    links: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "text": self.text,
            "links": [{"label": label, "href": href} for label, href in self.links],
        }


@dataclass(frozen=True)
class TableView:
    """Who looks at the table and what they may do.

    ``acting``: the seats this screen may act for (persons only). ``hand``: the seat whose hand
    lies at the bottom of the table, face up and tappable. ``face_up``: other seats whose cards
    are shown (a sandbox with open hands, a lesson showing the bluffer's hand). ``bots``: the
    strategy of each seat, None for a person. ``lit``: light the playable cards (a lesson that
    asks "which card?" does not). ``size``: ``md``, or ``xl`` for children. ``kids``: speak to
    the child at the hand in the classroom's words (the status on their turn, the buttons).
    """

    acting: frozenset[int]
    hand: int | None
    bots: tuple[str | None, ...]
    face_up: frozenset[int] = frozenset()
    lit: bool = True
    size: str = "md"
    draw: bool = True  # the draw pile can be tapped (a lesson asking "which card?" says no)
    kids: bool = False
    #: The screen belongs to the player at the hand (a pupil's phone, pass-and-play): it speaks
    #: to them ("Your turn").
    personal: bool = False
    #: Computer players' strategies are named ("computer · Greedy"); children see "computer".
    bot_names: bool = True
    #: The table is the game screen: it fills the window below the page's header (the hand at
    #: the bottom, always in view) and the page folds its chrome away while a round is played.
    fill: bool = False
    #: The wall of a classroom (a projector): everything sized for the back of the room.
    wall: bool = False
    #: After a scored round, offer the next one on the table (the sandbox).
    next_round: bool = False
    #: No hand but the one at the bottom is ever named, not even at the end of a round (a
    #: room: each device gets its own cards only); the result then gives counts and points.
    private: bool = False


# -- words -----------------------------------------------------------------------------------


def refusal_message(refusal: IllegalAction, lang: str, *, kids: bool = False) -> Message:
    """The engine's reason in the reader's words, with links to its ruling and its lesson; to a
    child (``kids``), the reason in a child's words (``reason_kids.*``: short sentences that
    say what to do) and no links to the adults' pages."""
    if kids:
        words = catalog(normalize_lang(lang))
        key = f"reason_kids.{refusal.reason}"
        return Message("error", t(key if key in words else f"reason.{refusal.reason}", lang))
    links = [
        (t("lessons.rule", lang, id=refusal.rule), f"reference?lang={lang}#{refusal.rule.lower()}")
    ]
    number = lesson_for_rule(refusal.rule)
    if number is not None:
        links.append(
            (t("sandbox.see_lesson", lang, number=number), f"lessons?lang={lang}&lesson={number}")
        )
    return Message("error", t(f"reason.{refusal.reason}", lang), tuple(links))


def refusal_words(refusal: Refusal, lang: str, *, kids: bool = False) -> Message:
    """What a table says when its match refused a tap (``uno.academy.match.Refusal``): the
    table changed meanwhile, not an action, not this screen's seat, or the engine's reason
    (in a child's words on a children's table: ``kids``)."""
    if isinstance(refusal.error, IllegalAction):
        return refusal_message(refusal.error, lang, kids=kids)
    if refusal.reason == "stale":
        return Message("warning", t("table.stale", lang))
    if refusal.reason == "notation":
        return Message("error", t("sandbox.bad_action", lang))
    return Message("error", t("table.not_yours", lang))


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, tuple):
        return join_words([str(v) for v in value], lang)
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Color):
        return t(f"color.{value.name}", lang)
    return value


#: The ruling a played card applies, by its kind (``Kind`` names, lower case).
_PLAYED_RULE: Final[dict[str, str]] = {
    "number": "R-PLAY-1",
    "skip": "R-ACT-1",
    "reverse": "R-ACT-2",
    "draw_two": "R-ACT-3",
    "wild": "R-ACT-4",
    "wild_draw_four": "R-ACT-5",
}
#: The ruling that makes a player draw, by the ``drew`` event's reason.
_DREW_RULE: Final[dict[str, str]] = {
    "draw": "R-DRAW-1",
    "draw_two": "R-ACT-3",
    "wild_draw_four": "R-ACT-5",
    "stack": "H-STACK",
    "challenge_guilty": "R-CHAL-2",
    "challenge_failed": "R-CHAL-3",
    "uno_caught": "R-UNO-2",
    "wrong_card": "R-PEN-1",
    "first_card": "R-SETUP-6",
}
#: The ruling of every other event the story tells (``skipped`` takes its cause's).
_EVENT_RULE: Final[dict[str, str]] = {
    "jumped_in": "H-JUMP",
    "color_named": "R-SETUP-5",
    "kept": "R-DRAW-1",
    "reversed": "R-ACT-2",
    "penalty_stacked": "H-STACK",
    "said_uno": "R-UNO-1",
    "caught": "R-UNO-2",
    "reshuffled": "R-DRAW-3",
    "piles_empty": "R-DRAW-4",
    "hands_swapped": "H-70",
    "hands_rotated": "H-70",
    "penalized": "R-PEN-1",
    "reflipped": "R-SETUP-4",
    "first_card": "R-SETUP-6",
    "round_won": "R-SCORE-1",
    "game_won": "R-SCORE-2",
}
#: The events that can make the next player miss a turn: a ``skipped`` after one is its doing.
_SKIP_CAUSES: Final = frozenset(
    {"played", "jumped_in", "drew", "reversed", "challenged", "first_card"}
)


def story_rule(event: Event, cause: Event | None = None) -> str | None:
    """The ruling (its RULES.md id) that ``event`` applies, for its story line to open: a card
    played by its kind (a number R-PLAY-1, Skip R-ACT-1 ... Wild Draw Four R-ACT-5), a draw by
    its reason, a challenge R-CHAL-2 (guilty) or R-CHAL-3 (fair), "Uno" R-UNO-1, a catch
    R-UNO-2, ... None when no ruling fits. A ``skipped`` player misses the turn by the rule of
    ``cause``, the event that skipped them (the last of ``_SKIP_CAUSES`` before it)."""
    kind = event.type
    if kind == "played":
        card = event.get("card")
        return _PLAYED_RULE.get(card.kind.name.lower()) if isinstance(card, Card) else None
    if kind == "drew":
        return _DREW_RULE.get(event.get("reason", ""))
    if kind == "challenged":
        return "R-CHAL-2" if event.get("guilty") else "R-CHAL-3"
    if kind == "skipped":
        return None if cause is None else story_rule(cause)
    return _EVENT_RULE.get(kind)


def shows_hand(event: Event, viewer: int | None, *, public: bool = False) -> bool:
    """Whether a ``challenged`` event may name the cards the challenge showed to ``viewer``:
    the challenged player shows their hand to the challenger only (the official rules), so to
    those two players, or on a screen that shows every hand (``public``)."""
    if public:
        return True
    return viewer is not None and viewer in (event.get("seat"), event.get("target"))


def story_entries(
    events: Iterable[Event],
    names: Sequence[str],
    lang: str,
    viewer: int | None = None,
    *,
    public: bool = False,
) -> list[tuple[str, str | None]]:
    """The story of ``events`` as ``viewer`` may know it: each line in the reader's words with
    the ruling it applies (``story_rule``; None when none fits). The card a player drew is named
    only to that player; the card a challenge showed only to the challenger and the challenged
    player (``shows_hand``), or to every reader when ``public`` (this screen shows every hand,
    as the sandbox with open hands does)."""
    entries: list[tuple[str, str | None]] = []
    cause: Event | None = None
    for event in events:
        rule = story_rule(event, cause)
        if event.type in _SKIP_CAUSES:
            cause = event
        reveal = event.type == "challenged" and shows_hand(event, viewer, public=public)
        line = story_line(event, names, reveal=reveal)
        if line is None:
            continue
        key, values = line
        if (
            event.type == "drew"
            and event.reason == "draw"
            and viewer is not None
            and event.get("seat") == viewer
            and len(event.get("cards", ())) == 1
        ):
            key, values = "table.you_drew", {"card": event.cards[0]}
        text = t(key, lang, **{k: _word(v, lang) for k, v in values.items()})
        entries.append((text, rule))
    return entries


def story_text(
    events: Iterable[Event],
    names: Sequence[str],
    lang: str,
    viewer: int | None = None,
    *,
    public: bool = False,
) -> list[str]:
    """The story of ``events`` in the reader's words, as ``viewer`` may know it: the card a
    player drew is named only to that player, the card a challenge showed only to its two
    players (or to all when ``public``). ``story_entries`` gives each line's ruling too."""
    return [text for text, _ in story_entries(events, names, lang, viewer, public=public)]


def story_line(
    event: Event, names: Sequence[str], *, reveal: bool = False
) -> tuple[str, dict[str, Any]] | None:
    """The content key (``event.<type>``) and values to word one event; None for the ones the
    story leaves out. Cards and colours come back as engine values for the view to word.
    ``reveal``: a guilty challenge names the first card of the colour it showed (``card``);
    without it, the colour only (``color``, the colour that was to match)."""
    values: dict[str, Any] = {}
    for name, value in event.fields.items():
        if name in ("seat", "target") and isinstance(value, int) and 0 <= value < len(names):
            values["name" if name == "seat" else "other"] = names[value]
        elif isinstance(value, Card | Color) or (
            isinstance(value, int | str) and not isinstance(value, bool)
        ):
            values[name] = value
    if event.type == "drew":
        values["count"] = event.count
        return f"event.drew.{event.reason}", values
    if event.type == "penalty_stacked":
        values["count"] = event.total  # "1 card is waiting", "5 cards are waiting"
    if event.type == "played" and isinstance(event.card, Card) and event.card.is_wild:
        return "event.played_wild", values
    if event.type == "challenged":
        values["color"] = event.get("previous_color")
        if not event.guilty:
            return "event.challenged_innocent", values
        shown = event.get("shown", ())
        if reveal and shown:
            values["card"] = shown[0]
            return "event.challenged_guilty_card", values
        return "event.challenged_guilty", values
    if event.type == "round_won":
        values["count"] = event.points  # "marque 1 point", "marque 0 point"
        return "event.round_won", values
    if event.type == "game_won":
        return "event.game_won", {"names": tuple(names[s] for s in event.seats)}
    if event.type in ("dealt", "first_card"):
        return None
    return f"event.{event.type}", values


# -- what a tap means ------------------------------------------------------------------------


def _send(action: Action) -> str:
    return str(action)


def _refusal(refusal: IllegalAction, lang: str, kids: bool = False) -> dict[str, Any]:
    return {"refuse": refusal_message(refusal, lang, kids=kids).to_dict()}


def _card_tap(
    state: GameState,
    t_: Table,
    seat: int,
    card: Card,
    names: Sequence[str],
    lang: str,
    kids: bool = False,
) -> dict[str, Any]:
    """What a tap on ``card`` in ``seat``'s hand sends: an action, a question first (a colour,
    a seat to swap with, "Uno" or not), or the refusal to show at the hand."""
    swaps = t_.swaps(seat, card)
    try:
        probe = play_action(
            state,
            seat,
            card,
            color=Color.R if card.is_wild else None,
            target=(seat + 1) % state.n_players if swaps else None,
        )
    except IllegalAction as refusal:
        return _refusal(refusal, lang, kids)
    if probe.verb == "play" and card not in t_.playable(seat):
        return {"send": _send(probe)}  # strict table mode: a wrong card costs 2 cards (R-PEN-1)
    colors: tuple[Color | None, ...] = COLORS if card.is_wild else (None,)
    targets: list[int | None] = [None]
    if swaps:
        targets = [s for s in range(state.n_players) if s != seat]
    choices = []
    for target in targets:
        for color in colors:
            plain = play_action(state, seat, card, color=color, target=target)
            with_uno = play_action(state, seat, card, color=color, target=target, say_uno=True)
            choice: dict[str, Any] = {"send": _send(plain)}
            if with_uno.uno:
                choice["send_uno"] = _send(with_uno)
            if color is not None:
                choice["color"] = color.name
                choice["label"] = t(f"color.{color.name}", lang)
            if target is not None:
                choice["seat"] = target
                choice["label"] = names[target]
            choices.append(choice)
    if card.is_wild:
        return {"ask": "color", "choices": choices}
    if swaps:
        return {"ask": "seat", "choices": choices}
    return choices[0]


# -- the model -------------------------------------------------------------------------------


def _labels(lang: str) -> dict[str, str]:
    """Every fixed word the component prints."""
    keys = (
        "table.draw_pile",
        "table.discard_pile",
        "table.your_hand",
        "table.choose_color",
        "table.choose_seat",
        "table.uno",
        "table.play_and_uno",
        "table.play_without_uno",
        "table.cancel",
        "table.turn",
        "table.bot",
        "table.person",
        "table.said_uno",
        "table.forgot_uno",
        "table.keys",
        "table.thinking",
        "table.story",
        "table.hidden_card",
        "table.named",
        "table.your_turn",
        "table.back_to_game",
        "table.newest",
        "table.join_title",
    )
    return {key.split(".", 1)[1]: t(key, lang) for key in keys}


def table_model(
    state: GameState,
    view: TableView,
    lang: str,
    *,
    names: Sequence[str] | None = None,
    story: Sequence[str | tuple[str, str | None]] = (),
    message: Message | None = None,
    hint: Card | None = None,
    version: int = 0,
    thinking: bool = False,
    join: Mapping[str, str] | None = None,
    menu: bool = False,
    land: bool = False,
) -> dict[str, Any]:
    """The JSON-ready model of the table for one screen (see the module's docstring). Cards are
    codes; the card renderer adds their pictures. ``names`` are the names to show (default: the
    players'); ``story`` the last lines of the story; ``message`` the line at the hand;
    ``hint`` a card to outline; ``version`` tells the component a new state arrived (a tap is
    sent with the version it was made on, so a tap on an old table is told apart);
    ``thinking``: computer players are about to move. ``story`` lines may be (text, rule id)
    pairs: each line then opens its rule. ``join``: how to join the room (``code``, ``link``,
    ``qr``: an image's URI), shown on a wall while pupils join; ``menu``: offer the button that
    shows the page's chrome again; ``land``: bring the table into view (a new game)."""
    names = list(names if names is not None else state.players)
    n = state.n_players
    if view.size not in _SIZES:
        raise ValueError(f"size must be one of {_SIZES}")
    if len(view.bots) != n:
        raise ValueError(f"{len(view.bots)} bots for {n} players: give one per seat")
    t_ = Table.from_state(state, record=False)
    over = state.is_over
    legal = [] if over else legal_actions(state)
    acting = {s for s in view.acting if view.bots[s] is None}
    legal_mine = [a for a in legal if a.seat in acting]

    seats = []
    for seat in range(n):
        cards = state.hands[seat]
        shown = seat in view.face_up and seat != view.hand
        bot = view.bots[seat]
        uno_state = None
        if seat in state.uno_exposed:
            uno_state = "forgot"
        elif len(cards) == 1 and not over:
            uno_state = "said"
        seats.append(
            {
                "seat": seat,
                "name": names[seat],
                "count": len(cards),
                "count_text": t("table.cards", lang, count=len(cards)),
                "score_text": (
                    t("table.points", lang, count=state.scores[seat])
                    if state.rules.target_score is not None
                    else None
                ),
                "turn": seat == state.turn and not over,
                "bot": (
                    (t(f"bot.{bot}.name", lang) if view.bot_names else "")
                    if bot is not None
                    else None
                ),
                "uno": uno_state,
                "you": seat == view.hand,
                "cards": (
                    [{"code": str(c), "label": card_label(c, lang)} for c in sorted(cards)]
                    if shown
                    else None
                ),
            }
        )

    hand: dict[str, Any] | None = None
    if view.hand is not None:
        seat = view.hand
        mine = seat in acting and not over
        playable = set(t_.playable(seat)) if mine and seat == state.turn else set()
        jumps = {a.card for a in legal_mine if a.verb == "jump" and a.seat == seat}
        taps: dict[str, dict[str, Any]] = {}
        cards_out = []
        hinted = False
        for card in sorted(state.hands[seat]):
            code = str(card)
            if code not in taps and mine:
                taps[code] = _card_tap(state, t_, seat, card, names, lang, view.kids)
            is_hint = not hinted and hint is not None and card == hint
            hinted = hinted or is_hint
            cards_out.append(
                {
                    "code": code,
                    "label": card_label(card, lang),
                    "lit": view.lit and (card in playable or card in jumps),
                    "hint": is_hint,
                    "drawn": state.phase is Phase.DRAWN
                    and seat == state.turn
                    and card == state.drawn,
                }
            )
        title = (
            t("classroom.your_cards", lang)
            if view.kids
            else t("table.hand_of", lang, name=names[seat])
        )
        hand = {
            "seat": seat,
            "name": names[seat],
            "title": title,
            "cards": cards_out,
            "taps": taps,
            "active": mine,
        }

    pile_tap: dict[str, Any] | None = None
    if view.hand is not None and view.hand in acting and not over and view.draw:
        draw = next((a for a in legal_mine if a.verb == "draw" and a.seat == view.hand), None)
        if draw is not None:
            pile_tap = {"send": _send(draw)}
        else:
            try:
                Table.from_state(state, record=False).act(Action(view.hand, "draw"))
                pile_tap = {"send": _send(Action(view.hand, "draw"))}
            except IllegalAction as refusal:
                pile_tap = _refusal(refusal, lang, view.kids)

    buttons = _buttons(state, legal_mine, names, lang, kids=view.kids)
    ask = None
    if state.phase is Phase.CHOOSE_COLOR and state.turn in acting:
        ask = {
            "ask": "color",
            "choices": [
                {
                    "send": str(Action(state.turn, "color", color=c)),
                    "color": c.name,
                    "label": t(f"color.{c.name}", lang),
                }
                for c in COLORS
            ],
        }

    top = state.top
    named = state.current_color if top.is_wild else None
    mine_now = state.turn == view.hand and state.turn in acting
    # A personal table speaks to its reader about their own turn, even while it waits (a
    # lesson's pause): "Your turn", never their name in the third person.
    yours = state.turn == view.hand and (state.turn in acting or view.personal)
    if over:
        status = t(f"phase.{state.phase}", lang, name=names[state.turn])
    elif view.kids and yours:
        status = _kids_status(state, names, lang)
    elif view.kids:  # a child's table while another plays: a child's words too
        status = t("classroom.kids.waiting", lang, name=names[state.turn])
    elif view.personal and yours and state.phase is Phase.PLAY and state.pending_draw:
        status = t("table.you.pending", lang, count=state.pending_draw)
    elif view.personal and yours:
        status = t(f"table.you.{state.phase}", lang)
    elif state.phase is Phase.PLAY and state.pending_draw:
        status = t("phase.pending", lang, name=names[state.turn], count=state.pending_draw)
    else:
        status = t(f"phase.{state.phase}", lang, name=names[state.turn])
    entries = [_story_entry(line, lang) for line in story]
    if over and view.next_round and state.phase is Phase.ROUND_OVER and acting:
        buttons.append(
            {
                "send": NEXT_ROUND,
                "label": t("table.next_round", lang),
                "primary": True,
                "verb": "next_round",
            }
        )
    return {
        "fill": view.fill,
        "wall": view.wall,
        "land": land,
        "menu": (
            {"label": t("table.menu", lang), "help": t("table.menu_help", lang)} if menu else None
        ),
        "personal": view.personal,
        "you_turn": view.personal and mine_now and not over,
        "newest": entries[-1] if entries else None,
        "result": _result(state, view, names, lang) if over else None,
        "join": dict(join) if join is not None else None,
        "lang": lang,
        "version": version,
        "size": view.size,
        "labels": _labels(lang),
        "status": status,
        "thinking": thinking,
        "over": over,
        "turn": state.turn,
        "direction": state.direction,
        "direction_label": t("sandbox.dir.1" if state.direction == 1 else "sandbox.dir.-1", lang),
        "pile": {
            "top": str(top),
            "named": named.name if named is not None else None,
            "label": card_label(top, lang, named),
            "caption": card_label(top, lang),  # the named colour is shown beside, with its shape
            "color": state.current_color.name if state.current_color is not None else None,
            "color_label": (
                t(f"color.{state.current_color.name}", lang)
                if state.current_color is not None
                else None
            ),
            "draw_count": len(state.draw_pile),
            "draw_text": t("table.draw_count", lang, count=len(state.draw_pile)),
            # What a screen reader hears of each pile: one sentence each, not words glued.
            "discard_aria": t("table.discard_aria", lang, card=card_label(top, lang, named)),
            "draw_aria": t("table.draw_aria", lang, count=len(state.draw_pile)),
            "tap": pile_tap,
            # Outlined as a move to make, like the playable cards (a lesson lights none).
            "lit": view.lit and pile_tap is not None and "send" in pile_tap,
        },
        "seats": seats,
        "hand": hand,
        "buttons": buttons,
        "ask": ask,
        "story": entries,
        "message": message.to_dict() if message is not None else None,
    }


def _story_entry(line: str | tuple[str, str | None], lang: str) -> dict[str, Any]:
    """A line of the story for the component: its text, and the rule it applies with links to
    that ruling on the reference page and to the lesson that teaches it (when known)."""
    text, rule = (line, None) if isinstance(line, str) else line
    links = [] if rule is None else [dict(link) for link in _rule_links(rule, lang)]
    return {"text": text, "rule": rule, "links": links}


@lru_cache(maxsize=512)
def _rule_links(rule: str, lang: str) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The links of a ruling (worded once per rule and language: a room's devices draw a
    whole round's story on every poll)."""
    links = [
        (
            ("kind", "rule"),
            ("label", t("table.rule_link", lang, id=rule)),
            ("href", f"reference?lang={lang}#{rule.lower()}"),
        )
    ]
    number = lesson_for_rule(rule)
    if number is not None:
        links.append(
            (
                ("kind", "lesson"),
                ("label", t("sandbox.see_lesson", lang, number=number)),
                ("href", f"lessons?lang={lang}&lesson={number}"),
            )
        )
    return tuple(links)


def _result(
    state: GameState, view: TableView, names: Sequence[str], lang: str
) -> dict[str, Any] | None:
    """The end of a round: who won, each hand with its cards and points, the running totals."""
    winner = state.round_winner
    if winner is None:
        return None
    rows: list[dict[str, Any]] = []
    for seat in range(state.n_players):
        hand = sorted(state.hands[seat])
        points = sum(card_points(c) for c in hand)
        named = not view.private or seat == view.hand
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "winner": seat == winner,
                "cards": [{"code": str(c), "label": card_label(c, lang)} for c in hand]
                if named
                else [],
                "cards_text": (
                    t("table.cards", lang, count=len(hand)) if hand else t("table.no_cards", lang)
                ),
                "points": points,
                "points_text": t("table.points", lang, count=points),
                "total": state.scores[seat] if state.rules.target_score is not None else None,
            }
        )
    gained = sum(int(r["points"]) for r in rows if r["seat"] != winner)
    you = view.personal and view.hand == winner
    return {
        "winner": winner,
        "title": (
            t("table.result_you", lang)
            if you
            else t("table.result_title", lang, name=names[winner])
        ),
        "points_line": (
            t("table.result_points", lang, name=names[winner], count=gained)
            if state.rules.scoring == "standard"
            else None
        ),
        "rows": rows,
        "totals": state.rules.target_score is not None,
        "labels": {
            "cards": t("table.col_cards", lang),
            "points": t("table.col_points", lang),
            "total": t("table.col_total", lang),
        },
    }


def _kids_status(state: GameState, names: Sequence[str], lang: str) -> str:
    """What the table says to a child on their own turn: "Your turn!", never "You plays"."""
    if state.phase is Phase.CHALLENGE and state.challenge is not None:
        return t("classroom.challenge.title", lang, name=names[state.challenge.player])
    if state.phase is Phase.DRAWN:
        return t("classroom.drawn_fits", lang)
    if state.phase is Phase.CHOOSE_COLOR:
        return t("classroom.first_wild", lang)
    return t("classroom.kids.turn", lang)


#: The buttons' words: the sandbox's, or the classroom's for a child.
_VERBS: Final = {
    False: {
        "challenge": "sandbox.verb.challenge",
        "accept": "sandbox.verb.accept",
        "pass": "sandbox.verb.pass",
    },
    True: {
        "challenge": "classroom.challenge.challenge",
        "accept": "classroom.challenge.accept",
        "pass": "classroom.keep",
    },
}


def _buttons(
    state: GameState,
    legal_mine: Sequence[Action],
    names: Sequence[str],
    lang: str,
    kids: bool = False,
) -> list[dict[str, Any]]:
    """The moves other than tapping a card, exactly when the engine allows them to a seat this
    screen acts for."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    verbs = _VERBS[kids]
    for action in legal_mine:
        label: str | None = None
        primary = False
        if action.verb == "challenge":
            label, primary = t(verbs["challenge"], lang), True
        elif action.verb == "accept":
            label = t(verbs["accept"], lang)
        elif action.verb == "pass":
            label = t(verbs["pass"], lang)
        elif action.verb == "uno":
            label, primary = t("table.uno_late", lang, name=names[action.seat]), True
        elif action.verb == "catch" and action.target is not None:
            label = t("table.catch", lang, name=names[action.target])
        elif action.verb == "jump" and action.card is not None and not action.uno:
            label = t("table.jump", lang, card=card_label(action.card, lang))
        if label is None:
            continue
        key = action.verb if action.verb != "catch" else f"catch {action.target}"
        if key in seen:  # one catch button per forgetful player, whoever of us catches
            continue
        seen.add(key)
        out.append({"send": str(action), "label": label, "primary": primary, "verb": action.verb})
    if state.phase is Phase.DRAWN and state.drawn is not None:
        drawn = state.drawn
        for action in legal_mine:
            if action.verb == "play" and action.card == drawn and action.seat == state.turn:
                out.insert(
                    0,
                    {
                        "card": str(drawn),
                        "label": t("table.play_drawn", lang, card=card_label(drawn, lang)),
                        "primary": True,
                        "verb": "play",
                    },
                )
                break
    return out
