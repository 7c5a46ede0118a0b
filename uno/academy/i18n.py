"""Words for the app: ``t(key, lang, **values)`` looks a key up in ``content/<lang>/*.toml``.

Pure (no Streamlit): the catalogs are TOML files read once with the standard library. Nested TOML
tables give dotted keys (``[deck] title = ...`` is ``deck.title``). A missing key raises KeyError:
the content tests make sure none is missing in any language.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from uno.cards import Card, Color, Kind
from uno.setup import default_names

__all__ = [
    "CONTENT_DIR",
    "DEFAULT_LANG",
    "LANGS",
    "card_label",
    "card_the",
    "catalog",
    "join_words",
    "normalize_lang",
    "number",
    "page_text",
    "percent",
    "plural_form",
    "reader_names",
    "t",
]


def _content_dir() -> Path:
    """Where the words are: ``uno/academy/content/`` in an installed wheel (which carries the
    repository's content/ there), else the repository's top-level ``content/`` (the source tree
    and an editable install)."""
    here = Path(__file__).resolve().parent
    packaged = here / "content"
    if packaged.is_dir():
        return packaged
    return here.parents[1] / "content"


CONTENT_DIR: Final = _content_dir()
LANGS: Final = ("en", "fr", "ru")
DEFAULT_LANG: Final = "en"


def normalize_lang(value: object) -> str:
    """A language code from a URL or a browser locale (``fr-CA`` -> ``fr``); else English."""
    if isinstance(value, str):
        code = value.strip().lower().replace("_", "-").split("-")[0][:8]
        if code in LANGS:
            return code
    return DEFAULT_LANG


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        elif isinstance(value, str):
            out[name] = value
        else:
            raise TypeError(f"{name}: catalog values are text, got {value!r}")
    return out


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every short string of one language, by dotted key: ``content/<lang>/*.toml`` merged
    (ui.toml, rules.toml, glossary.toml, ...). A key defined in two files is an error."""
    words: dict[str, str] = {}
    for path in sorted((CONTENT_DIR / lang).glob("*.toml")):
        with path.open("rb") as handle:
            table = _flatten(tomllib.load(handle))
        clash = words.keys() & table.keys()
        if clash:
            raise ValueError(f"{path}: keys defined twice: {sorted(clash)}")
        words.update(table)
    return words


@cache
def page_text(name: str, lang: str) -> str:
    """A long text in Markdown: ``content/<lang>/pages/<name>.md``."""
    if not name.replace("_", "").replace("-", "").isalnum():
        raise KeyError(name)
    path = CONTENT_DIR / normalize_lang(lang) / "pages" / f"{name}.md"
    return path.read_text(encoding="utf-8")


def plural_form(n: int, lang: str) -> str:
    """Plural category: ``one``/``other`` (en), ``one``/``other`` (fr: 0 and 1 are ``one``),
    ``one``/``few``/``many`` (ru)."""
    n = abs(n)
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    if lang == "fr":
        return "one" if n in (0, 1) else "other"
    return "one" if n == 1 else "other"


def t(key: str, lang: str = DEFAULT_LANG, /, **values: Any) -> str:
    """The text of ``key`` in ``lang``, with ``{name}`` placeholders filled from ``values``.

    With ``count=n`` and a key that is a table of plural forms (``key.one``, ``key.few``, ...),
    the right form for ``n`` in that language is chosen.
    """
    words = catalog(normalize_lang(lang))
    if key in words:
        text = words[key]
    else:
        count = values.get("count")
        if not isinstance(count, int):
            raise KeyError(f"{lang}: no text for {key!r}")
        form = plural_form(count, lang)
        text = words.get(f"{key}.{form}") or words[f"{key}.other"]
    return text.format(**values) if values else text


def card_label(card: Card, lang: str, named: Color | None = None) -> str:
    """The card's name in the reader's language, the one way every page names a card: "Red 7",
    "Inversion bleue" (the colour agrees with the card), "красная 7", "синяя «Наоборот»".
    ``named``: the colour a wild on the pile named."""
    kind = card.kind.name.lower()
    face = t(f"card.face.{kind}", lang, number=card.number)
    if card.color is None:
        if named is not None:
            return t("card.label_wild_named", lang, face=face, color=t(f"color.{named.name}", lang))
        return face
    gender = t(f"card.gender.{kind}", lang)
    color = t(f"card.color.{gender}.{card.color.name}", lang)
    key = "card.label_number" if card.kind == Kind.NUMBER else "card.label_action"
    return t(key, lang, face=face, color=color)


#: A French article elides before these first letters ("l’Inversion bleue", not "la Inversion").
_ELIDING: Final = frozenset("aeiouyàâäéèêëîïôöùûüœæ")


def card_the(card: Card, lang: str, named: Color | None = None) -> str:
    """The card's name with the definite article its language gives it (``card.the.*``): "the
    Blue 7", "le 7 vert", "le Joker", "l’Inversion bleue"; Russian has none: "синяя 7"."""
    label = card_label(card, lang, named)
    form = (
        "elided"
        if label[:1].lower() in _ELIDING
        else t(f"card.gender.{card.kind.name.lower()}", lang)
    )
    return t(f"card.the.{form}", lang, card=label)


def number(value: float, lang: str, digits: int = 0) -> str:
    """A number as the reader writes it: ``1,234.5`` (en), ``1 234,5`` (fr, ru: a narrow
    no-break space between thousands, so a number never wraps)."""
    text = f"{value:,.{digits}f}"
    if normalize_lang(lang) == "en":
        return text
    return text.replace(",", "\u202f").replace(".", ",")


def percent(share: float, lang: str, digits: int = 0) -> str:
    """A share (0.41) as a percent in the reader's typography: ``41%``, ``41 %`` (no-break)."""
    value = number(100 * share, lang, digits)
    return f"{value}%" if normalize_lang(lang) == "en" else f"{value}\u202f%"


def join_words(items: Sequence[str], lang: str, *, alternative: bool = False) -> str:
    """A list in a sentence: "Ana", "Ana and Ben", "Ana, Ben and Léa" (fr "et", ru "и");
    with ``alternative``, a choice: "check, play or review" (fr "ou", ru "или")."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    key = "words.either" if alternative else "words.list"
    return t(key, lang, head=", ".join(items[:-1]), last=items[-1])


def reader_names(names: Sequence[str], lang: str) -> list[str]:
    """The players' names as the reader reads them: the engine's own names for seats nobody
    named (a scenario that gives a number of players: "Player 2") in the reader's language
    ("Joueur 2", «Игрок 2»); names people gave stay as they are."""
    engine = default_names(len(names))
    return [
        t("sandbox.default_name", lang, number=seat + 1) if name == engine[seat] else name
        for seat, name in enumerate(names)
    ]
