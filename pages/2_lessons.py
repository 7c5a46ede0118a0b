"""Lessons: learn the rules step by step. ``?lesson=8&done=1.2.3`` opens lesson 8 with lessons
1-3 marked done, so a teacher can share "start at lesson 8". The view is the package
``uno.ui.lessons``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.lessons.page import show_lessons

lang = frame("lessons")
with shielded(lang):
    show_lessons(lang)
