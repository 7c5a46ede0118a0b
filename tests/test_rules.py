"""One test (or more) per ruling of RULES.md; each test's name carries the ruling's id.

Situations are built with scenario dicts (explicit draw piles when the cards drawn matter) and
played with ``uno.apply``; setup rulings use ``uno.start_round`` with a small explicit deck.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import fields

import pytest

import uno
from uno import Card, Kind, Phase, RuleSet

# -- helpers ---------------------------------------------------------------------------------


def table(hands, discard, draw="", *, turn=0, rules=None, color=None, **extra):
    """A scenario: ``hands`` as strings of card codes, ``discard`` ends with the top card.
    ``draw`` is the draw pile (first card drawn first); ``None`` leaves it to the engine."""
    data = {
        "players": len(hands),
        "hands": [h.split() for h in hands],
        "discard_pile": discard.split(),
        "turn": turn,
    }
    if draw is not None:
        data["draw_pile"] = draw.split()
    if rules is not None:
        data["rules"] = rules
    if color is not None:
        data["current_color"] = color
    data.update(extra)
    return uno.load_scenario(data)


def run(state, *actions):
    """Apply actions in order; return the final state and every event."""
    events = []
    for action in actions:
        state, new = uno.apply(state, action)
        events += new
    return state, events


def refusal(state, action):
    """The (reason, rule) of the IllegalAction that ``action`` raises."""
    with pytest.raises(uno.IllegalAction) as info:
        uno.apply(state, action)
    return info.value.reason, info.value.rule


def of_type(events, type_):
    return [e for e in events if e.type == type_]


def hand(state, seat):
    return [str(c) for c in state.hands[seat]]


def cards(text):
    return [Card(c) for c in text.split()]


FILLER = "R1 R2 R3 R4 R5 R6 R7 R8 R9 G1 G2 G3 G4 G5 G6 G7 G8 G9 B1 B2 B3 B4 B5 B6"


def start_with(first, players=3, dealer=0):
    """Find a seed whose first card turned up (after any re-flip) is ``first``."""
    deck = cards(f"{first} {FILLER}")
    names = [f"P{i}" for i in range(players)]
    for seed in range(3000):
        state, events = uno.start_round(
            names, RuleSet.official(), dealer=dealer, seed=seed, cards=deck
        )
        if of_type(events, "first_card")[0].card == Card(first):
            return state, events
    raise AssertionError(f"no seed turns up {first}")


def play_randomly(state, seed, max_steps=60000):
    """Random legal actions (next_round between rounds) until game over; checks R-DECK-2
    after every step. Returns the final state. The policy prefers playing a card (uniformly
    random choice among all actions, voluntary draws included, makes endless rounds)."""
    rng = random.Random(seed)
    start = state.cards_in_play()
    for _ in range(max_steps):
        if state.phase is Phase.GAME_OVER:
            return state
        if state.phase is Phase.ROUND_OVER:
            state = uno.next_round(state)
        else:
            actions = uno.legal_actions(state)
            plays = [a for a in actions if a.verb not in ("draw", "uno", "catch")]
            pool = plays if plays and rng.random() < 0.9 else actions
            state, _ = uno.apply(state, rng.choice(pool))
        assert state.cards_in_play() == start
    raise AssertionError("game did not finish")


# -- deck and setup --------------------------------------------------------------------------


def test_r_deck_1_deck_has_108_cards_in_official_counts():
    deck = Counter(uno.FULL_DECK)
    assert len(uno.FULL_DECK) == 108
    for color in "RYGB":
        assert deck[Card(f"{color}0")] == 1
        for symbol in [*"123456789", "S", "R", "D2"]:
            assert deck[Card(f"{color}{symbol}")] == 2
        assert sum(n for c, n in deck.items() if str(c).startswith(color)) == 25
    assert deck[Card("W")] == 4
    assert deck[Card("WD4")] == 4


def test_r_deck_1_new_game_uses_the_whole_deck():
    state = uno.new_game(4, seed=3)
    assert state.cards_in_play() == Counter(uno.FULL_DECK)


@pytest.mark.parametrize(
    ("players", "rules", "seed"),
    [(2, "official", 1), (4, "official", 2), (5, "party", 3), (3, "house", 4)],
)
def test_r_deck_2_card_multiset_constant_over_complete_games(players, rules, seed):
    state = uno.new_game(players, rules=rules, seed=seed)
    final = play_randomly(state, seed)
    assert final.phase is Phase.GAME_OVER
    assert final.cards_in_play() == Counter(uno.FULL_DECK)


def test_r_deck_2_small_scenario_deck_is_conserved():
    state = table(["R1 R2 G3", "G4 B5 B6"], "Y1 R9", "Y2 Y3", rules={"target_score": None})
    start = state.cards_in_play()
    assert sum(start.values()) == 10
    final = play_randomly(state, seed=11)
    assert final.cards_in_play() == start


def test_r_setup_1_two_to_ten_players():
    for n in (2, 10):
        state = uno.new_game(n, seed=1)
        assert state.n_players == n
        assert all(len(h) >= 7 for h in state.hands)
    for n in (1, 11):
        with pytest.raises(uno.ScenarioError) as info:
            uno.new_game(n, seed=1)
        assert info.value.code == "player_count"
    with pytest.raises(uno.ScenarioError) as info:
        uno.load_scenario({"players": 11, "hands": [[]] * 11, "discard_pile": ["R5"]})
    assert info.value.code == "player_count"


def _dealer_value(card):
    return card.number if card.kind is Kind.NUMBER else 0


def test_r_setup_2_highest_number_deals_ties_draw_again():
    saw_tie = saw_action_beaten = False
    for seed in range(200):
        n = 2 + seed % 5
        choice = uno.choose_dealer(n, seed)
        rounds = choice.rounds
        assert [seat for seat, _ in rounds[0]] == list(range(n))
        for earlier, later in itertools.pairwise(rounds):
            best = max(_dealer_value(c) for _, c in earlier)
            tied = [s for s, c in earlier if _dealer_value(c) == best]
            assert len(tied) > 1
            assert [s for s, _ in later] == tied  # only the tied seats draw again
            saw_tie = True
        last = rounds[-1]
        best = max(_dealer_value(c) for _, c in last)
        assert [s for s, c in last if _dealer_value(c) == best] == [choice.dealer]
        dealer_card = dict(last)[choice.dealer]
        if any(c.kind is not Kind.NUMBER for _, c in last) and dealer_card.kind is Kind.NUMBER:
            saw_action_beaten = True  # an action/wild card lost to a number: it counted 0
    assert saw_tie and saw_action_beaten


def test_r_setup_2_new_game_dealer_is_the_drawn_dealer_and_left_plays_first():
    checked = 0
    for seed in range(60):
        n = 2 + seed % 6
        state = uno.new_game(n, seed=seed)
        assert state.dealer == uno.choose_dealer(n, seed).dealer
        if state.top.kind is Kind.NUMBER:
            assert state.turn == (state.dealer + 1) % n
            checked += 1
    assert checked > 20


def test_r_setup_3_deal_seven_each_flip_one_left_of_dealer_starts():
    names = ["A", "B", "C", "D"]
    for seed in range(50):
        state, events = uno.start_round(names, RuleSet.official(), dealer=3, seed=seed)
        if state.top.kind is Kind.NUMBER:
            break
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert len(state.discard_pile) == 1
    assert len(state.draw_pile) == 108 - 28 - 1
    assert of_type(events, "first_card")[0].card == state.top
    assert state.turn == 0  # the dealer's left (seat 3 + 1, wrapping)
    assert state.direction == 1
    assert state.phase is Phase.PLAY
    assert state.cards_in_play() == Counter(uno.FULL_DECK)


def test_r_setup_4_first_wild_draw_four_is_put_back_and_reflipped():
    deck = cards(f"WD4 {FILLER}")
    for seed in range(3000):
        state, events = uno.start_round(
            ["A", "B", "C"], RuleSet.official(), dealer=0, seed=seed, cards=deck
        )
        if of_type(events, "reflipped"):
            break
    else:
        raise AssertionError("no seed turns up WD4 first")
    assert of_type(events, "reflipped")[0].card == Card("WD4")
    assert state.top != Card("WD4")
    assert of_type(events, "first_card")[-1].card == state.top
    assert state.cards_in_play() == Counter(deck)
    assert state.phase is not Phase.CHALLENGE


def test_r_setup_5_first_wild_first_player_names_colour_then_plays():
    state, _ = start_with("W", players=3, dealer=0)
    assert state.phase is Phase.CHOOSE_COLOR
    assert state.current_color is None
    assert state.turn == 1
    assert refusal(state, "1: draw") == ("must_choose_color", "R-SETUP-5")
    assert refusal(state, "2: color G") == ("not_your_turn", "R-SETUP-3")
    state, events = uno.apply(state, "1: color G")
    assert [(e.type, e.seat, e.color) for e in events] == [("color_named", 1, uno.Color.G)]
    assert state.current_color is uno.Color.G
    assert state.phase is Phase.PLAY
    assert state.turn == 1  # the same player now plays
    assert refusal(state, "1: color R") == ("no_color_to_choose", "R-SETUP-5")


def test_r_setup_6_first_skip_skips_first_player():
    state, events = start_with("RS", players=3, dealer=0)
    assert [e.seat for e in of_type(events, "skipped")] == [1]
    assert state.turn == 2
    assert [len(h) for h in state.hands] == [7, 7, 7]


def test_r_setup_6_first_draw_two_first_player_draws_two_and_is_skipped():
    state, events = start_with("RD2", players=3, dealer=0)
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 2, "first_card")]
    assert [len(h) for h in state.hands] == [7, 9, 7]
    assert [e.seat for e in of_type(events, "skipped")] == [1]
    assert state.turn == 2


def test_r_setup_6_first_reverse_dealer_starts_counter_clockwise():
    state, events = start_with("RR", players=4, dealer=1)
    assert state.turn == 1
    assert state.direction == -1
    assert of_type(events, "reversed")
    state, _ = uno.apply(state, "1: draw")
    if state.phase is Phase.DRAWN:
        state, _ = uno.apply(state, "1: pass")
    assert state.turn == 0  # counter-clockwise after the dealer


# -- a turn ----------------------------------------------------------------------------------


def test_r_play_1_match_by_colour_number_or_symbol():
    state = table(["R2 G5 GS GD2 G7", "B1", "B2"], "R5")
    for action, color in (("0: play R2", "R"), ("0: play G5", "G")):
        new, events = uno.apply(state, action)
        assert of_type(events, "played")[0].card == Card(action.split()[-1])
        assert str(new.current_color) == color
        assert new.turn == 1
    assert refusal(state, "0: play G7") == ("no_match", "R-PLAY-1")
    assert refusal(state, "0: play GS") == ("no_match", "R-PLAY-1")
    skip_top = table(["GS G7", "B1 B2", "B3"], "RS", "Y1 Y2")
    new, _ = uno.apply(skip_top, "0: play GS")
    assert new.top == Card("GS")
    d2_top = table(["GD2 G7", "B1 B2", "B3"], "RD2", "Y1 Y2")
    new, _ = uno.apply(d2_top, "0: play GD2")
    assert new.top == Card("GD2")


def test_r_play_1_card_must_be_in_hand_and_it_must_be_your_turn():
    state = table(["R2 G5", "R3", "B2"], "R5")
    assert refusal(state, "0: play R9") == ("card_not_in_hand", "R-PLAY-1")
    assert refusal(state, "1: play R3") == ("not_your_turn", "R-SETUP-3")


def test_r_play_2_after_a_wild_match_the_named_colour():
    state = table(["Y1 R1 R0 W", "B1", "B2"], "R5 W", color="Y")
    assert refusal(state, "0: play R1") == ("no_match", "R-PLAY-1")
    assert refusal(state, "0: play R0") == ("no_match", "R-PLAY-1")
    new, _ = uno.apply(state, "0: play Y1")
    assert new.top == Card("Y1")
    # a number card never matches a wild by symbol, and a plain card takes no colour
    assert refusal(state, "0: play Y1 R") == ("unexpected_color", "R-PLAY-2")
    after_wd4 = table(["G3 B3 R1", "B1", "B2"], "R5 WD4", color="G")
    assert refusal(after_wd4, "0: play B3") == ("no_match", "R-PLAY-1")
    assert refusal(after_wd4, "0: play R1") == ("no_match", "R-PLAY-1")
    new, _ = uno.apply(after_wd4, "0: play G3")
    assert new.current_color is uno.Color.G


def test_r_play_3_wild_playable_even_with_other_playable_cards():
    state = table(["R2 W", "B1", "B2"], "R5")
    legal = {str(a) for a in uno.legal_actions(state)}
    assert {"0: play W R", "0: play W Y", "0: play W G", "0: play W B"} <= legal
    new, _ = uno.apply(state, "0: play W B")
    assert new.current_color is uno.Color.B
    assert new.turn == 1


def test_r_play_4_wd4_legal_with_only_number_symbol_or_wild_matches():
    state = table(["WD4 G5 W BR", "B1 B2", "B3"], "RR", "Y1 Y2 Y3 Y4")
    assert not uno.is_bluff(state, "0: play WD4 G")
    new, _ = uno.apply(state, "0: play WD4 G")
    assert new.phase is Phase.CHALLENGE
    assert new.challenge.guilty is False


def test_r_play_4_wd4_bluff_is_allowed_and_recorded_as_guilty():
    state = table(["WD4 R1", "B1 B2", "B3"], "R5", "Y1 Y2 Y3 Y4")
    assert "0: play WD4 G" in {str(a) for a in uno.legal_actions(state)}
    assert uno.is_bluff(state, "0: play WD4 G")
    new, _ = uno.apply(state, "0: play WD4 G")
    assert new.phase is Phase.CHALLENGE
    assert new.challenge.guilty is True
    assert new.challenge.previous_color is uno.Color.R


def test_r_draw_1_draw_playable_card_then_play_it():
    state = table(["G1 G2", "B1", "B2"], "R5", "R9 Y2")
    state, events = uno.apply(state, "0: draw")
    assert [(e.seat, e.count, e.reason) for e in of_type(events, "drew")] == [(0, 1, "draw")]
    assert state.phase is Phase.DRAWN
    assert state.drawn == Card("R9")
    assert state.turn == 0
    assert refusal(state, "0: draw") == ("already_drew", "R-DRAW-1")
    state, _ = uno.apply(state, "0: play R9")
    assert state.top == Card("R9")
    assert state.turn == 1


def test_r_draw_1_draw_playable_card_and_keep_it():
    state = table(["G1 G2", "B1", "B2"], "R5", "R9 Y2")
    state, events = run(state, "0: draw", "0: pass")
    assert of_type(events, "kept")[0].card == Card("R9")
    assert "R9" in hand(state, 0)
    assert state.turn == 1
    assert state.phase is Phase.PLAY


def test_r_draw_1_unplayable_drawn_card_ends_turn():
    state = table(["G1 G2", "B1", "B2"], "R5", "Y2 R9")
    assert refusal(state, "0: pass") == ("nothing_to_pass", "R-DRAW-1")
    state, _ = uno.apply(state, "0: draw")
    assert hand(state, 0) == ["G1", "G2", "Y2"]
    assert state.turn == 1
    assert state.phase is Phase.PLAY


def test_r_draw_2_draw_instead_then_only_drawn_card():
    state = table(["R2 G1", "B1", "B2"], "R5", "R8 Y2")
    state, _ = uno.apply(state, "0: draw")
    assert state.phase is Phase.DRAWN
    assert refusal(state, "0: play R2") == ("only_drawn_card", "R-DRAW-2")
    state, _ = uno.apply(state, "0: play R8")
    assert state.top == Card("R8")
    assert "R2" in hand(state, 0)


def test_r_draw_2_draw_instead_unplayable_card_ends_turn():
    state = table(["R2 G1", "B1", "B2"], "R5", "Y2 R8")
    state, _ = uno.apply(state, "0: draw")
    assert state.turn == 1
    assert hand(state, 0) == ["R2", "G1", "Y2"]


def test_r_draw_3_empty_draw_pile_reshuffles_discard_except_top():
    state = table(["G7 G8", "B1", "Y1"], "B2 B3 Y9 R5", "")
    state, events = uno.apply(state, "0: draw")
    assert of_type(events, "reshuffled")[0].count == 3
    assert state.discard_pile == (Card("R5"),)
    assert state.current_color is uno.Color.R
    drawn = of_type(events, "drew")[0].cards
    assert len(drawn) == 1
    assert Counter(state.draw_pile + drawn) == Counter(cards("B2 B3 Y9"))


def test_r_draw_3_reshuffled_wild_loses_its_colour_top_wild_keeps_it():
    state = table(["G7 G8", "B1", "Y1"], "W B3 W", "", color="Y")
    state, events = uno.apply(state, "0: draw")
    assert of_type(events, "reshuffled")
    assert state.discard_pile == (Card("W"),)
    assert state.current_color is uno.Color.Y  # the top wild keeps its colour
    # the drawn card (W or B3): if it is the reshuffled W, it must be given a colour again
    if state.drawn == Card("W"):
        assert refusal(state, "0: play W") == ("missing_color", "R-ACT-4")
    only_wild = table(["G7 G8", "B1", "Y1"], "W B3", "")
    state, _ = uno.apply(only_wild, "0: draw")
    assert state.drawn == Card("W")
    assert refusal(state, "0: play W") == ("missing_color", "R-ACT-4")
    state, _ = uno.apply(state, "0: play W G")
    assert state.current_color is uno.Color.G


def test_r_draw_4_both_piles_empty_draw_nothing_and_play_goes_on():
    state = table(["G7 G8", "B1", "Y1"], "R5", "")
    state, events = uno.apply(state, "0: draw")
    assert [(e.count, e.cards) for e in of_type(events, "drew")] == [(0, ())]
    assert of_type(events, "piles_empty")[0].missing == 1
    assert hand(state, 0) == ["G7", "G8"]
    assert state.turn == 1


def test_r_draw_4_draw_two_with_too_few_cards_draws_what_exists():
    state = table(["RD2 G1", "B1", "Y1"], "R5", "")
    state, events = uno.apply(state, "0: play RD2")
    drew = of_type(events, "drew")[0]
    assert (drew.seat, drew.count, drew.cards) == (1, 1, (Card("R5"),))
    assert of_type(events, "piles_empty")[0].missing == 1
    assert state.turn == 2
    assert state.cards_in_play() == Counter(cards("RD2 G1 B1 Y1 R5"))


# -- action cards ----------------------------------------------------------------------------


def test_r_act_1_skip_next_player_loses_turn():
    state = table(["RS G1", "B1", "Y1", "B2"], "R5")
    state, events = uno.apply(state, "0: play RS")
    assert [e.seat for e in of_type(events, "skipped")] == [1]
    assert state.turn == 2


def test_r_act_2_reverse_flips_direction():
    state = table(["RR G1", "B1", "Y1", "B2"], "R5")
    state, events = uno.apply(state, "0: play RR")
    assert state.direction == -1
    assert of_type(events, "reversed")[0].direction == -1
    assert state.turn == 3
    back = table(["B3", "B1", "YR Y2", "B2"], "Y5", turn=2, direction=-1)
    back, _ = uno.apply(back, "2: play YR")
    assert back.direction == 1
    assert back.turn == 3


def test_r_act_2_two_players_reverse_acts_as_skip():
    state = table(["RR G1", "B1 B2"], "R5")
    state, events = uno.apply(state, "0: play RR")
    assert state.turn == 0
    assert hand(state, 1) == ["B1", "B2"]
    assert [e.seat for e in of_type(events, "skipped")] == [1]


def test_r_act_3_draw_two_next_draws_two_and_is_skipped():
    state = table(["RD2 G1", "GD2 B1", "Y1"], "R5", "Y2 Y3 Y4")
    state, events = uno.apply(state, "0: play RD2")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 2, "draw_two")]
    assert drew[0].cards == (Card("Y2"), Card("Y3"))
    assert hand(state, 1) == ["GD2", "B1", "Y2", "Y3"]  # no chance to stack GD2
    assert [e.seat for e in of_type(events, "skipped")] == [1]
    assert state.turn == 2
    assert state.pending_draw == 0


def test_r_act_4_wild_player_names_colour():
    state = table(["W G1", "B1", "Y1"], "R5")
    assert refusal(state, "0: play W") == ("missing_color", "R-ACT-4")
    state, events = uno.apply(state, "0: play W Y")
    assert of_type(events, "played")[0].color is uno.Color.Y
    assert state.current_color is uno.Color.Y
    assert state.turn == 1


def test_r_act_5_wd4_names_colour_next_draws_four_unless_challenge():
    state = table(["WD4 G1", "B1 B2", "Y1"], "R5", "Y2 Y3 Y4 Y5")
    state, _ = uno.apply(state, "0: play WD4 B")
    assert state.current_color is uno.Color.B
    assert state.phase is Phase.CHALLENGE
    assert state.turn == 1
    assert state.pending_draw == 4
    assert state.challenge.player == 0
    state, events = uno.apply(state, "1: accept")
    assert [(e.seat, e.count) for e in of_type(events, "drew")] == [(1, 4)]
    assert state.turn == 2


@pytest.mark.parametrize(
    ("card", "then"),
    [("RS", []), ("RR", []), ("RD2", []), ("WD4 G", ["1: accept"])],
)
def test_r_act_6_two_players_action_card_player_plays_again(card, then):
    state = table(["G1 G2 " + card.split()[0], "B1 B2"], "R5", "Y1 Y2 Y3 Y4")
    state, _ = run(state, f"0: play {card}", *then)
    assert state.turn == 0
    assert state.phase is Phase.PLAY
    expected = {"RS": 2, "RR": 2, "RD2": 4, "WD4 G": 6}[card]
    assert len(state.hands[1]) == expected


# -- Wild Draw Four challenge ----------------------------------------------------------------


def test_r_chal_1_only_the_target_before_drawing():
    state = table(["WD4 G1", "B1 B2", "Y1"], "R5", "Y2 Y3 Y4 Y5")
    assert refusal(state, "0: challenge") == ("nothing_to_challenge", "R-CHAL-1")
    state, _ = uno.apply(state, "0: play WD4 B")
    assert refusal(state, "1: draw") == ("must_challenge_or_accept", "R-CHAL-1")
    assert refusal(state, "1: play B1") == ("must_challenge_or_accept", "R-CHAL-1")
    accepted, _ = uno.apply(state, "1: accept")
    assert refusal(accepted, "1: challenge") == ("nothing_to_challenge", "R-CHAL-1")
    assert refusal(accepted, "2: challenge") == ("nothing_to_challenge", "R-CHAL-1")


def test_r_chal_1_other_seat_cannot_challenge_or_accept():
    state = table(["WD4 G1", "B1 B2", "Y1"], "R5", "Y2 Y3 Y4 Y5")
    state, _ = uno.apply(state, "0: play WD4 B")
    assert refusal(state, "2: challenge") == ("not_your_challenge", "R-CHAL-1")
    assert refusal(state, "0: accept") == ("not_your_challenge", "R-CHAL-1")


def test_r_chal_2_guilty_player_draws_four_challenger_plays_on():
    state = table(["WD4 R1", "G1 G2", "Y1"], "R5", "B1 B2 B3 B4")
    state, events = run(state, "0: play WD4 G", "1: challenge")
    chal = of_type(events, "challenged")[0]
    assert (chal.seat, chal.target, chal.guilty) == (1, 0, True)
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(0, 4, "challenge_guilty")]
    assert hand(state, 0) == ["R1", "B1", "B2", "B3", "B4"]
    assert hand(state, 1) == ["G1", "G2"]
    assert state.turn == 1
    assert state.phase is Phase.PLAY
    assert state.current_color is uno.Color.G  # the named colour stands
    state, _ = uno.apply(state, "1: play G1")
    assert state.top == Card("G1")


def test_r_chal_3_innocent_challenger_draws_six_and_loses_turn():
    state = table(["WD4 G1", "B1 B2", "Y1"], "R5", "B3 B4 B5 B6 B7 B8 B9")
    state, events = run(state, "0: play WD4 B", "1: challenge")
    assert of_type(events, "challenged")[0].guilty is False
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 6, "challenge_failed")]
    assert hand(state, 0) == ["G1"]
    assert len(state.hands[1]) == 8
    assert state.turn == 2


def test_r_chal_4_accepting_draws_four_and_loses_turn():
    state = table(["WD4 R1", "G1 G2", "Y1"], "R5", "B1 B2 B3 B4 B5")
    state, events = run(state, "0: play WD4 G", "1: accept")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 4, "wild_draw_four")]
    assert not of_type(events, "challenged")
    assert hand(state, 0) == ["R1"]  # a bluff that nobody challenged costs nothing
    assert state.turn == 2
    assert state.draw_pile == (Card("B5"),)


# -- Uno! ------------------------------------------------------------------------------------


def test_r_uno_1_playing_down_to_one_card_without_uno_exposes():
    state = table(["R2 G3", "R4 B5", "B6 B7"], "R5")
    silent, events = uno.apply(state, "0: play R2")
    assert silent.uno_exposed == (0,)
    assert not of_type(events, "said_uno")
    said, events = uno.apply(state, "0: play R2 uno")
    assert said.uno_exposed == ()
    assert [e.seat for e in of_type(events, "said_uno")] == [0]
    assert refusal(said, "1: uno") == ("uno_not_needed", "R-UNO-1")
    big = table(["R2 G3 G4", "R4 B5", "B6 B7"], "R5")
    assert refusal(big, "0: play R2 uno") == ("uno_not_one_card", "R-UNO-1")


def test_r_uno_2_caught_before_next_player_acts_draws_two():
    state = table(["R2 G3", "R4 B5", "B6 B7"], "R5", "Y1 Y2 Y3")
    state, _ = uno.apply(state, "0: play R2")
    assert refusal(state, "0: catch 0") == ("catch_self", "R-UNO-2")
    caught, events = uno.apply(state, "2: catch 0")
    assert [(e.seat, e.target) for e in of_type(events, "caught")] == [(2, 0)]
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(0, 2, "uno_caught")]
    assert hand(caught, 0) == ["G3", "Y1", "Y2"]
    assert caught.uno_exposed == ()
    assert caught.turn == 1
    assert refusal(caught, "1: catch 0") == ("not_catchable", "R-UNO-2")


@pytest.mark.parametrize("action", ["1: play R4", "1: draw"])
def test_r_uno_2_window_closes_when_next_player_acts(action):
    state = table(["R2 G3", "R4 B5 B8", "B6 B7"], "R5", "Y1 Y2 Y3")
    state, _ = run(state, "0: play R2", action)
    if state.phase is Phase.DRAWN:
        state, _ = uno.apply(state, "1: pass")
    assert state.uno_exposed == ()
    assert refusal(state, "2: catch 0") == ("not_catchable", "R-UNO-2")


@pytest.mark.parametrize("decision", ["1: accept", "1: challenge"])
def test_r_uno_2_window_closes_when_target_of_wd4_decides(decision):
    state = table(["WD4 G3", "R4 B5 B8", "B6 B7"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6", rules=None)
    state, _ = uno.apply(state, "0: play WD4 B")
    assert state.uno_exposed == (0,)
    caught, _ = uno.apply(state, "2: catch 0")
    assert len(caught.hands[0]) == 3
    assert caught.phase is Phase.CHALLENGE  # catching does not answer the challenge
    state, _ = uno.apply(state, decision)
    assert refusal(state, "2: catch 0") == ("not_catchable", "R-UNO-2")


def test_r_uno_2_skipped_player_does_not_close_window():
    state = table(["RS G3", "R4 B5", "B6 B7"], "R5", "Y1 Y2 Y3")
    state, _ = uno.apply(state, "0: play RS")
    assert state.turn == 2
    assert state.uno_exposed == (0,)
    caught, _ = uno.apply(state, "1: catch 0")
    assert len(caught.hands[0]) == 3
    closed, _ = uno.apply(state, "2: draw")
    assert refusal(closed, "1: catch 0") == ("not_catchable", "R-UNO-2")


def test_r_uno_2_own_next_turn_window_option():
    rules = {"uno_catch_window": "own_next_turn"}
    state = table(["R2 G3", "R4 B5 B8", "R6 B7 B9"], "R5", "Y1 Y2 Y3 Y4", rules=rules)
    state, _ = run(state, "0: play R2", "1: play R4", "2: play R6")
    assert state.turn == 0
    assert state.uno_exposed == (0,)
    caught, events = uno.apply(state, "1: catch 0")
    assert of_type(events, "drew")[0].count == 2
    assert len(caught.hands[0]) == 3
    closed, _ = uno.apply(state, "0: draw")
    assert closed.uno_exposed == ()
    assert refusal(closed, "1: catch 0") == ("not_catchable", "R-UNO-2")


def test_r_uno_2_player_who_no_longer_has_one_card_cannot_be_caught():
    rules = {"uno_catch_window": "own_next_turn"}
    state = table(["R2 G3", "R4 B5 B8", "RD2 B7 B9"], "R5", "Y1 Y2 Y3", rules=rules)
    state, _ = run(state, "0: play R2", "1: play R4")
    assert state.uno_exposed == (0,)
    state, _ = uno.apply(state, "2: play RD2")  # seat 0 draws 2: three cards now
    assert len(state.hands[0]) == 3
    assert state.uno_exposed == ()
    assert refusal(state, "1: catch 0") == ("not_catchable", "R-UNO-2")


def test_r_uno_3_late_uno_before_being_caught_is_safe():
    state = table(["R2 G3", "R4 B5", "B6 B7"], "R5", "Y1 Y2 Y3")
    state, _ = uno.apply(state, "0: play R2")
    state, events = uno.apply(state, "0: uno")
    assert [e.seat for e in of_type(events, "said_uno")] == [0]
    assert state.uno_exposed == ()
    assert refusal(state, "2: catch 0") == ("not_catchable", "R-UNO-2")
    assert hand(state, 0) == ["G3"]


def test_r_uno_3_late_uno_under_own_next_turn_after_others_played():
    rules = {"uno_catch_window": "own_next_turn"}
    state = table(["R2 G3", "R4 B5 B8", "B6 B7"], "R5", "Y1 Y2 Y3", rules=rules)
    state, _ = run(state, "0: play R2", "1: play R4", "0: uno")
    assert state.uno_exposed == ()
    assert refusal(state, "2: catch 0") == ("not_catchable", "R-UNO-2")


# -- end of round and scoring ----------------------------------------------------------------


def test_r_end_1_round_ends_on_last_card():
    state = table(["R2", "G3 G4", "B6"], "R5", "Y1")
    state, events = uno.apply(state, "0: play R2")
    won = of_type(events, "round_won")[0]
    assert (won.seat, won.points) == (0, 13)
    assert state.phase is Phase.ROUND_OVER
    assert state.round_winner == 0
    assert refusal(state, "1: draw") == ("round_over", "R-END-1")
    assert uno.legal_actions(state) == []


def test_r_end_1_last_card_action_card_ends_round():
    state = table(["RS", "G3 G4", "B6"], "R5", "Y1")
    state, events = uno.apply(state, "0: play RS")
    assert state.phase is Phase.ROUND_OVER
    assert of_type(events, "round_won")[0].points == 13


def test_r_end_1_last_draw_two_next_draws_before_scoring():
    state = table(["RD2", "G3", "B6"], "R5", "Y1 Y2 Y3")
    state, events = uno.apply(state, "0: play RD2")
    types = [e.type for e in events]
    assert types.index("drew") < types.index("round_won")
    assert of_type(events, "drew")[0].seat == 1
    assert hand(state, 1) == ["G3", "Y1", "Y2"]
    assert of_type(events, "round_won")[0].points == 3 + 1 + 2 + 6


def test_r_end_1_last_wild_draw_four_not_challengeable_next_draws_four():
    state = table(["WD4", "G3", "B6"], "R5", "Y1 Y2 Y3 Y4 Y5")
    state, events = uno.apply(state, "0: play WD4 G")
    assert state.phase is Phase.ROUND_OVER
    assert state.challenge is None
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 4, "wild_draw_four")]
    assert of_type(events, "round_won")[0].points == 3 + 10 + 6


def test_r_score_1_winner_scores_cards_left_in_other_hands():
    state = table(["R2", "R7 GS BR", "YD2 W WD4 B0"], "R5", "Y1")
    state, events = uno.apply(state, "0: play R2")
    won = of_type(events, "round_won")[0]
    assert won.hand_points == (0, 47, 120)
    assert won.points == 167
    assert state.scores == (167, 0, 0)
    points = [uno.card_points(c) for c in cards("R7 B0 GS BR YD2 W WD4")]
    assert points == [7, 0, 20, 20, 20, 50, 50]


def test_r_score_2_reaching_target_wins_the_game():
    state = table(["R2", "GS", "B6"], "R5", "Y1", scores=[480, 300, 0])
    state, events = uno.apply(state, "0: play R2")
    assert state.scores == (506, 300, 0)
    assert state.phase is Phase.GAME_OVER
    assert state.game_winners == (0,)
    assert of_type(events, "game_won")[0].seats == (0,)
    assert refusal(state, "1: draw") == ("round_over", "R-END-1")
    with pytest.raises(uno.IllegalAction) as info:
        uno.next_round(state)
    assert (info.value.reason, info.value.rule) == ("round_not_over", "R-SCORE-2")


def test_r_score_2_below_target_rounds_continue_scores_kept():
    state = table(["R2", "GS", "B6"], "R5", None, scores=[100, 300, 0], dealer=2)
    state, events = uno.apply(state, "0: play R2")
    assert state.phase is Phase.ROUND_OVER
    assert not of_type(events, "game_won")
    assert state.game_winners == ()
    nxt = uno.next_round(state)
    assert nxt.scores == (126, 300, 0)
    assert nxt.dealer == 0
    assert nxt.phase in (Phase.PLAY, Phase.CHOOSE_COLOR)
    assert nxt.cards_in_play() == Counter(uno.FULL_DECK)
    assert sorted(len(h) for h in nxt.hands)[0] == 7


def test_r_score_2_target_none_one_round_winner_takes_all():
    state = table(["R2", "GS", "B6"], "R5", "Y1", rules={"target_score": None})
    state, _ = uno.apply(state, "0: play R2")
    assert state.phase is Phase.GAME_OVER
    assert state.game_winners == (0,)
    assert state.scores == (26, 0, 0)


def test_r_score_3_lowest_scoring_each_adds_own_hand():
    rules = {"scoring": "lowest"}
    state = table(["R2", "R9 GS", "W"], "R5", "Y1", rules=rules, scores=[480, 100, 10])
    state, events = uno.apply(state, "0: play R2")
    assert state.scores == (480, 129, 60)
    assert state.phase is Phase.ROUND_OVER
    assert of_type(events, "round_won")[0].seat == 0


def test_r_score_3_lowest_total_wins_when_one_reaches_target():
    rules = {"scoring": "lowest"}
    state = table(["R2", "GS", "B3"], "R5", "Y1", rules=rules, scores=[0, 480, 10])
    state, events = uno.apply(state, "0: play R2")
    assert state.scores == (0, 500, 13)
    assert state.phase is Phase.GAME_OVER
    assert state.game_winners == (0,)
    assert of_type(events, "game_won")[0].seats == (0,)


def test_r_score_3_lowest_tie_shares_the_win():
    rules = {"scoring": "lowest"}
    state = table(["R2", "GS", "R0"], "R5", "Y1", rules=rules, scores=[10, 480, 10])
    state, _ = uno.apply(state, "0: play R2")
    assert state.game_winners == (0, 2)


# -- penalties -------------------------------------------------------------------------------


def test_r_pen_1_default_refuses_a_card_that_does_not_match():
    state = table(["G7 R1", "B1", "Y1"], "R5", "Y2 Y3")
    assert refusal(state, "0: play G7") == ("no_match", "R-PLAY-1")


def test_r_pen_1_strict_table_wrong_card_back_and_draw_two():
    state = table(["G7 R1", "B1", "Y1"], "R5", "Y2 Y3", rules={"strict_penalties": True})
    state, events = uno.apply(state, "0: play G7")
    assert [(e.seat, e.card) for e in of_type(events, "penalized")] == [(0, Card("G7"))]
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(0, 2, "wrong_card")]
    assert not of_type(events, "played")
    assert hand(state, 0) == ["G7", "R1", "Y2", "Y3"]
    assert state.top == Card("R5")
    assert state.turn == 1


def test_r_pen_2_advice_penalty_is_not_an_action_or_option():
    state = table(["G7 R1", "B1", "Y1"], "R5", "Y2 Y3")
    for text in ("advise 1", "0: advise 1", "2: advice 0"):
        with pytest.raises(uno.NotationError) as info:
            uno.parse_action(text, state)
        assert info.value.reason == "unknown_verb"
    names = [f.name for f in fields(RuleSet)]
    assert not [n for n in names if "advi" in n]
    assert "R-PEN-2" not in uno.rules.OPTION_RULES.values()
    with pytest.raises(uno.ScenarioError) as err:
        RuleSet.from_dict({"advice_penalty": True})
    assert err.value.code == "unknown_option"


# -- house rules -----------------------------------------------------------------------------

STACK = {"stacking": True}


def test_h_stack_draw_two_on_draw_two_adds_up():
    state = table(["RD2 R1", "GD2 G1 G3", "B4 B5"], "R5", "Y1 Y2 Y3 Y4 Y5", rules=STACK)
    state, events = uno.apply(state, "0: play RD2")
    assert of_type(events, "penalty_stacked")[0].total == 2
    assert not of_type(events, "drew")
    assert (state.turn, state.pending_draw) == (1, 2)
    assert refusal(state, "1: play G1") == ("must_stack_or_draw", "H-STACK")
    state, _ = uno.apply(state, "1: play GD2")
    assert (state.turn, state.pending_draw) == (2, 4)
    state, events = uno.apply(state, "2: draw")
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(2, 4, "stack")]
    assert state.pending_draw == 0
    assert state.turn == 0


def test_h_stack_wild_draw_four_on_draw_two():
    state = table(["RD2 R1", "WD4 G1", "B4 B5"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6", rules=STACK)
    state, _ = run(state, "0: play RD2", "1: play WD4 B")
    assert state.phase is Phase.CHALLENGE
    assert (state.turn, state.pending_draw) == (2, 6)
    state, events = uno.apply(state, "2: accept")
    assert [(e.seat, e.count) for e in of_type(events, "drew")] == [(2, 6)]


def test_h_stack_after_wild_draw_four_only_another_wild_draw_four():
    state = table(["WD4 R1", "GD2 WD4 G1", "B4 B5"], "R5", "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8", rules=STACK)
    state, _ = uno.apply(state, "0: play WD4 G")
    assert refusal(state, "1: play GD2") == ("must_challenge_or_accept", "R-CHAL-1")
    state, _ = uno.apply(state, "1: play WD4 B")
    assert state.phase is Phase.CHALLENGE
    assert (state.turn, state.pending_draw) == (2, 8)
    state, events = uno.apply(state, "2: accept")
    assert [(e.seat, e.count) for e in of_type(events, "drew")] == [(2, 8)]
    assert state.turn == 0


def test_h_stack_stacked_wd4_challenge_guilty_player_draws_total():
    draw = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9"
    state = table(["WD4 R1", "WD4 G1", "B4 B5"], "R5", draw, rules=STACK)
    state, events = run(state, "0: play WD4 G", "1: play WD4 B", "2: challenge")
    assert [(e.seat, e.count) for e in of_type(events, "drew")] == [(1, 8)]
    assert state.turn == 2
    assert state.pending_draw == 0


def test_h_stack_stacked_wd4_challenge_innocent_challenger_draws_total_plus_two():
    draw = "Y1 Y2 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y1 Y2"
    state = table(["WD4 R1", "WD4 B9", "B4 B5"], "R5", draw, rules=STACK)
    state, events = run(state, "0: play WD4 G", "1: play WD4 B", "2: challenge")
    assert [(e.seat, e.count) for e in of_type(events, "drew")] == [(2, 10)]
    assert state.turn == 0


def test_h_stack_off_by_default():
    assert RuleSet.official().stacking is False
    state = table(["WD4 R1", "WD4 G1", "B4 B5"], "R5", "Y1 Y2 Y3 Y4")
    state, _ = uno.apply(state, "0: play WD4 G")
    assert refusal(state, "1: play WD4 B") == ("must_challenge_or_accept", "R-CHAL-1")


SEVEN_ZERO = {"seven_zero": True}


def test_h_70_seven_swaps_hands_with_chosen_player():
    state = table(["R7 G1 G2", "B1", "Y1 Y2 Y3"], "R5", rules=SEVEN_ZERO)
    assert refusal(state, "0: play R7") == ("missing_swap_target", "H-70")
    assert refusal(state, "0: play R7 0") == ("bad_swap_target", "H-70")
    assert refusal(state, "0: play R7 3") == ("bad_swap_target", "H-70")
    state, events = uno.apply(state, "0: play R7 2")
    assert [(e.seat, e.target) for e in of_type(events, "hands_swapped")] == [(0, 2)]
    assert hand(state, 0) == ["Y1", "Y2", "Y3"]
    assert hand(state, 2) == ["G1", "G2"]
    assert hand(state, 1) == ["B1"]
    assert state.turn == 1


def test_h_70_zero_passes_every_hand_in_direction_of_play():
    state = table(["R0 G1 G2", "B1", "Y1 Y2 Y3"], "R5", rules=SEVEN_ZERO)
    new, events = uno.apply(state, "0: play R0")
    assert of_type(events, "hands_rotated")
    assert [hand(new, s) for s in range(3)] == [["Y1", "Y2", "Y3"], ["G1", "G2"], ["B1"]]
    backwards = table(["R0 G1 G2", "B1", "Y1 Y2 Y3"], "R5", rules=SEVEN_ZERO, direction=-1)
    new, _ = uno.apply(backwards, "0: play R0")
    assert [hand(new, s) for s in range(3)] == [["B1"], ["Y1", "Y2", "Y3"], ["G1", "G2"]]
    assert new.turn == 2


def test_h_70_last_card_seven_or_zero_swaps_nothing():
    for last in ("R7", "R0"):
        state = table([last, "B1", "Y1 Y2"], "R5", rules=SEVEN_ZERO)
        state, events = uno.apply(state, f"0: play {last}")
        assert state.phase is Phase.ROUND_OVER
        assert not of_type(events, "hands_swapped") and not of_type(events, "hands_rotated")
        assert [hand(state, s) for s in range(3)] == [[], ["B1"], ["Y1", "Y2"]]


def test_h_70_off_by_default():
    state = table(["R7 G1 G2", "B1", "Y1 Y2 Y3"], "R5")
    assert refusal(state, "0: play R7 2") == ("unexpected_target", "H-70")
    state, _ = uno.apply(state, "0: play R7")
    assert hand(state, 2) == ["Y1", "Y2", "Y3"]


JUMP = {"jump_in": True}


def test_h_jump_identical_card_out_of_turn_play_continues_from_jumper():
    state = table(["G1 G2", "B1 B2", "R5 B3 B4", "Y1 Y2"], "R5", rules=JUMP)
    assert "2: jump R5" in {str(a) for a in uno.legal_actions(state)}
    state, events = uno.apply(state, "2: jump R5")
    assert [e.type for e in events][:2] == ["jumped_in", "played"]
    assert of_type(events, "jumped_in")[0].seat == 2
    assert hand(state, 2) == ["B3", "B4"]
    assert state.top == Card("R5")
    assert state.turn == 3


def test_h_jump_refusals():
    state = table(["G1 G2", "G5 B2", "R5 B3 B4", "Y1 Y2"], "R5", rules=JUMP)
    assert refusal(state, "1: jump G5") == ("jump_not_identical", "H-JUMP")
    own = table(["G1 R5", "G5 B2", "B3 B4", "Y1 Y2"], "R5", rules=JUMP)
    assert refusal(own, "0: jump R5") == ("jump_own_turn", "H-JUMP")
    wild = table(["G1 G2", "W B2", "B3", "Y1"], "R5 W", rules=JUMP, color="G")
    assert refusal(wild, "1: jump W") == ("jump_not_identical", "H-JUMP")
    off = table(["G1 G2", "G5 B2", "R5 B3 B4", "Y1 Y2"], "R5")
    assert refusal(off, "2: jump R5") == ("jump_in_off", "H-JUMP")


def test_h_jump_not_while_penalty_pending_or_outside_phase_play():
    rules = {"jump_in": True, "stacking": True}
    pending = table(["G1 G2", "B1 B2", "RD2 B3"], "R1 RD2", rules=rules, pending_draw=2)
    assert refusal(pending, "2: jump RD2") == ("jump_not_now", "H-JUMP")
    drawn = table(["G1 G2", "R5 B2", "B3"], "R5", "R9", rules=JUMP)
    drawn, _ = uno.apply(drawn, "0: draw")
    assert drawn.phase is Phase.DRAWN
    assert refusal(drawn, "1: jump R5") == ("jump_not_now", "H-JUMP")


def test_h_nobluff_wd4_anytime_cannot_be_challenged():
    rules = {"wd4_anytime": True}
    state = table(["WD4 R1", "G1", "B1"], "R5", "Y1 Y2 Y3 Y4", rules=rules)
    assert not uno.is_bluff(state, "0: play WD4 G")
    state, events = uno.apply(state, "0: play WD4 G")
    assert state.phase is Phase.PLAY
    drew = of_type(events, "drew")
    assert [(e.seat, e.count, e.reason) for e in drew] == [(1, 4, "wild_draw_four")]
    assert state.turn == 2
    assert refusal(state, "2: challenge") == ("nothing_to_challenge", "R-CHAL-1")


def test_h_nobluff_scenario_in_challenge_phase_rejected():
    with pytest.raises(uno.ScenarioError) as info:
        table(
            ["R1", "G1", "B1"],
            "R5 WD4",
            "Y1 Y2 Y3 Y4",
            rules={"wd4_anytime": True},
            color="G",
            phase="challenge",
            turn=1,
            challenge={"player": 0, "previous_color": "R"},
        )
    assert info.value.code == "wrong_phase"


def test_h_drawplay_keep_drawing_until_playable():
    state = table(["G1 G2", "B1", "Y1"], "R5", "B2 B3 R9 Y3", rules={"draw_until_playable": True})
    state, events = uno.apply(state, "0: draw")
    drew = of_type(events, "drew")
    assert [e.cards for e in drew] == [(Card("B2"),), (Card("B3"),), (Card("R9"),)]
    assert state.phase is Phase.DRAWN
    assert state.drawn == Card("R9")
    assert hand(state, 0) == ["G1", "G2", "B2", "B3", "R9"]


def test_h_drawplay_off_by_default_draws_one():
    state = table(["G1 G2", "B1", "Y1"], "R5", "B2 B3 R9 Y3")
    state, events = uno.apply(state, "0: draw")
    assert len(of_type(events, "drew")) == 1
    assert state.turn == 1
    assert hand(state, 0) == ["G1", "G2", "B2"]


def test_h_drawplay_stops_when_piles_are_exhausted():
    state = table(["G1 G2", "B1", "Y1"], "R5", "B2 B3", rules={"draw_until_playable": True})
    state, _ = uno.apply(state, "0: draw")
    assert hand(state, 0) == ["G1", "G2", "B2", "B3"]
    assert state.turn == 1
