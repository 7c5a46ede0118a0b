"""The rooms page: a class plays one game, each pupil on their own device, the board on the
projector.

- A teacher opens a room (deck, house rules, seats, computer players for the empty ones, the
  class if any) and gets a short code, a join link and its QR code to project; their device
  also holds the room's controls (pause, deal again, hand a seat to a computer player, remove a
  pupil, close).
- A pupil joins with the code (or the link) and a first name; the seat token is kept on the
  device, so a reload or a tablet that slept gets the seat back.
- ``?room=CODE&view=projector``: the table for the whole class, large, with no hand shown.

Every device polls the store about once a second (a fragment with ``run_every``): any server
process serves any pupil, and the computer players' moves are made by whichever device polls
first (the store's version settles who). A device only ever receives its own hand. The page
reaches the store through ``uno.academy.services.rooms``.

- ``keys``: the session keys; ``forms``: opening and joining; ``live``: the room as a device
  sees it, polled; ``teacher``: the teacher's code, link, QR code and controls; ``page``.
"""

from __future__ import annotations

from uno.ui.rooms.page import POLL_SECONDS, projector_view, show_rooms

__all__ = ["POLL_SECONDS", "projector_view", "show_rooms"]
