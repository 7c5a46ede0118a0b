"""Probability lab: the odds of Uno, exact (``uno.odds``) and simulated (``uno.simulate``), one
question per section, each with one chart, its data as CSV and "how is this computed?" (the
formula and the Python that made the chart). The numbers come from ``uno.academy.lab``; the
sections are drawn by the package ``uno.ui.lab``, each one a fragment that reruns alone."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.lab.page import show_lab

lang = frame("lab")
with shielded(lang):
    show_lab(lang)
