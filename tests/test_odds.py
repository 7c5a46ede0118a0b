"""uno.odds against independent computations (R-DECK-1, R-PLAY-1..4, R-SCORE-1, R-CHAL-2..4).

Nothing here calls an odds function to check itself: the expected values come from the deck
written out card by card in this file, from products of fractions, from brute-force enumeration
of small hands, from a dynamic programme over the 54 card faces, and from seeded Monte Carlo.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction

import pytest

import uno
from uno import odds

# -- the deck, written out here from R-DECK-1 (codes only, no engine tables) ---------------------
COLOURS = "RYGB"
SYMBOLS = [str(i) for i in range(10)] + ["S", "R", "D2"]


def deck_codes() -> list[str]:
    """The 108 physical cards as codes: per colour one 0, two each of 1-9, S, R, D2; 4 W, 4 WD4."""
    cards: list[str] = []
    for colour in COLOURS:
        cards.append(colour + "0")
        for symbol in SYMBOLS[1:]:
            cards += [colour + symbol] * 2
    cards += ["W"] * 4 + ["WD4"] * 4
    return cards


DECK = deck_codes()


def is_wild(code: str) -> bool:
    return code in ("W", "WD4")


def colour_of(code: str) -> str | None:
    return None if is_wild(code) else code[0]


def points_of(code: str) -> int:
    """R-SCORE-1, written from the rule: face value, 20 for S/R/D2, 50 for wilds."""
    if is_wild(code):
        return 50
    symbol = code[1:]
    return int(symbol) if symbol.isdigit() else 20


def is_action(code: str) -> bool:
    return not is_wild(code) and code[1:] in ("S", "R", "D2")


def fits(card: str, top: str, colour: str) -> bool:
    """R-PLAY-1..3: a wild, the colour to match, or (top not a wild) the same number/symbol."""
    if is_wild(card):
        return True
    if card[0] == colour:
        return True
    return not is_wild(top) and card[1:] == top[1:]


def unseen(top: str | None = None, known: Iterable[str] = ()) -> list[str]:
    pool = list(DECK)
    for code in [*known, *([top] if top else [])]:
        pool.remove(code)
    return pool


def p_none_by_product(pool: int, good: int, hand: int) -> Fraction:
    """P(no good card in ``hand`` cards dealt one by one): prod (N - K - i) / (N - i)."""
    p = Fraction(1)
    for i in range(hand):
        p *= Fraction(pool - good - i, pool - i)
    return p


def test_r_deck_1_deck_written_here_is_the_engine_deck() -> None:
    assert len(DECK) == 108
    assert Counter(DECK) == Counter(str(c) for c in uno.FULL_DECK)


# -- p_legal_play ----------------------------------------------------------------------------
# (top, named colour, known cards, how many unseen cards fit: counted by hand from R-DECK-1)
HAND_COUNTED = [
    # R7: 25 red - the R7 on top + six 7s of the other colours + 8 wilds
    ("R7", None, (), 24 + 6 + 8),
    # G0: 24 other greens + only three other zeros (one 0 per colour) + 8 wilds
    ("G0", None, (), 24 + 3 + 8),
    # YS: 24 other yellows + six other Skips + 8 wilds
    ("YS", None, (), 24 + 6 + 8),
    # BD2: 24 other blues + six other Draw Twos + 8 wilds
    ("BD2", None, (), 24 + 6 + 8),
    # W named blue: 25 blues + 3 other Wilds + 4 WD4 (nothing matches "the wild itself")
    ("W", "B", (), 25 + 3 + 4),
    # WD4 named red: 25 reds + 4 Wilds + 3 other WD4
    ("WD4", "R", (), 25 + 4 + 3),
    # R7 with R1, R2, Y7, W, G5 known: 22 reds, 5 sevens, 7 wilds (G5 fits nothing)
    ("R7", None, ("R1", "R2", "Y7", "W", "G5"), 22 + 5 + 7),
]


@pytest.mark.parametrize(("top", "colour", "known", "good"), HAND_COUNTED)
def test_r_play_1_good_cards_counted_by_hand(
    top: str, colour: str | None, known: tuple[str, ...], good: int
) -> None:
    pool = unseen(top, known)
    assert len(pool) == 107 - len(known)
    assert sum(fits(c, top, colour or top[0]) for c in pool) == good


@pytest.mark.parametrize(("top", "colour", "known", "good"), HAND_COUNTED)
@pytest.mark.parametrize("hand", range(1, 11))
def test_r_play_1_p_legal_play_exact(
    top: str, colour: str | None, known: tuple[str, ...], good: int, hand: int
) -> None:
    pool = 107 - len(known)
    expected = 1 - p_none_by_product(pool, good, hand)
    got = odds.p_legal_play(top, hand, colour, known=list(known), exact=True)
    assert isinstance(got, Fraction)
    assert got == expected
    as_float = odds.p_legal_play(top, hand, colour, known=list(known))
    assert isinstance(as_float, float)
    assert as_float == float(expected)


def test_p_legal_play_spot_values() -> None:
    # One card: the share of good cards among the unseen.
    assert odds.p_legal_play("R7", 1, exact=True) == Fraction(38, 107)
    assert odds.p_legal_play("R0", 1, exact=True) == Fraction(35, 107)
    assert odds.p_legal_play("W", 1, "G", exact=True) == Fraction(32, 107)
    # Two cards: 1 - C(69, 2) / C(107, 2), by hand.
    assert odds.p_legal_play("R7", 2, exact=True) == 1 - Fraction(69 * 68, 107 * 106)
    # A zero on top fits fewer cards than a seven, for every hand size.
    for hand in range(1, 11):
        assert odds.p_legal_play("R0", hand) < odds.p_legal_play("R7", hand)
    # Nothing dealt: nothing to play.
    assert odds.p_legal_play("R7", 0, exact=True) == 0


def test_p_legal_play_accepts_card_objects_and_colour_objects() -> None:
    expected = odds.p_legal_play("W", 4, "Y", exact=True)
    assert odds.p_legal_play(uno.Card("W"), 4, uno.Color.Y, exact=True) == expected
    assert odds.p_legal_play("w", 4, "y", exact=True) == expected


@pytest.mark.parametrize(
    ("top", "colour", "known"),
    [("R7", None, ()), ("G0", None, ()), ("W", "B", ()), ("YS", None, ("Y1", "Y2", "WD4"))],
)
@pytest.mark.parametrize("hand", [2, 3])
def test_r_play_1_p_legal_play_full_enumeration(
    top: str, colour: str | None, known: tuple[str, ...], hand: int
) -> None:
    """Every hand of 2 or 3 of the unseen physical cards, counted one by one."""
    pool = unseen(top, known)
    ok = [fits(c, top, colour or top[0]) for c in pool]
    hits = total = 0
    for combo in itertools.combinations(range(len(pool)), hand):
        total += 1
        hits += any(ok[i] for i in combo)
    assert total == math.comb(len(pool), hand)
    assert odds.p_legal_play(top, hand, colour, known=list(known), exact=True) == Fraction(
        hits, total
    )


# -- Monte Carlo ------------------------------------------------------------------------------
MC_DRAWS = 20_000


@pytest.mark.parametrize(
    ("top", "colour", "known"),
    [
        ("R7", None, ()),
        ("B0", None, ()),
        ("W", "G", ()),
        ("WD4", "Y", ("Y3", "Y3", "Y9", "W", "R0", "GS", "BD2")),
    ],
)
def test_r_play_1_p_legal_play_monte_carlo(
    top: str, colour: str | None, known: tuple[str, ...]
) -> None:
    """Deal random hands from the unseen cards: the frequency of a playable hand is within four
    standard errors of the exact value, for hand sizes 1 to 10."""
    rng = random.Random(f"odds-mc:{top}:{colour}:{len(known)}")
    pool = unseen(top, known)
    ok = [fits(c, top, colour or top[0]) for c in pool]
    for hand in range(1, 11):
        hits = 0
        sample = rng.sample
        for _ in range(MC_DRAWS):
            if any(sample(ok, hand)):
                hits += 1
        p = odds.p_legal_play(top, hand, colour, known=list(known))
        freq = hits / MC_DRAWS
        se = math.sqrt(p * (1 - p) / MC_DRAWS)
        assert abs(freq - p) <= 4 * se, (top, hand, freq, p)


def test_monte_carlo_would_see_a_wrong_value() -> None:
    """The Monte Carlo check can fail: the zero's frequency is far from the seven's value."""
    rng = random.Random(1)
    pool = unseen("R0")
    ok = [fits(c, "R0", "R") for c in pool]
    hits = sum(any(rng.sample(ok, 1)) for _ in range(MC_DRAWS))
    wrong = odds.p_legal_play("R7", 1)  # 38/107 instead of 35/107
    se = math.sqrt(wrong * (1 - wrong) / MC_DRAWS)
    assert abs(hits / MC_DRAWS - wrong) > 4 * se


# -- distributions ----------------------------------------------------------------------------
def dp_by_faces(hand: int, feature: Callable[[str], int], combine: Callable[[int, int, int], int]):
    """Number of hands of ``hand`` cards by a summary value, by a dynamic programme over the 54
    distinct faces: ``combine(value, feature(face), k)`` folds ``k`` copies of a face in."""
    faces = Counter(DECK)
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for face, count in faces.items():
        step: Counter[tuple[int, int]] = Counter()
        for (cards, value), w in ways.items():
            for k in range(min(count, hand - cards) + 1):
                step[(cards + k, combine(value, feature(face), k))] += w * math.comb(count, k)
        ways = dict(step)
    total = math.comb(108, hand)
    out: Counter[int] = Counter()
    for (cards, value), w in ways.items():
        if cards == hand:
            out[value] += w
    assert sum(out.values()) == total
    return {v: Fraction(w, total) for v, w in out.items()}


def count_feature(test: Callable[[str], bool]):
    return lambda face: int(test(face)), lambda value, f, k: value + f * k


def colours_feature():
    bit = {c: 1 << i for i, c in enumerate(COLOURS)}
    return (
        lambda face: 0 if is_wild(face) else bit[face[0]],
        lambda mask, f, k: mask | f if k else mask,
    )


def popcount_keys(dist: dict[int, Fraction]) -> dict[int, Fraction]:
    out: Counter[int] = Counter()
    for mask, p in dist.items():
        out[bin(mask).count("1")] += p
    return dict(out)


def without_zeros(dist: dict) -> dict:
    return {k: v for k, v in dist.items() if v}


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_distributions_sum_to_exactly_one(n: int) -> None:
    for fn in (
        odds.wild_count_distribution,
        odds.action_count_distribution,
        odds.color_count_distribution,
        odds.hand_points_distribution,
    ):
        dist = fn(n, exact=True)
        assert all(isinstance(p, Fraction) for p in dist.values()), fn.__name__
        assert all(p >= 0 for p in dist.values()), fn.__name__
        assert sum(dist.values()) == 1, fn.__name__
        floats = fn(n)
        assert set(floats) == set(dist)
        assert all(floats[k] == float(dist[k]) for k in dist)


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_wild_and_action_counts_by_dynamic_programme(n: int) -> None:
    wild = dp_by_faces(n, *count_feature(is_wild))
    assert without_zeros(odds.wild_count_distribution(n, exact=True)) == wild
    action = dp_by_faces(n, *count_feature(is_action))
    assert without_zeros(odds.action_count_distribution(n, exact=True)) == action
    # Hypergeometric means: n K / N with K = 8 wilds, 24 action cards.
    assert sum(k * p for k, p in wild.items()) == Fraction(8 * n, 108)
    assert sum(k * p for k, p in action.items()) == Fraction(24 * n, 108)


@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_color_count_by_dynamic_programme(n: int) -> None:
    expected = popcount_keys(dp_by_faces(n, *colours_feature()))
    assert without_zeros(odds.color_count_distribution(n, exact=True)) == expected


def test_color_count_one_card() -> None:
    dist = odds.color_count_distribution(1, exact=True)
    assert dist[0] == Fraction(8, 108)  # the 8 wilds have no colour
    assert dist[1] == Fraction(100, 108)
    assert sum(dist.values()) == 1


def test_color_count_seven_cards_spot_value() -> None:
    # All seven cards wild: C(8, 7) hands of C(108, 7).
    dist = odds.color_count_distribution(7, exact=True)
    assert dist[0] == Fraction(math.comb(8, 7), math.comb(108, 7))
    assert set(dist) == {0, 1, 2, 3, 4}


def test_r_score_1_hand_points_one_card_is_the_points_table() -> None:
    table: Counter[int] = Counter(points_of(c) for c in DECK)
    assert table == Counter({0: 4, **dict.fromkeys(range(1, 10), 8), 20: 24, 50: 8})
    expected = {v: Fraction(n, 108) for v, n in table.items()}
    assert odds.hand_points_distribution(1, exact=True) == expected


def test_r_score_1_hand_points_two_cards_by_brute_force() -> None:
    counts: Counter[int] = Counter()
    for a, b in itertools.combinations(range(108), 2):
        counts[points_of(DECK[a]) + points_of(DECK[b])] += 1
    total = math.comb(108, 2)
    assert sum(counts.values()) == total
    expected = {v: Fraction(n, total) for v, n in counts.items()}
    assert odds.hand_points_distribution(2, exact=True) == expected
    assert odds.hand_points_distribution(2, exact=True)[100] == Fraction(28, total)  # C(8, 2)


def test_small_hands_by_brute_force_over_triples() -> None:
    """Every hand of 3 physical cards: wilds, actions, colours and points counted directly."""
    wild: Counter[int] = Counter()
    action: Counter[int] = Counter()
    colours: Counter[int] = Counter()
    points: Counter[int] = Counter()
    w = [is_wild(c) for c in DECK]
    a = [is_action(c) for c in DECK]
    col = [colour_of(c) for c in DECK]
    pts = [points_of(c) for c in DECK]
    for i, j, k in itertools.combinations(range(108), 3):
        wild[w[i] + w[j] + w[k]] += 1
        action[a[i] + a[j] + a[k]] += 1
        colours[len({col[i], col[j], col[k]} - {None})] += 1
        points[pts[i] + pts[j] + pts[k]] += 1
    total = math.comb(108, 3)
    for fn, counts in (
        (odds.wild_count_distribution, wild),
        (odds.action_count_distribution, action),
        (odds.color_count_distribution, colours),
        (odds.hand_points_distribution, points),
    ):
        expected = {v: Fraction(n, total) for v, n in counts.items()}
        assert without_zeros(fn(3, exact=True)) == expected, fn.__name__


@pytest.mark.parametrize("n", [1, 2, 3, 7, 10])
def test_r_score_1_hand_points_mean_and_variance(n: int) -> None:
    pts = [points_of(c) for c in DECK]
    mu = Fraction(sum(pts), 108)
    assert mu == Fraction(1240, 108)
    var1 = Fraction(sum(p * p for p in pts), 108) - mu * mu
    dist = odds.hand_points_distribution(n, exact=True)
    mean = sum(v * p for v, p in dist.items())
    assert mean == n * mu
    # Sampling without replacement: n sigma^2 (N - n) / (N - 1).
    variance = sum(v * v * p for v, p in dist.items()) - mean * mean
    assert variance == n * var1 * Fraction(108 - n, 107)


def test_distributions_with_known_cards() -> None:
    known = ["W", "W", "WD4", "R5", "GS"]
    pool = unseen(None, known)
    assert len(pool) == 103
    # One card: the share of wilds among the unseen.
    assert odds.wild_count_distribution(1, known=known, exact=True) == {
        0: Fraction(98, 103),
        1: Fraction(5, 103),
    }
    # Two cards, brute force over the unseen pairs.
    counts: Counter[int] = Counter()
    for a, b in itertools.combinations(pool, 2):
        counts[is_action(a) + is_action(b)] += 1
    total = math.comb(103, 2)
    expected = {k: Fraction(v, total) for k, v in counts.items()}
    assert without_zeros(odds.action_count_distribution(2, known=known, exact=True)) == expected
    pts = Counter(points_of(c) for c in pool)
    assert odds.hand_points_distribution(1, known=known, exact=True) == {
        v: Fraction(n, 103) for v, n in pts.items()
    }


# -- challenges -------------------------------------------------------------------------------
@pytest.mark.parametrize("colour", ["R", "Y", "G", "B"])
@pytest.mark.parametrize("hand", [1, 2, 3, 6, 10])
def test_r_chal_2_p_guilty(colour: str, hand: int) -> None:
    # 25 unseen cards of the colour among 108.
    expected = 1 - p_none_by_product(108, 25, hand)
    assert odds.p_guilty(hand, colour, exact=True) == expected
    assert odds.p_guilty(hand, uno.Color[colour]) == float(expected)


def test_r_chal_2_p_guilty_with_known_cards() -> None:
    known = ["R1", "R1", "R2", "Y4", "WD4", "W"]  # 3 reds seen: 22 of 102 unseen
    for hand in range(0, 8):
        expected = 1 - p_none_by_product(102, 22, hand)
        assert odds.p_guilty(hand, "R", known=known, exact=True) == expected
    assert odds.p_guilty(0, "R", exact=True) == 0
    assert odds.p_guilty(1, "R", exact=True) == Fraction(25, 108)


@pytest.mark.parametrize("pending", [4, 6, 8, 12])
@pytest.mark.parametrize("hand", range(1, 9))
def test_r_chal_3_challenge_advice_threshold(pending: int, hand: int) -> None:
    p = 1 - p_none_by_product(108, 25, hand)
    advice = odds.challenge_advice(hand, "G", pending=pending)
    assert advice.p_guilty == pytest.approx(float(p), abs=1e-15)
    assert advice.expected_if_accept == pending
    assert advice.expected_if_challenge == pytest.approx(float((1 - p) * (pending + 2)))
    assert advice.challenge == (p > Fraction(2, pending + 2))


def test_r_chal_3_challenge_advice_spot_values() -> None:
    # One card left: 25/108 < 1/3, accept. Two cards: 1 - C(83,2)/C(108,2) = 0.41 > 1/3.
    assert not odds.challenge_advice(1, "R").challenge
    assert odds.challenge_advice(2, "R").challenge
    # Default pending is a single Wild Draw Four.
    assert odds.challenge_advice(2, "R").expected_if_accept == 4


def test_r_chal_3_challenge_advice_tie_is_accept() -> None:
    """Exactly p = 1/3 (25 reds among 75 unseen, one card): both choices cost 4, no challenge."""
    known = [c for c in DECK if colour_of(c) == "Y"] + ["W"] * 4 + ["WD4"] * 4
    assert len(known) == 33
    advice = odds.challenge_advice(1, "R", known=known)
    assert odds.p_guilty(1, "R", known=known, exact=True) == Fraction(1, 3)
    assert advice.expected_if_challenge == pytest.approx(4.0)
    assert advice.challenge is False
    # One card fewer unseen (a green seen too): 25/74 > 1/3, challenge.
    more = [*known, "G1"]
    assert odds.challenge_advice(1, "R", known=more).challenge is True


def test_unseen_cards() -> None:
    rest = odds.unseen_cards("R7", ["R7", "W"])
    assert sum(rest.values()) == 105
    assert rest[uno.Card("R7")] == 0
    assert rest[uno.Card("W")] == 3


# -- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "call",
    [
        lambda: odds.p_legal_play("X9", 3),
        lambda: odds.p_legal_play("R7", 3, known=["R77"]),
        lambda: odds.wild_count_distribution(3, known=["purple"]),
        lambda: odds.p_guilty(3, "R", known=["Z"]),
    ],
)
def test_unknown_card_is_a_notation_error(call: Callable[[], object]) -> None:
    with pytest.raises(uno.NotationError):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: odds.p_legal_play("R7", -1),
        lambda: odds.p_legal_play("R7", 108),  # only 107 unseen
        lambda: odds.p_legal_play("R7", 100, known=[c for c in DECK if c.startswith("Y")]),
        lambda: odds.p_legal_play("R7", 2.5),
        lambda: odds.p_legal_play("R7", True),
        lambda: odds.p_legal_play("W", 3),  # a wild on top needs the named colour
        lambda: odds.p_legal_play("R7", 3, known=["R7", "R7"]),  # three R7 in a deck of two
        lambda: odds.p_legal_play("R0", 3, known=["R0"]),  # one R0 only
        lambda: odds.p_legal_play("R5", 3, known=["W"] * 5),
        lambda: odds.wild_count_distribution(-1),
        lambda: odds.wild_count_distribution(109),
        lambda: odds.action_count_distribution(-3),
        lambda: odds.color_count_distribution(109),
        lambda: odds.color_count_distribution(2, known=["WD4"] * 5),
        lambda: odds.hand_points_distribution(-1),
        lambda: odds.hand_points_distribution(104, known=["R1", "R2", "R3", "R4", "R5"]),
        lambda: odds.p_guilty(-1, "R"),
        lambda: odds.p_guilty(109, "R"),
        lambda: odds.challenge_advice(3, "R", known=["G0", "G0"]),
        lambda: odds.unseen_cards("B0", ["B0"]),
    ],
)
def test_bad_input_is_a_value_error(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        call()


def test_largest_hands_are_accepted() -> None:
    assert odds.p_legal_play("R7", 107, exact=True) == 1
    assert odds.p_guilty(108, "B", exact=True) == 1
    assert odds.wild_count_distribution(108, exact=True) == {8: 1} | {k: 0 for k in range(8)}


@pytest.mark.parametrize(
    "call",
    [lambda: odds.p_legal_play("W", 3, "purple"), lambda: odds.p_guilty(3, "purple")],
)
def test_bad_colour_is_a_value_error(call: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        call()
