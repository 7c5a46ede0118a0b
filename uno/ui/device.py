"""This device's identity: a random token kept in the browser's local storage, so that lesson
progress, a pupil's class and the score pads a family keeps survive closing the browser, with no
account and no e-mail.

A tiny Components v2 component (no HTML of its own) reads ``localStorage["uno-academy.device"]``,
makes a new token the first time (128 random bits from ``crypto.getRandomValues``), and sends it
to Python as its state. The first run of a session does not know it yet: ``device_token()`` is
None until the component has answered (one more run, at once). The server only ever stores a
hash of the token (``uno.academy.store.device_key``), so a leaked database names no device.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

import streamlit as st

__all__ = ["DEVICE_KEY", "current_device", "device_token", "forget_device"]

#: The component's widget key: ``st.session_state[DEVICE_KEY]["token"]`` once known.
DEVICE_KEY: Final = "uno_device"
_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{22,64}$")

_JS: Final = """
const KEY = "uno-academy.device";
function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
}
export default function (component) {
  const { data, setStateValue } = component;
  let token = null;
  try {
    if (data && data.forget) window.localStorage.removeItem(KEY);
    token = window.localStorage.getItem(KEY);
    if (!token || !/^[A-Za-z0-9_-]{22,64}$/.test(token)) {
      token = fresh();
      window.localStorage.setItem(KEY, token);
    }
  } catch (error) {
    // Private windows may refuse local storage: the device lasts as long as the tab.
    token = window.sessionStorage.getItem(KEY) || fresh();
    try { window.sessionStorage.setItem(KEY, token); } catch (ignored) {}
  }
  if (!data || data.known !== token) setStateValue("token", token);
}
"""


@cache
def _component() -> Any:
    return st.components.v2.component("uno_device", js=_JS)


def device_token() -> str | None:
    """This browser's token, or None on the very first run of a session (the component answers
    with a run of its own). Mounted once per run; draws nothing."""
    token = current_device()
    forget = bool(st.session_state.pop("uno_device_forget", False))
    _component()(
        data={"known": token, "forget": forget},
        key=DEVICE_KEY,
        default={"token": None},
        on_token_change=lambda: None,
        height="content",
    )
    return None if forget else token


def current_device() -> str | None:
    """The token ``device_token`` read for this run (the frame mounts the component)."""
    value: Any = st.session_state.get(DEVICE_KEY)
    known = value.get("token") if hasattr(value, "get") else None
    return known if isinstance(known, str) and _TOKEN.match(known) else None


def forget_device() -> None:
    """A callback: this browser forgets its token (and so its progress and score pads)."""
    st.session_state["uno_device_forget"] = True
