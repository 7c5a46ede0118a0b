"""This device's identity: a random token kept in the browser's local storage, so that lesson
progress, a pupil's class and the score pads a family keeps survive closing the browser, with no
account and no e-mail. It also keeps the seat tokens of the rooms this device sits in, so a
pupil who reloads, or whose tablet slept, gets their seat back.

A tiny Components v2 component (no HTML of its own) reads ``localStorage["uno-academy.device"]``,
makes a new token the first time (128 random bits from ``crypto.getRandomValues``), and sends it
to Python as its state, with the seats kept in ``localStorage["uno-academy.seats"]``. The first
run of a session does not know them yet: ``device_token()`` is None until the component has
answered (one more run, at once). The server only ever stores hashes of these tokens, so a
leaked database names no device.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Final

import streamlit as st

__all__ = [
    "DEVICE_KEY",
    "current_device",
    "device_token",
    "forget_device",
    "forget_seat",
    "keep_seat",
    "kept_seat",
]

#: The component's widget key: ``st.session_state[DEVICE_KEY]["token"]`` once known.
DEVICE_KEY: Final = "uno_device"
_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
_CODE: Final = re.compile(r"^[A-Z0-9]{4,16}$")
#: Seat tokens to write on the device at the next run: (room code, token or None to forget).
_PENDING: Final = "uno_device_seat"

_JS: Final = """
const KEY = "uno-academy.device";
const SEATS = "uno-academy.seats";
const TOKEN = /^[A-Za-z0-9_-]{22,64}$/;
function fresh() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
}
function readSeats(store) {
  try {
    const seats = JSON.parse(store.getItem(SEATS) || "{}");
    const clean = {};
    for (const [code, token] of Object.entries(seats || {})) {
      if (/^[A-Z0-9]{4,16}$/.test(code) && TOKEN.test(token)) clean[code] = token;
    }
    return clean;
  } catch (error) { return {}; }
}
export default function (component) {
  const { data, setStateValue } = component;
  let store = window.localStorage;
  try { store.getItem(KEY); } catch (error) { store = window.sessionStorage; }
  let token = null;
  let seats = {};
  try {
    if (data && data.forget) { store.removeItem(KEY); store.removeItem(SEATS); }
    token = store.getItem(KEY);
    if (!token || !TOKEN.test(token)) { token = fresh(); store.setItem(KEY, token); }
    seats = readSeats(store);
    if (data && data.seat) {
      if (data.seat.token) seats[data.seat.code] = data.seat.token;
      else delete seats[data.seat.code];
      const codes = Object.keys(seats);
      while (codes.length > 20) delete seats[codes.shift()];  // a few rooms at most
      store.setItem(SEATS, JSON.stringify(seats));
    }
  } catch (error) {
    // Storage refused (a private window): the device lasts as long as the tab.
    token = token || fresh();
  }
  const known = data ? data.known : null;
  const same = known && JSON.stringify(known.seats || {}) === JSON.stringify(seats);
  if (!known || known.token !== token || !same) {
    setStateValue("token", token);
    setStateValue("seats", seats);
  }
}
"""


@cache
def _component() -> Any:
    return st.components.v2.component("uno_device", js=_JS)


def _state() -> Any:
    value: Any = st.session_state.get(DEVICE_KEY)
    return value if hasattr(value, "get") else {}


def current_device() -> str | None:
    """The token ``device_token`` read for this run (the frame mounts the component)."""
    known = _state().get("token")
    return known if isinstance(known, str) and _TOKEN.match(known) else None


def kept_seat(code: str) -> str | None:
    """The seat token this device keeps for the room ``code``, if any."""
    seats = _state().get("seats")
    if not isinstance(seats, dict):
        return None
    token = seats.get(code)
    return token if isinstance(token, str) and _TOKEN.match(token) else None


def keep_seat(code: str, token: str | None) -> None:
    """Keep (or, with None, forget) a room's seat token on this device, from the next run."""
    if _CODE.match(code) and (token is None or _TOKEN.match(token)):
        st.session_state[_PENDING] = {"code": code, "token": token}


def forget_seat(code: str) -> None:
    keep_seat(code, None)


def device_token() -> str | None:
    """This browser's token, or None on the very first run of a session (the component answers
    with a run of its own). Mounted once per run; draws nothing."""
    token = current_device()
    forget = bool(st.session_state.pop("uno_device_forget", False))
    seat = st.session_state.pop(_PENDING, None)
    seats = _state().get("seats")
    _component()(
        data={
            "known": {"token": token, "seats": seats if isinstance(seats, dict) else {}},
            "forget": forget,
            "seat": seat,
        },
        key=DEVICE_KEY,
        default={"token": None, "seats": {}},
        on_token_change=lambda: None,
        on_seats_change=lambda: None,
        height="content",
    )
    return None if forget else token


def forget_device() -> None:
    """A callback: this browser forgets its token (and so its progress and score pads)."""
    st.session_state["uno_device_forget"] = True
