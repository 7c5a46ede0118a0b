"""The card renderer: every face, every language, never colour alone, text always escaped."""

from __future__ import annotations

import base64
import re

import pytest

from uno.academy.i18n import LANGS, t
from uno.cards import CARDS, Card, Color
from uno.ui.cards import (
    COLOR_SHAPE,
    SIZES,
    card_html,
    card_label,
    cards_html,
    color_badge_html,
)


@pytest.mark.parametrize("lang", LANGS)
def test_every_face_has_a_label_in_the_readers_language(lang: str) -> None:
    labels = {card_label(card, lang) for card in CARDS}
    assert len(labels) == len(CARDS)  # 54 faces, 54 different names
    for card in CARDS:
        markup = card_html(card, lang)
        assert f'aria-label="{card_label(card, lang)}"' in markup
        assert f'data-card="{card}"' in markup


def test_labels_use_the_seed_names() -> None:
    assert card_label(Card("RS"), "fr") == "Passe ton tour rouge"
    assert card_label(Card("G7"), "en") == "Green 7"
    assert card_label(Card("BD2"), "ru") == "синяя «Возьми две»"  # as the lessons write it
    assert card_label(Card("R7"), "ru") == "красная 7"
    # French colours agree with the card: Inversion is feminine, Passe ton tour and +2 are not.
    assert card_label(Card("BR"), "fr") == "Inversion bleue"
    assert card_label(Card("GR"), "fr") == "Inversion verte"
    assert card_label(Card("GD2"), "fr") == "+2 vert"
    assert card_label(Card("B7"), "fr") == "7 bleu"
    assert card_label(Card("WD4"), "fr") == "Joker +4"
    assert card_label(Card("W"), "ru", named=Color.Y) == "«Дикая» (заказан жёлтый)"


def decoded(markup: str) -> str:
    """The SVG drawings inside the data-URI images of ``markup``."""
    blobs = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', markup)
    assert blobs, "no card image"
    return "".join(base64.b64decode(blob).decode("utf-8") for blob in blobs)


def shapes_in(markup: str) -> set[str]:
    markup = decoded(markup)
    found = set()
    if "<circle" in markup:
        found.add("circle")
    if re.search(r"<rect[^>]*width=\"1[0-9]\.\d\"", markup):
        found.add("square")
    polygons = re.findall(r'<polygon points="([^"]+)"', markup)
    for points in polygons:
        found.add("diamond" if len(points.split()) == 4 else "triangle")
    return found


@pytest.mark.parametrize("color", list(Color))
def test_each_colour_is_also_marked_by_its_own_shape(color: Color) -> None:
    for card in CARDS:
        if card.color is color:
            assert COLOR_SHAPE[color] in shapes_in(card_html(card, "en")), card
    assert COLOR_SHAPE[color] in shapes_in(color_badge_html(color, "en"))


def test_shapes_are_all_different() -> None:
    assert len(set(COLOR_SHAPE.values())) == 4


def test_a_wild_shows_all_four_shapes_and_the_named_colour() -> None:
    assert shapes_in(card_html(Card("W"), "en")) == set(COLOR_SHAPE.values())
    named = card_html(Card("WD4"), "en", named=Color.G)
    assert "(named green)" in named


@pytest.mark.parametrize("size", list(SIZES))
def test_sizes(size: str) -> None:
    assert f'width="{SIZES[size]}"' in card_html(Card("R1"), "en", size=size)  # type: ignore[arg-type]
    assert SIZES["xl"] > SIZES["lg"] > SIZES["md"] > SIZES["sm"]


def test_states_and_backs() -> None:
    row = cards_html(
        [Card("R1"), Card("B2"), None], "en", states=["playable", "unplayable", "normal"]
    )
    assert "uno-playable" in row and "uno-unplayable" in row
    assert 'data-card="back"' in row
    hidden = card_html(Card("R1"), "en", state="back")
    # A hidden card tells nothing: the same picture as any other back.
    assert "R1" not in hidden
    assert decoded(hidden) == decoded(card_html(Card("WD4"), "en", state="back"))


def test_renderer_escapes_every_text_it_shows(monkeypatch: pytest.MonkeyPatch) -> None:
    import uno.academy.i18n as words
    import uno.ui.cards as renderer

    hostile = lambda key, lang, **v: '<img src=x onerror="alert(1)">'  # noqa: E731
    monkeypatch.setattr(renderer, "t", hostile)
    monkeypatch.setattr(words, "t", hostile)
    for card in (Card("R1"), Card("W"), None):
        markup = renderer.card_html(card, "en", caption=True)
        assert "<img src=x" not in markup
        assert "&lt;img src=x onerror=&quot;" in markup
    assert "<img src=x" not in renderer.color_badge_html(Color.R, "en")


@pytest.mark.parametrize("lang", LANGS)
def test_card_back_is_labelled(lang: str) -> None:
    assert t("card.back", lang) in card_html(None, lang)


def test_a_colour_badge_names_colour_and_shape_in_the_readers_language() -> None:
    """The badge's hover title is one sentence of content/ (French: a narrow space before the
    colon), not the two names glued with ": "."""
    assert 'title="rouge\u202f: triangle"' in color_badge_html(Color.R, "fr")
    assert 'title="синий: ромб"' in color_badge_html(Color.B, "ru")
    assert 'title="yellow: circle"' in color_badge_html(Color.Y, "en")
