"""Uno Academy's engine: every official Uno rule and the popular house rules, in pure Python.

    import uno
    state = uno.new_game(players=["Ana", "Ben", "Chloé"], seed=7)
    for action in uno.legal_actions(state):
        print(action)              # "1: play R7", "1: draw", ...
    state, events = uno.apply(state, "draw")

The public contract is ENGINE-API.md; the rulings (and their ids) are RULES.md.
This package imports no Streamlit (only ``uno.ui`` does).
"""

from uno import odds
from uno.actions import Action, parse_action
from uno.bots import STRATEGIES, Strategy, bot_action, make_strategy
from uno.cards import COLORS, DECK_COUNTS, FULL_DECK, Card, Color, Kind, card_points, parse_card
from uno.engine import apply, is_bluff, legal_actions, play_action, playable_cards
from uno.engine import card_matches as matches  # the friendly form: Card or code, colour letter
from uno.errors import IllegalAction, NotationError, ScenarioError, UnoError
from uno.rules import PRESETS, RuleSet
from uno.scenario import dump_scenario, dumps_scenario, load_scenario
from uno.setup import DealerChoice, choose_dealer, new_game, next_round, start_round
from uno.simulation import simulate
from uno.state import Challenge, Event, GameState, Phase

__all__ = [
    "COLORS",
    "DECK_COUNTS",
    "FULL_DECK",
    "PRESETS",
    "STRATEGIES",
    "Action",
    "Card",
    "Challenge",
    "Color",
    "DealerChoice",
    "Event",
    "GameState",
    "IllegalAction",
    "Kind",
    "NotationError",
    "Phase",
    "RuleSet",
    "ScenarioError",
    "Strategy",
    "UnoError",
    "apply",
    "bot_action",
    "card_points",
    "choose_dealer",
    "dump_scenario",
    "dumps_scenario",
    "is_bluff",
    "legal_actions",
    "load_scenario",
    "make_strategy",
    "matches",
    "new_game",
    "next_round",
    "odds",
    "parse_action",
    "parse_card",
    "play_action",
    "playable_cards",
    "simulate",
    "start_round",
]
