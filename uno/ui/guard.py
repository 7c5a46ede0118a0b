"""What a client may not do to a page, whatever it sends. Every message a browser sends
carries the values of the page's widgets; a client that is not a browser may send anything.

- **Widget values no widget can take** are dropped as they arrive, before Streamlit reads
  them (``on_change`` callbacks run before the page, and Streamlit 1.67 fails the whole run
  on a value it cannot read): a value under an id no widget can have (neither an element id
  nor a component's trigger id; such an id made every keyed widget fail with a KeyError), and
  a value for a widget this session has drawn that is not of its type or that the widget's
  own reader refuses (a text for a number box, an index of 2**63, JSON that does not parse),
  and a value larger than any widget of the app sends (``MAX_TEXT``, ``MAX_ITEMS``).
  The widget keeps the value it had. ``install_widget_filter`` wraps
  ``SessionState.set_widgets_from_proto`` once per process (importing this module does it);
  tests/test_forged_messages.py checks it against the installed Streamlit.
- **Anything else that goes wrong** in a page (``shielded``) or a fragment (``fragment``) is
  written to the server's log and the reader gets one translated sentence, never a traceback
  or a server path (``client.showErrorDetails`` is ``"none"`` as well, for what happens
  outside our code). Under the test suite (``UNO_ACADEMY_RAISE=1``) the exception goes on to
  Streamlit, so tests still see it.
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, ParamSpec, TypeVar

import streamlit as st

from uno.academy.i18n import normalize_lang, t

__all__ = [
    "MAX_ITEMS",
    "MAX_TEXT",
    "RAISE_ENV",
    "fragment",
    "install_widget_filter",
    "shielded",
    "takes_value",
]

#: Set to "1" (the test suite does) to let exceptions reach Streamlit instead of a sentence.
RAISE_ENV: Final = "UNO_ACADEMY_RAISE"
_LOG: Final = logging.getLogger("uno.ui")
P = ParamSpec("P")
R = TypeVar("R")
#: The longest text (or JSON state) a widget of the app sends: a score pad's hand is 2,000
#: characters at most, a component's state a few hundred. Longer is dropped unread.
MAX_TEXT: Final = 8_192
#: The most items of a list a widget sends (a multiselect's choices, a slider's two ends).
MAX_ITEMS: Final = 1_000
#: A number box of whole numbers sends them as ``int_value``, its metadata says doubles.
_NUMBERS: Final = frozenset({"int_value", "double_value"})
#: Widget values checked by trying their widget's own reader (the others carry files).
_CHECKED: Final = frozenset(
    {
        "bool_value",
        "double_value",
        "int_value",
        "string_value",
        "double_array_value",
        "int_array_value",
        "string_array_value",
        "json_value",
        "json_trigger_value",
        "string_trigger_value",
        "trigger_value",
    }
)


def _too_big(proto: Any, field: str | None) -> bool:
    """Whether a value is larger than any widget of the app sends (read before anything is
    parsed: a forged JSON state of a megabyte parsed into a dict takes several)."""
    if field in ("string_value", "json_value", "json_trigger_value"):
        return len(getattr(proto, field)) > MAX_TEXT
    if field == "string_trigger_value":
        return len(proto.string_trigger_value.data) > MAX_TEXT
    if field is not None and field.endswith("_array_value"):
        values = getattr(proto, field).data
        return len(values) > MAX_ITEMS or (
            field == "string_array_value" and sum(map(len, values)) > MAX_TEXT
        )
    return False


def takes_value(widget_id: str, proto: Any, metadata: dict[str, Any]) -> bool:
    """Whether a widget value a client sent (``WidgetState`` proto) can be kept: its id may
    belong to a widget, it is no larger than the app's widgets send (``MAX_TEXT``,
    ``MAX_ITEMS``), and a widget drawn before (``metadata``) reads it and can write it back
    (Streamlit does both when the widget is drawn, and fails the run if it cannot)."""
    from streamlit.runtime.state.common import is_element_id, unpack_widget_state_value
    from streamlit.runtime.state.session_state import (
        STREAMLIT_INTERNAL_KEY_PREFIX,
        Value,
        WStates,
    )

    if not (is_element_id(widget_id) or widget_id.startswith(STREAMLIT_INTERNAL_KEY_PREFIX)):
        return False
    meta = metadata.get(widget_id)
    field = proto.WhichOneof("value")
    if _too_big(proto, field):
        return False
    if meta is None or field not in _CHECKED:
        return True  # a widget this session has not drawn yet: read when it is
    if field != meta.value_type and {field, meta.value_type} != _NUMBERS:
        return False
    try:  # read as the widget reads it, then written back as Streamlit will
        value = meta.deserializer(unpack_widget_state_value(proto))
        WStates(states={widget_id: Value(value)}, widget_metadata={widget_id: meta}).get_serialized(
            widget_id
        )
    except Exception:
        return False
    return True


def install_widget_filter() -> bool:
    """Make Streamlit drop, as they arrive, the widget values ``takes_value`` refuses (once
    per process; True when this call installed it)."""
    from streamlit.runtime.state.session_state import SessionState

    original = SessionState.set_widgets_from_proto
    if getattr(original, "_uno_filter", False):
        return False

    @functools.wraps(original)
    def filtered(self: Any, widget_states: Any) -> None:
        metadata = self._new_widget_state.widget_metadata
        kept = [w for w in widget_states.widgets if takes_value(w.id, w, metadata)]
        if len(kept) != len(widget_states.widgets):
            _LOG.warning(
                "dropped %d widget values no widget takes", len(widget_states.widgets) - len(kept)
            )
            clean = type(widget_states)()
            clean.widgets.extend(kept)
            widget_states = clean
        original(self, widget_states)

    filtered._uno_filter = True  # type: ignore[attr-defined]
    SessionState.set_widgets_from_proto = filtered  # type: ignore[method-assign]
    return True


install_widget_filter()


def _lang() -> str:
    return normalize_lang(st.session_state.get("lang"))


@contextmanager
def shielded(lang: str | None = None) -> Iterator[None]:
    """Run a page's (or a fragment's) drawing: an exception is logged with its traceback on
    the server and the reader sees ``app.failed`` in their language."""
    try:
        yield
    except Exception:
        if os.environ.get(RAISE_ENV) == "1":
            raise
        _LOG.exception("a page failed")
        st.error(t("app.failed", lang or _lang()), icon=":material/error:")


def fragment(func: Callable[P, R] | None = None, *, run_every: float | None = None) -> Any:
    """``st.fragment`` whose every run is shielded:
    ``@fragment`` or ``fragment(func, run_every=1.0)(args...)``."""

    def wrap(inner: Callable[P, R]) -> Callable[P, R | None]:
        @functools.wraps(inner)
        def body(*args: P.args, **kwargs: P.kwargs) -> R | None:
            with shielded():
                return inner(*args, **kwargs)
            return None

        return st.fragment(body, run_every=run_every)

    return wrap if func is None else wrap(func)
