"""A file uploader that speaks the reader's language.

Streamlit draws its uploader's own words in English whatever the page ("Upload", "1MB per file
• JSON", "Drag and drop a file here" while a file is dragged over it). ``file_uploader`` gives it
our words instead: the label and help from the caller, and a style sheet that hides Streamlit's
words and shows ours in their place (``uploads.button``, ``uploads.limit``, ``uploads.drop``,
and ``uploads.refused`` under a file the browser refused, too big or of another type, instead of
Streamlit's "File must be 1.0MB or smaller." in a tooltip). The hidden words are
``display: none``, so screen readers hear ours only; the alert Streamlit adds for a refused
file says our sentence (``uno.ui.aria`` reads it from this style sheet).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import streamlit as st

from uno.academy.i18n import join_words, t

__all__ = ["css_string", "file_uploader", "uploader_css"]

_DROPZONE: Final = '[data-testid="stFileUploaderDropzone"]'
_INSTRUCTIONS: Final = '[data-testid="stFileUploaderDropzoneInstructions"]'
_CHIPS: Final = '[data-testid="stFileChips"]'
_CHIP: Final = '[data-testid="stFileChip"]'
_HOVER: Final = '[data-testid="stTooltipErrorHoverTarget"]'
#: What Streamlit adds to the dropzone while a file is dragged over it (the box of the files
#: chosen is also a div without a test id: it is not that).
_DRAGGED: Final = f"{_DROPZONE} > div:not([data-testid]):not(:has({_CHIPS}))"


def css_string(text: str) -> str:
    """``text`` as a CSS string literal (for ``content:``): quotes, backslashes and line breaks
    escaped, so no text can end the rule."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char in "\n\r\f" or ord(char) < 0x20 or char in "<>":
            out.append(f"\\{ord(char):x} ")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def uploader_css(lang: str, types: Sequence[str], max_mb: int) -> str:
    """The style sheet that words the uploader in ``lang``."""
    kinds = join_words([kind.upper() for kind in types], lang)
    button = css_string(t("uploads.button", lang))
    limit = css_string(t("uploads.limit", lang, types=kinds, size=max_mb))
    drop = css_string(t("uploads.drop", lang))
    refused = css_string(t("uploads.refused", lang, types=kinds, size=max_mb))
    return (
        "<style>"
        f"{_DROPZONE} button [data-testid=stMarkdownContainer]{{display:none}}"
        f"{_DROPZONE} button span[data-has-shortcut]::after{{content:{button}}}"
        f"{_INSTRUCTIONS} span{{display:none}}"
        f"{_INSTRUCTIONS} > div::after{{content:{limit}}}"
        f"{_DRAGGED} span{{display:none}}"
        f"{_DRAGGED}::after{{content:{drop}}}"
        # A file refused in the browser (too big, or not of these types): Streamlit says why
        # in English, in an alert for screen readers (uno.ui.aria words it as this sentence)
        # and in a tooltip on hover; ours shows under the files.
        f"{_HOVER}{{pointer-events:none}}"
        f"{_HOVER} button{{pointer-events:auto}}"
        f"{_CHIPS}:has([aria-invalid=true])::after{{content:{refused};flex-basis:100%;"
        "font-weight:600;font-size:0.875rem;margin-top:0.25rem}"
        "</style>"
    )


def file_uploader(
    label: str, lang: str, *, key: str, types: Sequence[str], help: str | None = None
) -> Any:
    """``st.file_uploader`` with our words for its button and its limits (the server's
    ``maxUploadSize``, 1 MB here)."""
    max_mb = int(st.get_option("server.maxUploadSize"))
    st.html(uploader_css(lang, types, max_mb))
    return st.file_uploader(label, type=list(types), key=key, help=help, max_upload_size=max_mb)
