"""Uno Academy: the home page. Run with `make run`. The view is ``uno.ui.home_view``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.home_view import show_home

lang = frame("home")
with shielded(lang):
    show_home(lang)
