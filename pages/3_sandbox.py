"""Sandbox: set up any situation, see what is legal and why, play it out against computer players,
undo, save and share it. ``?s=`` opens a shared situation (a share link). Everything is judged by
the engine; the view is ``uno.ui.sandbox``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.sandbox import show_sandbox

lang = frame("sandbox")
with shielded(lang):
    show_sandbox(lang)
