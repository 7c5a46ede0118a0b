"""Every catalog string rendered as readers see it, in every language, and read like a teacher.

Each key of ``content/<lang>/*.toml`` is rendered with realistic values: names that start with a
vowel and with a consonant, the default seat names, the computer players' names, the counts 0,
1, 2, 5, 11, 21, 22 and 25 for every number (choosing the plural form as ``t(..., count=n)``
does), every card through ``card_label`` and every colour. The values of each placeholder come
from ``PLACEHOLDER_KINDS`` (and ``KIND_OVERRIDES`` where one name means two things): a
placeholder with no known kind fails the test, so a new one is given realistic values too. The
lessons' texts (their one placeholder, ``{answer}``, takes the engine's answer) and the long
pages are read as they are.

The rendered texts must not hold:

- ``elision``: a French de, que, le, la, ce, se, ne, je, me, te before a substituted name or word
  that starts with a vowel or a mute h ("de Emma", "que Inès"); Russian "игрока"/"игроку" glued
  before a name, which does not decline ("Карты игрока Ана").
- ``plural``: a number followed by the wrong form of the noun after it (en "1 cards", fr
  "1 points", "0 points", ru "21 карт", "5 карты"), checked against ``NOUNS``.
- ``typography``: a breakable space (or none) before French ; : ! ? » or after «, a straight
  apostrophe or English quotes in French, the game named as people do not say it ("l’Uno",
  "d’Uno", "à Uno": it is le Uno, au Uno, du Uno), a space before Russian or English
  punctuation, "UNO!," (a comma after ! or ?), "Uno Academy" in Russian prose.
- ``colons``: two colons in one sentence (or one field of a line: ; and · part them).
- ``english``: English words or placeholders (COMMAND, FILE) left in French or Russian, and a
  placeholder nothing filled (``{name}``, ``%(prog)s``) in any language.
- ``decimal``: a decimal point in a French or Russian number (0.7 is 0,7 there).
- ``one_form``: a Russian count in its "one" form (21, 31) followed by a pronoun that agrees
  with one thing ("21 код — не карта, его не посчитали").

The same checks read sentences built at run time: the command line's output (argparse's words
included) and the story of seeded rounds under every preset.
- ``option_id``: a raw option id or any snake_case word in prose (code spans, maths and values
  quoted from a file are not prose).
- ``same_as_english``: a French or Russian text identical to the English one, outside codes,
  names, numbers, symbols and a short list of words the languages share.

A failing test lists every offending key with its rendered text and what is wrong.
"""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from pathlib import Path
from typing import Final

import pytest

from uno.academy.classroom import SHAPE_GLYPH
from uno.academy.i18n import (
    CONTENT_DIR,
    LANGS,
    card_label,
    card_the,
    catalog,
    join_words,
    number,
    percent,
    plural_form,
    t,
)
from uno.academy.lessons import NUMERIC_KINDS, board_of, lessons, question_answer
from uno.bots import STRATEGIES
from uno.cards import CARDS, COLORS, Card, Color
from uno.review import GRADES
from uno.rules import PRESETS, SWITCHES

COUNTS: Final = (0, 1, 2, 5, 11, 21, 22, 25)
#: Names typed by players: a vowel first (French elision), a consonant first, Russian names.
TYPED_NAMES: Final = ("Emma", "Inès", "Yannick", "Ана", "Бен", "Oscar", "Hugo")
PLURAL_FORMS: Final = frozenset({"zero", "one", "few", "many", "other"})

# Markers around substituted values: prose values (a name, a card) and quoted codes (a field
# of a file, a typed value), which are not prose.
OPEN, CLOSE = "\x02", "\x03"
CODE_OPEN, CODE_CLOSE = "\x04", "\x05"

# -- the values of each placeholder --------------------------------------------------------------

#: The kind of values each placeholder name takes across the catalogs.
PLACEHOLDER_KINDS: Final[dict[str, str]] = {
    "answer": "answer",  # lessons only: the engine's answer
    "args": "code",  # the command line's arguments argparse did not understand
    "choices": "code",
    "command": "metavar",  # the placeholder of a command in the help: COMMANDE, КОМАНДА
    "matches": "code",
    "seats": "number",
    "app": "app_name",
    "card": "card",
    "the_card": "the_card",
    "cards": "card_list",
    "code": "code",
    "codes": "typed_codes",
    "color": "color",
    "count": "number",
    "counted": "number",  # lessons: the points a learner gave a card
    "deck": "deck_name",
    "direction": "direction",
    "done": "number",
    "error": "code",
    "face": "card_face",
    "field": "code",
    "file": "code",
    "folder": "code",
    "hands": "hands_list",
    "head": "names_head",
    "hand": "hand_label",
    "high": "number",
    "id": "rule_id",
    "ids": "rule_ids",
    "index": "number",
    "keep": "wild_card",
    "move": "coach_move",
    "options": "coach_options",
    "last": "name",
    "lesson": "number",
    "step": "number",
    "steps": "number",  # the steps still waiting, "2, 4 and 5" (one in the test)
    "limit": "number",
    "low": "number",
    "message": "code",
    "method": "method",
    "name": "name",
    "names": "names",
    "number": "number",
    "option": "option",
    "order": "order",
    "other": "name",
    "path": "code",
    "phase": "code",
    "pile": "pile_phrase",
    "playable": "number",
    "players": "names",
    "points": "points_phrase",
    "preset": "preset",
    "problem": "reason",
    "presets": "code",
    "prog": "code",
    "reason": "reason",
    "rule": "rule_phrase",
    "rules": "preset",
    "scores": "scores",
    "seat": "number",
    "seconds": "seconds",
    "seed": "number",
    "share": "percent",
    "shape": "shape",
    "strategy": "strategy",
    "suffix": "code",
    "summary": "summary",
    "target": "number",
    "text": "code",
    "title": "title",
    "total": "number",
    "types": "code",
    "size": "number",
    "turn": "turn_phrase",
    "unseen": "number",
    "value": "code",
    "var": "code",
    "who": "who",
    "link": "code",
    "klass": "code",
    "label": "title",  # a field's label or an option, after a colon (uno/ui/aria.py)
    "updated": "code",
    "where": "code",
    "best": "percent",  # review: the better move's chance to win
    "lost": "lost_phrase",  # review: "11 points of chance lost"
    "did": "did_phrase",  # review: "You drew a card"
    "grade": "grade_word",  # review: "blunder"
    # the puzzles page and its miner
    "date": "code",
    "next": "name",
    "rating": "number",
    "change": "number",
    "deviation": "number",
    "solved": "number",
    "tried": "number",
    "theme": "title",
    "rate": "number",
    "decisions": "number",
    "screened": "number",
    "evaluated": "number",
    "games": "code",
    "puzzles": "code",
    "failed": "code",
}

#: (key pattern, placeholder) -> kind, where a placeholder means something else in that key.
KIND_OVERRIDES: Final[dict[tuple[str, str], str]] = {
    ("teachers.age.*.steps", "deck"): "cards_phrase",
    ("teachers.age.*.steps", "color"): "cards_phrase",
    ("lab.wins.dealer", "order"): "number",
    ("coach.*.wild", "card"): "wild_card",
    ("review.kids.*", "did"): "kids_did_phrase",
    ("review.kids.better", "move"): "kids_coach_move",
    ("sandbox.status", "pile"): "number",
    ("cli.check.summary", "players"): "players_phrase",
    ("cli.simulate.strategy_count", "players"): "players_phrase",
    ("cli.bad_strategy", "names"): "code",
    ("cli.admin.game", "rounds"): "code",
    ("cli.admin.game", "players"): "code",
    ("cli.help.*", "names"): "code",
    ("cli.argparse.*", "names"): "code",
    ("cli.argparse.*", "name"): "code",
    ("cli.argparse.*", "option"): "code",
    ("event.round_won", "points"): "number",
    ("sandbox.round_over", "points"): "number",
    ("scoring.check.term", "points"): "number",
    ("lab.worth.mean_line", "points"): "number",
    ("scoring.pad.preview_lowest", "points"): "points_list",
    ("scenario_error.pending_mismatch", "value"): "number",
    ("scenario_error.score_past_target", "value"): "number",
    ("scoring.error.points_too_big", "value"): "number",
    ("scoring.error.points_negative", "value"): "negative",
    ("scoring.error.bad_players_count", "value"): "number",
    ("puzzles.*why.*", "cards"): "cards_phrase",
    ("puzzles.task", "players"): "players_phrase",
    ("teachers.puzzles.option", "id"): "code",
}


def kind_of(key: str, placeholder: str) -> str | None:
    for (pattern, name), kind in KIND_OVERRIDES.items():
        if name == placeholder and fnmatchcase(key, pattern):
            return kind
    return PLACEHOLDER_KINDS.get(placeholder)


def seat_names(lang: str) -> list[str]:
    """Names a seat can have: typed ones, the default seat names, the kids' friends and "you",
    the command line's players, the lessons' characters and the computer players' names."""
    words = catalog(lang)
    names = list(TYPED_NAMES)
    names += [
        t("sandbox.default_name", lang, number=1),
        t("classroom.pass.default_name", lang, number=2),
        t("scoring.pad.player_n", lang, number=3),
        t("cli.play.person", lang),
        t("cli.play.computer", lang, number=1),
        t("classroom.kids.you", lang),
    ]
    names += [words[k] for k in sorted(words) if k.startswith("classroom.bot.")]
    names += [words[k] for k in sorted(words) if k.startswith("lesson.name.")]
    names += [t(f"bot.{name}.name", lang) for name in STRATEGIES]
    return names


def _every_card() -> list[Card]:
    return list(CARDS)


@cache
def samples(kind: str, lang: str) -> tuple[str, ...]:
    """Realistic values of one kind, as the code words them in ``lang``."""
    names = seat_names(lang)
    numbers = [number(n, lang) for n in COUNTS]
    if kind == "number":
        return tuple(numbers)
    if kind == "metavar":
        return (t("cli.metavar.command", lang),)
    if kind == "app_name":
        return (t("app.title", lang),)
    if kind == "negative":
        return (number(-5, lang),)
    if kind == "name":
        return tuple(names)
    if kind == "who":
        return (*names, t("scoring.pad.this_round", lang))
    if kind == "names":
        groups = [names[:1], names[1:3], names[3:6], [names[6]], [names[1], names[4]]]
        return tuple(join_words(g, lang) for g in groups)
    if kind == "names_head":
        return (", ".join(names[:2]), names[1])
    if kind == "order":
        return (" → ".join(names[:3]), " → ".join(names[1:5]))
    if kind == "card":
        labels = [card_label(c, lang) for c in _every_card()]
        labels += [card_label(Card(code), lang, color) for code in ("W", "WD4") for color in COLORS]
        return tuple(labels)
    if kind == "the_card":
        the = [card_the(c, lang) for c in _every_card()]
        the += [card_the(Card(code), lang, color) for code in ("W", "WD4") for color in COLORS]
        return tuple(the)
    if kind == "wild_card":
        return tuple(card_label(Card(code), lang) for code in ("W", "WD4"))
    if kind == "coach_move":
        seven, wild = card_the(Card("B7"), lang), card_the(Card("W"), lang)
        blue = t("color.B", lang)
        return (
            t("coach.do.play", lang, the_card=seven),
            t("coach.do.play_keep", lang, the_card=seven, keep=card_label(Card("W"), lang)),
            t("coach.do.wild", lang, the_card=wild, color=blue),
            t("coach.do.swap", lang, the_card=card_the(Card("R7"), lang), name=names[0]),
            t("coach.do.draw", lang),
            t("coach.do.challenge", lang),
            t("coach.do.color", lang, color=blue),
        )
    if kind in ("did_phrase", "kids_did_phrase"):
        base = "review.kids.did" if kind == "kids_did_phrase" else "review.did"
        seven, wild, blue = (
            card_the(Card("B7"), lang),
            card_the(Card("W"), lang),
            t("color.B", lang),
        )
        done = (
            t(f"{base}.play", lang, the_card=seven),
            t(f"{base}.wild", lang, the_card=wild, color=blue),
            t(f"{base}.swap", lang, the_card=card_the(Card("R7"), lang), name=names[0]),
            t(f"{base}.draw", lang),
            t(f"{base}.pass", lang),
            t(f"{base}.accept", lang),
            t(f"{base}.catch", lang, name=names[1]),
        )
        return done
    if kind == "kids_coach_move":
        seven, wild = card_the(Card("B7"), lang), card_the(Card("W"), lang)
        blue = f"{t('color.B', lang)} {SHAPE_GLYPH[Color.B]}"
        return (
            t("coach.kids.do.play", lang, the_card=seven),
            t("coach.kids.do.wild", lang, the_card=wild, color=blue),
            t("coach.kids.do.draw", lang),
            t("coach.kids.do.accept", lang),
        )
    if kind == "grade_word":
        return tuple(t(f"review.grade.{g}", lang) for g in GRADES)
    if kind == "lost_phrase":
        return tuple(t("review.lost", lang, count=n) for n in COUNTS)
    if kind == "coach_options":
        share = percent(0.33, lang)
        return (
            t("coach.if.draw", lang, share=share),
            t("coach.separator", lang).join(
                (
                    t("coach.if.play", lang, share=share, the_card=card_the(Card("GS"), lang)),
                    t("coach.if.accept", lang, share=percent(0.05, lang)),
                )
            ),
        )
    if kind == "card_face":
        return tuple(t(f"card.face.{c.kind.name.lower()}", lang, number=c.number) for c in CARDS)
    if kind == "card_list":
        cards = [Card(c) for c in ("R7", "GS", "W", "YD2")]
        return (
            ", ".join(f"{c} ({card_label(c, lang)})" for c in cards),
            ", ".join(f"{card_label(c, lang)} × 3" for c in cards[:2]),
        )
    if kind == "color":
        plain = [t(f"color.{c.name}", lang) for c in COLORS]
        return (
            *plain,
            *(f"{word} {SHAPE_GLYPH[c]}" for word, c in zip(plain, COLORS, strict=True)),
        )
    if kind == "shape":
        return tuple(SHAPE_GLYPH[c] for c in COLORS)
    if kind == "deck_name":
        return tuple(t(f"classroom.deck.{d}", lang) for d in ("numbers", "actions", "full"))
    if kind == "direction":
        return (t("sandbox.dir.1", lang), t("sandbox.dir.-1", lang))
    if kind == "method":
        return (t("scoring.method.standard", lang), t("scoring.method.lowest", lang))
    if kind == "preset":
        return tuple(t(f"sandbox.presets.{p}", lang) for p in PRESETS)
    if kind == "strategy":
        return tuple(t(f"bot.{s}.name", lang) for s in STRATEGIES)
    if kind == "option":
        options = [*SWITCHES, "uno_catch_window", "single_round"]
        return tuple(t(f"sandbox.options.{o}", lang) for o in options)
    if kind == "reason":
        return (t("reason.no_match", lang), t("reason.not_your_turn", lang))
    if kind == "hand_label":
        return (t("scoring.check.hand", lang, number=1),)
    if kind == "rule_id":
        return ("R-DRAW-1", "H-STACK")
    if kind == "rule_ids":
        return ("H-STACK, H-70",)
    if kind == "rule_phrase":
        return (t("lessons.rule", lang, id="R-PLAY-1"),)
    if kind == "title":
        return tuple(_lesson_titles(lang))
    if kind == "cards_phrase":
        return tuple(t("scoring.cards", lang, count=n) for n in COUNTS)
    if kind == "points_phrase":
        return tuple(t("scoring.points", lang, count=n) for n in COUNTS)
    if kind == "pile_phrase":
        return tuple(t("cli.check.pile", lang, count=n) for n in COUNTS)
    if kind == "players_phrase":
        return tuple(t("cli.check.players", lang, count=n) for n in COUNTS)
    if kind == "points_list":
        return (
            join_words([f"{n} +{p}" for n, p in zip(names[:3], (0, 1, 21), strict=True)], lang),
        )
    if kind == "turn_phrase":
        return tuple(t("cli.check.turn", lang, name=n, seat=1) for n in names[:3])
    if kind == "hands_list":
        return (
            ", ".join(
                t("cli.check.hand", lang, name=n, count=c)
                for n, c in zip(names[:3], (1, 7, 0), strict=True)
            ),
        )
    if kind == "scores":
        return (" · ".join(f"{n} {s}" for n, s in zip(names[:3], (0, 1, 25), strict=True)),)
    if kind == "summary":
        from uno import new_game
        from uno.academy.cli import situation_summary

        return (situation_summary(new_game(["Emma", "Бен", "Inès"], seed=3), lang),)
    if kind == "seconds":
        return (number(1.5, lang, 1), number(21, lang, 1))
    if kind == "percent":
        return (percent(0.25, lang, 1), percent(1 / 3, lang, 1))
    if kind == "typed_codes":
        return (", ".join(t("scoring.quote", lang, text=c) for c in ("X9", "rouge")),)
    if kind == "code":
        return ("X9", "hands[0]", "players.2")
    raise KeyError(kind)


CODE_KINDS: Final = frozenset({"code", "rule_id", "rule_ids"})


def _lesson_titles(lang: str) -> list[str]:
    out = []
    for path in sorted((CONTENT_DIR / lang / "lessons").glob("*.toml")):
        with path.open("rb") as handle:
            out.append(str(tomllib.load(handle)["title"]))
    return out


# -- the texts ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """One key of a catalog (or of a lesson): its forms (``""`` for a plain key, else the
    plural forms) and the placeholder that chooses the form."""

    key: str
    forms: dict[str, str]
    answer: tuple[str, ...] = ()  # lessons: the right answer(s) the engine computes


PLACEHOLDER = re.compile(r"\{(\w*)\}")


def catalog_entries(lang: str) -> list[Entry]:
    words = catalog(lang)
    children: dict[str, dict[str, str]] = defaultdict(dict)
    for key, text in words.items():
        base, _, last = key.rpartition(".")
        children[base][last] = text
    plural = {base for base, forms in children.items() if set(forms) <= PLURAL_FORMS}
    out: list[Entry] = []
    for base in sorted(plural):
        out.append(Entry(base, children[base]))
    for key in sorted(words):
        if key.rpartition(".")[0] not in plural:
            out.append(Entry(key, {"": words[key]}))
    return out


def _strings(table: dict[str, object], prefix: str = "") -> Iterator[tuple[str, str]]:
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _strings(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            yield f"{prefix}{key}", value


@cache
def lesson_answers() -> dict[str, tuple[str, ...]]:
    """``<lesson key>.<text key>`` -> the answer the engine computes, for numbers (the other
    answers are option labels: a name, a card, "Yes")."""
    out: dict[str, tuple[str, ...]] = {}
    for lesson in lessons():
        board = board_of(lesson)
        if board.kind == "points":
            for text in ("right", "wrong"):
                out[f"{lesson.key}.board.{text}"] = (board.answer(),)
        for q in lesson.quiz:
            if q.kind in NUMERIC_KINDS:
                out[f"{lesson.key}.quiz.{q.id}.explain"] = (question_answer(q),)
    return out


def lesson_entries(lang: str) -> list[Entry]:
    out = []
    answers = lesson_answers()
    for path in sorted((CONTENT_DIR / lang / "lessons").glob("*.toml")):
        with path.open("rb") as handle:
            table = tomllib.load(handle)
        for key, text in _strings(table):
            full = f"{path.stem}.{key}"
            answer = answers.get(
                full, ("Ana", t("lessons.yes", lang), card_label(Card("R7"), lang))
            )
            out.append(Entry(f"lessons/{full}", {"": text}, answer))
    return out


def long_texts(lang: str) -> list[tuple[str, str]]:
    """The lessons' explanations and the long pages, by file."""
    files = [*sorted((CONTENT_DIR / lang / "lessons").glob("*.md"))]
    files += sorted((CONTENT_DIR / lang / "pages").glob("*.md"))
    return [(str(p.relative_to(CONTENT_DIR)), p.read_text(encoding="utf-8")) for p in files]


# -- rendering ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rendered:
    key: str
    text: str  # with the markers around substituted values


def _mark(value: str, kind: str) -> str:
    if kind in CODE_KINDS:
        return f"{CODE_OPEN}{value}{CODE_CLOSE}"
    return f"{OPEN}{value}{CLOSE}"


def _form(entry: Entry, lang: str, driver_value: int | None) -> list[str]:
    if "" in entry.forms:
        return [entry.forms[""]]
    if driver_value is None:
        return list(entry.forms.values())
    form = plural_form(driver_value, lang)
    return [entry.forms.get(form) or entry.forms["other"]]


#: Plural tables with several numbers and no ``{count}``: the number the code passes as count.
PLURAL_DRIVERS: Final = {"lessons.progress": "done", "cli.simulate.progress": "total"}


def plural_driver(entry: Entry) -> str | None:
    """The placeholder whose number chooses the plural form (the code passes it as ``count``):
    ``count``, else the key's only number (``limit`` in "at most {limit} characters"), else
    ``PLURAL_DRIVERS``."""
    if "" in entry.forms:
        return None
    if entry.key in PLURAL_DRIVERS:
        return PLURAL_DRIVERS[entry.key]
    names = {p for text in entry.forms.values() for p in PLACEHOLDER.findall(text)}
    if "count" in names:
        return "count"
    numbers = sorted(p for p in names if kind_of(entry.key, p) == "number")
    return numbers[0] if len(numbers) == 1 else "count"


def unknown_placeholders(entries: list[Entry]) -> list[str]:
    out = []
    for entry in entries:
        for text in entry.forms.values():
            for name in PLACEHOLDER.findall(text):
                if entry.key.startswith("lessons/"):
                    if name != "answer":
                        out.append(f"{entry.key}: {{{name}}}")
                elif entry.key.startswith("card.") or entry.key in ("words.list", "words.either"):
                    continue
                elif kind_of(entry.key, name) is None:
                    out.append(f"{entry.key}: {{{name}}}")
    return out


def _card_renders(lang: str) -> list[Rendered]:
    """``card.*`` is read through ``card_label``, the one way a card is named."""
    out = []
    for card in CARDS:
        key = "card.label_number" if card.number is not None else "card.label_action"
        if card.is_wild:
            key = f"card.face.{card.kind.name.lower()}"
        out.append(Rendered(key, f"{OPEN}{card_label(card, lang)}{CLOSE}"))
    for code in ("W", "WD4"):
        for color in COLORS:
            out.append(Rendered("card.label_wild_named", card_label(Card(code), lang, color)))
    return out


def render(entry: Entry, lang: str) -> Iterator[Rendered]:
    """The entry with every value of each placeholder in turn (the others at their first
    value), and every plural form with the counts that choose it."""
    if entry.key.startswith("card."):
        return
    if entry.key in ("words.list", "words.either"):
        either = entry.key == "words.either"
        for group in (["Emma", "Бен"], ["Inès", "Yannick", "Ана"]):
            marked = [f"{OPEN}{g}{CLOSE}" for g in group]
            yield Rendered(entry.key, join_words(marked, lang, alternative=either))
        return
    names = sorted({p for text in entry.forms.values() for p in PLACEHOLDER.findall(text)})
    if not names:
        for text in entry.forms.values():
            yield Rendered(entry.key, text)
        return
    choices: dict[str, tuple[str, tuple[str, ...]]] = {}
    for name in names:
        if name == "answer":
            choices[name] = ("answer", entry.answer)
        else:
            kind = kind_of(entry.key, name)
            assert kind is not None, (entry.key, name)  # test_every_placeholder_has_a_kind
            choices[name] = (kind, samples(kind, lang))
    driver = plural_driver(entry)
    if driver is not None and driver not in choices:
        choices[driver] = ("number", samples("number", lang))
    defaults = {name: values[0] for name, (_, values) in choices.items()}
    # The first value of a number is 0: a neutral default is 5 (plural everywhere).
    for name, (kind, values) in choices.items():
        if kind == "number":
            defaults[name] = values[COUNTS.index(5)]
    for name, (_, values) in choices.items():
        for value in values:
            filled = dict(defaults, **{name: value})
            driver_value = None
            if driver is not None:
                driver_value = int(filled[driver].replace("\u202f", "").replace(",", ""))
            marked = {n: _mark(v, choices[n][0]) for n, v in filled.items()}
            for template in _form(entry, lang, driver_value):
                yield Rendered(entry.key, template.format(**marked))


def all_renders(lang: str) -> list[Rendered]:
    out = _card_renders(lang)
    for entry in catalog_entries(lang) + lesson_entries(lang):
        out.extend(render(entry, lang))
    out.extend(Rendered(name, text) for name, text in long_texts(lang))
    return out


# -- reading ------------------------------------------------------------------------------------

MARKS = re.compile(f"[{OPEN}{CLOSE}{CODE_OPEN}{CODE_CLOSE}]")
CODE_VALUE = re.compile(f"{CODE_OPEN}[^{CODE_CLOSE}]*{CODE_CLOSE}")
CODE_SPAN = re.compile(r"`[^`\n]*`")
MATH = re.compile(r"\$[^$\n]+\$")
LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
URL = re.compile(r"\bhttps?://\S+")
#: Shell commands quoted in the command line's messages (pip install 'uno-academy[app]').
COMMAND = re.compile(r"(?:pip install|python -m|uno-academy)(?: [^\s.;,:)”»]+)*")


NUMBER_VALUE = re.compile(f"{OPEN}([\\d\u202f,.]+){CLOSE}")


def plain(text: str) -> str:
    return MARKS.sub("", text)


def prose(text: str, keep_marks: bool = False) -> str:
    """What a reader reads as prose: no quoted codes, code spans, maths, links' targets, URLs
    or shell commands (each left as a neutral word, so the sentence around it stays). With
    ``keep_marks`` the markers around substituted values stay, except around a bare number."""
    text = CODE_VALUE.sub("X", text)
    text = NUMBER_VALUE.sub(r"\1", text) if keep_marks else plain(text)
    text = LINK_TARGET.sub("]", text)
    for pattern in (CODE_SPAN, MATH, URL, COMMAND):
        text = pattern.sub("X", text)
    return text


# -- elision --------------------------------------------------------------------------------------

FR_ELIDING = r"(?:de|que|le|la|ce|se|ne|je|me|te|jusque|lorsque|puisque)"
FR_VOWEL = "aeiouhàâäéèêëîïôöûüœæAEIOUHÀÂÄÉÈÊËÎÏÔÖÛÜŒÆ"
FR_ELISION = re.compile(rf"(?<![\w’'-])({FR_ELIDING})\s+{OPEN}(?=[{FR_VOWEL}])", re.IGNORECASE)
# "игрок Ана" (both nominative) reads well; "игрока Ана", "игроку Ана" do not.
RU_GLUED = re.compile(rf"(?<!\w)(игрок(?:а|у|ом|е))\s+{OPEN}(?!\d)", re.IGNORECASE)


def elision_faults(lang: str, text: str) -> list[str]:
    if lang == "fr":
        return [
            f"“{m.group(1)}” before a value that starts with a vowel"
            for m in FR_ELISION.finditer(text)
        ]
    if lang == "ru":
        return [
            f"“{m.group(1)}” glued before a name, which does not decline"
            for m in RU_GLUED.finditer(text)
        ]
    return []


# -- plurals --------------------------------------------------------------------------------------

EN_NOUNS: Final = (
    "card point round game player move line character hand code lesson name letter second turn"
    " deal seat colour wild"
)
FR_NOUNS: Final = (
    "carte point manche partie joueur coup ligne caractère main code leçon nom prénom lettre"
    " seconde tour donne stratégie exemplaire couleur joker place ami"
)
#: The nouns the catalogs put after a number: each row is a case, with its form for each plural
#: category of the language (en, fr: one, other; ru: one, few, many).
NOUNS: Final[dict[str, list[tuple[str, ...]]]] = {
    "en": [
        *((one, one + "s") for one in EN_NOUNS.split()),
        ("strategy", "strategies"),
        ("copy", "copies"),
    ],
    "fr": [(one, one + "s") for one in FR_NOUNS.split()],
    "ru": [
        ("карта", "карты", "карт"),
        ("карту", "карты", "карт"),  # accusative
        ("очко", "очка", "очков"),
        ("кон", "кона", "конов"),
        ("партия", "партии", "партий"),
        ("партию", "партии", "партий"),
        ("игрок", "игрока", "игроков"),
        ("игрока", "игроков", "игроков"),  # accusative of a living being ("на 2 игроков")
        ("ход", "хода", "ходов"),
        ("строка", "строки", "строк"),
        ("строку", "строки", "строк"),
        ("символ", "символа", "символов"),
        ("рука", "руки", "рук"),
        ("руку", "руки", "рук"),
        ("стратегия", "стратегии", "стратегий"),
        ("стратегию", "стратегии", "стратегий"),
        ("код", "кода", "кодов"),
        ("урок", "урока", "уроков"),
        ("имя", "имени", "имён"),
        ("раздача", "раздачи", "раздач"),
        ("раздачу", "раздачи", "раздач"),
        ("буква", "буквы", "букв"),
        ("букву", "буквы", "букв"),
        ("секунда", "секунды", "секунд"),
        ("секунду", "секунды", "секунд"),
        ("раз", "раза", "раз"),
        ("цвет", "цвета", "цветов"),
        ("место", "места", "мест"),
        ("друг", "друга", "друзей"),
    ],
}
#: Russian words after which a number takes the genitive ("больше 21 карты", "из 5 карт").
_RU_GENITIVE_WORDS = (
    "больше меньше более менее длиннее короче дольше из до от около без для у кроме"
)
RU_GENITIVE: Final = frozenset(f"{_RU_GENITIVE_WORDS} после вместо свыше нет".split())
RU_GENITIVE_NOUNS: Final[list[tuple[str, ...]]] = [
    ("карты", "карт", "карт"),
    ("очка", "очков", "очков"),
    ("кона", "конов", "конов"),
    ("партии", "партий", "партий"),
    ("игрока", "игроков", "игроков"),
    ("хода", "ходов", "ходов"),
    ("строки", "строк", "строк"),
    ("символа", "символов", "символов"),
    ("руки", "рук", "рук"),
    ("стратегии", "стратегий", "стратегий"),
    ("кода", "кодов", "кодов"),
    ("урока", "уроков", "уроков"),
    ("имени", "имён", "имён"),
    ("раздачи", "раздач", "раздач"),
    ("буквы", "букв", "букв"),
    ("секунды", "секунд", "секунд"),
    ("цвета", "цветов", "цветов"),
]
CATEGORIES: Final = {"en": ("one", "other"), "fr": ("one", "other"), "ru": ("one", "few", "many")}
NUMBER_NOUN = re.compile(r"(?<![\w.,+\-#№/])(\d+)[ \u00a0\u202f](\w+)")
WORD_BEFORE = re.compile(r"(\w+)\s*$")


def plural_faults(lang: str, text: str) -> list[str]:
    out = []
    text = prose(text, keep_marks=True)  # "Player 1" (a name) is not the number of a noun
    for match in NUMBER_NOUN.finditer(text):
        n, word = int(match.group(1)), match.group(2)
        low = word  # nouns are lower case; "4 Wild cards" names a card
        category = CATEGORIES[lang].index(plural_form(n, lang))
        rows = NOUNS[lang]
        before = WORD_BEFORE.search(text[: match.start()])
        if lang == "ru" and before and before.group(1).lower() in RU_GENITIVE:
            rows = RU_GENITIVE_NOUNS
        matching = [row for row in rows if low in row]
        if matching and not any(row[category] == low for row in matching):
            right = matching[0][category]
            out.append(f"“{n} {word}”: {n} takes “{right}”")
    return out


# -- typography -----------------------------------------------------------------------------------

FR_TIGHT = "\u202f\u00a0"
FR_BEFORE = re.compile(r"(?P<space>[ \t\n]*)(?P<mark>[;:!?»])")
FR_AFTER = re.compile(r"«(?P<space>[ \t\n]*)")
#: The game is "le Uno": "jouer au Uno", "les règles du Uno", "une manche de Uno" (as people
#: say it), never elided ("l’Uno", "d’Uno") nor without its article ("jouer à Uno").
FR_GAME = re.compile(r"(?<![\w’'])(?:(?:l|d|qu)[’']|à\s+)[Uu]no\b(?!\s*Academy)")
RU_INNER_QUOTES = re.compile("„[^“]*“")
COMMA_AFTER_MARK = re.compile(r"[!?][\u202f\u00a0 ]?,")
SPACE_BEFORE_MARK = re.compile(r"\w[ \u00a0\u202f]+([,.;:!?])(?!\w)")


def typography_faults(lang: str, text: str) -> list[str]:
    out = []
    text = prose(text)
    if COMMA_AFTER_MARK.search(text):
        out.append("a comma after “!” or “?”")
    if lang == "fr":
        for match in FR_BEFORE.finditer(text):
            mark, space = match.group("mark"), match.group("space")
            start = match.start()
            before = text[start - 1] if start > 0 else ""
            if space:
                out.append(f"a breakable space before “{mark}”")
            elif text[start + len(match.group(0)) : start + len(match.group(0)) + 2] == "//":
                continue  # a URL's scheme ("postgresql://"), not punctuation
            elif (
                before
                and before not in FR_TIGHT
                and before not in "!?;:"
                and not (mark in "!?" and before in "!?")
            ):
                out.append(f"no no-break space before “{mark}”")
        for match in FR_AFTER.finditer(text):
            following = text[match.end() : match.end() + 1]
            if match.group("space"):
                out.append("a breakable space after “«”")
            elif following not in FR_TIGHT:
                out.append("no no-break space after “«”")
        if "'" in text:
            out.append("a straight apostrophe (the French texts use ’)")
        if "“" in text or "”" in text:
            out.append("English quotes “…” (French uses « … »)")
        for match in FR_GAME.finditer(text):
            out.append(f"“{match.group(0)}”: the game is le Uno, au Uno, du Uno, de Uno")
    else:
        for match in SPACE_BEFORE_MARK.finditer(text):
            out.append(f"a space before “{match.group(1)}”")
    if lang == "ru":
        unnested = RU_INNER_QUOTES.sub("", text)  # «… „…“ …»: quotes inside quotes are right
        if "“" in unnested or "”" in unnested:
            out.append("English quotes “…” (Russian uses « … »)")
        if "Uno Academy" in text:
            out.append("“Uno Academy” in Russian prose (the app is «Академия Уно»)")
    return out


# -- option ids -----------------------------------------------------------------------------------

SNAKE = re.compile(r"(?<![\w.\-/])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w(])")
#: Option ids that are plain words: raw in French or Russian prose.
WORD_OPTIONS: Final = ("stacking", "strict", "party")


def option_faults(lang: str, text: str) -> list[str]:
    text = prose(text)
    out = [f"“{m.group(0)}”" for m in SNAKE.finditer(text)]
    if lang != "en":
        out += [f"“{w}”" for w in WORD_OPTIONS if re.search(rf"\b{w}\b", text)]
    return out


# -- the same as English --------------------------------------------------------------------------

#: Words or codes that read the same in every language.
SHARED = re.compile(
    r"\b(?:UNO|Uno|Academy|CSV|HTML|JSON|UTF|A4|Python|pip|pyarrow|pandas|parquet|csv|json"
    r"|[RYGB](?:\d|S|R|D2)|WD4|W|R-[A-Z]+-\d+|H-[A-Z0-9]+|MB|UTC|s|x)\b"
)
#: Keys whose French or Russian text may equal the English one: names and internal codes.
SAME_ALLOWED: Final[dict[str, tuple[str, ...]]] = {
    "fr": (
        "app.title",
        "card.gender.*",
        "lesson.name.*",
        "lessons/*",
    ),
    "ru": ("card.gender.*", "lesson.name.*", "lessons/*"),
}


FR_SHARED: Final = "options arguments triangle menu bluff score points point total question quiz"
#: Words French spells as English does, which may make a whole French text.
SHARED_WORDS: Final[dict[str, frozenset[str]]] = {
    "fr": frozenset(FR_SHARED.split()),
    "ru": frozenset(),
    "en": frozenset(),
}


def words_left(text: str, lang: str = "en") -> bool:
    text = PLACEHOLDER.sub(" ", text)
    text = SHARED.sub(" ", text)
    words = re.findall(r"[^\W\d_]{2,}", text)
    return any(w.lower() not in SHARED_WORDS[lang] for w in words)


def same_as_english_faults(lang: str) -> list[tuple[str, str, str]]:
    if lang == "en":
        return []
    english = {e.key: e.forms for e in catalog_entries("en")}
    out = []
    for entry in catalog_entries(lang):
        if any(fnmatchcase(entry.key, p) for p in SAME_ALLOWED.get(lang, ())):
            continue
        theirs = english.get(entry.key, {})
        for text in entry.forms.values():
            same = text in theirs.values()
            if same and words_left(text, lang):
                out.append((entry.key, text, "the same text as in English"))
                break
    return out


# -- sentences: two colons, English left, decimal points, "one" forms and pronouns --------------

#: Where a sentence ends, or a part that reads as one: a line break (a list's items, a help's
#: lines), a semicolon, the dot between the fields of a line ("Class: 4B · First name: Ana").
SENTENCE_END = re.compile(
    r"(?<=[.!?…»])[\u202f\u00a0 ]+(?=[A-ZÀ-ÖØ-ÞА-ЯЁ«\d+*])|\n|[\u202f\u00a0 ]?[;·][\u202f\u00a0 ]"
)
#: A colon that is punctuation, not a time (12:30), a ratio (3:1) or a URL's (https://).
COLON = re.compile(r"(?<!\d):(?!//)|(?<=\d):(?![\d/])")


def sentences(text: str) -> list[str]:
    return [s for s in SENTENCE_END.split(text) if s.strip()]


def colon_faults(lang: str, text: str) -> list[str]:
    """Two colons in one sentence ("Сыграйте карту: красная 7: другого хода здесь нет.")."""
    return [
        f"two colons in “{sentence.strip()[:80]}”"
        for sentence in sentences(prose(text))
        if len(COLON.findall(sentence)) >= 2
    ]


#: English words a French or Russian text never holds (the commands the command line reads,
#: ``help``, ``draw``..., are quoted codes there, not prose), and the placeholders of English
#: help (``COMMAND``, ``FILE``).
_ENGLISH_WORDS = (
    "the and of to is are you your with for not player players card cards round game"
    " press enter apply clear value error required usage invalid choice got seat turn"
    " draw hand wild skip reverse yes no none unknown field running settings print"
    " deploy results limit"
)
ENGLISH_WORDS: Final = frozenset(_ENGLISH_WORDS.split())
ENGLISH_PLACEHOLDERS: Final = re.compile(
    r"\b(?:COMMAND|FILE|PATH_OR_URL|PLAYERS|SEED|NAME|SEAT|RULES|STRATEGY|STRATEGIES|WHAT)\b"
)
LEFT_PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sdr]|%[sdr]\b")
#: What the French and Russian texts quote as codes: what one types (« draw », «help»).
TYPED = re.compile(r"«[\u202f\u00a0 ]?[a-z0-9 ,-]+[\u202f\u00a0 ]?»")


#: The keys a Russian keyboard names in English.
KEY_NAMES: Final = re.compile(r"\b(?:Enter|Ctrl|Shift|Esc|Tab)\b")


def english_faults(lang: str, text: str) -> list[str]:
    """English words or placeholders left in a French or Russian text, and a placeholder no
    value filled (``{name}``, ``%(prog)s``) in any."""
    out = [f"“{m.group(0)}” left unfilled" for m in LEFT_PLACEHOLDER.finditer(plain(text))]
    if lang == "en":
        return out
    words = TYPED.sub(" ", prose(text))
    if lang == "ru":
        words = KEY_NAMES.sub(" ", words)
    out += [f"English placeholder “{m.group(0)}”" for m in ENGLISH_PLACEHOLDERS.finditer(words)]
    out += [
        f"English word “{w}”"
        for w in re.findall(r"\b[A-Za-z]+\b", words)  # whole words: not the "not" of "notées"
        if w in ENGLISH_WORDS or (w.lower() in ENGLISH_WORDS and len(w) > 3)
    ]
    return out


#: A number with a decimal point (0.7): French and Russian write a comma (0,7).
DECIMAL_POINT = re.compile(r"(?<![\w.\-/])\d+\.\d+(?![\w.]*[A-Za-z/])")
#: A version is no decimal number: "Python 3.11" stays as it is written in every language.
PYTHON_VERSION = re.compile(r"\bPython[\u202f\u00a0 ]\d+(?:\.\d+)+")


def decimal_faults(lang: str, text: str) -> list[str]:
    if lang == "en":
        return []
    text = PYTHON_VERSION.sub(" ", prose(text))
    return [f"“{m.group(0)}”: a decimal point" for m in DECIMAL_POINT.finditer(text)]


#: A Russian pronoun that agrees with one thing: with 21 (a "one" form: "21 код") the sentence
#: speaks of many, and "его" is wrong ("21 код — не карта, его не посчитали").
RU_ONE_PRONOUN = re.compile(r"(?<!\w)(?:он|она|оно|его|её|ее|ему|ей|него|неё|нему|ней|нём)(?!\w)")
RU_ONE_COUNT = re.compile(r"(?<![\d,.])(\d*[02-9]1)(?![\d,.])[\u202f\u00a0 ]+\w+")


def one_form_faults(lang: str, text: str) -> list[str]:
    """A Russian count in its "one" form (21, 31...) followed, in the same sentence, by a
    pronoun that agrees with one thing: rewrite so no pronoun depends on the count."""
    if lang != "ru":
        return []
    out = []
    for sentence in sentences(prose(text)):
        for match in RU_ONE_COUNT.finditer(sentence):
            pronoun = RU_ONE_PRONOUN.search(sentence, match.end())
            if pronoun:
                out.append(f"“{match.group(0)} … {pronoun.group(0)}”: wrong for 21")
    return out


# -- the faults, collected once -----------------------------------------------------------------

CHECKS: Final = {
    "elision": elision_faults,
    "plural": plural_faults,
    "typography": typography_faults,
    "option_id": option_faults,
    "colons": colon_faults,
    "english": english_faults,
    "decimal": decimal_faults,
    "one_form": one_form_faults,
}


#: Keys whose text lists what one types on the command line (``draw``, ``pass``): codes.
CHECK_EXEMPT: Final[dict[str, tuple[str, ...]]] = {"english": ("cli.play.help",)}


@cache
def faults(lang: str) -> dict[str, list[tuple[str, str, str]]]:
    """check -> (key, rendered text, what is wrong), one line per key and fault."""
    found: dict[str, dict[tuple[str, str], str]] = {
        name: {} for name in [*CHECKS, "same_as_english"]
    }
    for rendered in all_renders(lang):
        for name, check in CHECKS.items():
            if rendered.key in CHECK_EXEMPT.get(name, ()):
                continue
            for fault in check(lang, rendered.text):
                found[name].setdefault((rendered.key, fault), plain(rendered.text))
    for key, text, fault in same_as_english_faults(lang):
        found["same_as_english"].setdefault((key, fault), text)
    return {
        name: [(key, text, fault) for (key, fault), text in sorted(lines.items())]
        for name, lines in found.items()
    }


def report(lines: list[tuple[str, str, str]]) -> str:
    shown = []
    for key, text, fault in lines:
        one_line = " ".join(text.split())
        if len(one_line) > 240:
            one_line = one_line[:237] + "..."
        shown.append(f"{key} → {one_line} → {fault}")
    return f"{len(lines)} faults:\n" + "\n".join(shown)


# -- the tests ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_placeholder_has_a_kind(lang: str) -> None:
    """A new placeholder gets realistic values: add it to PLACEHOLDER_KINDS."""
    missing = unknown_placeholders(catalog_entries(lang) + lesson_entries(lang))
    assert not missing, "placeholders with no kind of values: " + ", ".join(missing)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("check", [*CHECKS, "same_as_english"])
def test_words_read_like_a_teacher_wrote_them(check: str, lang: str) -> None:
    lines = faults(lang)[check]
    if lines:  # the whole list, plainly: the lead hands it to the editors
        pytest.fail(f"{check} ({lang}): " + report(lines), pytrace=False)


def test_the_checks_see_the_faults_they_are_for() -> None:
    """Each check catches the examples of the issue (and lets the right forms pass)."""
    name = f"{OPEN}Emma{CLOSE}"
    assert elision_faults("fr", f"Les cartes de {name}")
    assert elision_faults("fr", f"que {OPEN}Inès{CLOSE} joue")
    assert not elision_faults("fr", f"C’est à {name} de jouer")
    assert not elision_faults("fr", f"de {OPEN}Yannick{CLOSE}")
    assert elision_faults("ru", f"Карты игрока {OPEN}Ана{CLOSE}")
    assert not elision_faults("ru", f"Кон выиграл игрок {OPEN}Ана{CLOSE}, Игрок {OPEN}2{CLOSE}")
    assert plural_faults("en", "1 cards are waiting") and plural_faults("en", "2 card")
    assert not plural_faults("en", "1 card and 0 cards")
    assert plural_faults("fr", "marque 1 points") and plural_faults("fr", "0 points")
    assert not plural_faults("fr", "0 point, 1 point, 2 points")
    assert plural_faults("ru", "21 карт") and plural_faults("ru", "5 карты")
    assert plural_faults("ru", "22 очков") and plural_faults("ru", "1 очков")
    assert not plural_faults("ru", "21 карта, 22 карты, 25 карт, больше 21 карты, из 5 карт")
    assert typography_faults("fr", "UNO !") and typography_faults("fr", "« Uno »")
    assert typography_faults("fr", "UNO!") and typography_faults(
        "fr", "Appuie sur UNO\u202f!, puis"
    )
    assert not typography_faults(
        "fr", "UNO\u202f! «\u202fUno\u202f» : voir `a:b`".replace(" :", "\u202f:")
    )
    assert typography_faults("fr", "On joue à Uno") and typography_faults("fr", "l'Uno")
    assert typography_faults("fr", "jouer à l’Uno") and typography_faults("fr", "un paquet d’Uno")
    assert not typography_faults("fr", "On joue au Uno. Le Uno, une manche de Uno, d’Uno Academy")
    assert typography_faults("ru", "Нажми УНО!, а потом") and typography_faults("ru", "“Уно”")
    assert not typography_faults("ru", "колодой «цифры, „Пропусти ход“ и „Наоборот“»")
    assert option_faults("ru", "настройкой stacking") and option_faults("en", "use seven_zero")
    assert not option_faults("en", "use `seven_zero`") and not option_faults("en", "stacking")
    assert words_left("Draw Two") and not words_left("{color} {face}") and not words_left("UNO!")


def test_every_key_is_rendered() -> None:
    """The renderer reads every key of every catalog (none is skipped by mistake)."""
    for lang in LANGS:
        keys = {r.key for r in all_renders(lang)}
        for entry in catalog_entries(lang):
            if entry.key.startswith("card.") and entry.key not in keys:
                continue  # the card's parts are read through card_label
            assert entry.key in keys, (lang, entry.key)


def test_the_sentence_checks_see_the_faults_they_are_for() -> None:
    """The issue's examples are caught, and the right forms pass."""
    assert colon_faults("ru", "Сыграйте карту: красная 7: другого хода здесь нет.")
    assert colon_faults("fr", "python -m uno\u202f: erreur\u202f: il manque FICHIER")
    assert not colon_faults("ru", "Сыграйте карту: красная 7. Другого хода здесь нет.")
    assert not colon_faults("fr", "Classe\u202f: 4B · Prénom\u202f: Ana · 12:30")
    assert english_faults("fr", "Press Enter to apply") and english_faults("ru", "Player 2")
    assert english_faults("fr", "python -m uno check\u202f: il manque FILE")
    assert english_faults("ru", "не хватает аргументов: COMMAND")
    assert english_faults("en", "{name} plays") and english_faults("ru", "%(prog)s: ошибка")
    assert english_faults("fr", "argument COMMAND: invalid choice: 'x'")
    assert not english_faults("ru", "Enter — применить") and not english_faults("fr", "Joueur 2")
    assert not english_faults("fr", "Tapez «\u202fdraw\u202f» pour piocher")
    assert decimal_faults("ru", "20 партий сохранено (0.7 с).") and decimal_faults("fr", "0.5")
    assert not decimal_faults("ru", "(0,7 с)") and not decimal_faults("en", "0.7 s")
    assert not decimal_faults("fr", "les règles R-PLAY-1 et H-70, python3.11, x.csv")
    assert one_form_faults("ru", "21 код — не карта, его не посчитали: X9.")
    assert one_form_faults("ru", "Для вас уже идёт 31 симуляция: сначала она.")
    assert not one_form_faults("ru", "21 код — не карта и не посчитан: X9.")
    assert not one_form_faults("ru", "11 кодов, их не посчитали. Она стоит 21 очко.")


# -- sentences built at run time ---------------------------------------------------------------

#: Command lines whose every line of output is read: help, refusals, a check, a simulation.
CLI_LINES: Final = (
    ["--help"],
    ["check", "--help"],
    ["simulate", "--help"],
    ["play", "--help"],
    ["review", "--help"],
    ["admin", "--help"],
    [],
    ["teach"],
    ["check"],
    ["check", "x.json", "--zzz"],
    ["simulate", "5", "--players"],
    ["simulate", "0", "--out", "x.csv"],
    ["simulate", "5", "--out", "x.txt"],
    ["simulate", "5", "--strategies", "random,greedy", "--out", "x.csv"],
    ["check", "absent.json"],
)


#: What a command line's output quotes as codes: options (``--players``, ``[-h]``), the
#: usage line's "..." (more of the same), a file's name.
CLI_CODES: Final = re.compile(
    r"(?<![\w-])-{1,2}[\w-]+|\.\.\.|[\w/.-]+\.json\b|\b[a-z]+(?:_[a-z0-9]+)+\b"
)


def cli_texts(lang: str, tmp: Path) -> list[tuple[str, str]]:
    """What ``python -m uno`` writes in ``lang``, one text per command line."""
    import io

    from uno.academy import cli

    scenarios = sorted((CONTENT_DIR / "lessons" / "scenarios").glob("*.json"))
    bad = tmp / "bad.json"
    bad.write_text('{"players": 3, "hands": [["XX"], ["R1"], ["R2"]]}', encoding="utf-8")
    unnamed = tmp / "unnamed.json"
    unnamed.write_text('{"players": 3, "seed": 4}', encoding="utf-8")
    lines = [
        *CLI_LINES,
        ["check", *map(str, scenarios[:6]), str(bad), str(unnamed)],
        ["simulate", "12", "--players", "3", "--out", str(tmp / "games.csv")],
    ]
    out = []
    for argv in lines:
        stdout, stderr = io.StringIO(), io.StringIO()
        cli.main([*argv, "--lang", lang], stdin=io.StringIO(""), stdout=stdout, stderr=stderr)
        text = (stdout.getvalue() + stderr.getvalue()).replace(str(tmp), "X")
        # the progress bar redraws itself: its last line is enough
        text = "\n".join(line for line in text.splitlines() if not line.startswith("[#"))
        text = CLI_CODES.sub("X", text)
        out.append((f"python -m uno {' '.join(argv[:3])}", text))
    return out


def story_texts(lang: str) -> list[tuple[str, str]]:
    """The story of seeded rounds under every preset, as the table tells it: every line."""
    from uno import new_game
    from uno.academy.match import Match
    from uno.academy.table import story_text
    from uno.rules import as_ruleset

    out = []
    names = seat_names(lang)
    for preset in PRESETS:
        for seed in range(3):
            players = [names[(seed + i) % len(names)] for i in range(4)]
            match = Match.new(new_game(players, as_ruleset(preset), seed=seed), ["greedy"] * 4)
            match = match.play_bots(limit=400)
            lines = story_text(match.round_story(), players, lang, 0)
            out += [(f"story {preset} {seed}", line) for line in lines]
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_sentences_built_at_run_time_read_like_a_teacher_wrote_them(
    lang: str, tmp_path: Path
) -> None:
    """The command line's output and the table's story, as they are built at run time, pass
    the checks (what formatting the catalogs with sample values cannot see: argparse's words,
    the engine's names, the story of real rounds)."""
    problems = []
    for where, text in cli_texts(lang, tmp_path) + story_texts(lang):
        for name, check in CHECKS.items():
            if name in ("elision", "option_id"):  # no markers here; codes are quoted on a line
                continue
            problems += [
                f"{where} → {' '.join(text.split())[:200]} → {f}" for f in check(lang, text)
            ]
    assert not problems, f"{len(problems)} faults:\n" + "\n".join(sorted(set(problems)))


@pytest.mark.parametrize("lang", LANGS)
def test_a_child_hears_a_childs_reason(lang: str) -> None:
    """A refusal on a children's table is said in a child's words, without the adults' links;
    every such sentence is for a reason the engine gives (``reason.*``)."""
    from uno.academy.table import refusal_message
    from uno.errors import IllegalAction

    words = catalog(lang)
    kids = [k.removeprefix("reason_kids.") for k in words if k.startswith("reason_kids.")]
    assert kids and all(f"reason.{reason}" in words for reason in kids)
    refusal = IllegalAction("only_drawn_card", "R-DRAW-2")
    child = refusal_message(refusal, lang, kids=True)
    assert child.text == t("reason_kids.only_drawn_card", lang) and not child.links
    adult = refusal_message(refusal, lang)
    assert adult.text == t("reason.only_drawn_card", lang) and adult.links
    assert max(len(s.split()) for s in sentences(child.text)) < len(adult.text.split())
