"""A pupil's class: what the lessons page asks of the store about joining, leaving and being in a
class, answered with what to say.

- ``membership``: the class a device is in (and the first name its pupil typed), if any;
- ``join_class``: a class code the teacher shows and a first name, typed once;
- ``leave_class``: the device leaves its class (its lessons stay on the device).

A wrong code is refused quietly, and too many wrong codes make the device wait a minute (the
store's limit, ``uno.academy.store``); a first name follows the rule for names everywhere
(``uno.setup.clean_name``). A store that cannot be used is said as such
(``uno.academy.faults.store_fault``), never as the pupil's mistake. The teacher's side (making a
class, its report) is below: ``classes_of``, ``create_class``, ``class_report``.
"""

from __future__ import annotations

from dataclasses import dataclass

from uno.academy import store as db
from uno.academy.faults import store_fault
from uno.academy.scoring import Message
from uno.academy.services.progress import NOT_SAVED
from uno.errors import ScenarioError

__all__ = [
    "Outcome",
    "Taught",
    "class_report",
    "classes_of",
    "create_class",
    "join_class",
    "leave_class",
    "membership",
    "shown_code",
]


@dataclass(frozen=True)
class Outcome:
    """What a change of class did: ``done`` (joined, or left), ``said`` what to tell the pupil
    (its values are user text, left raw), and ``fault``: True when the store could not be used
    (an error to show as such, not a refusal of what the pupil typed)."""

    done: bool
    said: Message
    fault: bool = False


def membership(token: str) -> db.Membership | None:
    """The class the device ``token`` is in, with its pupil's first name; None when it is in
    none, or when the store cannot say (the page then offers to join)."""
    if not db.database_exists():
        return None
    try:
        with db.open_store() as store:
            return store.membership(token)
    except (db.StoreError, OSError):
        return None


def join_class(token: str, code: str, first_name: str, *, address: str | None = None) -> Outcome:
    """The device ``token`` joins the class of ``code`` as ``first_name``, from the network
    ``address`` (wrong codes are limited per device and per address)."""
    try:
        with db.open_store() as store:
            joined = store.join_class(token, code, first_name, address=address)
    except db.CodeRefused as refused:
        if refused.reason == "too_many":
            return Outcome(False, Message("lessons.class_too_many"))
        return Outcome(False, Message("lessons.class_wrong"))
    except ScenarioError:
        return Outcome(False, Message("lessons.class_bad_name"))
    except (db.StoreError, OSError) as fault:
        return Outcome(False, Message(store_fault(fault, "lessons.class_store")), fault=True)
    said = Message("lessons.class_joined", {"name": joined.first_name, "klass": joined.class_name})
    return Outcome(True, said)


def leave_class(token: str) -> Outcome:
    """The device ``token`` leaves its class. When the store cannot be used, what to say is
    ``NOT_SAVED`` (the page says the tab's progress is not saved)."""
    try:
        with db.open_store() as store:
            store.leave_class(token)
    except (db.StoreError, OSError):
        return Outcome(False, NOT_SAVED, fault=True)
    return Outcome(True, Message("lessons.class_left"))


# -- the teacher's side ----------------------------------------------------------------------


@dataclass(frozen=True)
class Taught:
    """A teacher's classes (``classes``), or what to say when the store cannot be used."""

    classes: tuple[db.ClassInfo, ...] = ()
    said: Message | None = None


def classes_of(token: str) -> Taught:
    """The classes the device ``token`` made (none before the store exists)."""
    if not db.database_exists():
        return Taught()
    try:
        with db.open_store() as store:
            return Taught(tuple(store.classes_of(token)))
    except (db.StoreError, OSError) as fault:
        return Taught(said=Message(store_fault(fault, "teachers.class.store")))


def create_class(token: str, name: str) -> tuple[db.ClassInfo | None, str, Message]:
    """A new class of the device ``token``: (the class or None, the kind of message, the
    message: made, a name refused, or a store that cannot be used)."""
    try:
        with db.open_store() as store:
            made = store.create_class(token, name)
    except (db.StoreError, OSError) as fault:
        return None, "error", Message(store_fault(fault, "teachers.class.store"))
    except ValueError:
        return None, "warning", Message("teachers.class.bad_name")
    return made, "success", Message("teachers.class.made")


def class_report(token: str, code: str) -> db.ClassReport | Message:
    """What the teacher sees of a class (the lessons each pupil passed, the questions it gets
    wrong most), or what to say when it cannot be read."""
    try:
        with db.open_store() as store:
            return store.class_report(token, code)
    except (db.StoreError, OSError) as fault:
        return Message(store_fault(fault, "teachers.class.store"))
    except db.NotAllowed:
        return Message("teachers.class.store")


def shown_code(code: str) -> str:
    """A class code as a teacher shows it, in groups (``K7QH-M2X-D9R-PAF``)."""
    return db.format_code(code)
