"""Scenario files ("uno-scenario/1", JSON): ``load_scenario`` validates everything and builds a
GameState, or raises ScenarioError naming the field and the value; ``dump_scenario`` writes one.

Engine-defined fields beyond ENGINE-API.md's example (all optional, written only when not at
their default): ``pending_draw`` (int), ``drawn`` (card, phase ``drawn``), ``challenge``
(``{"player": seat, "previous_color": "R", "guilty": bool}``, phase ``challenge``; ``guilty`` is
worked out from the player's hand when left out), ``uno_exposed`` (seats), ``shuffles`` (int).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from typing import Any, Final

from uno.cards import COLOR_OF, DECK_COUNTS, FULL_DECK_COUNTER, KIND_OF, Card, Color, Kind
from uno.engine import matches, rng_for
from uno.errors import NotationError, ScenarioError
from uno.rules import RuleSet
from uno.setup import check_names, check_seed
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
        return source
    if isinstance(source, bytes | bytearray):
        if len(source) > MAX_SCENARIO_BYTES:
            raise _err(
                "too_large",
                "file",
                len(source),
                f"the file is larger than {MAX_SCENARIO_BYTES:,} bytes",
            )
        try:
            source = bytes(source).decode("utf-8-sig")
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
    return data


def scenario_data(source: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    """The JSON object of a scenario, read with the loader's limits (size, UTF-8, JSON, an
    object) but not yet validated: an app reads its own fields (``table``) from it, then gives
    it to ``load_scenario``. ScenarioError as ``load_scenario`` raises it."""
    return _parse(source)


def load_scenario(source: str | bytes | Mapping[str, Any]) -> GameState:
    """Build a GameState from a scenario (JSON text, bytes, or an already-parsed dict)."""
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
    if "table" in data and not isinstance(data["table"], Mapping):
        raise _err("bad_type", "table", data["table"], "expected an object")

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
    turn = _seat(data.get("turn", (dealer + 1) % n), "turn", n)
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
    if phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
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
        guilty = raw_chal.get("guilty")
        if guilty is None:
            guilty = any(COLOR_OF[c] == int(previous) for c in hands[player])
        elif not isinstance(guilty, bool):
            raise _err("bad_type", "challenge.guilty", guilty, "expected true or false")
        challenge = Challenge(player, previous, guilty)
        if "pending_draw" not in data:
            pending = 4
        if pending < 4:
            raise _err(
                "bad_pending", "pending_draw", pending, "a Wild Draw Four makes it at least 4"
            )
    elif pending and not (
        phase is Phase.PLAY
        and rules.stacking
        and KIND_OF[top] in (Kind.DRAW_TWO, Kind.WILD_DRAW_FOUR)
    ):
        raise _err(
            "bad_pending",
            "pending_draw",
            pending,
            "cards to draw wait only under stacking, after a Draw Two or Wild Draw Four",
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
