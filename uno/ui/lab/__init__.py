"""The probability lab (pages/5_lab.py): seven questions, one section each, every section a
``st.fragment`` (``uno.ui.guard.fragment``) so touching its controls redraws it alone. Each has
one chart, its data as CSV and "how is this computed?" (the formula and the Python that made
the chart). The numbers all come from ``uno.academy.lab``; this package reads the widgets and
draws.

- ``page``: ``show_lab``, the page: title, contents, the sidebar's seed, the sections in order.
- ``keys``: every session key, and the reader's kept values (``Setting``, ``DEFAULTS``,
  ``kept``...): a widget is always drawn with the reader's value as its default.
- ``figures``: every chart, built by a pure function from tables, numbers and worded labels
  (no Streamlit: a notebook or a test builds the same figure).
- ``parts``: what every section uses (header, chart, CSV, "how is this computed?", caches).
- ``polls``: the simulations on the job board shared by every session, and their polls.
- One module per question: ``can_play``, ``opening_hand``, ``challenge``, ``hand_worth``,
  ``game_length``, ``who_wins``, ``strength``.

This file imports nothing, so ``uno.ui.lab.figures`` can be imported without the page.
"""
