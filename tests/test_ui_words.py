"""The one escaper for user text (uno.ui.words.inert): whatever a name or a file holds, Streamlit's
Markdown shows it as plain text. Checked on the rendered page too (tests/test_security.py)."""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from uno.ui.words import inert, inert_html, join_words, number, percent

HOSTILE = [
    "[x](http://evil)",
    "![i](http://e/i.png)",
    "**b** _i_ `c`",
    "<b>h</b><img src=x onerror=alert(1)>",
    "# Heading",
    "- item",
    "1. item",
    "> quote",
    "| a | b |",
    "$x^2$ $$y$$",
    ":material/home: :smile: :red[text]",
    "http://evil.example www.evil.example mail@evil.example",
    "line\n\n# after a blank line\r\nand\u2028more",
    "\\*escaped\\*",
    "~~strike~~",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_inert_text_renders_as_one_plain_paragraph(text: str) -> None:
    html = MarkdownIt("commonmark").enable("table").enable("strikethrough").render(inert(text))
    assert html.startswith("<p>") and html.count("<p>") == 1, html
    inner = html[3 : -len("</p>\n")]
    assert "<" not in inner.replace("&lt;", ""), html  # no tag at all came out
    # What the reader sees is the text itself (joiners aside; line breaks become spaces).
    shown = (
        inner.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&quot;", '"')
    )
    expected = re.sub(r"[\r\n\u2028]+", " ", text)
    assert shown.replace("\u2060", "") == expected


@pytest.mark.parametrize("code", [":material/home:", ":smile:", ":red[x]", "http://e.x", "a@b.co"])
def test_inert_breaks_streamlit_codes_and_bare_links(code: str) -> None:
    out = inert(code)
    plain = out.replace("\\", "")
    assert code not in plain  # a word joiner sits inside every pattern Streamlit would read
    assert plain.replace("\u2060", "") == code


def test_inert_cuts_long_text_before_escaping() -> None:
    assert inert("abcdef", limit=4) == "abc…"
    assert inert_html("<b>" * 5, limit=4) == "&lt;b&gt;…"


def test_numbers_and_lists_in_the_readers_language() -> None:
    assert number(1234.5, "en", 1) == "1,234.5"
    assert number(1234.5, "fr", 1) == "1\u202f234,5"
    assert percent(0.415, "en") == "42%"
    assert percent(0.415, "ru") == "42\u202f%"
    assert join_words(["Ana"], "en") == "Ana"
    assert join_words(["Ana", "Ben", "Léa"], "en") == "Ana, Ben and Léa"
    assert join_words(["Ana", "Ben"], "fr") == "Ana et Ben"
    assert join_words(["Ана", "Бен"], "ru") == "Ана и Бен"
