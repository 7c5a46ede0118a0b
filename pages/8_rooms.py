"""Rooms: a class plays one game, each pupil on their own device, the board on the projector.
``?room=CODE`` opens a room (to join it, or to play from the seat this device holds);
``&view=projector`` shows the table for the whole class. The view is ``uno.ui.rooms``."""

from __future__ import annotations

from uno.ui.frame import frame
from uno.ui.guard import shielded
from uno.ui.rooms import projector_view, show_rooms

lang = frame("rooms", sidebar="collapsed" if projector_view() else "auto")
with shielded(lang):
    show_rooms(lang)
