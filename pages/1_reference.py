"""Reference: the deck and its points, the glossary in three languages, every ruling with its
id, and a short history of the game. The view is ``uno.ui.reference_view``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.reference_view import show_reference

lang = frame("reference")
with shielded(lang):
    show_reference(lang)
