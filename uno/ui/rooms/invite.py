"""How pupils join a room: the link to open and its QR code (the teacher's panel and the
projector's wall both show them)."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlsplit

import streamlit as st

from uno.ui.rooms import keys

__all__ = ["join_link", "qr_uri"]


def join_link(code: str) -> str:
    """The address pupils open: this server's, whatever path prefix a proxy adds."""
    parts = urlsplit(str(getattr(st.context, "url", "") or ""))
    prefix = parts.path.rsplit("/", 1)[0]
    origin = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    return f"{origin}{prefix}/rooms?{keys.ROOM_PARAM}={code}"


@lru_cache(maxsize=64)
def qr_uri(link: str) -> str:
    """The QR code of ``link``, as an SVG data URI (black on white, readable from afar); made
    once per link (the wall asks for it on every poll)."""
    import segno

    return str(segno.make(link, error="m").svg_data_uri(scale=6, border=2, dark="#000000"))
