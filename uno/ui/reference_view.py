"""The rules reference: the deck and its points (from the engine), the glossary in three
languages, every ruling with its id, and a short history of the game."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from uno.academy.i18n import LANGS, page_text, t
from uno.cards import Card, Color, Kind, deck_summary
from uno.rulebook import SECTIONS, rule_option
from uno.ui.cards import color_badge_html, show_cards

GLOSSARY_TERMS = (
    "number_card",
    "skip",
    "reverse",
    "draw_two",
    "wild",
    "wild_draw_four",
    "deck",
    "draw_pile",
    "discard_pile",
    "dealer",
    "hand",
    "direction",
    "match",
    "named_color",
    "challenge",
    "bluff",
    "uno_call",
    "catch",
    "penalty",
    "round",
    "game",
    "points",
    "stacking",
    "jump_in",
    "seven_zero",
    "house_rule",
)


#: The words of an option whose label is not ``sandbox.options.<option>``: the sandbox's "one
#: round only" box, the scoring page's method.
_OPTION_LABELS = {
    "target_score": "sandbox.options.single_round",
    "scoring": "scoring.method.lowest",
}


def option_name(option: str, lang: str) -> str:
    """An option as the app names it where it is switched ("Stacking Draw cards (unofficial)"),
    never its id."""
    return t(_OPTION_LABELS.get(option, f"sandbox.options.{option}"), lang)


def ruling_text(rule_id: str, lang: str) -> str:
    """A ruling's text (a house rule's marked unofficial, once), then the option that switches
    to another reading, in words."""
    line = t(f"rules.text.{rule_id}", lang)
    if rule_id.startswith("H-"):
        line = f"**{t('rules.unofficial', lang)}.** {line}"
    option = rule_option(rule_id)
    if option is not None:
        line += "  \n" + t("reference.option_note", lang, option=option_name(option, lang))
    return line


def show_reference(lang: str) -> None:
    """The whole page below the frame."""
    st.title(t("nav.reference", lang))
    st.write(t("reference.intro", lang))

    # -- the deck and its points: computed from the engine (R-DECK-1, R-SCORE-1) --
    st.header(t("reference.deck_title", lang), anchor="deck")
    rows = []
    for kind, count, points in deck_summary():
        rows.append(
            {
                t("deck.col_card", lang): t(f"card.kind.{kind.name.lower()}", lang),
                t("deck.col_count", lang): count,
                t("deck.col_points", lang): t("deck.face_value", lang)
                if kind is Kind.NUMBER
                else ", ".join(str(p) for p in points),
            }
        )
    st.table(pd.DataFrame(rows).set_index(t("deck.col_card", lang)))
    st.caption(t("deck.total", lang, count=sum(count for _, count, _ in deck_summary())))
    show_cards(
        [Card(c) for c in ("B0", "G5", "R9", "YS", "BR", "GD2", "W", "WD4")],
        lang,
        size="sm",
        caption=True,
    )
    st.write(t("reference.legend_intro", lang))
    st.html("".join(color_badge_html(color, lang) + "&ensp;" for color in Color))

    # -- glossary: every card and key term, side by side in the three languages --
    st.header(t("reference.glossary_title", lang), anchor="glossary")
    st.write(t("reference.glossary_intro", lang))
    glossary = []
    for term in GLOSSARY_TERMS:
        row = {
            t("reference.col_term", lang): t(f"glossary.{term}.term", lang),
            t("reference.col_alt", lang): t(f"glossary.{term}.alt", lang),
        }
        for other in LANGS:
            if other != lang:
                row[t("frame.language_name", other)] = t(f"glossary.{term}.term", other)
        row[t("reference.col_definition", lang)] = t(f"glossary.{term}.definition", lang)
        glossary.append(row)
    st.dataframe(pd.DataFrame(glossary), hide_index=True, width="stretch")

    # -- every ruling with its id (RULES.md) --
    st.header(t("reference.rulings_title", lang), anchor="rulings")
    st.write(t("reference.rulings_intro", lang))
    for section, ids in SECTIONS.items():
        st.subheader(t(f"rules.section.{section}", lang))
        for rule_id in ids:
            st.markdown(f"#### {rule_id}")  # under the section's h3: headings in order
            st.markdown(ruling_text(rule_id, lang))

    st.markdown(page_text("history", lang))
