"""Scenario files ("uno-scenario/1", JSON): ``load_scenario`` validates everything and builds a
GameState, or raises ScenarioError naming the field and the value; ``dump_scenario`` writes one.

Engine-defined fields beyond ENGINE-API.md's example (all optional, written only when not at
their default): ``pending_draw`` (int), ``drawn`` (card, phase ``drawn``), ``challenge``
(``{"player": seat, "previous_color": "R", "guilty": bool}``, phase ``challenge``; ``guilty`` is
worked out from the player's hand when left out), ``uno_exposed`` (seats), ``shuffles`` (int).

Each field is checked alone, then with the others: a situation is loaded only when some legal
game reaches it (the pending total and the Draw cards on top, the first card and the deal, a
finished round and the scores, guilt and the hand, the Uno window and the turn). The decisions
these checks fix are listed in the README ("Decisions the rules leave open").
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from uno.cards import (
    COLOR_OF,
    DECK_COUNTS,
    FULL_DECK_COUNTER,
    KIND_OF,
    POINTS_OF,
    Card,
    Color,
    Kind,
)
from uno.engine import matches, rng_for
from uno.errors import NotationError, ScenarioError, check_plain
from uno.rules import RuleSet
from uno.setup import HAND_SIZE, check_names, check_seed
from uno.state import Challenge, GameState, Phase

__all__ = ["FORMAT", "MAX_SCENARIO_BYTES", "dump_scenario", "load_scenario", "scenario_data"]

FORMAT: Final = "uno-scenario/1"
MAX_SCENARIO_BYTES: Final = 1_000_000
_FIELDS: Final = frozenset(
    {
        "format",
        "rules",
        "players",
        "hands",
        "discard_pile",
        "draw_pile",
        "current_color",
        "turn",
        "direction",
        "phase",
        "scores",
        "dealer",
        "seed",
        # engine-defined
        "pending_draw",
        "drawn",
        "challenge",
        "uno_exposed",
        "shuffles",
        # for teachers, kept out of the game state
        "title",
        "description",
        "notes",
        # for the app that shows the situation (who is a computer player, hidden hands, whose
        # hand the reader holds): an object the engine checks is an object and leaves alone
        "table",
        # the game that led here (uno.history: where it started and the actions since); read
        # by uno.history.read_history, checked here only to be an object
        "history",
    }
)
_REQUIRED: Final = ("players", "hands", "discard_pile")


def _err(code: str, field: str, value: Any, problem: str) -> ScenarioError:
    shown = repr(value)
    if len(shown) > 80:
        shown = shown[:77] + "..."
    return ScenarioError(code, field, value, f"{field}: {problem} (got {shown})")


def _int(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise _err("bad_type", key, value, "expected a whole number")
    if not low <= value <= high:
        raise _err("out_of_range", key, value, f"must be between {low} and {high}")
    return value


def _seat(value: Any, field: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _err("bad_type", field, value, "expected a seat number")
    if not 0 <= value < n:
        raise _err("bad_seat", field, value, f"no such seat: seats are 0 to {n - 1}")
    return value


def _card(value: Any, field: str) -> Card:
    if not isinstance(value, str):
        raise _err("bad_card", field, value, "expected a card code such as 'R7' or 'WD4'")
    try:
        return Card.of(value)
    except NotationError:
        raise _err("bad_card", field, value, "not a card code") from None


def _cards(value: Any, field: str) -> list[Card]:
    if not isinstance(value, list):
        raise _err("bad_type", field, value, "expected a list of card codes")
    return [_card(v, f"{field}[{i}]") for i, v in enumerate(value)]


def _color(value: Any, field: str) -> Color:
    if isinstance(value, str) and value.strip().upper() in ("R", "Y", "G", "B"):
        return Color[value.strip().upper()]
    raise _err("bad_color", field, value, "expected a colour: R, Y, G or B")


def _parse(source: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(source, Mapping):
        check_plain(dict(source), "file")
        return source
    if isinstance(source, bytes | bytearray):
        if len(source) > MAX_SCENARIO_BYTES:
            raise _err(
                "too_large",
                "file",
                len(source),
                f"the file is larger than {MAX_SCENARIO_BYTES:,} bytes",
            )
        raw = bytes(source)
        # UTF-16 with its byte-order mark, as some Windows editors save "Unicode" text.
        utf16 = raw.startswith((b"\xff\xfe", b"\xfe\xff"))
        try:
            source = raw.decode("utf-16" if utf16 else "utf-8-sig")
        except UnicodeDecodeError as exc:
            raise _err("not_utf8", "file", exc.start, "the file is not UTF-8 text") from None
    if not isinstance(source, str):
        raise _err("bad_type", "file", type(source).__name__, "expected JSON text or an object")
    size = len(source.encode("utf-8", "surrogatepass"))
    source = source.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write it
    if size > MAX_SCENARIO_BYTES:
        raise _err(
            "too_large", "file", size, f"the file is larger than {MAX_SCENARIO_BYTES:,} bytes"
        )
    try:
        data = json.loads(source)
    except json.JSONDecodeError as exc:
        raise ScenarioError(
            "not_json",
            "file",
            exc.msg,
            f"file: not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})",
        ) from None
    except RecursionError:
        raise ScenarioError("not_json", "file", "nesting", "file: JSON nested too deeply") from None
    except ValueError as exc:  # e.g. an integer with thousands of digits
        raise ScenarioError(
            "not_json", "file", str(exc)[:80], f"file: not valid JSON ({exc})"
        ) from None
    if not isinstance(data, dict):
        raise _err("not_object", "file", type(data).__name__, "a scenario is a JSON object")
    check_plain(data, "file")
    return data


def scenario_data(source: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    """The JSON object of a scenario, read with the loader's limits (size, UTF-8, JSON, an
    object) but not yet validated: an app reads its own fields (``table``) from it, then gives
    it to ``load_scenario``. ScenarioError as ``load_scenario`` raises it."""
    return _parse(source)


# -- what no game reaches: the relations between fields ---------------------------------------

_DRAW_TWO: Final = int(Kind.DRAW_TWO)
_WD4: Final = int(Kind.WILD_DRAW_FOUR)


def _hand_points(hand: list[Card]) -> int:
    return sum(POINTS_OF[c] for c in hand)


def _check_finished_round(winner: int, turn: int, discard: list[Card]) -> None:
    """A round ends when its winner plays their last card (R-END-1); the turn stays with them."""
    if turn != winner:
        raise _err(
            "not_the_winner",
            "turn",
            turn,
            f"the round is over: the turn is with its winner, seat {winner} (the empty hand)",
        )
    if len(discard) < 2 and KIND_OF[discard[-1]] not in (_DRAW_TWO, _WD4):
        # Only the penalty of a last Draw Two or Wild Draw Four draws cards after that play,
        # and so only it can reshuffle the rest of the discard pile away (R-DRAW-3).
        raise _err(
            "no_last_card",
            "discard_pile",
            [str(c) for c in discard],
            "a round ends on the last card its winner played on the discard pile, so the pile "
            "holds at least that card and the one it was played on",
        )


def _check_scores(
    scores: tuple[int, ...],
    rules: RuleSet,
    phase: Phase,
    hands: list[list[Card]],
    winner: int | None,
) -> None:
    """R-SCORE-1..3: the totals are those of a game that stopped where the phase says.

    A game goes on while every total is below the target; a finished round has added its points
    (standard: the winner has at least the points left in the other hands; lowest: everyone at
    least the points left in their own hand); game over means a total reached the target. With
    ``target_score`` null the game is one round: nothing is scored before it ends."""
    target = rules.target_score
    lowest = rules.scoring == "lowest"
    points = [_hand_points(h) for h in hands]
    if winner is None:  # the round is being played
        for i, total in enumerate(scores):
            if target is None and total:
                raise _err(
                    "not_scored_yet",
                    f"scores[{i}]",
                    total,
                    "with target_score null the game is one round: nothing is scored before "
                    "it ends (R-SCORE-2)",
                )
            if target is not None and total >= target:
                raise _err(
                    "score_past_target",
                    f"scores[{i}]",
                    total,
                    f"a total of {target} ends the game (R-SCORE-2): while it goes on, every "
                    "total is below the target",
                )
        return
    if target is None:
        if phase is Phase.ROUND_OVER:
            raise _err(
                "one_round",
                "phase",
                str(phase),
                "with target_score null the game is one round: it ends in game_over",
            )
        # One round from nothing: the totals are exactly what the round scored.
        expected = (
            points if lowest else [sum(points) if i == winner else 0 for i in range(len(points))]
        )
        for i, total in enumerate(scores):
            if total != expected[i]:
                raise _err(
                    "round_not_scored",
                    f"scores[{i}]",
                    total,
                    f"one round, scored from nothing: this total is {expected[i]} (R-SCORE-1)",
                )
        return
    over = phase is Phase.GAME_OVER
    if lowest:  # R-SCORE-3: each adds their own hand; the winner adds nothing
        for i, total in enumerate(scores):
            if i != winner and total < points[i]:
                raise _err(
                    "round_not_scored",
                    f"scores[{i}]",
                    total,
                    f"scoring lowest: this total holds the {points[i]} points left in this "
                    "hand (R-SCORE-3)",
                )
        past = [i for i, total in enumerate(scores) if total >= target]
        if winner in past:
            raise _err(
                "score_past_target",
                f"scores[{winner}]",
                scores[winner],
                "scoring lowest: the round's winner added nothing, so this total reached the "
                "target before the round and the game would have ended then",
            )
        if past and not over:
            raise _err(
                "score_past_target",
                f"scores[{past[0]}]",
                scores[past[0]],
                f"this total reaches {target}: the game is over (phase game_over)",
            )
        if over and not past:
            raise _err(
                "no_winner_at_target",
                "phase",
                str(phase),
                f"game over, but no total has reached {target} (R-SCORE-3)",
            )
        return
    won = sum(points)
    if scores[winner] < won:
        raise _err(
            "round_not_scored",
            f"scores[{winner}]",
            scores[winner],
            f"the round's winner (seat {winner}) has scored the {won} points left in the other "
            "hands (R-SCORE-1)",
        )
    for i, total in enumerate(scores):
        if i != winner and total >= target:
            raise _err(
                "score_past_target",
                f"scores[{i}]",
                total,
                f"only the round's winner scores: a total of {target} here would have ended the "
                "game before this round (R-SCORE-2)",
            )
    if over and scores[winner] < target:
        raise _err(
            "no_winner_at_target",
            "phase",
            str(phase),
            f"game over, but the round's winner has {scores[winner]} of the {target} points "
            "that win (R-SCORE-2)",
        )
    if not over and scores[winner] >= target:
        raise _err(
            "score_past_target",
            f"scores[{winner}]",
            scores[winner],
            f"this total reaches {target}: the game is over (phase game_over), not the round",
        )


def _check_first_card(
    hands: list[list[Card]],
    discard: list[Card],
    draw: list[Card],
    turn: int,
    direction: int,
    dealer: int,
) -> None:
    """Phase choose_color is the moment after the deal when the first card turned up is a Wild
    (R-SETUP-3, -4, -5): nobody has played or drawn yet."""
    n = len(hands)
    if len(discard) != 1:
        raise _err(
            "not_first_card",
            "phase",
            str(Phase.CHOOSE_COLOR),
            f"choose_color is for the first card turned up, alone on the discard pile (it "
            f"holds {len(discard)} cards)",
        )
    if KIND_OF[discard[0]] == _WD4 and any(KIND_OF[c] != _WD4 for c in draw):
        raise _err(
            "first_card_wd4",
            "discard_pile[0]",
            str(discard[0]),
            "a Wild Draw Four turned up first goes back into the deck, which is shuffled, and "
            "another card is turned up (R-SETUP-4)",
        )
    if direction != 1:
        raise _err(
            "not_first_player",
            "direction",
            direction,
            "nobody has played yet: play goes clockwise (R-SETUP-3)",
        )
    first = (dealer + 1) % n
    if turn != first:
        raise _err(
            "not_first_player",
            "turn",
            turn,
            f"the player to the dealer's left, seat {first}, names the colour (R-SETUP-5)",
        )
    total = sum(map(len, hands)) + len(discard) + len(draw)
    size = min(HAND_SIZE, (total - 1) // n)
    for i, hand in enumerate(hands):
        if len(hand) != size:
            raise _err(
                "not_as_dealt",
                f"hands[{i}]",
                len(hand),
                f"nobody has played or drawn yet: every hand holds the {size} cards dealt "
                f"from these {total} cards (R-SETUP-3)",
            )


def _stack_fits(discard: list[Card], pending: int, in_play: list[Card]) -> bool:
    """H-STACK: ``pending`` is the total of the Draw cards played one on another since someone
    last drew: Draw Twos (2 each), then Wild Draw Fours (4 each), on top of the discard pile.
    When every card of the pile belongs to that stack, a catch during it (R-UNO-2) may have
    reshuffled its first cards away (R-DRAW-3): their part is an even number, at most what the
    Draw cards in play can make."""
    total = 0
    below_a_two = False  # a Draw Two is passed on only by Draw Twos: none below it is a WD4
    for depth, card in enumerate(reversed(discard), start=1):
        kind = KIND_OF[card]
        if kind not in (_DRAW_TWO, _WD4) or (kind == _WD4 and below_a_two):
            return False
        below_a_two = below_a_two or kind == _DRAW_TWO
        total += 2 if kind == _DRAW_TWO else 4
        if total == pending:
            return True
        if total > pending:
            return False
        if depth == len(discard):  # the whole pile is the stack: the rest was reshuffled
            hidden = pending - total
            twos = sum(KIND_OF[c] == _DRAW_TWO for c in in_play) - sum(
                KIND_OF[c] == _DRAW_TWO for c in discard
            )
            fours = sum(KIND_OF[c] == _WD4 for c in in_play) - sum(
                KIND_OF[c] == _WD4 for c in discard
            )
            most = 2 * twos + (0 if below_a_two else 4 * fours)
            return hidden % 2 == 0 and hidden <= most
    return False


def _check_pending(
    pending: int, phase: Phase, rules: RuleSet, discard: list[Card], in_play: list[Card]
) -> None:
    """Cards wait to be drawn only where a rule makes them wait, as many as the Draw cards on
    top of the discard pile make (R-ACT-3, R-ACT-5, H-STACK, H-NOBLUFF)."""
    top_kind = KIND_OF[discard[-1]]
    if phase is Phase.CHALLENGE:
        if pending < 4:
            raise _err(
                "bad_pending", "pending_draw", pending, "a Wild Draw Four makes it at least 4"
            )
        if not rules.stacking and pending != 4:
            raise _err(
                "pending_mismatch",
                "pending_draw",
                pending,
                "without stacking, a Wild Draw Four that can be challenged holds exactly 4 "
                "cards (R-ACT-5): accepting draws 4, a failed challenge 6",
            )
    elif not pending:
        return
    elif not (
        phase is Phase.PLAY
        and rules.stacking
        and (top_kind == _DRAW_TWO or (top_kind == _WD4 and rules.wd4_anytime))
    ):
        raise _err(
            "bad_pending",
            "pending_draw",
            pending,
            "cards to draw wait only under stacking, after a Draw Two or Wild Draw Four (which "
            "waits in phase play only under wd4_anytime; otherwise in phase challenge)",
        )
    if rules.stacking and not _stack_fits(discard, pending, in_play):
        raise _err(
            "pending_mismatch",
            "pending_draw",
            pending,
            "under stacking, the cards waiting are the total of the Draw Twos (2 each), then "
            "Wild Draw Fours (4 each), played one on another on top of the discard pile",
        )


def _check_guilt(guilty: bool, hand: list[Card], previous: Color, player: int) -> None:
    """R-CHAL-2: guilt is the hand at the moment the Wild Draw Four was played. Since then the
    hand can only have grown, by the 2 cards of a catch (R-UNO-2) when it held one card."""
    of_colour = sum(COLOR_OF[c] == int(previous) for c in hand)
    if guilty and not of_colour:
        raise _err(
            "guilt_mismatch",
            "challenge.guilty",
            guilty,
            f"seat {player} holds no {previous.name} card, so held none when they played "
            "the Wild Draw Four either",
        )
    if not guilty and of_colour and (len(hand) > 3 or of_colour == len(hand)):
        raise _err(
            "guilt_mismatch",
            "challenge.guilty",
            guilty,
            f"seat {player} holds {previous.name} cards: only a catch since the Wild Draw Four "
            "could have brought them, to a hand of one card, and then the hand is at most 3",
        )


def _turn_after(seat: int, top: Card, direction: int, n: int, rules: RuleSet) -> tuple[int, Phase]:
    """Whose decision and which phase follow ``seat``'s play of ``top`` when nobody has acted
    since (R-ACT-1..6, H-STACK, H-NOBLUFF): the moment a forgotten "Uno" can still be caught."""
    kind = KIND_OF[top]
    if kind == _WD4 and not rules.wd4_anytime:
        return (seat + direction) % n, Phase.CHALLENGE
    if kind in (_DRAW_TWO, _WD4):  # the victim decides (stacking) or has drawn and is skipped
        return (seat + (1 if rules.stacking else 2) * direction) % n, Phase.PLAY
    if kind == int(Kind.SKIP):
        return (seat + 2 * direction) % n, Phase.PLAY
    if kind == int(Kind.REVERSE) and n == 2:
        return seat, Phase.PLAY
    return (seat + direction) % n, Phase.PLAY


def _check_exposed(
    exposed: list[int],
    rules: RuleSet,
    phase: Phase,
    top: Card,
    turn: int,
    direction: int,
    n: int,
) -> None:
    """R-UNO-2: a player who played down to one card without "Uno" can be caught until the
    next player acts (``next_player``: so only the last player to play, with nobody's action
    since) or until they act again (``own_next_turn``)."""
    if phase is Phase.CHOOSE_COLOR:
        raise _err("exposed_mismatch", "uno_exposed[0]", exposed[0], "nobody has played a card yet")
    if rules.uno_catch_window == "next_player":
        if len(exposed) > 1:
            raise _err(
                "exposed_mismatch",
                "uno_exposed[1]",
                exposed[1],
                "under next_player only the last player to play can still be caught",
            )
        seat = exposed[0]
        after, waiting = _turn_after(seat, top, direction, n, rules)
        if (turn, phase) != (after, waiting):
            raise _err(
                "exposed_mismatch",
                "uno_exposed[0]",
                seat,
                f"seat {seat} can be caught only until the next player acts: after their {top} "
                f"that is seat {after} in phase {waiting}, not seat {turn} in phase {phase}",
            )
    elif phase is Phase.DRAWN and turn in exposed:
        raise _err(
            "exposed_mismatch",
            f"uno_exposed[{exposed.index(turn)}]",
            turn,
            "this player has drawn since playing down to one card: their window is closed "
            "(own_next_turn)",
        )


def load_scenario(source: str | bytes | Mapping[str, Any]) -> GameState:
    """Build a GameState from a scenario (JSON text, bytes, or an already-parsed dict).

    Everything is checked, each field alone and the fields together (a situation no game can
    reach is refused); a refusal is a ScenarioError naming the field and the value, and nothing
    is half-loaded.

    >>> import uno
    >>> state = uno.load_scenario(
    ...     '{"players": ["Ana", "Ben"], "hands": [["R7"], ["B5", "G1"]], "discard_pile": ["R3"]}'
    ... )
    >>> state.players, state.turn, str(state.current_color), len(state.draw_pile)
    (('Ana', 'Ben'), 0, 'R', 104)
    >>> uno.load_scenario(uno.dump_scenario(state)) == state
    True
    >>> try:
    ...     uno.load_scenario({"players": 2, "hands": [["X9"], ["B5"]], "discard_pile": ["R3"]})
    ... except uno.ScenarioError as problem:
    ...     print(problem.code, problem.field, problem.value)
    bad_card hands[0][0] X9
    >>> try:  # Ben forgot "Uno" on his Skip; two players: he plays again, not Ana (R-ACT-6)
    ...     uno.load_scenario(
    ...         {"players": 2, "hands": [["B1", "G5"], ["B5"]], "discard_pile": ["R3", "RS"],
    ...          "turn": 0, "uno_exposed": [1]}
    ...     )
    ... except uno.ScenarioError as problem:
    ...     print(problem.code, problem.field, problem.value)
    exposed_mismatch uno_exposed[0] 1
    """
    data = _parse(source)
    for key in data:
        if key not in _FIELDS:
            raise _err("unknown_field", str(key), key, "unknown field")
    for key in _REQUIRED:
        if key not in data:
            raise _err("missing_field", key, None, "this field is required")
    if data.get("format", FORMAT) != FORMAT:
        raise _err("bad_format", "format", data.get("format"), f"expected {FORMAT!r}")
    for key in ("title", "description", "notes"):
        if key in data and not isinstance(data[key], str):
            raise _err("bad_type", key, data[key], "expected text")
    for key in ("table", "history"):
        if key in data and not isinstance(data[key], Mapping):
            raise _err("bad_type", key, data[key], "expected an object")

    rules = RuleSet.from_dict(data.get("rules", {}))

    players = check_names(data["players"])
    n = len(players)

    raw_hands = data["hands"]
    if not isinstance(raw_hands, list):
        raise _err("bad_type", "hands", raw_hands, "expected one list of cards per player")
    if len(raw_hands) != n:
        raise _err("hand_count", "hands", len(raw_hands), f"expected {n} hands, one per player")
    hands = [_cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands)]
    discard = _cards(data["discard_pile"], "discard_pile")
    if not discard:
        raise _err("empty_discard", "discard_pile", [], "needs at least the top card")
    draw_given = "draw_pile" in data
    draw = _cards(data["draw_pile"], "draw_pile") if draw_given else []

    # R-DECK-1 / R-DECK-2: never more copies of a card than the 108-card deck has.
    placed: Counter[Card] = Counter()
    places = [(f"hands[{i}]", h) for i, h in enumerate(hands)]
    places += [("discard_pile", discard), ("draw_pile", draw)]
    for field, cards in places:
        for j, card in enumerate(cards):
            placed[card] += 1
            if placed[card] > DECK_COUNTS[card]:
                raise _err(
                    "too_many_copies",
                    f"{field}[{j}]",
                    str(card),
                    f"more than {DECK_COUNTS[card]} copies of {card} in the scenario",
                )

    seed = check_seed(data.get("seed", 0))
    shuffles = _int(data, "shuffles", 0, 0, 2**31)
    if not draw_given:
        draw = list((FULL_DECK_COUNTER - placed).elements())
        draw.sort()
        rng_for(seed, "fill").shuffle(draw)

    direction = data.get("direction", 1)
    if type(direction) is not int or direction not in (1, -1):
        raise _err("bad_direction", "direction", direction, "direction is 1 or -1")
    dealer = _seat(data.get("dealer", n - 1), "dealer", n)
    raw_scores = data.get("scores", [0] * n)
    if not isinstance(raw_scores, list) or len(raw_scores) != n:
        raise _err("bad_scores", "scores", raw_scores, f"expected {n} scores, one per player")
    for i, v in enumerate(raw_scores):
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 10_000_000:
            raise _err("bad_scores", f"scores[{i}]", v, "a score is a whole number, 0 or more")
    scores = tuple(raw_scores)

    raw_phase = data.get("phase", "play")
    try:
        phase = Phase(raw_phase)
    except ValueError:
        raise _err(
            "bad_phase", "phase", raw_phase, "phase is one of " + ", ".join(p.value for p in Phase)
        ) from None

    top = discard[-1]
    top_is_wild = top.is_wild
    raw_color = data.get("current_color")
    color: Color | None = None
    if raw_color is not None:
        color = _color(raw_color, "current_color")
    if phase is Phase.CHOOSE_COLOR:
        # A Wild (R-SETUP-5); a Wild Draw Four only when a deck of nothing else forced it.
        if not top_is_wild:
            raise _err(
                "wrong_phase",
                "phase",
                raw_phase,
                "choose_color needs a Wild turned up as the first card",
            )
        if color is not None:
            raise _err(
                "color_mismatch",
                "current_color",
                raw_color,
                "no colour is named yet in phase choose_color",
            )
    elif top_is_wild:
        if color is None:
            raise _err(
                "missing_color",
                "current_color",
                raw_color,
                f"the top card is {top}: name the colour to match",
            )
    elif color is None:
        color = Color(COLOR_OF[top])
    elif int(color) != COLOR_OF[top]:
        raise _err(
            "color_mismatch",
            "current_color",
            raw_color,
            f"the top card {top} is {Color(COLOR_OF[top]).name}",
        )

    empty = [s for s, h in enumerate(hands) if not h]
    over = phase in (Phase.ROUND_OVER, Phase.GAME_OVER)
    if over:
        if len(empty) != 1:
            raise _err(
                "wrong_phase",
                "phase",
                raw_phase,
                "a finished round has exactly one empty hand (the winner's)",
            )
        in_play = sum(map(len, hands)) + len(discard) + len(draw)
        if phase is Phase.ROUND_OVER and in_play < n + 1:
            raise _err(
                "too_few_cards",
                "draw_pile",
                in_play,
                f"{n} players need at least {n + 1} cards to deal the next round",
            )
    elif empty:
        raise _err(
            "wrong_phase",
            "phase",
            raw_phase,
            f"seat {empty[0]} has no cards left, so the round is over",
        )
    # A finished round waits with the turn at its winner (the engine's end_round).
    turn = _seat(data.get("turn", empty[0] if over else (dealer + 1) % n), "turn", n)
    if over:
        _check_finished_round(empty[0], turn, discard)
    _check_scores(scores, rules, phase, hands, empty[0] if over else None)
    if phase is Phase.CHOOSE_COLOR:
        _check_first_card(hands, discard, draw, turn, direction, dealer)

    pending = _int(data, "pending_draw", 0, 0, 108)
    drawn: Card | None = None
    challenge: Challenge | None = None
    if "drawn" in data and data["drawn"] is not None:
        if phase is not Phase.DRAWN:
            raise _err("wrong_phase", "drawn", data["drawn"], "only phase drawn has a drawn card")
        drawn = _card(data["drawn"], "drawn")
    if phase is Phase.DRAWN:
        if drawn is None:
            raise _err("missing_field", "drawn", None, "phase drawn needs the card drawn")
        if drawn not in hands[turn]:
            raise _err("wrong_phase", "drawn", str(drawn), f"seat {turn} does not hold {drawn}")
        assert color is not None
        if not matches(drawn, top, int(color)):
            raise _err(
                "wrong_phase",
                "drawn",
                str(drawn),
                "phase drawn is for a drawn card that can be played",
            )
    raw_chal = data.get("challenge")
    if raw_chal is not None and phase is not Phase.CHALLENGE:
        raise _err("wrong_phase", "challenge", raw_chal, "only phase challenge has a challenge")
    if phase is Phase.CHALLENGE:
        if KIND_OF[top] != Kind.WILD_DRAW_FOUR:
            raise _err(
                "wrong_phase", "phase", raw_phase, "phase challenge needs a Wild Draw Four on top"
            )
        if rules.wd4_anytime:
            raise _err(
                "wrong_phase",
                "phase",
                raw_phase,
                "wd4_anytime: a Wild Draw Four cannot be challenged",
            )
        if not isinstance(raw_chal, Mapping):
            raise _err(
                "missing_field",
                "challenge",
                raw_chal,
                'phase challenge needs {"player": seat, "previous_color": colour}',
            )
        for key in raw_chal:
            if key not in ("player", "previous_color", "guilty"):
                raise _err("unknown_field", f"challenge.{key}", key, "unknown field")
        player = _seat(raw_chal.get("player"), "challenge.player", n)
        if (player + direction) % n != turn:
            raise _err(
                "bad_seat",
                "challenge.player",
                player,
                f"seat {turn} must be the next player after the one who played it",
            )
        previous = _color(raw_chal.get("previous_color"), "challenge.previous_color")
        if len(discard) >= 2 and not discard[-2].is_wild and COLOR_OF[discard[-2]] != previous:
            # The card under the Wild Draw Four set the colour it was played on.
            raise _err(
                "color_mismatch",
                "challenge.previous_color",
                raw_chal.get("previous_color"),
                f"the Wild Draw Four was played on {discard[-2]}, so the colour to match then "
                f"was {Color(COLOR_OF[discard[-2]]).name}",
            )
        guilty = raw_chal.get("guilty")
        if guilty is None:
            guilty = any(COLOR_OF[c] == int(previous) for c in hands[player])
        elif not isinstance(guilty, bool):
            raise _err("bad_type", "challenge.guilty", guilty, "expected true or false")
        else:
            _check_guilt(guilty, hands[player], previous, player)
        challenge = Challenge(player, previous, guilty)
        if "pending_draw" not in data:
            pending = 4
    _check_pending(
        pending, phase, rules, discard, [*discard, *draw, *(c for h in hands for c in h)]
    )

    raw_exposed = data.get("uno_exposed", [])
    if not isinstance(raw_exposed, list):
        raise _err("bad_type", "uno_exposed", raw_exposed, "expected a list of seats")
    exposed: list[int] = []
    for i, v in enumerate(raw_exposed):
        seat = _seat(v, f"uno_exposed[{i}]", n)
        if len(hands[seat]) != 1 or seat in exposed:
            raise _err(
                "bad_seat",
                f"uno_exposed[{i}]",
                v,
                "only a player holding exactly one card can be caught, once",
            )
        exposed.append(seat)
    if exposed and phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        raise _err("wrong_phase", "uno_exposed", raw_exposed, "the round is over")
    if exposed:
        _check_exposed(exposed, rules, phase, top, turn, direction, n)

    return GameState(
        rules=rules,
        players=players,
        hands=tuple(tuple(h) for h in hands),
        draw_pile=tuple(draw),
        discard_pile=tuple(discard),
        current_color=color,
        turn=turn,
        direction=direction,
        phase=phase,
        scores=scores,
        dealer=dealer,
        seed=seed,
        shuffles=shuffles,
        drawn=drawn,
        pending_draw=pending,
        challenge=challenge,
        uno_exposed=tuple(sorted(exposed)),
    )


def dump_scenario(state: GameState) -> dict[str, Any]:
    """The state as a JSON-ready dict; ``load_scenario(dump_scenario(s)) == s``."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": state.rules.to_dict(),
        "players": list(state.players),
        "hands": [[str(c) for c in h] for h in state.hands],
        "discard_pile": [str(c) for c in state.discard_pile],
        "draw_pile": [str(c) for c in state.draw_pile],
        "current_color": None if state.current_color is None else str(state.current_color),
        "turn": state.turn,
        "direction": state.direction,
        "phase": str(state.phase),
        "scores": list(state.scores),
        "dealer": state.dealer,
        "seed": state.seed,
    }
    if state.shuffles:
        out["shuffles"] = state.shuffles
    if state.drawn is not None:
        out["drawn"] = str(state.drawn)
    if state.phase is Phase.CHALLENGE:
        if state.pending_draw != 4:
            out["pending_draw"] = state.pending_draw
    elif state.pending_draw:
        out["pending_draw"] = state.pending_draw
    if state.challenge is not None:
        out["challenge"] = {
            "player": state.challenge.player,
            "previous_color": str(state.challenge.previous_color),
            "guilty": state.challenge.guilty,
        }
    if state.uno_exposed:
        out["uno_exposed"] = list(state.uno_exposed)
    return out


def dumps_scenario(state: GameState) -> str:
    """The scenario as JSON text (UTF-8 names kept readable)."""
    return json.dumps(dump_scenario(state), ensure_ascii=False, indent=1)


__all__ += ["dumps_scenario"]
