"""The probability lab page (AppTest): the contents, and each question's own view (``?q=``) in
every language with its charts and only them; old and bad links; settings kept from one question
to another and into the notebook; the numbers shown equal ``uno.odds``, the deal buttons, seeded
simulations that show the same figures twice, and the code under each chart runs as shown."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from uno import odds
from uno.academy import lab, lab_strength, notebooks
from uno.academy.i18n import LANGS, catalog, t
from uno.bots import HEURISTICS
from uno.ui import plot as charts_ui
from uno.ui.lab import contents, polls
from uno.ui.lab import keys as lab_keys
from uno.ui.words import number

PAGE = "pages/5_lab.py"
SECTIONS = [
    "can-play",
    "opening-hand",
    "challenge",
    "hand-worth",
    "game-length",
    "who-wins",
    "strength",
]
CHARTS = [
    "can_play",
    "opening_hand",
    "challenge",
    "hand_worth",
    "game_length",
    "seat_advantage",
    "tournament",
    "strength",
]
#: The charts each question's view draws, in order (its "how is this computed?" expanders
#: carry the same names).
CHARTS_OF = {
    "can-play": ["can_play"],
    "opening-hand": ["opening_hand"],
    "challenge": ["challenge"],
    "hand-worth": ["hand_worth"],
    "game-length": ["game_length"],
    "who-wins": ["seat_advantage", "tournament"],
    "strength": ["strength"],
}
SMALL = {"lab_len_games": 200, "lab_win_games": 200}


@pytest.fixture(autouse=True)
def wait_for_simulations(monkeypatch: pytest.MonkeyPatch) -> None:
    """AppTest runs the whole script once and never a fragment alone, so a section must not
    leave its simulation to a poll: let it wait (these simulations take a second at most)."""
    monkeypatch.setattr(polls, "SETTLE", 60.0)


def open_lab(
    lang: str, question: str | None = None, how: bool = False, small: bool = True, **state: Any
) -> AppTest:
    """app.py first (as a user arrives), then the lab with small simulations (unless not
    ``small``): its contents, or ``question``'s view (``?q=``); ``how``: every "how is this
    computed?" opened."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    # As if the browser had drawn a page of charts already: they come with Plotly's at once.
    at.session_state[charts_ui.PLOTLY_READY] = True
    for key, value in {**(SMALL if small else {}), **state}.items():
        at.session_state[key] = value
    if how:
        for name in CHARTS:
            at.session_state[lab_keys.how(name)] = True
    if question is not None:
        at.query_params["q"] = question
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def ask(at: AppTest, question: str | None) -> AppTest:
    """The same session opens another question (None: the contents), as a link does."""
    if question is None:
        at.query_params.pop("q", None)
    else:
        at.query_params["q"] = question
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def every_view(lang: str, **state: Any) -> Iterator[tuple[str, AppTest]]:
    """Each question's view in turn, in one session (the contents first)."""
    at = open_lab(lang, **state)
    for question in SECTIONS:
        yield question, ask(at, question)


def all_charts(lang: str, **state: Any) -> tuple[dict[str, dict[str, Any]], dict[str, str]]:
    """The figures and the metrics of every question's view, gathered."""
    found: dict[str, dict[str, Any]] = {}
    shown: dict[str, str] = {}
    for _, at in every_view(lang, **state):
        found.update(charts(at))
        shown.update(metrics(at))
    return found, shown


def charts(at: AppTest) -> dict[str, dict[str, Any]]:
    """Figure JSON by chart name (the key after ``lab_chart_``)."""
    out = {}
    for element in at.get("plotly_chart"):
        name = element.proto.id.rsplit("lab_chart_", 1)[1]
        out[name] = json.loads(element.proto.spec)
    return out


def metrics(at: AppTest) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def pct(p: float, lang: str) -> str:
    """The page's percentage format, written again by hand: one decimal, the reader's decimal
    mark, and in French and Russian a narrow no-break space before the sign."""
    text = f"{100 * p:.1f}"
    return f"{text}%" if lang == "en" else text.replace(".", ",") + "\u202f%"


SEPARATORS = {"en": ".,", "fr": ",\u202f", "ru": ",\u202f"}  # Plotly's decimal, thousands


def trace(spec: dict[str, Any], name: str) -> dict[str, Any]:
    return next(d for d in spec["data"] if d.get("name") == name)


@pytest.mark.parametrize("lang", LANGS)
def test_the_contents_has_a_card_per_question_and_no_chart(lang: str) -> None:
    """The lab opens on its contents: the title, the introduction, and one card per question,
    its title a link to its own view in the reader's language and under it its one-line
    answer; no chart, no widget of a question."""
    at = open_lab(lang)
    assert at.title[0].value == t("nav.lab", lang)
    assert t("lab.intro", lang) in [m.value for m in at.markdown]
    assert not at.get("plotly_chart") and not at.header and not at.slider
    mine = [p for p in at.get("page_link") if "q=" in p.proto.query_string]
    assert [p.proto.label for p in mine] == [
        f"{i}. {t(lab_keys_title(q), lang)}" for i, q in enumerate(SECTIONS, 1)
    ]
    assert [p.proto.query_string for p in mine] == [f"lang={lang}&q={q}" for q in SECTIONS]
    numbers = lab.overview(lab_strength.strength_table())
    answers = [c.value for c in at.caption]
    for question in SECTIONS:
        assert contents.answer(question, numbers[question], lang) in answers
    text = " ".join(answers)
    assert "{" not in text and "}" not in text
    assert pct(numbers["can-play"]["share"], lang) in answers[0]
    if lang == "fr":  # a no-break space before the colon, as French sets it
        assert not re.search(r"[^\u202f\u00a0][:;!?]", text), text
    if lang == "ru":
        assert "Дикой" in answers[1]


def lab_keys_title(question: str) -> str:
    return f"lab.{lab.QUESTION_WORDS[question]}.title"


@pytest.mark.parametrize("lang", LANGS)
def test_each_question_has_its_own_view_in_every_language(lang: str) -> None:
    """``?q=<question>``: that question alone, its charts and nothing of the others, the way
    back to the contents and on to the questions before and after it."""
    seen: list[str] = []
    for place, (question, at) in enumerate(every_view(lang), 1):
        assert [h.proto.anchor for h in at.header] == [question]
        assert at.header[0].value == f"{place}. {t(lab_keys_title(question), lang)}"
        found = charts(at)
        assert list(found) == CHARTS_OF[question]
        seen += found
        assert [e.proto.label for e in at.expander] == [t("lab.how", lang)] * len(found)
        # A CSV per chart (and the dealt hands' once dealt), and the notebook.
        assert len(at.get("download_button")) == len(found) + 1
        notebook = at.get("download_button")[-1]
        assert notebook.proto.label == t("lab.notebook.download", lang)
        links = {p.proto.label: p.proto.query_string for p in at.get("page_link")}
        assert links[t("lab.back", lang)] == f"lang={lang}"
        if place > 1:
            before = SECTIONS[place - 2]
            label = t("lab.previous", lang, title=t(lab_keys_title(before), lang))
            assert links[label] == f"lang={lang}&q={before}"
        if place < len(SECTIONS):
            after = SECTIONS[place]
            label = t("lab.next", lang, title=t(lab_keys_title(after), lang))
            assert links[label] == f"lang={lang}&q={after}"
        assert at.query_params["q"] == [question] or at.query_params["q"] == question
    assert seen == CHARTS


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_has_its_chart_in_every_language(lang: str) -> None:
    found: dict[str, dict[str, Any]] = {}
    texts: list[str] = []
    configs = []
    for question in SECTIONS:
        at = open_lab(lang, question, how=True)
        found.update(charts(at))
        texts += [m.value for m in at.markdown]
        configs += [json.loads(c.proto.config) for c in at.get("plotly_chart")]
        # One expander with formula and code per chart, drawn once it is opened.
        assert len(at.latex) == len(CHARTS_OF[question])
        assert at.code and all("import" in c.value for c in at.code)
        if question == "hand-worth":
            # The scoring lesson, linked from "what is a hand worth?", in the reader's language.
            link = next(
                p for p in at.get("page_link") if p.proto.label == t("lab.worth.lesson_link", lang)
            )
            assert link.proto.query_string == f"lang={lang}&lesson=10"
    assert list(found) == CHARTS
    # On a phone Plotly shows its toolbar all the time, over the chart: no toolbar at all.
    assert len(configs) == len(CHARTS)
    assert all(c["displayModeBar"] is False and c["displaylogo"] is False for c in configs)
    for spec in found.values():
        layout = spec["layout"]
        assert layout["separators"] == SEPARATORS[lang]
        assert layout["yaxis"]["title"]["text"]  # every axis labelled, in the reader's language
        assert layout["xaxis"]["title"]["text"]
        assert layout["margin"]["r"] <= 10  # no margin left for a toolbar that is not there
    # Share axes say "25 %" as the text does (Plotly's own percent format glues the sign on),
    # from 0 past the highest value drawn, error bars included.
    for name, spec in found.items():
        axis = spec["layout"]["yaxis"]
        if name == "game_length":  # moves, not shares
            assert "ticktext" not in axis
            continue
        values, labels = axis["tickvals"], axis["ticktext"]
        assert values[0] == 0 and values == sorted(values) and len(values) <= 8, (name, values)
        step = values[1] - values[0]
        digits = 0 if abs(round(100 * step) - 100 * step) < 1e-9 else 1
        expected = [
            f"{100 * v:.{digits}f}%"
            if lang == "en"
            else f"{100 * v:.{digits}f}".replace(".", ",") + "\u202f%"
            for v in values
        ]
        assert labels == expected, (name, labels)
        drawn = [
            y + (d.get("error_y", {}).get("array") or [0] * len(d["y"]))[i]
            for d in spec["data"]
            if d.get("y")
            for i, y in enumerate(d["y"])
        ]
        assert axis["range"][0] == 0 and axis["range"][1] >= max(drawn), name
        assert axis["hoverformat"] == ".1%"
    # The opening hand's three panels: short title lines, so they stay apart at 390 px.
    opening = found["opening_hand"]["layout"]
    titles = [opening[f"xaxis{i}"]["title"]["text"] for i in ("", "2", "3")]
    titles += [note["text"] for note in opening["annotations"]]
    assert all(len(line) <= 14 for title in titles for line in title.split("<br>")), titles
    assert found["can_play"]["layout"]["xaxis"]["title"]["text"] == t("lab.can_play.x", lang)
    assert found["tournament"]["layout"]["yaxis"]["title"]["text"] == t("lab.wins.y", lang)
    # Two sentences under every chart.
    for key in ("can_play", "opening", "challenge", "worth", "length"):
        assert t(f"lab.{key}.explain", lang) in texts
    assert t("lab.wins.explain_seat", lang) in texts
    assert t("lab.wins.explain_tour", lang) in texts


def test_a_closed_how_draws_no_formula() -> None:
    """ "How is this computed?" draws its formula and code only once opened: a phone loads
    neither the maths nor the code renderer before the chart."""
    at = open_lab("en", "can-play")
    assert not at.latex and not at.code
    at.session_state[lab_keys.how("can_play")] = True
    at.run()
    assert len(at.latex) == 1 and at.code


@pytest.mark.parametrize(
    ("link", "question"),
    [
        ("challenge", "challenge"),
        ("#challenge", "challenge"),  # an old link's anchor, written as a parameter
        ("seat", "who-wins"),  # the anchors of the two charts of "Who wins?"
        ("tournament", "who-wins"),
        ("Hand-Worth", "hand-worth"),
        ("game_length", "game-length"),
        (" strength ", "strength"),
    ],
)
def test_old_and_loose_links_open_their_question(link: str, question: str) -> None:
    at = open_lab("en", link)
    assert [h.proto.anchor for h in at.header] == [question]
    assert at.query_params["q"] in (question, [question])  # the address says it plainly


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("link", ["nope", "can-play-2", "<b>x</b>", "x" * 200])
def test_a_link_to_no_question_shows_the_contents_and_says_so(lang: str, link: str) -> None:
    at = open_lab(lang, link)
    assert [w.value for w in at.warning] == [t("lab.bad_question", lang)]
    assert at.title[0].value == t("nav.lab", lang)
    assert not at.get("plotly_chart") and not at.header
    assert not ask(at, None).warning  # the contents' own link: no warning


def test_the_old_page_without_parameters_opens_the_contents() -> None:
    """``/lab?lang=fr``, as every old link and the menu write it: the contents."""
    at = open_lab("fr")
    assert at.title[0].value == t("nav.lab", "fr") and not at.warning
    assert "q" not in at.query_params


def test_settings_stay_when_the_reader_comes_back_and_go_into_the_notebook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each question draws only its own widgets; a setting made in one is still there after a
    visit to the contents and to another question, and the notebook is offered with it."""
    asked: list[tuple[str, str, dict[str, Any]]] = []
    real = notebooks.notebook

    def spy(question: str, lang: str, **settings: Any) -> dict[str, Any]:
        asked.append((question, lang, settings))
        return real(question, lang, **settings)

    monkeypatch.setattr(notebooks, "notebook", spy)
    at = open_lab("ru", "hand-worth")
    at.slider(key="lab_worth_n").set_value(3).run()
    assert asked[-1] == ("hand-worth", "ru", {"n": 3})
    ask(at, None)
    ask(at, "challenge")
    at.number_input(key="lab_chal_pending").set_value(6).run()
    assert asked[-1][0] == "challenge" and asked[-1][2]["pending"] == 6
    ask(at, "hand-worth")
    assert at.slider(key="lab_worth_n").value == 3
    assert charts(at)["hand_worth"]["data"][0]["y"] == list(
        odds.hand_points_distribution(3).values()
    )
    assert asked[-1] == ("hand-worth", "ru", {"n": 3})
    ask(at, "challenge")
    assert at.number_input(key="lab_chal_pending").value == 6
    # The seed, in the sidebar of every question, goes into the simulations' notebooks.
    ask(at, "who-wins")
    at.number_input(key="lab_seed").set_value(7).run()
    question, lang, settings = asked[-1]
    assert (question, lang, settings["seed"], settings["n"]) == ("who-wins", "ru", 7, 200)
    ask(at, "game-length")
    assert at.number_input(key="lab_seed").value == 7
    assert asked[-1][2]["seed"] == 7


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_shown_are_uno_odds(lang: str) -> None:
    found, shown = all_charts(lang)
    sizes = list(range(1, lab.MAX_HAND + 1))
    # 1. The curve and the metric, for a red 7 and a 7-card hand.
    exact = [odds.p_legal_play("R7", h) for h in sizes]
    curve = trace(found["can_play"], t("lab.can_play.exact", lang))
    assert curve["x"] == sizes and curve["y"] == exact
    assert shown[t("lab.can_play.metric_exact", lang, count=7)] == pct(exact[6], lang)
    # 2. The opening hand: three exact distributions.
    bars = found["opening_hand"]["data"]
    assert [bar["y"] for bar in bars] == [
        list(odds.wild_count_distribution(7).values()),
        list(odds.action_count_distribution(7).values()),
        list(odds.color_count_distribution(7).values()),
    ]
    at_least_one_wild = 1 - odds.wild_count_distribution(7)[0]
    assert shown[t("lab.opening.metric_wild", lang)] == pct(at_least_one_wild, lang)
    # 3. Challenge: 5 cards left, red to match, the Wild Draw Four seen.
    advice = odds.challenge_advice(5, "R", ["WD4"])
    assert shown[t("lab.challenge.metric_p", lang)] == pct(advice.p_guilty, lang)
    line = trace(found["challenge"], t("lab.challenge.curve", lang))
    assert line["y"] == [odds.p_guilty(h, "R", ["WD4"]) for h in sizes]
    at = open_lab(lang, "challenge")
    assert at.success[0].value == t("lab.challenge.advice_challenge", lang)
    # 4. A 7-card hand's points.
    dist = odds.hand_points_distribution(7)
    worth = found["hand_worth"]["data"][0]
    assert worth["x"] == list(dist) and worth["y"] == list(dist.values())


def test_other_inputs_change_the_numbers_the_same_way() -> None:
    found, shown = all_charts(
        "en",
        lab_top="W",
        lab_top_color="G",
        lab_open_size=10,
        lab_chal_hand=2,
        lab_chal_color="B",
        lab_chal_known="WD4 B1 B2 B3",
        lab_chal_pending=6,
        lab_worth_n=3,
    )
    sizes = list(range(1, lab.MAX_HAND + 1))
    assert trace(found["can_play"], t("lab.can_play.exact", "en"))["y"] == [
        odds.p_legal_play("W", h, "G") for h in sizes
    ]
    assert found["opening_hand"]["data"][2]["y"] == list(odds.color_count_distribution(10).values())
    known = ["WD4", "B1", "B2", "B3"]
    advice = odds.challenge_advice(2, "B", known, pending=6)
    assert shown[t("lab.challenge.metric_p", "en")] == pct(advice.p_guilty, "en")
    assert shown[t("lab.challenge.metric_challenge", "en")] == f"{advice.expected_if_challenge:.2f}"
    assert trace(found["challenge"], t("lab.challenge.threshold", "en"))["y"][0] == 0.25
    assert found["hand_worth"]["data"][0]["y"] == list(odds.hand_points_distribution(3).values())


def test_the_deal_buttons_add_hands_that_converge_on_the_curve() -> None:
    at = open_lab("fr", "can-play", lab_seed=11)
    assert t("lab.can_play.no_deals", "fr") in [c.value for c in at.caption]
    at.button(key="lab_deal_1").click().run()
    at.button(key="lab_deal_100").click().run()
    at.button(key="lab_deal_1000").click().run()
    assert not at.exception
    hands = lab.deal_hands("R7", "R", 7, 1101, seed=11)
    frequency = float(hands["frequency"].iloc[-1])
    label = t("lab.can_play.metric_sim", "fr", count=1101)
    assert metrics(at)[label] == pct(frequency, "fr")
    point = trace(charts(at)["can_play"], t("lab.can_play.simulated", "fr", count=1101))
    assert point["x"] == [7] and point["y"] == [frequency]
    _, high = lab.wilson_interval(int(hands["playable"].sum()), 1101)
    assert point["error_y"]["array"][0] == pytest.approx(high - frequency)
    # The chart's CSV, the dealt hands' and the notebook (which deals them again).
    assert len(at.get("download_button")) == 3
    # Another hand size starts a new count; "start again" empties it.
    at.slider(key="lab_deal_size").set_value(3).run()
    assert t("lab.can_play.no_deals", "fr") in [c.value for c in at.caption]
    at.button(key="lab_deal_100").click().run()
    at.button(key="lab_deal_reset").click().run()
    assert len(trace_names(at, "can_play")) == 1


#: A value other than the default for every widget of the lab (``uno.ui.lab.keys.DEFAULTS``).
CHANGED: dict[str, Any] = {
    "lab_seed": 9,
    "lab_top": "W",
    "lab_top_color": "Y",
    "lab_deal_size": 12,
    "lab_open_size": 3,
    "lab_chal_hand": 9,
    "lab_chal_color": "G",
    "lab_chal_known": "WD4 R5",
    "lab_chal_pending": 6,
    "lab_worth_n": 4,
    "lab_len_players": (3, 5),
    "lab_len_rules": ["party"],
    "lab_len_games": 300,
    "lab_win_rules": "house",
    "lab_win_games": 300,
    "lab_seat_players": 3,
    "lab_tour_strategies": ["greedy", "first"],
    "lab_tour_challenge": "odds",
}


def lab_widgets(at: AppTest) -> Iterator[tuple[str, Any]]:
    """(kind, widget) for each widget of the lab (the keys of ``CHANGED``)."""
    for kind in ("slider", "number_input", "selectbox", "multiselect", "text_input"):
        for widget in getattr(at, kind):
            if widget.key in CHANGED:
                yield kind, widget


def test_every_widget_is_drawn_with_the_readers_value_as_its_default() -> None:
    """Streamlit's browser side can lose a widget's value when a poll's ``st.rerun`` and the
    full run it starts race on the first load; the widget then comes back at the default its
    message carries (the hand-size slider came back at 1, and the next click dealt 1-card
    hands). So every widget of the lab carries the reader's value as its default."""
    assert set(CHANGED) == set(lab_keys.DEFAULTS)
    assert all(CHANGED[key] != value for key, value in lab_keys.DEFAULTS.items())
    # (No value given beforehand: a value the session was given, rather than its widget, would
    # come back each time the widget is drawn again, as in Streamlit.)
    at = open_lab("en", "can-play", small=False)
    at.selectbox(key="lab_top").set_value("W").run()  # the colour's box shows for a wild
    for question in SECTIONS:  # each question draws its own widgets
        for _, widget in lab_widgets(ask(at, question)):
            widget.set_value(CHANGED[widget.key])
        at.run()
    seen = {}
    for kind, widget in (pair for question in SECTIONS for pair in lab_widgets(ask(at, question))):
        default = widget.proto.default
        if kind == "slider":
            shown: Any = [int(v) for v in default]
            value = list(widget.value) if isinstance(widget.value, tuple) else [widget.value]
        elif kind == "selectbox":
            shown, value = default, widget.index
        elif kind == "multiselect":
            shown, value = list(default), widget.indices
        else:
            shown, value = default, widget.value
        assert widget.value == CHANGED[widget.key], widget.key
        assert shown == value, widget.key
        seen[widget.key] = shown
    assert set(seen) == set(CHANGED)


def trace_names(at: AppTest, chart: str) -> list[str]:
    return [d.get("name") for d in charts(at)[chart]["data"]]


def sim_figures(at: AppTest) -> list[dict[str, Any]]:
    """The simulated figures: "How long is a game?" and "Who wins?", opened in turn."""
    found = {**charts(ask(at, "game-length")), **charts(ask(at, "who-wins"))}
    return [found[name]["data"] for name in ("game_length", "seat_advantage", "tournament")]


def test_seeded_simulations_show_the_same_figures_twice() -> None:
    st.cache_resource.clear()  # play the games now, under the progress bar
    first = open_lab("ru", lab_seed=21)
    st.cache_resource.clear()  # and play them again from scratch
    second = open_lab("ru", lab_seed=21)
    assert sim_figures(first) == sim_figures(second)
    # The figures are uno.academy.lab's frames for those arguments (here 200 rounds, 5 settings).
    length = lab.game_length([2, 3, 4, 5, 6], ["official", "house"], 20, seed=21)
    official = trace(
        charts(ask(first, "game-length"))["game_length"], t("lab.rules.official", "ru")
    )
    assert official["y"] == length[length["rules"] == "official"]["mean_turns"].tolist()
    seats = lab.seat_advantage(4, "official", 200, seed=21)
    bars = charts(ask(first, "who-wins"))["seat_advantage"]
    assert bars["data"][0]["y"] == seats["share"].tolist()
    # Places are categories: "1", "2", "3" and the dealer's "4 (сдающий)" all get a bar.
    assert bars["data"][0]["x"] == ["1", "2", "3", t("lab.wins.dealer", "ru", order=4)]
    assert bars["layout"]["xaxis"]["type"] == "category"
    # Another seed plays other games.
    other = open_lab("ru", lab_seed=22)
    assert sim_figures(other) != sim_figures(first)


#: The table each code under a chart leaves, in the page's order (``lab.SNIPPET_TABLES``).
CODE_TABLES = ["table", "hands", "table", "table", "table", "table", "seats", "ranking", "table"]


def test_the_code_under_each_chart_runs_as_shown() -> None:
    at = open_lab("en", how=True, lab_seed=5)
    found: dict[str, dict[str, Any]] = {}
    codes: list[str] = []
    for question in SECTIONS:
        found.update(charts(ask(at, question)))
        codes += [c.value for c in at.code]
    assert len(codes) == len(CHARTS) + 1  # "can I play?" also shows the dealing code
    tables = []
    for code, name in zip(codes, CODE_TABLES, strict=True):
        namespace: dict[str, Any] = {}
        exec(compile(code, "<page>", "exec"), namespace)
        tables.append(namespace[name])
    assert tables[0]["p_play"].tolist() == trace(found["can_play"], "Exact chance")["y"]
    assert tables[3]["p_guilty"].tolist() == found["challenge"]["data"][0]["y"]
    assert tables[4]["probability"].tolist() == found["hand_worth"]["data"][0]["y"]
    assert tables[5]["mean_turns"].tolist() == [
        y for d in found["game_length"]["data"] for y in d["y"]
    ]
    assert tables[6]["share"].tolist() == found["seat_advantage"]["data"][0]["y"]
    assert tables[7]["share"].tolist() == found["tournament"]["data"][0]["y"]
    heads_up = tables[8][tables[8]["seats"] == 2]["share"].tolist()
    assert heads_up == trace(found["strength"], "Heads-up (2 players)")["y"]


def test_bad_known_cards_are_explained_not_crashed() -> None:
    at = open_lab("ru", "challenge", lab_chal_known="WD4 <b>x</b> R99")
    assert not at.exception
    warning = at.warning[0].value
    assert warning.startswith(t("lab.challenge.bad_codes", "ru", codes="")[:10])
    assert "`<b>x</b>`" in warning and "`R99`" in warning
    assert "challenge" in charts(at)
    at = open_lab("fr", "challenge", lab_chal_known="WD4 WD4 WD4 WD4 WD4")
    assert not at.exception
    assert at.error[0].value == t("lab.challenge.impossible", "fr")
    assert "challenge" not in charts(at)


def test_empty_choices_ask_for_one() -> None:
    at = open_lab("fr", "game-length", lab_len_rules=[], lab_tour_strategies=["greedy"])
    assert not at.exception
    infos = [i.value for i in at.info]
    assert "game_length" not in charts(at)
    infos += [i.value for i in ask(at, "who-wins").info]
    assert t("lab.length.need_rules", "fr") in infos
    assert t("lab.wins.need_two", "fr") in infos
    assert "game_length" not in charts(at) and "tournament" not in charts(at)


SENTENCE_END = re.compile(r"[.!?…](?=\s|$)")


@pytest.mark.parametrize("lang", LANGS)
def test_every_chart_has_exactly_two_sentences_of_explanation(lang: str) -> None:
    keys = [k for k in catalog(lang) if k.startswith("lab.") and ".explain" in k]
    assert len(keys) == len(CHARTS)
    for key in keys:
        assert len(SENTENCE_END.findall(catalog(lang)[key])) == 2, (lang, key)


@pytest.mark.parametrize("lang", LANGS)
def test_a_busy_lab_says_so_and_still_shows_the_exact_charts(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When too many simulations wait (uno.academy.jobs), the simulated sections say "busy" in the
    reader's language; the exact sections are still drawn and nothing crashes."""
    from uno.academy.jobs import JobBoard

    monkeypatch.setattr(JobBoard, "submit", lambda self, key, work, owner=None: None)
    at = open_lab(lang, lab_len_games=300, lab_win_games=300)  # settings no other test uses
    warnings: list[str] = []
    shown: dict[str, dict[str, Any]] = {}
    for question in SECTIONS:
        warnings += [w.value for w in ask(at, question).warning]
        shown.update(charts(at))
    assert warnings.count(t("lab.busy", lang)) == 3
    assert {"can_play", "opening_hand", "challenge", "hand_worth"} <= shown.keys()
    assert not {"game_length", "seat_advantage", "tournament"} & shown.keys()


def test_a_failed_simulation_is_explained_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no more processes")

    monkeypatch.setattr(lab, "seat_advantage", broken)
    at = open_lab("fr", "who-wins", lab_win_games=400, lab_seat_players=7)  # not kept elsewhere
    assert t("lab.sim_failed", "fr") in [e.value for e in at.error]
    assert "seat_advantage" not in charts(at)


def test_a_long_simulation_leaves_a_progress_bar_and_a_later_run_draws_its_chart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A section does not hold the page for a long simulation: it draws a progress bar in a
    fragment that polls the board (in a browser every ``POLL`` seconds; AppTest runs the
    whole script, so here the next run plays the poll's part)."""
    gate = threading.Event()
    real = lab.seat_advantage

    def slow(*args: Any, progress: Any = None, **kwargs: Any) -> Any:
        progress(1, 4)
        assert gate.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(polls, "SETTLE", 0.0)
    monkeypatch.setattr(lab, "seat_advantage", slow)
    at = open_lab("fr", "who-wins", lab_win_games=600, lab_seat_players=3)  # no other test's
    playing = t("lab.progress", "fr", done="", total="").split()[0]  # "Manches"
    texts = [bar.proto.text for bar in at.get("progress")]
    assert texts and all(x == t("lab.queued", "fr") or x.startswith(playing) for x in texts)
    assert "seat_advantage" not in charts(at)
    # The rest of the question is drawn meanwhile: its settings and the way out.
    assert at.slider(key="lab_seat_players").value == 3
    assert at.multiselect(key="lab_tour_strategies").value
    assert any(p.proto.label == t("lab.back", "fr") for p in at.get("page_link"))
    assert at.session_state["lab_polling_seat_advantage"] is True
    gate.set()
    board = polls.simulation_board()
    for _ in range(300):
        if not board.unfinished():
            break
        time.sleep(0.1)
    at.run()
    assert not at.exception
    assert "seat_advantage" in charts(at) and not at.get("progress")
    assert "lab_polling_seat_advantage" not in at.session_state
    bars_y = charts(at)["seat_advantage"]["data"][0]["y"]
    assert bars_y == real(3, "official", 600, 1)["share"].tolist()


@pytest.mark.parametrize("lang", LANGS)
def test_the_fair_share_and_the_average_are_named_above_the_plot(lang: str) -> None:
    """Their names sit in the legend above the plot, not in an annotation over the bars."""
    found = {**charts(open_lab(lang, "who-wins")), **charts(open_lab(lang, "hand-worth"))}
    expected = {
        "seat_advantage": t("lab.wins.fair", lang, share=pct(0.25, lang)),
        "tournament": t("lab.wins.fair", lang, share=pct(0.2, lang)),
        "hand_worth": t("lab.worth.mean_line", lang, points=""),
    }
    for name, text in expected.items():
        spec = found[name]["layout"]
        assert not spec.get("annotations"), name
        (shape,) = spec["shapes"]
        assert shape["showlegend"] is True and shape["name"].startswith(text), name
        assert spec["legend"]["y"] >= 1 and spec["legend"]["yanchor"] == "bottom"
    if lang == "fr":  # a narrow no-break space before the colon
        assert "\u202f: " in expected["seat_advantage"]


@pytest.mark.parametrize("lang", LANGS)
def test_long_category_labels_are_wrapped_between_words(lang: str) -> None:
    bars = charts(open_lab(lang, "who-wins"))["tournament"]["data"][0]
    names = [t(f"bot.{name}.name", lang) for name in HEURISTICS]
    assert [label.replace("<br>", " ") for label in bars["x"]] == names
    for label in bars["x"]:
        assert all(len(line) <= 14 or " " not in line for line in label.split("<br>")), label
    if lang == "fr":
        assert "Fidèle à sa<br>couleur" in bars["x"]


@pytest.mark.parametrize("lang", LANGS)
def test_how_strong_are_the_computer_players_opens_in_every_language(lang: str) -> None:
    """The expert against each heuristic: the measured run's shares as bars with their 95%
    intervals, the sample size said, the table in the reader's numbers, the command shown."""
    at = open_lab(lang, "strength", how=True)
    (header,) = [h for h in at.header if h.proto.anchor == "strength"]
    assert header.value == f"{SECTIONS.index('strength') + 1}. {t('lab.strength.title', lang)}"
    measured = lab_strength.strength_table()
    assert len(measured) and (measured["rounds"] >= 2000).all()
    assert ((measured["low"] <= measured["share"]) & (measured["share"] <= measured["high"])).all()
    spec = charts(at)["strength"]
    for seats, key in ((2, "heads_up"), (4, "four")):
        rows = measured[measured["seats"] == seats]
        if rows.empty:
            continue
        bars = trace(spec, t(f"lab.strength.{key}", lang))
        assert bars["y"] == rows["share"].tolist()
        assert bars["error_y"]["array"] == (rows["high"] - rows["share"]).tolist()
    rounds = int(measured["rounds"].min())
    sample = t("lab.strength.sample", lang, count=rounds, number=number(rounds, lang))
    assert sample in [c.value for c in at.caption]
    frame = next(
        d.value for d in at.dataframe if t("lab.strength.col_interval", lang) in d.value.columns
    )
    first = measured.iloc[0]
    assert frame.iloc[0][t("lab.strength.col_share", lang)] == pct(first["share"], lang)
    (measured_note,) = [i.value for i in at.info if t("lab.strength.measured", lang) in i.value]
    assert lab_strength.COMMAND in measured_note
    assert lab_strength.snippet().strip() in [c.value.strip() for c in at.code]
