"""Property tests (DESIGN.md, "Tests that mean something"): random legal play from random
scenarios never breaks R-DECK-2, never mutates a state, always round-trips through a scenario
file, accepts exactly its legal actions, terminates, and is reproducible; fuzzed text and
scenario files only ever get the engine's own refusals."""

from __future__ import annotations

import copy
import itertools
import json
import os
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import uno
from uno import (
    Action,
    Event,
    GameState,
    IllegalAction,
    NotationError,
    Phase,
    RuleSet,
    ScenarioError,
    apply,
    dump_scenario,
    legal_actions,
    load_scenario,
    parse_action,
)

ROOT = Path(__file__).resolve().parents[1]

# Every rule id of RULES.md (../shared/RULES.md), copied here: tests never read ../shared.
KNOWN_RULE_IDS = frozenset(
    [f"R-DECK-{i}" for i in (1, 2)]
    + [f"R-SETUP-{i}" for i in range(1, 7)]
    + [f"R-PLAY-{i}" for i in range(1, 5)]
    + [f"R-DRAW-{i}" for i in range(1, 5)]
    + [f"R-ACT-{i}" for i in range(1, 7)]
    + [f"R-CHAL-{i}" for i in range(1, 5)]
    + [f"R-UNO-{i}" for i in range(1, 4)]
    + ["R-END-1"]
    + [f"R-SCORE-{i}" for i in range(1, 4)]
    + ["R-PEN-1", "R-PEN-2"]
    + ["H-STACK", "H-70", "H-JUMP", "H-NOBLUFF", "H-DRAWPLAY"]
)

BOOL_OPTIONS = (
    "stacking",
    "seven_zero",
    "jump_in",
    "wd4_anytime",
    "draw_until_playable",
    "strict_penalties",
)
WINDOWS = ("next_player", "own_next_turn")
SCORINGS = ("standard", "lowest")
PREFERRED = frozenset({"play", "jump", "color", "challenge", "accept", "pass"})
VERBS = ("play", "draw", "pass", "challenge", "accept", "uno", "catch", "jump", "color")
FACES = [c + s for c in "RYGB" for s in [*"0123456789", "S", "R", "D2"]] + ["W", "WD4"]
DECK = [
    code for code in FACES for _ in range(4 if code in ("W", "WD4") else 1 if code[1] == "0" else 2)
]
assert len(DECK) == 108

# A round of random play (the policy below) took at most ~2,600 actions over 6,000 games.
MAX_ACTIONS_PER_ROUND = 10_000


def make_rules(flags: tuple[bool, ...], window: str, scoring: str, target: int | None) -> RuleSet:
    return RuleSet(
        **dict(zip(BOOL_OPTIONS, flags, strict=True)),
        uno_catch_window=window,  # type: ignore[arg-type]
        scoring=scoring,  # type: ignore[arg-type]
        target_score=target,
    )


rulesets = st.builds(
    make_rules,
    st.tuples(*[st.booleans()] * len(BOOL_OPTIONS)),
    st.sampled_from(WINDOWS),
    st.sampled_from(SCORINGS),
    st.sampled_from([500, None, 40]),
)

new_games = st.builds(
    uno.new_game,
    players=st.integers(2, 10),
    rules=rulesets,
    seed=st.integers(-(2**40), 2**40),
)


@st.composite
def dealt_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    """A scenario dict of random hands drawn from a shuffled full deck."""
    n = draw(st.integers(2, 10))
    rules = draw(rulesets)
    deck = list(DECK)
    random.Random(draw(st.integers(0, 2**32))).shuffle(deck)
    hands = [[deck.pop() for _ in range(draw(st.integers(1, 8)))] for _ in range(n)]
    discard = [deck.pop() for _ in range(draw(st.integers(1, 4)))]
    top = discard[-1]
    if top in ("W", "WD4"):
        color: str | None = draw(st.sampled_from("RYGB"))
    else:
        color = draw(st.sampled_from([top[0], top[0].lower(), None]))
    data: dict[str, Any] = {
        "format": "uno-scenario/1",
        "rules": rules.to_dict(),
        "players": draw(st.sampled_from([n, [f"Joueur {i}" for i in range(n)]])),
        "hands": hands,
        "discard_pile": discard,
        "turn": draw(st.integers(0, n - 1)),
        "direction": draw(st.sampled_from([1, -1])),
        "dealer": draw(st.integers(0, n - 1)),
        # R-SCORE-2: a game still going has every total below the target (one round: none).
        "scores": draw(
            st.lists(
                st.integers(0, 0 if rules.target_score is None else rules.target_score - 1),
                min_size=n,
                max_size=n,
            )
        ),
        "seed": draw(st.integers(0, 2**31)),
    }
    if color is not None:
        data["current_color"] = color
    if draw(st.booleans()):
        data["draw_pile"] = deck  # explicit: the same 108 cards
    return data


def choose(actions: list[Action], rng: random.Random) -> Action:
    """Prefer moving the game on: 90% a play/jump/color/challenge/accept/pass when there is one."""
    preferred = [a for a in actions if a.verb in PREFERRED]
    if preferred and rng.random() < 0.9:
        return rng.choice(preferred)
    return rng.choice(actions)


def check_state(s: GameState, deck: Counter[uno.Card], all_actions: bool) -> list[Action]:
    """Checks on one reachable state; returns its legal actions."""
    d = dump_scenario(s)
    text = json.dumps(d)  # JSON-ready
    assert load_scenario(d) == s
    assert load_scenario(text) == s
    assert s.cards_in_play() == deck  # R-DECK-2
    actions = legal_actions(s)
    assert bool(actions) != s.is_over  # always waiting for a decision, or over
    assert len(set(actions)) == len(actions)
    if all_actions:
        for a in actions:  # every legal action is accepted
            after, _ = apply(s, a)
            assert after.cards_in_play() == deck
    return actions


def play_round(
    s: GameState, rng: random.Random, all_actions: bool = True, check_every: int = 1
) -> tuple[GameState, list[str]]:
    """Random legal play until the round ends. Every ``check_every`` steps (and at the end) the
    full checks; at every step the deck (R-DECK-2) and that someone has a decision to make."""
    deck = s.cards_in_play()
    done: list[str] = []
    for step in range(MAX_ACTIONS_PER_ROUND):
        full = step % check_every == 0 or s.is_over
        if full:
            actions = check_state(s, deck, all_actions)
        else:
            assert s.cards_in_play() == deck  # R-DECK-2
            actions = legal_actions(s)
            assert bool(actions) != s.is_over
        if s.is_over:
            return s, done
        a = choose(actions, rng)
        if full:
            before = dump_scenario(s)
            twin = load_scenario(before)
        new, events = apply(s, a)
        if full:
            assert dump_scenario(s) == before and s == twin  # apply never mutates its state
            assert all(isinstance(e, Event) for e in events)
            json.dumps([e.to_dict() for e in events])
        done.append(str(a))
        s = new
    pytest.fail(f"the round did not end within {MAX_ACTIONS_PER_ROUND} actions")


def play_game(s: GameState, rng: random.Random, rounds: int, all_actions: bool = True) -> GameState:
    for _ in range(rounds):
        s, _ = play_round(s, rng, all_actions)
        assert s.is_over
        if s.phase is Phase.GAME_OVER:
            assert s.game_winners
            with pytest.raises(IllegalAction):
                uno.next_round(s)
            break
        nxt = uno.next_round(s)
        assert nxt.cards_in_play() == s.cards_in_play()  # R-DECK-2 across rounds
        assert nxt.scores == s.scores
        assert nxt.dealer == (s.dealer + 1) % s.n_players
        assert load_scenario(dump_scenario(nxt)) == nxt
        s = nxt
    return s


# -- random legal play -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(state=new_games, policy=st.integers(0, 2**32))
def test_random_play_from_new_games(state: GameState, policy: int) -> None:
    assert sum(state.cards_in_play().values()) == 108
    play_game(state, random.Random(policy), rounds=2)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=dealt_scenarios(), policy=st.integers(0, 2**32))
def test_random_play_from_loaded_scenarios(data: dict[str, Any], policy: int) -> None:
    before = copy.deepcopy(data)
    s = load_scenario(data)
    assert data == before
    assert Counter(str(c) for c in s.cards_in_play().elements()) == Counter(DECK)
    play_game(s, random.Random(policy), rounds=2)


def test_every_combination_of_options_plays_to_the_end() -> None:
    """All 2^6 boolean option sets x catch window x scoring: one full round each."""
    combos = itertools.product(
        itertools.product([False, True], repeat=len(BOOL_OPTIONS)), WINDOWS, SCORINGS
    )
    for k, (flags, window, scoring) in enumerate(combos):
        rules = make_rules(flags, window, scoring, 500 if k % 2 else None)
        s = uno.new_game(2 + k % 9, rules=rules, seed=k)
        end, _ = play_round(s, random.Random(k), all_actions=False, check_every=20)
        assert end.is_over and end.round_winner is not None


# -- reproducibility ---------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 10),
    rules=rulesets,
    seed=st.integers(0, 2**40),
    policy=st.integers(0, 2**32),
)
def test_same_seed_and_actions_give_the_same_game(
    players: int, rules: RuleSet, seed: int, policy: int
) -> None:
    first = uno.new_game(players, rules=rules, seed=seed)
    second = uno.new_game(players, rules=rules, seed=seed)
    assert first == second
    rng = random.Random(policy)
    s1, s2 = first, second
    for _ in range(MAX_ACTIONS_PER_ROUND):
        if s1.is_over:
            break
        a = choose(legal_actions(s1), rng)
        assert a in legal_actions(s2)
        s1, ev1 = apply(s1, a)
        s2, ev2 = apply(s2, str(a))
        assert s1 == s2
        assert ev1 == ev2
        assert [e.to_dict() for e in ev1] == [e.to_dict() for e in ev2]
    assert s1.is_over
    if s1.phase is Phase.ROUND_OVER:
        assert uno.next_round(s1) == uno.next_round(s2)


_REPLAY = """
import json, random, sys, uno
s = uno.new_game(5, rules={"preset": "party", "draw_until_playable": True}, seed=424242)
rng = random.Random(7)
out = []
while not s.is_over:
    acts = uno.legal_actions(s)
    a = acts[rng.randrange(len(acts))]
    s, events = uno.apply(s, a)
    out.append([str(a), [e.to_dict() for e in events]])
out.append(uno.dump_scenario(s))
out.append(uno.dump_scenario(uno.load_scenario({"players": 3, "hands": [["R1"], ["G1"], ["B1"]],
                                                 "discard_pile": ["R9"], "seed": 99})))
print(json.dumps(out))
"""


def test_same_game_whatever_the_hash_seed() -> None:
    """'On every machine': no dependence on set/dict hash order (PYTHONHASHSEED)."""
    outputs = []
    for hash_seed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
        result = subprocess.run(
            [sys.executable, "-c", _REPLAY],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            timeout=120,
            check=True,
        )
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert len(outputs[0]) > 3


# -- legal_actions is exactly what apply accepts -------------------------------------------------


@st.composite
def reached_states(draw: st.DrawFn) -> GameState:
    """A state reached by a few random legal actions from a new game."""
    s = draw(new_games)
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 60))):
        if s.is_over:
            break
        s, _ = apply(s, choose(legal_actions(s), rng))
    return s


@st.composite
def action_texts(draw: st.DrawFn, state: GameState) -> str:
    """Action text near the legal ones: a legal action perturbed, or one built from the grammar."""
    n = state.n_players
    legal = legal_actions(state)
    if legal and draw(st.booleans()):
        a = draw(st.sampled_from(legal))
        field = draw(st.sampled_from(["seat", "card", "color", "target", "uno", "verb", "none"]))
        if field == "seat":
            a = Action(draw(st.integers(0, n + 1)), a.verb, a.card, a.color, a.target, a.uno)
        elif field == "card" and a.card is not None:
            card = uno.parse_card(draw(st.sampled_from(FACES)))
            a = Action(a.seat, a.verb, card, a.color, a.target, a.uno)
        elif field == "color":
            color = draw(st.sampled_from([None, *uno.COLORS]))
            a = Action(a.seat, a.verb, a.card, color, a.target, a.uno)
        elif field == "target":
            target = draw(st.sampled_from([None, *range(n + 1)]))
            a = Action(a.seat, a.verb, a.card, a.color, target, a.uno)
        elif field == "uno":
            a = Action(a.seat, a.verb, a.card, a.color, a.target, not a.uno)
        elif field == "verb":
            a = Action(a.seat, draw(st.sampled_from(VERBS)), a.card, a.color, a.target, a.uno)
        return str(a)
    words: list[str] = []
    if draw(st.booleans()):
        words.append(f"{draw(st.integers(0, n + 1))}:")
    verb = draw(st.sampled_from(VERBS))
    words.append(verb)
    if verb in ("play", "jump"):
        words.append(draw(st.sampled_from(FACES)))
        if draw(st.booleans()):
            words.append(draw(st.sampled_from("RYGB")))
    if verb == "color":
        words.append(draw(st.sampled_from("RYGB")))
    if verb in ("play", "jump", "catch") and draw(st.booleans()):
        words.append(str(draw(st.integers(0, n))))
    if verb in ("play", "jump") and draw(st.booleans()):
        words.append("uno")
    return " ".join(words)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_apply_accepts_exactly_the_legal_actions(data: st.DataObject) -> None:
    s = data.draw(reached_states())
    legal = set(legal_actions(s))
    before = dump_scenario(s)
    for _ in range(8):
        text = data.draw(action_texts(s))
        try:
            a = parse_action(text, s)
        except NotationError:
            continue
        assert parse_action(str(a), s) == a
        if a in legal:
            after, _ = apply(s, a)
            assert after.cards_in_play() == s.cards_in_play()
            continue
        try:
            after, events = apply(s, a)
        except IllegalAction as exc:
            assert isinstance(exc.reason, str) and exc.reason
            assert exc.rule in KNOWN_RULE_IDS, exc.rule
            assert exc.reason in str(exc) and exc.rule in str(exc)
        else:
            # R-PEN-1 (strict table mode): a wrong card is taken back and costs 2 cards.
            assert s.rules.strict_penalties, f"{a} is accepted but not in legal_actions"
            assert [e.type for e in events][:1] == ["penalized"], events
            assert after.cards_in_play() == s.cards_in_play()
        assert dump_scenario(s) == before


def _two_player_state() -> GameState:
    return load_scenario(
        {
            "players": 2,
            "hands": [["R1", "G2", "B3"], ["Y4", "Y5"]],
            "discard_pile": ["R9"],
            "turn": 0,
        }
    )


def test_playing_a_card_not_in_hand_is_refused() -> None:
    s = _two_player_state()
    with pytest.raises(IllegalAction) as info:
        apply(s, "0: play R5")
    assert info.value.reason == "card_not_in_hand"
    assert info.value.rule in KNOWN_RULE_IDS


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("1: play Y4", "not_your_turn"),
        ("1: draw", "not_your_turn"),
        ("1: pass", "not_your_turn"),
        ("1: color R", "not_your_turn"),
        ("1: accept", "nothing_to_challenge"),
    ],
)
def test_acting_out_of_turn_is_refused(text: str, reason: str) -> None:
    s = _two_player_state()
    with pytest.raises(IllegalAction) as info:
        apply(s, text)
    assert info.value.reason == reason
    assert info.value.rule in KNOWN_RULE_IDS


def test_refusals_after_the_round_is_over() -> None:
    s = load_scenario(
        {
            "players": 2,
            "hands": [[], ["Y4"]],
            "discard_pile": ["R9", "R3"],  # R3, seat 0's last card, on the R9
            "scores": [4, 0],  # R-SCORE-1: seat 0 scored the Y4
            "phase": "round_over",
        }
    )
    assert legal_actions(s) == []
    for text in ("0: draw", "1: play Y4", "1: uno", "0: catch 1"):
        with pytest.raises(IllegalAction) as info:
            apply(s, text)
        assert info.value.reason and info.value.rule in KNOWN_RULE_IDS


# -- fuzz: only the engine's own refusals escape ------------------------------------------------


fuzz_words = st.one_of(
    st.sampled_from(
        [*VERBS, "uno", ":", "0:", "1:", "12:", "R", "W", "WD4", "r7", "0", "99", "٣:", "²", "٢"]
    ),
    st.sampled_from(FACES),
    st.text(min_size=1, max_size=6),
)


@settings(max_examples=300, deadline=None)
@given(
    state=st.sampled_from([uno.new_game(k, rules="party", seed=k) for k in (2, 3, 7)]),
    text=st.one_of(
        st.text(max_size=30),
        st.lists(fuzz_words, max_size=6).map(" ".join),
        st.text(max_size=400),
    ),
)
def test_fuzz_action_text(state: GameState, text: str) -> None:
    try:
        a = parse_action(text, state)
    except NotationError as exc:
        assert str(exc)
        return
    assert parse_action(str(a), state) == a
    try:
        apply(state, text)
    except IllegalAction as exc:
        assert exc.reason and exc.rule in KNOWN_RULE_IDS


def _base_scenarios() -> list[dict[str, Any]]:
    """Valid scenario dicts in several phases."""
    out = []
    for k in range(6):
        rules = ["official", "party", "house", {"wd4_anytime": True}, "official", "single_round"][k]
        s = uno.new_game(2 + k, rules=rules, seed=100 + k)
        rng = random.Random(k)
        for _ in range(k * 7):
            if s.is_over:
                break
            s, _ = apply(s, choose(legal_actions(s), rng))
        out.append(dump_scenario(s))
    out.append(
        {
            "players": ["Ana", "Ben", "Chloé"],
            "hands": [["WD4", "G2", "W"], ["B5", "R4"], ["YS"]],
            "discard_pile": ["B7", "WD4"],
            "current_color": "G",
            "phase": "challenge",
            "challenge": {"player": 2, "previous_color": "B"},
            "turn": 0,
            "uno_exposed": [2],
        }
    )
    return out


BASES = _base_scenarios()
FIELDS = [
    "hands",
    "rules",
    "players",
    "format",
    "discard_pile",
    "draw_pile",
    "current_color",
    "turn",
    "direction",
    "phase",
    "scores",
    "dealer",
    "seed",
    "pending_draw",
    "drawn",
    "challenge",
    "uno_exposed",
    "shuffles",
    "title",
    "bogus",
]
# 1.0 and -1.0 are left out: a known ENGINE BUG (test_scenario.py::test_float_direction_is_refused).
json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.sampled_from(
            [0, 1, -1, 2, 3, 4, 9, 10, 11, 108, 2**63, -(2**70), 0.5, 2.0, float("nan")]
        ),
        st.sampled_from(["", "R", "r", "X9", "R7", "B5", "W", "WD4", *[p.value for p in Phase]]),
        st.sampled_from(["official", "party", "next_player", "lowest", "stacking"]),
        st.text(max_size=5),
    ),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(FIELDS), inner, max_size=3)
    ),
    max_leaves=8,
)


# Values that often make sense for a field, so that many fuzzed scenarios load.
plausible = {
    "turn": st.integers(0, 10),
    "dealer": st.integers(0, 10),
    "direction": st.sampled_from([1, -1]),
    "phase": st.sampled_from([p.value for p in Phase]),
    "current_color": st.sampled_from([None, "R", "Y", "G", "B"]),
    "pending_draw": st.integers(0, 10),
    "drawn": st.sampled_from(FACES),
    "uno_exposed": st.lists(st.integers(0, 4), max_size=2),
    "challenge": st.fixed_dictionaries(
        {"player": st.integers(0, 4), "previous_color": st.sampled_from("RYGB")},
        optional={"guilty": st.booleans()},
    ),
    "shuffles": st.integers(0, 5),
    "seed": st.integers(-5, 5),
    "scores": st.lists(st.integers(0, 600), min_size=2, max_size=7),
    "rules": st.sampled_from(
        [{"preset": "party"}, {"stacking": True}, {"wd4_anytime": True}, {"target_score": None}]
    ),
    "discard_pile": st.lists(st.sampled_from(FACES), min_size=1, max_size=3),
}


@st.composite
def near_valid_scenarios(draw: st.DrawFn) -> dict[str, Any]:
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    if draw(st.booleans()):
        data.pop("draw_pile", None)  # the engine fills it: cards can then be added
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(
            st.sampled_from(["set", "plausible", "delete", "card", "hand", "rules", "nested"])
        )
        if kind == "set":
            data[draw(st.sampled_from(FIELDS))] = draw(json_values)
        elif kind == "plausible":
            key = draw(st.sampled_from(sorted(plausible)))
            data[key] = draw(plausible[key])
        elif kind == "delete" and data:
            del data[draw(st.sampled_from(sorted(data)))]
        elif kind == "card" and isinstance(data.get("hands"), list) and data["hands"]:
            i = draw(st.integers(0, len(data["hands"]) - 1))
            hand = data["hands"][i]
            if isinstance(hand, list):
                code = draw(st.sampled_from([*FACES, "X9", "", 7, None]))
                if hand and draw(st.booleans()):
                    hand[draw(st.integers(0, len(hand) - 1))] = code
                elif hand and draw(st.booleans()):
                    hand.pop()
                else:
                    hand.append(code)
        elif kind == "hand" and isinstance(data.get("hands"), list):
            if data["hands"] and draw(st.booleans()):
                data["hands"].pop()
            else:
                data["hands"].append(draw(st.lists(st.sampled_from(FACES), max_size=3)))
            if draw(st.booleans()):  # keep players (and scores) in step with the hands
                count = len(data["hands"])
                data["players"] = count
                data.pop("scores", None)
        elif kind == "rules":
            rules = data.get("rules")
            if isinstance(rules, dict):
                key = draw(
                    st.sampled_from(["preset", *BOOL_OPTIONS, "target_score", "scoring", "x"])
                )
                rules[key] = draw(json_values)
        elif kind == "nested" and isinstance(data.get("discard_pile"), list):
            data["discard_pile"].append(draw(st.sampled_from([*FACES, "Z"])))
    return data


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=near_valid_scenarios(), policy=st.integers(0, 2**16))
def test_fuzz_scenario_dicts(data: dict[str, Any], policy: int) -> None:
    before = copy.deepcopy(data)
    try:
        s = load_scenario(data)
    except ScenarioError as exc:
        assert isinstance(exc.code, str) and exc.code
        assert isinstance(exc.field, str) and exc.field
        assert exc.field in str(exc)
        assert data == before or repr(data) == repr(before)  # nothing half-loaded (NaN != NaN)
        return
    # Loaded: the state is fully usable.
    assert load_scenario(dump_scenario(s)) == s
    deck = s.cards_in_play()
    rng = random.Random(policy)
    for _ in range(30):
        actions = check_state(s, deck, all_actions=True)
        if s.is_over:
            break
        s, _ = apply(s, choose(actions, rng))


@settings(max_examples=200, deadline=None)
@given(
    source=st.one_of(
        st.text(max_size=200),
        st.binary(max_size=200),
        json_values.map(json.dumps),
        st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6).map(json.dumps),
    )
)
def test_fuzz_scenario_text(source: str | bytes) -> None:
    try:
        s = load_scenario(source)
    except ScenarioError as exc:
        assert exc.code and exc.field in str(exc)
        return
    assert load_scenario(dump_scenario(s)) == s
    legal_actions(s)
