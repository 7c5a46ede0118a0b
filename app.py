"""Uno Academy: the home page. Run with `make run`. The view is ``uno.ui.home_view``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.home_view import show_home

lang = frame("home")
show_home(lang)
