"""Words on the page: the one escaper for user text, and the reader's numbers.

User text (a player's name, a value from a scenario file or a share link, a typed hand) reaches
the page only through ``inert``, which makes it plain text in the element it lands in:

- ``inert(text)``: for Markdown, which Streamlit also uses for widget labels, alerts, captions,
  expanders and toasts. Every ASCII punctuation mark is backslash-escaped (no emphasis, code,
  headings, lists, tables, HTML, links, images or ``$`` maths), a word joiner (U+2060) after
  each ``:`` and ``@`` and inside ``www.`` stops ``:material/…:`` icons, ``:emoji:`` codes,
  ``:red[…]`` colours and bare links or e-mail addresses from forming, and line breaks become
  spaces (no blank line can end an escape).
- ``inert_html(text)``: for HTML (``st.html``, Plotly's names and hover texts, which read tags).

Elements that show text as it is (``st.text``, dataframes, the table component, which sets
``textContent``) take user text unchanged. Numbers and percents come from ``uno.academy.i18n``.
"""

from __future__ import annotations

import html
import re
from typing import Final

from uno.academy.i18n import join_words, number, percent

__all__ = ["inert", "inert_html", "join_words", "number", "percent"]

_JOINER: Final = "\u2060"
_PUNCTUATION: Final = re.compile(r"([!-/:-@\[-`{-~])")
_WWW: Final = re.compile(r"(www)(\.)", re.IGNORECASE)
_BREAKS: Final = re.compile(r"[\r\n\u2028\u2029\x0b\x0c\x85]+")


def inert(text: object, limit: int | None = None) -> str:
    """``text`` made literal for Streamlit's Markdown (see the module's docstring); cut to
    ``limit`` characters (with "…") before escaping when given."""
    plain = _BREAKS.sub(" ", str(text))
    if limit is not None and len(plain) > limit:
        plain = plain[: max(limit - 1, 0)] + "…"
    plain = _WWW.sub(rf"\1{_JOINER}\2", plain)
    escaped = _PUNCTUATION.sub(r"\\\1", plain)
    return escaped.replace(":", ":" + _JOINER).replace("@", "@" + _JOINER)


def inert_html(text: object, limit: int | None = None) -> str:
    """``text`` made literal for HTML (and Plotly's text, which reads a few tags)."""
    plain = str(text)
    if limit is not None and len(plain) > limit:
        plain = plain[: max(limit - 1, 0)] + "…"
    return html.escape(plain, quote=True)
