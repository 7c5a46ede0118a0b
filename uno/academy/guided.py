"""The guided first game (issue 38): a staged deal against two computer players in which every
rule of the official game comes up in order, the table pausing to explain each one the first
time it happens, and the learner making every decision. A children's version plays the same
deal with the classroom's names and words.

The staging is data, in ``content/guided/``: a scenario file (the deal, with the draw pile in a
fixed order) and a script (``first-game.toml``): the learner's decisions in order, each with the
moves it accepts and what it teaches, and the events that pause the game. ``load_script`` reads
and checks it (loudly: an unknown key, an action that does not parse, a missing word). A guided
game is a value, ``Guided``, over one ``Match``: the learner's moves go through ``Match.act``, the
computer players' through ``Match.step_bots``, and the engine alone decides what is legal. The
guided game only says which legal move it waits for, and what to tell the learner.

>>> game = start()
>>> game.pause.key                                # the table speaks first
'start'
>>> game = game.go_on()
>>> game.decision.teach, game.decision.actions    # what the game waits for
('match_color', ('play R2',))
>>> wrong = game.tap("play W B")                  # legal, but not the move of this lesson
>>> wrong.match.steps == game.match.steps, wrong.said.kind
(True, 'hint')
>>> game.tap("play B4").said.kind                 # not legal: the engine says why
'refused'
>>> game = game.tap("play R2").advance()          # the learner's move, then the computers'
>>> game.decision.teach
'match_number'
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any, Final

from uno.academy.classroom import SHAPE_GLYPH
from uno.academy.i18n import CONTENT_DIR, LANGS, card_label, card_the, catalog, t
from uno.academy.lessons import lesson_for_rule
from uno.academy.match import Match, Refusal, Step
from uno.academy.table import Message, refusal_words, story_rule
from uno.actions import Action, parse_action
from uno.bots import STRATEGIES
from uno.cards import Card, Color, Kind
from uno.errors import UnoError
from uno.scenario import load_scenario
from uno.state import Event, GameState, Phase

__all__ = [
    "ANSWER_AFTER",
    "GUIDED_DIR",
    "LEARNER",
    "SCRIPT",
    "Decision",
    "Guided",
    "Pause",
    "Said",
    "Script",
    "ScriptError",
    "Trigger",
    "end_text",
    "hint_card",
    "load_script",
    "message",
    "missing_words",
    "player_names",
    "start",
]

#: Where the guided games' files are: scenario files and scripts.
GUIDED_DIR: Final = CONTENT_DIR / "guided"
#: The guided first game's script (``content/guided/first-game.toml``).
SCRIPT: Final = "first-game"
#: The learner's seat; the other seats are computer players.
LEARNER: Final = 0

_TOP_KEYS: Final = frozenset({"scenario", "strategy", "names", "kids_names", "decision", "pause"})
_DECISION_KEYS: Final = frozenset({"teach", "actions", "pause"})
_TRIGGER_KEYS: Final = frozenset({"key", "event", "card", "reason", "guilty"})
#: The events ``apply`` and ``start_round`` report (README, "Events").
_EVENTS: Final = frozenset(
    {
        "played",
        "jumped_in",
        "color_named",
        "drew",
        "kept",
        "skipped",
        "reversed",
        "penalty_stacked",
        "challenged",
        "said_uno",
        "caught",
        "reshuffled",
        "piles_empty",
        "hands_swapped",
        "hands_rotated",
        "penalized",
        "round_won",
        "game_won",
        "dealt",
        "first_card",
        "reflipped",
    }
)
_KINDS: Final = frozenset(kind.name.lower() for kind in Kind)
_REASONS: Final = frozenset(
    {
        "draw",
        "draw_two",
        "wild_draw_four",
        "stack",
        "challenge_guilty",
        "challenge_failed",
        "uno_caught",
        "wrong_card",
        "first_card",
    }
)
_NAME: Final = re.compile(r"^[a-z][a-z0-9_]*$")
#: The words of the guided game, and of its children's version.
_PREFIX: Final = {False: "guided.", True: "guided.kids."}
#: Wrong taps at one decision after which the hint names the move.
ANSWER_AFTER: Final = 2


class ScriptError(ValueError):
    """A guided game's script (or its scenario) that cannot be played: the file and what is
    wrong with it."""


# -- the script ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One of the learner's decisions: ``teach`` names what it teaches (its "what to do now"
    text ``guided.do.<teach>`` and its hint ``guided.hint.<teach>``), ``actions`` the moves it
    accepts (the engine's notation without the seat; the first is the one an answer names),
    ``pause`` a pause shown once before it."""

    teach: str
    actions: tuple[str, ...]
    pause: str | None = None


@dataclass(frozen=True)
class Trigger:
    """An event that pauses the game the first time it happens (whoever made it): its
    ``event`` type and, when given, the ``card`` kind it names, a draw's ``reason`` or a
    challenge's verdict (``guilty``). ``key`` names the pause's text ``guided.pause.<key>``."""

    key: str
    event: str
    card: str | None = None
    reason: str | None = None
    guilty: bool | None = None

    def fits(self, event: Event) -> bool:
        """Whether ``event`` is one this trigger waits for."""
        if event.type != self.event:
            return False
        if self.card is not None:
            card = event.get("card")
            if not isinstance(card, Card) or card.kind.name.lower() != self.card:
                return False
        if self.reason is not None and event.get("reason") != self.reason:
            return False
        return self.guilty is None or bool(event.get("guilty")) == self.guilty


@dataclass(frozen=True)
class Script:
    """A guided game: where it starts (the scenario's state), the computer players' strategy,
    the seats' names (catalog keys, for the guided game and its children's version), the
    learner's decisions in order and the events that pause it."""

    name: str
    start: GameState
    strategy: str
    names: tuple[str, ...]
    kids_names: tuple[str, ...]
    decisions: tuple[Decision, ...]
    triggers: tuple[Trigger, ...]

    @property
    def pause_keys(self) -> tuple[str, ...]:
        """Every pause the script can show: before a decision, or at an event."""
        keys = [d.pause for d in self.decisions if d.pause is not None]
        keys += [trigger.key for trigger in self.triggers]
        return tuple(dict.fromkeys(keys))


def _fail(name: str, problem: str) -> ScriptError:
    return ScriptError(f"content/guided/{name}.toml: {problem}")


def _text_list(name: str, where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise _fail(name, f"{where}: a list of texts, not {value!r}")
    return tuple(value)


def _identifier(name: str, where: str, value: object) -> str:
    if not isinstance(value, str) or not _NAME.match(value):
        raise _fail(name, f"{where}: a lower-case name (a-z, 0-9, _), not {value!r}")
    return value


def _unknown(name: str, where: str, table: Mapping[str, Any], known: frozenset[str]) -> None:
    extra = sorted(set(table) - known)
    if extra:
        raise _fail(name, f"{where}: unknown keys {extra} (known: {sorted(known)})")


def _decision(name: str, index: int, table: object) -> Decision:
    where = f"decision {index + 1}"
    if not isinstance(table, dict):
        raise _fail(name, f"{where}: a table, not {table!r}")
    _unknown(name, where, table, _DECISION_KEYS)
    if "teach" not in table or "actions" not in table:
        raise _fail(name, f"{where}: needs 'teach' and 'actions'")
    actions = _text_list(name, f"{where}.actions", table["actions"])
    for text in actions:
        if ":" in text:
            raise _fail(name, f"{where}: {text!r}: write the action without the seat")
        try:
            parse_action(f"{LEARNER}: {text}")
        except UnoError as error:
            raise _fail(name, f"{where}: {text!r} is not an action ({error})") from None
    pause = table.get("pause")
    return Decision(
        _identifier(name, f"{where}.teach", table["teach"]),
        actions,
        None if pause is None else _identifier(name, f"{where}.pause", pause),
    )


def _trigger(name: str, index: int, table: object) -> Trigger:
    where = f"pause {index + 1}"
    if not isinstance(table, dict):
        raise _fail(name, f"{where}: a table, not {table!r}")
    _unknown(name, where, table, _TRIGGER_KEYS)
    if "key" not in table or "event" not in table:
        raise _fail(name, f"{where}: needs 'key' and 'event'")
    event = table["event"]
    if event not in _EVENTS:
        raise _fail(name, f"{where}: unknown event {event!r}")
    card, reason, guilty = table.get("card"), table.get("reason"), table.get("guilty")
    if card is not None and card not in _KINDS:
        raise _fail(name, f"{where}: unknown card kind {card!r} (known: {sorted(_KINDS)})")
    if reason is not None and reason not in _REASONS:
        raise _fail(name, f"{where}: unknown reason {reason!r} (known: {sorted(_REASONS)})")
    if guilty is not None and not isinstance(guilty, bool):
        raise _fail(name, f"{where}: guilty is true or false, not {guilty!r}")
    return Trigger(_identifier(name, f"{where}.key", table["key"]), event, card, reason, guilty)


def _names(name: str, where: str, value: object, players: int) -> tuple[str, ...]:
    keys = _text_list(name, where, value)
    if len(keys) != players:
        raise _fail(name, f"{where}: {len(keys)} names for {players} players")
    for lang in LANGS:
        missing = [key for key in keys if key not in catalog(lang)]
        if missing:
            raise _fail(name, f"{where}: no text for {missing} in {lang}")
    return keys


@cache
def load_script(name: str = SCRIPT) -> Script:
    """The guided game ``content/guided/<name>.toml`` and its scenario file, checked: unknown
    keys, actions that do not parse, an unknown event, card kind or strategy, a scenario the
    engine refuses, names or words missing in a language raise ``ScriptError``. Read once."""
    if not _NAME.match(name.replace("-", "_")):
        raise _fail(name, "not a script's name")
    path = GUIDED_DIR / f"{name}.toml"
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise _fail(name, f"cannot be read ({error})") from None
    _unknown(name, "the file", data, _TOP_KEYS)
    scenario = data.get("scenario")
    if not isinstance(scenario, str) or "/" in scenario or not scenario.endswith(".json"):
        raise _fail(name, f"scenario: a .json file beside the script, not {scenario!r}")
    try:
        state = load_scenario((GUIDED_DIR / scenario).read_bytes())
    except (OSError, UnoError) as error:
        raise _fail(name, f"scenario {scenario}: {error}") from None
    strategy = data.get("strategy")
    if strategy not in STRATEGIES:
        raise _fail(name, f"strategy: one of {sorted(STRATEGIES)}, not {strategy!r}")
    decisions = data.get("decision")
    triggers = data.get("pause", [])
    if not isinstance(decisions, list) or not decisions:
        raise _fail(name, "needs [[decision]] tables, the learner's decisions in order")
    if not isinstance(triggers, list):
        raise _fail(name, "pause: [[pause]] tables")
    script = Script(
        name,
        state,
        str(strategy),
        _names(name, "names", data.get("names"), state.n_players),
        _names(name, "kids_names", data.get("kids_names"), state.n_players),
        tuple(_decision(name, i, table) for i, table in enumerate(decisions)),
        tuple(_trigger(name, i, table) for i, table in enumerate(triggers)),
    )
    keys = [trigger.key for trigger in script.triggers]
    if len(set(keys)) != len(keys):
        raise _fail(
            name, f"pause keys used twice: {sorted({k for k in keys if keys.count(k) > 1})}"
        )
    missing = missing_words(script)
    if missing:
        raise _fail(name, f"no text for {missing[:5]}{' ...' if len(missing) > 5 else ''}")
    return script


def _has(key: str, words: Mapping[str, str]) -> bool:
    """A key is there as a text, or as a table of plural forms."""
    return key in words or f"{key}.other" in words or f"{key}.many" in words


def missing_words(script: Script) -> list[str]:
    """The keys the script's decisions and pauses need that some language lacks (each as
    ``lang: key``): ``do``, ``hint`` of each decision, each pause, for both versions."""
    needed = []
    for kids in (False, True):
        prefix = _PREFIX[kids]
        for decision in script.decisions:
            needed += [f"{prefix}do.{decision.teach}", f"{prefix}hint.{decision.teach}"]
        needed += [f"{prefix}pause.{key}" for key in script.pause_keys]
    return [
        f"{lang}: {key}"
        for lang in LANGS
        for key in dict.fromkeys(needed)
        if not _has(key, catalog(lang))
    ]


# -- a guided game ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Pause:
    """The table stops to explain a rule: the text ``guided.pause.<key>``, filled with
    ``values`` (seats for ``name`` and ``other``, a card, a colour, a ``count``), and the
    ruling it belongs to (its lesson is linked), if any."""

    key: str
    values: tuple[tuple[str, Any], ...] = ()
    rule: str | None = None


@dataclass(frozen=True)
class Said:
    """What the table says after a tap it did not take: ``hint`` (the legal move was not this
    lesson's: what to look at), ``answer`` (after ``ANSWER_AFTER`` wrong taps: the move to
    make), ``refused`` (the engine's reason, in ``refusal``), ``stale`` (made on an older
    table), ``pause`` (the table waits for "Continue") or ``wait`` (not the learner's turn)."""

    kind: str
    refusal: Refusal | None = None


@dataclass(frozen=True)
class Guided:
    """A guided game: its ``match`` (every move, the computer players, the version the table
    checks), the children's version or not, the index of the learner's next decision
    (``at``), the pauses already shown (``shown``), the pauses waiting to be shown
    (``pauses``; the first is on the table now), the wrong taps at the current decision and
    what the table said about the last one (``said``)."""

    match: Match
    kids: bool = False
    script_name: str = SCRIPT
    at: int = 0
    shown: frozenset[str] = frozenset()
    pauses: tuple[Pause, ...] = ()
    wrong: int = 0
    said: Said | None = None
    _script: Script = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_script", load_script(self.script_name))

    # -- what it is now ---------------------------------------------------------------------
    @property
    def script(self) -> Script:
        """The script this game follows (read once, by name)."""
        return self._script

    @property
    def state(self) -> GameState:
        """The state on the table (the match's)."""
        return self.match.state

    @property
    def pause(self) -> Pause | None:
        """The pause on the table now (the computer players wait), or None."""
        return self.pauses[0] if self.pauses else None

    @property
    def learners_turn(self) -> bool:
        """The learner has a decision to make now (whether or not a pause hides it)."""
        state = self.state
        return (
            not state.is_over
            and state.turn == LEARNER
            and not self.match.waiting
            and self.at < len(self.script.decisions)
        )

    @property
    def decision(self) -> Decision | None:
        """The decision the game waits for now (None during a pause, the computer players'
        moves, or after the round)."""
        if self.pauses or not self.learners_turn:
            return None
        return self.script.decisions[self.at]

    @property
    def waiting(self) -> bool:
        """True when a computer player moves next (no pause holds them)."""
        return not self.pauses and self.match.waiting

    @property
    def finished(self) -> bool:
        """The round is over and its last pause was read."""
        return self.state.is_over and not self.pauses

    @property
    def version(self) -> int:
        """The table's version: a tap is checked against it."""
        return self.match.version

    # -- moves ------------------------------------------------------------------------------
    def tap(self, text: str, version: int | None = None) -> Guided:
        """A tap of the learner on the table (an action in the engine's notation, ``version``
        the table's): the move the game waits for is made (a forgotten "Uno" is caught at
        once, so the table never offers to say it late); a legal move that is not it, an
        illegal one, a tap during a pause or the computer players' turn change nothing in the
        game, and the table says why (``said``)."""
        decision = self.decision
        if decision is None:
            if version is not None and version != self.version:
                return self._say(Said("stale"))
            return self._say(Said("pause" if self.pauses else "wait"))
        moved = self.match.act(LEARNER, text, version=version)
        if isinstance(moved, Refusal):
            if moved.reason == "stale":
                return self._say(Said("stale"))
            return self._wrong(Said("refused", moved))
        if moved.steps[-1].action not in self._expected(decision):
            return self._wrong(Said("hint"))
        after = replace(self, match=moved, at=self.at + 1, wrong=0, said=None)
        after = after._noticed(moved.steps[-1])
        if LEARNER in after.state.uno_exposed:
            after = after.step()  # a forgotten "Uno" is caught at once, as the rules allow
        return after

    def step(self, version: int | None = None) -> Guided:
        """One move of a computer player (the same game when a pause holds them, none has a
        move, or ``version``, the table's that waited its pause, is no longer the game's)."""
        if self.pauses:
            return self
        moved = self.match.step_bots(1, version=version)
        if moved is self.match:
            return self
        return replace(self, match=moved, said=None)._noticed(moved.steps[-1])

    def advance(self, limit: int = 500) -> Guided:
        """The computer players move until a pause, the learner's decision or the end."""
        game = self
        for _ in range(limit):
            after = game.step()
            if after is game:
                break
            game = after
        return game

    def go_on(self) -> Guided:
        """ "Continue": the pause on the table is read (the next one, or the game, goes on)."""
        if not self.pauses:
            return self
        return replace(self, match=self.match.touched(), pauses=self.pauses[1:], said=None)

    # -- inside -----------------------------------------------------------------------------
    def _expected(self, decision: Decision) -> set[str]:
        """The moves a decision accepts, written as the match writes its steps."""
        return {str(parse_action(f"{LEARNER}: {a}", self.state)) for a in decision.actions}

    def _say(self, said: Said) -> Guided:
        return replace(self, match=self.match.touched(), said=said)

    def _wrong(self, said: Said) -> Guided:
        wrong = self.wrong + 1
        if said.kind == "hint" and wrong >= ANSWER_AFTER:
            said = Said("answer")
        return replace(self, match=self.match.touched(), wrong=wrong, said=said)

    def _noticed(self, step: Step) -> Guided:
        """The pauses a new move brings: each event of a pause's kind seen for the first
        time, then the pause before the learner's next decision (once)."""
        shown = set(self.shown)
        pauses = list(self.pauses)
        for event in step.events:
            for trigger in self.script.triggers:
                if trigger.key not in shown and trigger.fits(event):
                    shown.add(trigger.key)
                    pauses.append(_event_pause(trigger.key, event, step))
        game = replace(self, shown=frozenset(shown), pauses=tuple(pauses))
        return game._before_decision()

    def _before_decision(self) -> Guided:
        if not self.learners_turn:
            return self
        key = self.script.decisions[self.at].pause
        if key is None or key in self.shown:
            return self
        pause = Pause(key, _decision_values(self.state))
        return replace(self, shown=self.shown | {key}, pauses=(*self.pauses, pause))


def start(kids: bool = False, script: str = SCRIPT) -> Guided:
    """A new guided game (the children's version with ``kids``): the staged deal, the learner
    at seat 0, the computer players at the others, their hands hidden."""
    found = load_script(script)
    seats = [None if seat == LEARNER else found.strategy for seat in range(found.start.n_players)]
    match = Match.new(found.start, seats).with_view(viewer=LEARNER, hide=True)
    return Guided(match, kids, script)._before_decision()


def _event_pause(key: str, event: Event, step: Step) -> Pause:
    """A pause made by ``event`` (one of ``step``'s): who (``name``, and ``other`` for a target
    or the player who missed a turn), the card, the colour (named, or to match before a
    challenged Wild Draw Four), and a count (of cards drawn, or of points)."""
    values: dict[str, Any] = {}
    if isinstance(event.get("seat"), int):
        values["name"] = event.get("seat")
    if isinstance(event.get("target"), int):
        values["other"] = event.get("target")
    for name in ("card", "color"):
        if isinstance(event.get(name), Card | Color):
            values[name] = event.get(name)
    if "color" not in values and isinstance(event.get("previous_color"), Color):
        values["color"] = event.get("previous_color")
    for name in ("count", "points"):
        if isinstance(event.get(name), int) and not isinstance(event.get(name), bool):
            values["count"] = event.get(name)
            break
    for other in step.events:
        seat = other.get("seat")
        if "other" not in values and other.type == "skipped" and seat != values.get("name"):
            values["other"] = seat
        if "count" not in values and other.type == "drew":
            values["count"] = other.count
    if "count" not in values and step.state.pending_draw:
        values["count"] = step.state.pending_draw
    return Pause(key, tuple(values.items()), story_rule(event))


def _decision_values(state: GameState) -> tuple[tuple[str, Any], ...]:
    """What a decision's texts may name: the card on top (or the one just drawn), the colour
    to match (before a Wild Draw Four, during its challenge), the next player (or the player
    of the Wild Draw Four)."""
    card = state.drawn if state.phase is Phase.DRAWN and state.drawn is not None else state.top
    values: dict[str, Any] = {"card": card, "color": state.current_color}
    if state.phase is Phase.CHALLENGE and state.challenge is not None:
        values["name"] = state.challenge.player
        values["color"] = state.challenge.previous_color
    else:
        values["name"] = (state.turn + state.direction) % state.n_players
    return tuple((k, v) for k, v in values.items() if v is not None)


# -- words -----------------------------------------------------------------------------------


def player_names(lang: str, kids: bool = False, script: str = SCRIPT) -> list[str]:
    """The seats' names in the reader's language (the classroom's for children)."""
    found = load_script(script)
    return [t(key, lang) for key in (found.kids_names if kids else found.names)]


def _color_word(color: Color, lang: str, kids: bool) -> str:
    """A colour in words; for children with its shape too (colour-blind readers)."""
    word = t(f"color.{color.name}", lang)
    return f"{word} {SHAPE_GLYPH[color]}" if kids else word


def _worded(
    values: Sequence[tuple[str, Any]], names: Sequence[str], lang: str, kids: bool
) -> dict[str, Any]:
    """A pause's or a decision's values as the texts take them: seats as names, a card as its
    label (and with its article, ``the_card``), a colour as its word, a count as it is."""
    out: dict[str, Any] = {}
    for name, value in values:
        if name in ("name", "other") and isinstance(value, int) and 0 <= value < len(names):
            out[name] = names[value]
        elif isinstance(value, Card):
            out["card"], out["the_card"] = card_label(value, lang), card_the(value, lang)
        elif isinstance(value, Color):
            out[name] = _color_word(value, lang, kids)
        elif isinstance(value, int):
            out[name] = value
    return out


def _links(rule: str | None, lang: str) -> tuple[tuple[str, str], ...]:
    """The lesson that teaches ``rule``, as a link."""
    number = None if rule is None else lesson_for_rule(rule)
    if number is None:
        return ()
    return ((t("sandbox.see_lesson", lang, number=number), f"lessons?lang={lang}&lesson={number}"),)


def _answer(game: Guided, decision: Decision, lang: str, names: Sequence[str]) -> str:
    """The move a decision waits for, in words (after too many wrong taps)."""
    prefix = _PREFIX[game.kids]
    actions = [parse_action(f"{LEARNER}: {a}", game.state) for a in decision.actions]
    first = actions[0]
    if first.verb != "play" or first.card is None:
        return t(f"{prefix}answer.{first.verb}", lang)
    values = _worded((("card", first.card),), names, lang, game.kids)
    if first.card.is_wild:
        if len({a.color for a in actions}) > 1:
            return t(f"{prefix}answer.play_wild_any", lang, **values)
        assert first.color is not None
        values["color"] = _color_word(first.color, lang, game.kids)
        return t(f"{prefix}answer.play_wild", lang, **values)
    if _uno_asked(game.state, first):
        form = "play_uno" if first.uno else "play_no_uno"
        return t(f"{prefix}answer.{form}", lang, **values)
    return t(f"{prefix}answer.play", lang, **values)


def _uno_asked(state: GameState, action: Action) -> bool:
    """Whether playing leaves one card (the table then asks about "Uno")."""
    return action.verb == "play" and len(state.hands[action.seat]) == 2


def hint_card(game: Guided) -> Card | None:
    """The card to outline on the table: the one the answer names."""
    decision = game.script.decisions[game.at] if game.learners_turn else None
    if decision is None or game.said is None or game.said.kind != "answer":
        return None
    action = parse_action(f"{LEARNER}: {decision.actions[0]}", game.state)
    return action.card if action.verb == "play" else None


def message(game: Guided, lang: str) -> Message | None:
    """The line at the learner's hand: the pause (with "Continue"), else what the table says
    about the last tap, else what to do now."""
    names = player_names(lang, game.kids, game.script_name)
    prefix = _PREFIX[game.kids]
    pause = game.pause
    if pause is not None:
        values = _worded(pause.values, names, lang, game.kids)
        return Message(
            "info", t(f"{prefix}pause.{pause.key}", lang, **values), _links(pause.rule, lang)
        )
    said = game.said
    if said is not None and said.refusal is not None:
        return refusal_words(said.refusal, lang, kids=game.kids)
    if said is not None and said.kind == "stale":
        return Message("warning", t("table.stale", lang))
    if said is not None and said.kind in ("pause", "wait"):
        return Message("warning", t(f"guided.said.{said.kind}", lang))
    if not game.learners_turn:
        return None
    decision = game.script.decisions[game.at]
    values = _worded(_decision_values(game.state), names, lang, game.kids)
    if said is not None and said.kind == "hint":
        return Message("warning", t(f"{prefix}hint.{decision.teach}", lang, **values))
    if said is not None and said.kind == "answer":
        return Message("warning", _answer(game, decision, lang, names))
    return Message("info", t(f"{prefix}do.{decision.teach}", lang, **values))


def end_text(game: Guided, lang: str) -> str | None:
    """After the round: what the learner scored (None before the end, or if another player
    won)."""
    won = [e for step in game.match.shown for e in step.events if e.type == "round_won"]
    if not won or won[-1].seat != LEARNER:
        return None
    prefix = _PREFIX[game.kids]
    return t(f"{prefix}end", lang, count=int(won[-1].points))
