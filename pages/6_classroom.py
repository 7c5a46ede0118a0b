"""Classroom: Uno for children on one screen, against friendly computer players or passing one
device around. ``?deck=numbers|actions|full`` picks the deck of the game against the computer
(the teachers' page links to it). The view is ``uno.ui.classroom``."""

from __future__ import annotations

from uno.ui.classroom import show_classroom
from uno.ui.frame import frame
from uno.ui.guard import shielded

lang = frame("classroom")
with shielded(lang):
    show_classroom(lang)
