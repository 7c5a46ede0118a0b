"""The probability lab (pages/5_lab.py): a contents, then seven questions, each in a view of its
own (``?q=can-play``...), a ``st.fragment`` (``uno.ui.guard.fragment``) so touching its
controls redraws it alone. Each has its charts (no Plotly toolbar), their data as CSV, "how is
this computed?" (the formula and the Python that made the chart) and "open as a notebook"
(``uno.academy.notebooks``). The numbers all come from ``uno.academy.lab``; this package reads
the widgets and draws.

- ``page``: ``show_lab``, the page: the contents or one question, the sidebar's seed.
- ``contents``: the card of each question with its one-line answer; old links' anchors.
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
