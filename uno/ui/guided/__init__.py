"""The guided first game (pages/9_first_game.py)."""
