"""Every catalog has the same keys in every language, and every key the code uses exists."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT
from uno.academy.i18n import LANGS, catalog, normalize_lang, plural_form, t

PLURAL_SUFFIX = re.compile(r"\.(one|few|many|other)$")


def base_keys(lang: str) -> set[str]:
    return {PLURAL_SUFFIX.sub("", k) for k in catalog(lang)}


@pytest.mark.parametrize("lang", LANGS[1:])
def test_same_keys_in_every_language(lang: str) -> None:
    assert base_keys(lang) == base_keys("en")


@pytest.mark.parametrize("lang", LANGS)
def test_plural_keys_have_every_form_of_the_language(lang: str) -> None:
    needed = {"en": {"one", "other"}, "fr": {"one", "other"}, "ru": {"one", "few", "many"}}[lang]
    words = catalog(lang)
    children: dict[str, set[str]] = {}
    for key in words:
        base, _, last = key.rpartition(".")
        children.setdefault(base, set()).add(last)
    # A key is plural when all its children are plural forms (key.one, key.few, ...).
    plural = {b: f for b, f in children.items() if f <= {"zero", "one", "few", "many", "other"}}
    assert plural, "the catalog has plural keys"
    for base, forms in plural.items():
        assert needed <= forms, (lang, base, forms)


def used_keys() -> set[str]:
    """Literal keys passed to t(...) anywhere in the app's code."""
    pattern = re.compile(r"""\bt\(\s*f?["']([a-z0-9_.{}]+)["']""")
    keys: set[str] = set()
    for path in [ROOT / "app.py", *ROOT.glob("pages/*.py"), *ROOT.glob("uno/**/*.py")]:
        keys.update(pattern.findall(path.read_text(encoding="utf-8")))
    return keys


def test_every_key_used_in_code_exists() -> None:
    keys = used_keys()
    assert "app.title" in keys  # the scan itself works
    known = base_keys("en")
    for key in keys:
        if "{" in key:  # an f-string key: at least one key must start with its fixed part
            prefix = key.split("{", 1)[0]
            assert any(k.startswith(prefix) for k in known), key
        else:
            assert key in known, key


def test_missing_key_raises() -> None:
    with pytest.raises(KeyError):
        t("no.such.key", "fr")


@pytest.mark.parametrize(
    ("n", "form"),
    [
        (1, "one"),
        (2, "few"),
        (4, "few"),
        (5, "many"),
        (11, "many"),
        (12, "many"),
        (21, "one"),
        (22, "few"),
        (108, "many"),
        (0, "many"),
    ],
)
def test_russian_plural_forms(n: int, form: str) -> None:
    assert plural_form(n, "ru") == form


def test_plural_text_in_each_language() -> None:
    assert t("deck.total", "en", count=1) == "1 card in all"
    assert t("deck.total", "ru", count=108) == "Всего 108 карт"
    assert t("deck.total", "ru", count=2) == "Всего 2 карты"
    assert t("deck.total", "fr", count=108) == "108 cartes en tout"


@pytest.mark.parametrize(
    ("raw", "lang"),
    [("fr", "fr"), ("RU", "ru"), ("fr-CA", "fr"), ("de", "en"), (None, "en"), ("x" * 5000, "en")],
)
def test_normalize_lang(raw: object, lang: str) -> None:
    assert normalize_lang(raw) == lang


def test_seed_card_names_are_used() -> None:
    fr = catalog("fr")
    ru = catalog("ru")
    assert [
        fr[f"card.kind.{k}"] for k in ("skip", "reverse", "draw_two", "wild", "wild_draw_four")
    ] == ["Passe ton tour", "Inversion", "+2", "Joker", "Joker +4"]
    assert [
        ru[f"card.kind.{k}"] for k in ("skip", "reverse", "draw_two", "wild", "wild_draw_four")
    ] == ["«Пропусти ход»", "«Наоборот»", "«Возьми две»", "«Дикая»", "«Дикая +4»"]


PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.mark.parametrize("lang", LANGS[1:])
def test_same_placeholders_in_every_language(lang: str) -> None:
    english = catalog("en")
    words = catalog(lang)
    for key, text in words.items():
        base = PLURAL_SUFFIX.sub("", key)
        if key in english:
            en_text = english[key]
        else:
            en_text = english.get(f"{base}.other") or english[f"{base}.one"]
        assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(en_text)), (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_long_texts_exist_in_every_language_without_raw_html(lang: str) -> None:
    from uno.academy.i18n import page_text

    for name in ("quickstart", "history"):
        text = page_text(name, lang)
        assert text.startswith("## ")
        assert "<" not in text
        assert 60 <= len(text.split()) <= 300  # two minutes of reading


def test_every_scenario_error_code_is_worded_in_every_language() -> None:
    """The loader's codes (``ScenarioError.code``) are what the sandbox, the lessons and the
    command line word with ``scenario_error.<code>``."""
    source = "".join(p.read_text(encoding="utf-8") for p in ROOT.glob("uno/**/*.py"))
    codes = set(re.findall(r'(?:_err|_name_problem|ScenarioError)\(\s*"([a-z_]+)"', source))
    assert {"bad_card", "pending_mismatch", "not_as_dealt", "exposed_mismatch"} <= codes
    for lang in LANGS:
        words = base_keys(lang)  # a sentence with a number is a table of plural forms
        missing = sorted(c for c in codes if f"scenario_error.{c}" not in words)
        assert not missing, (lang, missing)
