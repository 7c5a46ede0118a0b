"""Regression tests for rule bugs found in other open-source Uno engines.

Each test names the bug it guards against in its docstring; the rulings are in RULES.md.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import uno
from uno import Card, Phase, RuleSet

# -- helpers ---------------------------------------------------------------------------------


def table(hands, discard, draw="", *, turn=0, rules=None, color=None):
    """A scenario: ``hands`` as strings of card codes, ``discard`` ends with the top card,
    ``draw`` is the whole draw pile (first card drawn first)."""
    data = {
        "players": len(hands),
        "hands": [h.split() for h in hands],
        "discard_pile": discard.split(),
        "draw_pile": draw.split(),
        "turn": turn,
    }
    if rules is not None:
        data["rules"] = rules
    if color is not None:
        data["current_color"] = color
    return uno.load_scenario(data)


def of_type(events, type_):
    return [e for e in events if e.type == type_]


def hand(state, seat):
    return [str(c) for c in state.hands[seat]]


def cards(text):
    return [Card(c) for c in text.split()]


def refusal(state, action):
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, action)
    return info.value.reason, info.value.rule


# -- the regressions -------------------------------------------------------------------------


def test_first_card_draw_two_makes_first_player_draw_two_and_skips_them():
    """Some engines ignore the effect of a Draw Two turned up as the first card, or apply it to
    the dealer. R-SETUP-6: the player left of the dealer draws 2 and is skipped."""
    deck = cards("RD2 R1 R2 R3 R4 R5 R6 R7 R8 R9 G1 G2 G3 G4 G5 G6")
    names = ["A", "B", "C", "D"]
    for seed in range(3000):
        state, events = uno.start_round(names, RuleSet.official(), dealer=2, seed=seed, cards=deck)
        if state.top == Card("RD2"):
            break
    else:
        raise AssertionError("no seed turns up RD2 first")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(3, 2, "first_card")]
    assert [e.seat for e in of_type(events, "skipped")] == [3]
    sizes = [len(h) for h in state.hands]
    assert sizes[3] == sizes[0] + 2
    assert state.turn == 0
    assert state.pending_draw == 0
    assert refusal(state, "3: draw") == ("not_your_turn", "R-SETUP-3")


def test_wild_draw_four_drawn_then_played_still_makes_next_player_draw_four():
    """Some engines treat a card played right after drawing it as a plain card and lose its
    effect. A drawn Wild Draw Four played at once opens the challenge phase; accepting draws 4."""
    state = table(["G1 G2", "B1 B2", "Y9"], "R5", "WD4 Y1 Y2 Y3 Y4")
    state, _ = uno.apply(state, "0: draw")
    assert state.phase is Phase.DRAWN
    assert state.drawn == Card("WD4")
    state, _ = uno.apply(state, "0: play WD4 B")
    assert state.phase is Phase.CHALLENGE
    assert state.turn == 1
    assert state.pending_draw == 4
    assert state.challenge.player == 0
    state, events = uno.apply(state, "1: accept")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 4, "wild_draw_four")]
    assert hand(state, 1) == ["B1", "B2", "Y1", "Y2", "Y3", "Y4"]
    assert state.turn == 2
    assert state.current_color is uno.Color.B


def test_reshuffle_never_puts_the_top_card_into_the_draw_pile():
    """Some engines shuffle the whole discard pile, top card included, into the new draw pile
    (the card then exists twice, or the discard pile is left empty). R-DRAW-3."""
    state = table(["G7 G8", "B1", "Y1"], "G1 G2 G3 R0", "")
    state, events = uno.apply(state, "0: draw")
    assert of_type(events, "reshuffled")[0].count == 3
    assert state.discard_pile == (Card("R0"),)
    assert Card("R0") not in state.draw_pile
    assert all(Card("R0") not in h for h in state.hands)
    assert state.cards_in_play()[Card("R0")] == 1


def test_reshuffle_during_wild_draw_four_penalty_keeps_it_on_top():
    """The reshuffle triggered by a Wild Draw Four's own penalty must leave that Wild Draw Four
    on top with its named colour (and not hand it to the player who draws)."""
    state = table(["WD4 B1", "Y1", "Y2"], "G1 G2 G3 G4 R5", "")
    state, _ = uno.apply(state, "0: play WD4 B")
    state, events = uno.apply(state, "1: accept")
    assert of_type(events, "reshuffled")[0].count == 5
    assert of_type(events, "drew")[0].count == 4
    assert state.discard_pile == (Card("WD4"),)
    assert state.current_color is uno.Color.B
    assert Card("WD4") not in state.draw_pile + state.hands[1]
    assert len(state.draw_pile) == 1


def test_two_players_reverse_acts_as_skip():
    """Some engines flip the direction with two players, which changes nothing: the other
    player moves next. R-ACT-2: with two players Reverse acts as Skip."""
    state = table(["RR R1 G2", "B1 B2"], "R5")
    state, events = uno.apply(state, "0: play RR")
    assert [e.seat for e in of_type(events, "skipped")] == [1]
    assert state.turn == 0
    assert hand(state, 1) == ["B1", "B2"]
    assert refusal(state, "1: draw") == ("not_your_turn", "R-SETUP-3")
    state, _ = uno.apply(state, "0: play R1")
    assert state.turn == 1
    three = table(["RR R1 G2", "B1 B2", "Y1"], "R5")
    three, _ = uno.apply(three, "0: play RR")
    assert three.turn == 2  # with three players Reverse is no Skip


@pytest.mark.parametrize(
    ("top", "holding"),
    [("R5", "G5"), ("RS", "BS"), ("RR", "GR"), ("RD2", "YD2"), ("R5", "W")],
)
def test_wild_draw_four_guilt_is_about_colour_only(top, holding):
    """Some engines call a Wild Draw Four illegal when the player held any playable card. Only
    a card of the current colour makes it guilty (R-PLAY-4): a card matching by number or
    symbol, or another wild, is innocent, so the challenger draws 6 (R-CHAL-3)."""
    state = table([f"WD4 {holding}", "B1 B2", "Y9"], top, "Y1 Y2 Y3 Y4 Y5 Y6 Y7")
    assert not uno.is_bluff(state, "0: play WD4 G")
    state, _ = uno.apply(state, "0: play WD4 G")
    assert state.challenge.guilty is False
    state, events = uno.apply(state, "1: challenge")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 6, "challenge_failed")]
    assert hand(state, 0) == [holding]
    assert state.turn == 2


def test_wild_draw_four_guilt_with_a_card_of_the_colour():
    """The counterpart: holding a card of the colour to match is guilty, whatever its number."""
    state = table(["WD4 R9", "B1 B2", "Y9"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6 Y7")
    state, events = uno.apply(state, "0: play WD4 G")
    state, events = uno.apply(state, "1: challenge")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(0, 4, "challenge_guilty")]
    assert state.turn == 1


@pytest.mark.parametrize(
    ("rules", "seed"),
    [("official", 1), ("official", 2), ("house", 3), ("party", 4), ("house", 5)],
)
def test_empty_draw_pile_never_duplicates_cards(rules, seed):
    """Some engines duplicate cards when the draw pile runs dry (reshuffling a pile that still
    holds cards, or drawing from a stale copy). Play long games with tiny decks, so the draw
    pile is empty most of the time, and check the card multiset after every action."""
    ruleset = RuleSet.from_dict({"preset": rules, "target_score": 300})
    deck = cards("R1 R2 R3 G4 G5 YS BR RD2 W WD4 WD4 B7 Y8")
    state, _ = uno.start_round(["A", "B", "C"], ruleset, dealer=0, seed=seed, cards=deck)
    start = state.cards_in_play()
    assert start == Counter(deck)
    rng = random.Random(seed)
    seen = Counter()
    for _ in range(40000):
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            state = uno.next_round(state)
            events = []
        else:
            state, events = uno.apply(state, rng.choice(uno.legal_actions(state)))
        seen.update(e.type for e in events)
        assert state.cards_in_play() == start
        assert len(state.discard_pile) >= 1
    assert state.phase is Phase.GAME_OVER
    assert seen["reshuffled"] > 20
    assert seen["piles_empty"] > 0
