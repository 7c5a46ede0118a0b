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
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import streamlit as st

__all__ = [
    "DEVICE_KEY",
    "MAX_SEATS",
    "acceptable",
    "current_device",
    "device_token",
    "forget_device",
    "forget_seat",
    "keep_seat",
    "kept_seat",
    "network_address",
]

#: The component's widget key: ``st.session_state[DEVICE_KEY]["token"]`` once known.
DEVICE_KEY: Final = "uno_device"
_TOKEN: Final = re.compile(r"^[A-Za-z0-9_-]{22,64}$")
_CODE: Final = re.compile(r"^[A-Z0-9]{4,16}$")
#: The most room seats a device keeps (the component keeps the newest 20).
MAX_SEATS: Final = 20
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


def acceptable(value: object) -> bool:
    """Whether a state the device component sent is one it can send: ``token`` (None or
    ``_TOKEN``) and ``seats`` (at most ``MAX_SEATS`` room codes, each to a token), nothing
    else. A forged client may send up to the server's message cap (a megabyte) of anything;
    such a state is dropped, not kept in the session."""
    if not isinstance(value, Mapping) or not set(value.keys()) <= {"token", "seats"}:
        return False
    token = value.get("token")
    if token is not None and not (isinstance(token, str) and _TOKEN.match(token)):
        return False
    seats = value.get("seats", {})
    if seats is None:
        return True
    if not isinstance(seats, dict) or len(seats) > MAX_SEATS:
        return False
    return all(
        isinstance(code, str)
        and _CODE.match(code) is not None
        and isinstance(seat, str)
        and _TOKEN.match(seat) is not None
        for code, seat in seats.items()
    )


def _state() -> Any:
    value: Any = st.session_state.get(DEVICE_KEY)
    return value if hasattr(value, "get") and acceptable(value) else {}


def current_device() -> str | None:
    """The token ``device_token`` read for this run (the frame mounts the component)."""
    known = _state().get("token")
    return known if isinstance(known, str) and _TOKEN.match(known) else None


def network_address() -> str | None:
    """The address this browser's connection comes from, for the store's limits per network
    (``uno.academy.store``); None on this machine. Behind a proxy on this machine that sets
    X-Forwarded-For, the browser's own address (the server trusts a local proxy)."""
    address = getattr(st.context, "ip_address", None)
    return address if isinstance(address, str) and 0 < len(address) <= 100 else None


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
    if DEVICE_KEY in st.session_state and not acceptable(st.session_state[DEVICE_KEY]):
        del st.session_state[DEVICE_KEY]  # not kept: the component starts from its default
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
