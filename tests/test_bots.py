"""The computer players (uno.bots) through the public path: ``bot_action`` then ``apply``.

Every move a bot makes is checked against ``legal_actions`` before it is applied, under several
rule sets and with every option, and each strategy's documented policy is checked move by move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest

import uno
from uno import Action, Card, Color, GameState, Phase, Strategy, make_strategy
from uno.academy.i18n import LANGS, t
from uno.bots import HEURISTICS
from uno.odds import p_guilty

WD4 = Card("WD4")
POINTS = {card: card.points for card in uno.DECK_COUNTS}

RULE_SETS: dict[str, Any] = {
    "official": "official",
    "single_round": "single_round",
    "house": "house",
    "party": "party",
    "everything": {
        "preset": "official",
        "jump_in": True,
        "seven_zero": True,
        "stacking": True,
        "wd4_anytime": True,
    },
    "strict": {"preset": "official", "strict_penalties": True},
    "own_next_turn": {
        "preset": "official",
        "uno_catch_window": "own_next_turn",
        "draw_until_playable": True,
    },
    "lowest": {"preset": "official", "scoring": "lowest", "target_score": 150},
    "stack_7_0": {"preset": "official", "stacking": True, "seven_zero": True},
}
NO_STACKING = ["official", "strict", "own_next_turn", "lowest"]
STACKING = ["house", "party", "stack_7_0"]

Hook = Callable[[GameState, Action, GameState, list[uno.Event]], None]


def single(rules: Any) -> Any:
    """The same rules for one round only (cheap games)."""
    if isinstance(rules, str):
        rules = {"preset": rules}
    return {**rules, "target_score": None, "scoring": "standard"}


def play(
    rules: Any,
    bots: Sequence[Strategy],
    seed: int,
    hook: Hook | None = None,
    whole_game: bool = False,
) -> GameState:
    """Play through the public API, checking each bot move is legal before applying it."""
    rng = random.Random(seed)
    state = uno.new_game(len(bots), rules, seed)
    for _ in range(200_000):
        if state.phase is Phase.GAME_OVER or (state.phase is Phase.ROUND_OVER and not whole_game):
            return state
        if state.phase is Phase.ROUND_OVER:
            state = uno.next_round(state)
            continue
        action = uno.bot_action(state, bots, rng)
        legal = uno.legal_actions(state)
        assert action in legal, f"illegal bot move {action} (seed {seed}); legal: {legal}"
        new_state, events = uno.apply(state, action)
        if hook is not None:
            hook(state, action, new_state, events)
        state = new_state
    raise AssertionError(f"seed {seed}: the game did not end")


def seat_options(i: int) -> dict[str, Any]:
    """A different mix of options for each seat."""
    return [
        {"challenge": "always", "bluff": 0.3, "forget_uno": 0.5, "catch": 0.5, "jump": 0.5},
        {"challenge": "odds", "bluff": 1.0, "forget_uno": 0.0, "catch": 1.0, "jump": 1.0},
        {"challenge": "never", "bluff": 0.0, "forget_uno": 1.0, "catch": 0.0, "jump": 0.0},
        {},
        {"challenge": "odds", "bluff": 0.5, "forget_uno": 0.2, "catch": 0.2, "jump": 0.3},
    ][i % 5]


def legal_cards(state: GameState) -> list[Card]:
    """Distinct cards the player to act may play now (from legal_actions)."""
    return sorted(
        {a.card for a in uno.legal_actions(state) if a.verb == "play" and a.seat == state.turn}
    )


def bluff(state: GameState, card: Card) -> bool:
    return card == WD4 and uno.is_bluff(state, Action(state.turn, "play", card, Color.R))


def fair_cards(state: GameState) -> list[Card]:
    """The legal cards of the player to act that are not Wild Draw Four bluffs."""
    return [c for c in legal_cards(state) if not bluff(state, c)]


def own_decision(state: GameState, action: Action) -> bool:
    """The player to act chose a card in phase play, no penalty pending (not a reaction)."""
    return (
        action.seat == state.turn
        and state.phase is Phase.PLAY
        and not state.pending_draw
        and action.verb in ("play", "draw")
    )


def colour_counts(hand: Sequence[Card], weight: Mapping[Card, int] | None = None) -> list[int]:
    totals = [0, 0, 0, 0]
    for card in hand:
        if card.color is not None:
            totals[card.color] += 1 if weight is None else weight[card]
    return totals


# -- every strategy, every option, only legal moves -------------------------------------------
@pytest.mark.parametrize("rules_name", list(RULE_SETS))
@pytest.mark.parametrize("name", HEURISTICS)
def test_bots_only_play_legal_moves(name: str, rules_name: str) -> None:
    verbs: Counter[str] = Counter()

    def count(state: GameState, action: Action, new: GameState, events: list) -> None:
        verbs[action.verb] += 1
        assert new.cards_in_play() == Counter(uno.FULL_DECK)  # R-DECK-2

    rules = RULE_SETS[rules_name]
    for seed in range(12):
        players = (2, 3, 4, 5, 7, 10)[seed % 6]
        bots = [make_strategy(name, **seat_options(seed + i)) for i in range(players)]
        final = play(single(rules), bots, seed, count)
        assert final.phase is Phase.GAME_OVER
    # One whole game to the target, with rounds dealt by next_round.
    bots = [make_strategy(name, **seat_options(i)) for i in range(4)]
    final = play(rules, bots, 99, count, whole_game=True)
    assert final.phase is Phase.GAME_OVER
    assert final.game_winners
    assert verbs["play"] > 0 and verbs["draw"] > 0
    assert verbs["pass"] == 0  # a drawn card that can be played is always played


def test_mixed_strategies_at_one_table_play_legal_moves() -> None:
    names = list(HEURISTICS)
    for seed in range(10):
        bots = [
            make_strategy(names[(seed + i) % 5], **seat_options(seed * 3 + i)) for i in range(5)
        ]
        play(single(RULE_SETS["party"]), bots, seed)
        play(single("official"), bots, seed)


def test_bots_are_reproducible() -> None:
    bots = [make_strategy(n, bluff=0.5, forget_uno=0.3, catch=0.5) for n in HEURISTICS]

    def trace(seed: int) -> list[Action]:
        moves: list[Action] = []
        play("party", bots, seed, lambda s, a, n, e: moves.append(a), whole_game=True)
        return moves

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


# -- the policies -----------------------------------------------------------------------------
@pytest.mark.parametrize("rules_name", ["official", "own_next_turn", "house", "everything"])
def test_random_never_draws_by_choice(rules_name: str) -> None:
    draws = plays = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal draws, plays
        if action.seat != state.turn:
            return
        if state.phase is Phase.PLAY and action.verb == "draw":
            draws += 1
            # R-DRAW-1: only when nothing but a Wild Draw Four bluff could be played.
            assert all(bluff(state, c) for c in legal_cards(state)), (action, state.hands)
        elif state.phase is Phase.PLAY and action.verb == "play":
            plays += 1
        assert action.verb != "pass"  # a playable drawn card is played

    bots = [make_strategy("random")] * 4
    for seed in range(25):
        play(single(RULE_SETS[rules_name]), bots, seed, check)
    assert draws > 50 and plays > 200


def test_random_picks_among_all_playable_cards() -> None:
    """Random is not secretly 'first': over many decisions with several choices, it often plays
    a card that is not the first playable one in hand order."""
    not_first = several = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal not_first, several
        if own_decision(state, action) and action.verb == "play":
            ok = set(fair_cards(state))
            if len(ok) > 1:
                several += 1
                first = next(c for c in state.hands[state.turn] if c in ok)
                not_first += action.card != first

    for seed in range(20):
        play(single("official"), [make_strategy("random")] * 4, seed, check)
    assert several > 100
    assert not_first > several / 4


def test_first_plays_the_first_fitting_card_in_hand_order() -> None:
    checked = wilds = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal checked, wilds
        if not own_decision(state, action):
            return
        hand = state.hands[state.turn]
        ok = set(fair_cards(state))
        if action.verb == "draw":
            assert not ok
            return
        checked += 1
        assert action.card == next(c for c in hand if c in ok)
        if action.card.is_wild:
            wilds += 1
            coloured = [c for c in hand if c.color is not None]
            assert action.color == (coloured[0].color if coloured else Color.R)

    for seed in range(30):
        play(single("official"), [make_strategy("first")] * 4, seed, check)
    assert checked > 500 and wilds > 10


def test_greedy_plays_the_highest_scoring_card() -> None:
    checked = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal checked
        if not own_decision(state, action) or action.verb != "play":
            return
        ok = fair_cards(state)
        checked += 1
        assert POINTS[action.card] == max(POINTS[c] for c in ok)  # R-SCORE-1
        if action.card.is_wild:
            weights = colour_counts(state.hands[state.turn], POINTS)
            assert weights[action.color] == max(weights)

    for seed in range(30):
        play(single("official"), [make_strategy("greedy")] * 4, seed, check)
    assert checked > 500


def test_save_wilds_plays_a_wild_only_when_nothing_else_plays() -> None:
    wilds = plain = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal wilds, plain
        if not own_decision(state, action) or action.verb != "play":
            return
        ok = fair_cards(state)
        if action.card.is_wild:
            wilds += 1
            assert all(c.is_wild for c in ok), (action, ok)
        else:
            plain += 1
        if any(not c.is_wild for c in ok):
            assert not action.card.is_wild

    for seed in range(40):
        play(single("official"), [make_strategy("save_wilds")] * 4, seed, check)
    assert wilds > 10 and plain > 500


def test_color_keeper_plays_and_names_the_colour_it_holds_most() -> None:
    named = played = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal named, played
        if action.seat != state.turn:
            return
        hand = state.hands[state.turn]
        counts = colour_counts(hand)
        best = max(range(4), key=counts.__getitem__)  # red..blue breaks ties
        if action.verb == "color" or (action.verb == "play" and action.card.is_wild):
            named += 1
            assert counts[action.color] == max(counts)
            assert action.color == Color(best)
        if own_decision(state, action) and action.verb == "play" and not action.card.is_wild:
            played += 1
            ok = [c for c in fair_cards(state) if c.color is not None]
            assert counts[action.card.color] == max(counts[c.color] for c in ok)

    for seed in range(30):
        play(single("official"), [make_strategy("color_keeper")] * 4, seed, check)
    assert named > 20 and played > 500


@pytest.mark.parametrize("rules_name", ["official", "own_next_turn", "party"])
def test_r_uno_2_forgetful_bot_never_says_uno_and_is_caught(rules_name: str) -> None:
    caught = exposed = 0
    pending_catch = False

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal caught, exposed, pending_catch
        if pending_catch:
            # A catch=1.0 opponent catches at once, before anything else happens.
            assert action.verb == "catch" and action.target == 0 and action.seat != 0, action
            assert any(e.type == "caught" and e.target == 0 for e in events)
            assert len(new.hands[0]) == len(state.hands[0]) + 2 or not new.draw_pile
            caught += 1
            pending_catch = False
        if action.seat == 0:
            assert not action.uno and action.verb != "uno"
        assert not any(e.type == "said_uno" and e.seat == 0 for e in events)
        if 0 in new.uno_exposed and 0 not in state.uno_exposed:
            exposed += 1
            pending_catch = True

    forgetful = make_strategy("random", forget_uno=1.0)
    for seed in range(30):
        others = [make_strategy("random", catch=1.0) for _ in range(3)]
        play(single(RULE_SETS[rules_name]), [forgetful, *others], seed, check)
    assert exposed > 5 and caught == exposed


def test_r_uno_1_bots_say_uno_unless_they_forget() -> None:
    said = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal said
        assert not new.uno_exposed  # nobody forgets, so nobody can be caught
        assert not any(e.type == "caught" for e in events)
        said += any(e.type == "said_uno" for e in events)

    for seed in range(20):
        play(single("party"), [make_strategy(n) for n in HEURISTICS], seed, check)
    assert said > 10


def test_r_uno_2_nobody_catches_with_catch_zero() -> None:
    exposed = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal exposed
        assert action.verb != "catch"
        exposed += len(new.uno_exposed) > len(state.uno_exposed)

    bots = [make_strategy("greedy", forget_uno=1.0, catch=0.0)] * 3
    for seed in range(20):
        play(single("official"), bots, seed, check)
    assert exposed > 5


def _count_bluffs(rules_name: str, bluff_chance: float, seeds: range) -> tuple[int, int]:
    wd4s = bluffs = 0

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        nonlocal wd4s, bluffs
        if action.verb in ("play", "jump") and action.card == WD4:
            wd4s += 1
            bluffs += uno.is_bluff(state, action)

    for seed in seeds:
        bots = [make_strategy(n, bluff=bluff_chance) for n in HEURISTICS]
        play(single(RULE_SETS[rules_name]), bots, seed, check)
    return wd4s, bluffs


@pytest.mark.parametrize("rules_name", [*NO_STACKING, "everything"])
def test_r_play_4_no_bluff_with_bluff_zero(rules_name: str) -> None:
    wd4s, bluffs = _count_bluffs(rules_name, 0.0, range(40))
    assert wd4s > 20
    assert bluffs == 0


@pytest.mark.parametrize("rules_name", STACKING)
def test_r_play_4_no_bluff_with_bluff_zero_under_stacking(rules_name: str) -> None:
    wd4s, bluffs = _count_bluffs(rules_name, 0.0, range(40))
    assert wd4s > 20
    assert bluffs == 0


def test_r_play_4_bluff_one_does_bluff() -> None:
    wd4s, bluffs = _count_bluffs("official", 1.0, range(40))
    assert wd4s > 20
    assert bluffs > 10  # bluff=1.0 keeps the Wild Draw Four among its choices when it may bluff


def _challenge_answers(policy: str, seeds: range) -> list[tuple[GameState, Action]]:
    answers: list[tuple[GameState, Action]] = []

    def check(state: GameState, action: Action, new: GameState, events: list) -> None:
        if state.phase is Phase.CHALLENGE and action.seat == state.turn:
            answers.append((state, action))

    bots = [make_strategy("random", challenge=policy, bluff=1.0)] * 4
    for seed in seeds:
        play(single("official"), bots, seed, check)
    return answers


def test_r_chal_1_challenge_always() -> None:
    answers = _challenge_answers("always", range(40))
    assert len(answers) > 20
    assert all(a.verb == "challenge" for _, a in answers)


def test_r_chal_4_challenge_never() -> None:
    answers = _challenge_answers("never", range(40))
    assert len(answers) > 20
    assert all(a.verb == "accept" for _, a in answers)


def test_r_chal_2_challenge_odds_follows_the_exact_odds() -> None:
    answers = _challenge_answers("odds", range(60))
    verbs = Counter(a.verb for _, a in answers)
    assert verbs["challenge"] > 5 and verbs["accept"] > 5, verbs
    for state, action in answers:
        chal = state.challenge
        assert chal is not None
        known = [*state.hands[state.turn], *state.discard_pile]
        p = p_guilty(len(state.hands[chal.player]), chal.previous_color, known, exact=True)
        threshold = Fraction(2, state.pending_draw + 2)  # accept costs 4, challenge (1-p)*6
        assert action.verb == ("challenge" if p > threshold else "accept")
        advice = uno.odds.challenge_advice(
            len(state.hands[chal.player]), chal.previous_color, known, state.pending_draw
        )
        assert advice.challenge == (action.verb == "challenge")


# -- options and names ------------------------------------------------------------------------
def test_make_strategy_by_name_and_object() -> None:
    for name in HEURISTICS:
        cls = uno.STRATEGIES[name]
        bot = make_strategy(name, challenge="odds", bluff=0.25)
        assert isinstance(bot, cls) and bot.name == name
        assert (bot.challenge, bot.bluff, bot.forget_uno) == ("odds", 0.25, 0.0)
        assert make_strategy(bot) is bot
        changed = make_strategy(bot, catch=0.0)
        assert changed.name == name and changed.catch == 0.0 and changed.bluff == 0.25
    assert list(HEURISTICS) == ["random", "first", "greedy", "color_keeper", "save_wilds"]
    assert list(uno.STRATEGIES) == [*HEURISTICS, "expert"]  # uno.expert, tests/test_expert.py


@pytest.mark.parametrize(
    ("spec", "options"),
    [
        ("nope", {}),
        ("", {}),
        (3, {}),
        (None, {}),
        ("random", {"challenge": "sometimes"}),
        ("first", {"challenge": None}),
        ("greedy", {"bluff": 1.5}),
        ("greedy", {"bluff": -0.1}),
        ("color_keeper", {"forget_uno": "often"}),
        ("save_wilds", {"catch": 2}),
        ("random", {"jump": -1}),
        ("random", {"jump": float("nan")}),
    ],
)
def test_bad_strategy_or_option_is_a_value_error(spec: Any, options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        make_strategy(spec, **options)


def test_bad_option_on_a_strategy_object_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        make_strategy(make_strategy("first"), bluff=2.0)


@pytest.mark.parametrize("lang", LANGS)
def test_every_strategy_has_a_name_and_description(lang: str) -> None:
    names = set()
    for name in uno.STRATEGIES:
        title = t(f"bot.{name}.name", lang)
        description = t(f"bot.{name}.description", lang)
        assert title.strip() and description.strip()
        assert len(description) > len(title)
        names.add(title)
    assert len(names) == len(uno.STRATEGIES)  # six different names
    for policy in uno.bots.CHALLENGE_POLICIES:
        assert t(f"bot.challenge.{policy}", lang).strip()


def test_strategy_names_are_translated() -> None:
    for name in uno.STRATEGIES:
        en = t(f"bot.{name}.description", "en")
        assert t(f"bot.{name}.description", "fr") != en
        assert t(f"bot.{name}.description", "ru") != en
