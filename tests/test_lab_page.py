"""The probability lab page (AppTest): every section in every language with its chart, the numbers
shown equal ``uno.odds``, the deal buttons, seeded simulations that show the same figures twice,
and the code under each chart runs as shown."""

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
from uno.academy import lab, lab_strength
from uno.academy.i18n import LANGS, catalog, t
from uno.bots import HEURISTICS
from uno.ui.lab import keys as lab_keys
from uno.ui.lab import polls
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
SMALL = {"lab_len_games": 200, "lab_win_games": 200}


@pytest.fixture(autouse=True)
def wait_for_simulations(monkeypatch: pytest.MonkeyPatch) -> None:
    """AppTest runs the whole script once and never a fragment alone, so a section must not
    leave its simulation to a poll: let it wait (these simulations take a second at most)."""
    monkeypatch.setattr(polls, "SETTLE", 60.0)


def open_lab(lang: str, **state: Any) -> AppTest:
    """app.py first (as a user arrives), then the lab with small simulations."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = lang
    at.run()
    for key, value in {**SMALL, **state}.items():
        at.session_state[key] = value
    at.switch_page(PAGE).run()
    assert not at.exception, [e.value for e in at.exception]
    return at


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
def test_every_section_has_its_chart_in_every_language(lang: str) -> None:
    at = open_lab(lang)
    assert at.title[0].value == t("nav.lab", lang)
    assert [h.proto.anchor for h in at.header] == SECTIONS
    assert at.header[0].value.endswith(t("lab.can_play.title", lang))
    found = charts(at)
    assert list(found) == CHARTS
    for spec in found.values():
        layout = spec["layout"]
        assert layout["separators"] == SEPARATORS[lang]
        assert layout["yaxis"]["title"]["text"]  # every axis labelled, in the reader's language
        assert layout["xaxis"]["title"]["text"]
        # On a phone Plotly shows its toolbar all the time: down the right edge, in its own
        # margin, it does not cover the legend above the plot.
        assert layout["modebar"]["orientation"] == "v" and layout["margin"]["r"] >= 30
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
    # Two sentences under every chart, one expander with formula and code per chart.
    texts = [m.value for m in at.markdown]
    for key in ("can_play", "opening", "challenge", "worth", "length"):
        assert t(f"lab.{key}.explain", lang) in texts
    assert t("lab.wins.explain_seat", lang) in texts
    assert t("lab.wins.explain_tour", lang) in texts
    assert [e.proto.label for e in at.expander] == [t("lab.how", lang)] * len(CHARTS)
    assert len(at.get("download_button")) == len(CHARTS)
    assert len(at.latex) == len(CHARTS)
    assert all("import" in c.value for c in at.code)
    # The scoring lesson, linked from "what is a hand worth?", in the reader's language.
    link = next(p for p in at.get("page_link") if p.proto.label == t("lab.worth.lesson_link", lang))
    assert link.proto.query_string == f"lang={lang}&lesson=10"


@pytest.mark.parametrize("lang", LANGS)
def test_numbers_shown_are_uno_odds(lang: str) -> None:
    at = open_lab(lang)
    found = charts(at)
    shown = metrics(at)
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
    assert at.success[0].value == t("lab.challenge.advice_challenge", lang)
    # 4. A 7-card hand's points.
    dist = odds.hand_points_distribution(7)
    worth = found["hand_worth"]["data"][0]
    assert worth["x"] == list(dist) and worth["y"] == list(dist.values())


def test_other_inputs_change_the_numbers_the_same_way() -> None:
    at = open_lab(
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
    found = charts(at)
    shown = metrics(at)
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
    at = open_lab("fr", lab_seed=11)
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
    assert len(at.get("download_button")) == len(CHARTS) + 1  # and the dealt hands
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
    at = open_lab("en")
    at.selectbox(key="lab_top").set_value("W").run()  # the colour's box shows for a wild
    for _, widget in lab_widgets(at):
        widget.set_value(CHANGED[widget.key])
    at.run()
    seen = {}
    for kind, widget in lab_widgets(at):
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
    found = charts(at)
    return [found[name]["data"] for name in ("game_length", "seat_advantage", "tournament")]


def test_seeded_simulations_show_the_same_figures_twice() -> None:
    st.cache_resource.clear()  # play the games now, under the progress bar
    first = open_lab("ru", lab_seed=21)
    st.cache_resource.clear()  # and play them again from scratch
    second = open_lab("ru", lab_seed=21)
    assert sim_figures(first) == sim_figures(second)
    # The figures are uno.academy.lab's frames for those arguments (here 200 rounds, 5 settings).
    length = lab.game_length([2, 3, 4, 5, 6], ["official", "house"], 20, seed=21)
    official = trace(charts(first)["game_length"], t("lab.rules.official", "ru"))
    assert official["y"] == length[length["rules"] == "official"]["mean_turns"].tolist()
    seats = lab.seat_advantage(4, "official", 200, seed=21)
    bars = charts(first)["seat_advantage"]
    assert bars["data"][0]["y"] == seats["share"].tolist()
    # Places are categories: "1", "2", "3" and the dealer's "4 (сдающий)" all get a bar.
    assert bars["data"][0]["x"] == ["1", "2", "3", t("lab.wins.dealer", "ru", order=4)]
    assert bars["layout"]["xaxis"]["type"] == "category"
    # Another seed plays other games.
    other = open_lab("ru", lab_seed=22)
    assert sim_figures(other) != sim_figures(first)


def test_the_code_under_each_chart_runs_as_shown() -> None:
    at = open_lab("en", lab_seed=5)
    found = charts(at)
    codes = [c.value for c in at.code]
    assert len(codes) == len(CHARTS) + 1  # "can I play?" also shows the dealing code
    tables = []
    for code in codes:
        namespace: dict[str, Any] = {}
        exec(compile(code, "<page>", "exec"), namespace)
        tables.append(namespace["table"])
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
    at = open_lab("ru", lab_chal_known="WD4 <b>x</b> R99")
    assert not at.exception
    warning = at.warning[0].value
    assert warning.startswith(t("lab.challenge.bad_codes", "ru", codes="")[:10])
    assert "`<b>x</b>`" in warning and "`R99`" in warning
    assert "challenge" in charts(at)
    at = open_lab("fr", lab_chal_known="WD4 WD4 WD4 WD4 WD4")
    assert not at.exception
    assert at.error[0].value == t("lab.challenge.impossible", "fr")
    assert "challenge" not in charts(at)


def test_empty_choices_ask_for_one() -> None:
    at = open_lab("fr", lab_len_rules=[], lab_tour_strategies=["greedy"])
    assert not at.exception
    infos = [i.value for i in at.info]
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
    assert [w.value for w in at.warning].count(t("lab.busy", lang)) == 3
    shown = charts(at)
    assert {"can_play", "opening_hand", "challenge", "hand_worth"} <= shown.keys()
    assert not {"game_length", "seat_advantage", "tournament"} & shown.keys()


def test_a_failed_simulation_is_explained_on_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("no more processes")

    monkeypatch.setattr(lab, "seat_advantage", broken)
    at = open_lab("fr", lab_win_games=400, lab_seat_players=7)  # not kept from another test
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
    at = open_lab("fr", lab_win_games=600, lab_seat_players=3)  # a question no other test asks
    playing = t("lab.progress", "fr", done="", total="").split()[0]  # "Manches"
    texts = [bar.proto.text for bar in at.get("progress")]
    assert texts and all(x == t("lab.queued", "fr") or x.startswith(playing) for x in texts)
    assert "seat_advantage" not in charts(at)
    assert {"can_play", "opening_hand", "challenge", "hand_worth"} <= charts(at).keys()
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
    found = charts(open_lab(lang))
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
    bars = charts(open_lab(lang))["tournament"]["data"][0]
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
    at = open_lab(lang)
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
