"""Probability lab: the odds of Uno, exact (``uno.odds``) and simulated (``uno.simulate``), a
contents and one question at a time (``?q=can-play``...), each with its chart, its data as CSV,
"how is this computed?" (the formula and the Python that made the chart) and a Jupyter notebook.
The numbers come from ``uno.academy.lab``; the package ``uno.ui.lab`` draws them."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.lab.page import show_lab

lang = frame("lab")
with shielded(lang):
    show_lab(lang)
