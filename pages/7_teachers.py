"""For teachers: activities by age with links to lessons and tools, and the printable rules
sheet. The view is ``uno.ui.teachers_view``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.teachers_view import show_teachers

lang = frame("teachers")
with shielded(lang):
    show_teachers(lang)
