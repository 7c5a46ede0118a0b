"""The server's drawing of a chart (``uno.ui.sketch``), which a reader sees before Plotly has
loaded: for every chart of the lab and the score pad, every point, bar, error bar, line and
legend item Plotly draws is drawn, where Plotly puts it, with the figure's own tick labels; text
is never HTML; and ``uno.ui.plot.show`` gives a session's first page the sketches alone, Plotly's
charts once its browser has drawn them."""

from __future__ import annotations

import base64
import html
import itertools
import re

import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

from tests.conftest import ROOT
from uno.academy import lab, lab_strength
from uno.ui import charts, plot
from uno.ui.lab import figures
from uno.ui.sketch import CLASS, nice_ticks, sketch, text

LANGS = ("en", "fr", "ru")


def lab_figures(lang: str) -> dict[str, go.Figure]:
    """Every chart of the lab, from the lab's own tables (small simulations)."""
    dealt = lab.deal_hands("R7", None, 7, 50, seed=1)
    worth = lab.hand_worth(3)
    length = lab.game_length([2, 3, 4], ["official", "house"], 20, seed=1)
    seats = lab.seat_advantage(4, "official", 40, seed=1)
    tour = lab.tournament(["random", "greedy", "first"], "official", 30, seed=1)
    return {
        "can_play": figures.can_play(
            lab.can_play_curve("R7"), lang=lang, x_title="Cards", y_title="Chance",
            exact_name="Exact", dealt=dealt, hand_size=7, dealt_name="Dealt",
        ),
        "opening_hand": figures.opening_hand(
            lab.opening_hand_tables(), lang=lang, measures=["wilds", "actions", "colors"],
            titles=["Wild cards", "Action cards", "Colours"],
            x_titles=["Wilds in the hand", "Actions", "Colours in the hand"], y_title="Chance",
        ),
        "challenge": figures.challenge(
            lab.challenge_table(7, "R"), lang=lang, hand=5, p_guilty=0.5, x_title="Cards",
            y_title="Bluff", curve_name="Bluff", threshold_name="Pays", chosen_name="Now",
        ),
        "hand_worth": figures.hand_worth(
            worth, 30.5, lang=lang, x_title="Points", y_title="Chance", bar_name="Chance",
            mean_name="Average",
        ),
        "game_length": figures.game_length(
            length, ["official", "house"], ["Official", "House"], lang=lang,
            x_title="Players", y_title="Moves",
        ),
        "seat_advantage": figures.share_bars(
            seats, ["1", "2", "3", "4 (dealer)"], lang=lang, x_title="Place", y_title="Share",
            fair_name="Fair",
        ),
        "tournament": figures.share_bars(
            tour, ["Random", "Greedy", "First card"], lang=lang, x_title="Strategy",
            y_title="Share", fair_name="Fair",
        ),
        "strength": figures.strength(
            lab_strength.strength_table(), lang=lang, x_title="Opponent", y_title="Share",
            opponents={o: o.title() for o in lab_strength.strength_table()["opponent"]},
            series_names={2: "Heads-up", 4: "Four"}, fair_names={2: "Half", 4: "Quarter"},
        ),
    }  # fmt: skip


def points(fig: go.Figure, kind: str) -> int:
    """How many points (scatter) or bars the figure's traces of ``kind`` hold."""
    return sum(len(t.y) for t in fig.data if t.type == kind)


def marks(drawing: str) -> str:
    """The SVG of every panel's marks (each panel's is an image, a data URI)."""
    found = re.findall(
        r'<img class="uno-sketch-marks" alt="" src="data:image/svg\+xml;base64,([^"]+)"', drawing
    )
    return "".join(base64.b64decode(data).decode() for data in found)


def tags(drawing: str, name: str) -> list[str]:
    return re.findall(rf"<{name}\b[^>]*>", drawing)


def ticks(drawing: str, kind: str) -> list[str]:
    """The labels of one axis's ticks (``yticks`` or ``xticks``), each panel's in turn: the
    spans after the block's sizer."""
    parts = drawing.split('<div class="uno-sketch-')
    found = []
    for here, after in itertools.pairwise(parts):
        if here.startswith(f'{kind}"'):
            spans = re.findall(r"<span[^>]*>(.*?)</span>", after.split("</div>", 1)[1])
            found += [html.unescape(span) for span in spans]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_point_bar_and_error_bar_of_every_lab_chart_is_drawn(lang: str) -> None:
    for name, fig in lab_figures(lang).items():
        page = sketch(fig)
        drawing = marks(page)
        markers = sum(
            len(t.y) for t in fig.data if t.type == "scatter" and "markers" in (t.mode or "")
        )
        drawn_markers = len(tags(drawing, "circle")) + drawing.count('overflow="visible"><path')
        errors = sum(
            len(t.y) for t in fig.data if t.error_y is not None and t.error_y.array is not None
        )
        assert drawn_markers - 2 * errors == markers, name  # each error bar has two caps
        hatched = sum(len(t.y) for t in fig.data if t.type == "bar" and t.marker.pattern.shape)
        assert len(tags(drawing, "rect")) == points(fig, "bar") + hatched, name
        segments = sum(
            len(t.y) - 1 for t in fig.data if t.type == "scatter" and "lines" in (t.mode or "")
        )
        assert len(tags(drawing, "line")) == segments + errors + len(fig.layout.shapes), name
        panels = page.count('class="uno-sketch-plot"')
        assert (
            page.count('<i class="uno-sketch-base"')
            == panels
            == len(tags(page, "img")) - (page.count('class="uno-sketch-key"'))
        )
        assert page.count('<i style="top:') >= 3 * panels, name  # the grid, one per y tick


@pytest.mark.parametrize("lang", LANGS)
def test_the_ticks_are_the_figures_own_and_the_legend_names_what_plotly_shows(lang: str) -> None:
    for name, fig in lab_figures(lang).items():
        drawing = sketch(fig, "alt")
        axis = fig.layout.yaxis
        wanted = [
            label
            for value, label in zip(axis.tickvals or (), axis.ticktext or (), strict=True)
            if value <= axis.range[1]  # Plotly draws no tick above the axis's end either
        ]
        if wanted:  # a share: the app's percents ("25 %" in French, narrow no-break space)
            assert ticks(drawing, "yticks") == wanted, name
        legend = re.search(r'<div class="uno-sketch-legend"[^>]*>(.*?)</div>', drawing)
        assert legend is not None, name  # the top margin, with the legend in it if any
        named = [t.name for t in fig.data if t.showlegend is not False]
        named += [s.name for s in fig.layout.shapes if s.showlegend]
        asked = [t.name for t in fig.data if t.showlegend]
        asked += [s.name for s in fig.layout.shapes if s.showlegend]
        expected = named if len(named) > 1 else asked  # a lone trace only if it asks
        if expected:
            shown = [html.unescape(n) for n in re.findall(r"<img[^>]*>(.*?)</span>", legend[1])]
            assert shown == [text(n).replace("<br>", "") for n in expected], name
        else:
            assert legend[1] == "", name
        for axis in (fig.layout.xaxis, fig.layout.yaxis):
            assert html.escape(axis.title.text.split("<br>")[0]) in drawing, name


def test_positions_follow_the_axes() -> None:
    """A point at the middle of the y range sits half-way down; categories sit in the middle of
    their slots; two bar series share each slot side by side."""
    fig = go.Figure(go.Scatter(x=[1, 2, 3], y=[0, 0.5, 1], mode="markers"))
    fig.update_yaxes(range=[0, 1])
    drawing = marks(sketch(fig))
    assert re.findall(r'cy="([0-9.]+)%"', drawing) == ["100.00", "50.00", "0.00"]
    bars = go.Figure(
        [go.Bar(x=["a", "b"], y=[1, 2], name="one"), go.Bar(x=["a", "b"], y=[2, 1], name="two")]
    )
    page = sketch(bars)
    drawing = marks(page)
    lefts = [float(v) for v in re.findall(r'<rect x="(-?[0-9.]+)%"', drawing)]
    widths = [float(v) for v in re.findall(r'<rect [^>]*width="([0-9.]+)%"', drawing)]
    assert lefts == sorted(lefts[:2]) + sorted(lefts[2:])
    assert lefts[0] + widths[0] <= lefts[2] + 1e-6  # "one" then "two" in slot "a"
    assert re.findall(r'<div class="uno-sketch-cats"[^>]*><span>(a)</span><span>(b)</span>', page)


def test_text_is_never_html() -> None:
    """A player's name on the score pad is text: tags show as typed (Plotly's ``<br>`` still
    breaks a line), colours that are not colours never reach an attribute."""
    name = '<img src=x onerror="alert(1)">Zoé<br>II'
    fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4], name=name))
    fig.add_trace(go.Scatter(x=[1, 2], y=[4, 5], name="&lt;b&gt;Léa&lt;/b&gt;"))
    spec = fig.to_plotly_json()
    spec["data"][0]["line"] = {"color": 'red" onload="x'}  # Plotly itself would refuse it
    drawing = sketch(spec, '"alt" <b>')
    assert "<img src" not in drawing and "onload" not in drawing and "onerror" not in drawing
    assert "Zoé<br>II" in drawing and "&lt;b&gt;Léa&lt;/b&gt;" in drawing
    assert 'aria-label="&quot;alt&quot; &lt;b&gt;"' in drawing
    assert "onload" not in marks(drawing) and 'stroke="#8C8C8C"' in marks(drawing)


def test_round_ticks_with_the_readers_separators() -> None:
    assert nice_ticks(0, 1) == ([0.0, 0.2, 0.4, 0.6, 0.8, 1.0], 0.2)
    assert nice_ticks(0, 12_400)[1] == 2500
    fig = go.Figure(go.Scatter(x=[1, 2], y=[0, 12_345.6]))
    fig.update_layout(separators=",\u202f")
    labels = ticks(sketch(fig), "yticks")
    assert "10\u202f000" in labels and "5000" in labels
    fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 0.5]))
    fig.update_layout(separators=",\u202f")
    assert "0,1" in ticks(sketch(fig), "yticks")


def test_the_score_pads_target_line_and_its_words_are_drawn() -> None:
    fig = go.Figure(go.Scatter(x=[0, 1, 2], y=[0, 120, 260], name="Ana"))
    fig.add_trace(go.Scatter(x=[0, 1, 2], y=[0, 90, 310], name="Léo"))
    fig.add_hline(y=500, line_dash="dot", annotation_text="Target: 500")
    charts.layout(fig, "Round", "Points", "en", percent=False, legend="Players")
    drawing = sketch(fig)
    assert "Target: 500" in drawing and "<strong>Players</strong>" in drawing
    assert "500" in ticks(drawing, "yticks")  # the axis reaches the target


def test_a_sessions_first_chart_comes_as_a_sketch_then_with_plotly() -> None:
    """AppTest: the lab's first question view of a session draws each chart as a sketch in its
    box, with the hidden component that says when the page is drawn and no Plotly chart (whose
    4.7 MB script would hold up the page on a phone); once the browser has said so, the same
    boxes hold the sketch and Plotly's chart, and the component is gone."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.query_params["lang"] = "fr"
    at.run()
    at.query_params["q"] = "who-wins"
    at.session_state["lab_win_games"] = 200
    at.session_state["lab_len_games"] = 200
    at.switch_page("pages/5_lab.py").run()
    assert not at.exception
    sketches = [h.proto.body for h in at.get("html") if CLASS in h.proto.body]
    assert len(sketches) == 2 and not at.get("plotly_chart")
    assert all("Part des manches gagnées" in s for s in sketches)
    assert len([c for c in at.get("bidi_component") if "plotly_wake" in str(c.key)]) == 2
    at.session_state[plot.PLOTLY_READY] = True  # what the component's "drawn" sets
    at.run()
    assert not at.exception
    assert len([h for h in at.get("html") if CLASS in h.proto.body]) == 2
    shown = {c.proto.id.rsplit("lab_chart_", 1)[1] for c in at.get("plotly_chart")}
    assert shown == {"seat_advantage", "tournament"}
    assert not [c for c in at.get("bidi_component") if "plotly_wake" in str(c.key)]


def test_the_sketch_keeps_the_figures_height() -> None:
    fig = go.Figure(go.Bar(x=[1], y=[1]))
    fig.update_layout(height=360)
    assert 'style="height:360px"' in sketch(fig)


def test_figures_it_does_not_know_still_draw() -> None:
    """An empty figure, an axis with one end given, missing values and a kind of trace the
    sketch does not draw: a sketch comes out (the interactive chart draws the rest)."""
    fig = go.Figure()
    assert CLASS in sketch(fig)
    fig = go.Figure(go.Scatter(x=[1, 2, 3], y=[1, None, 3]))
    fig.update_yaxes(range=[None, 5])
    fig.add_trace(go.Heatmap(z=[[1, 2], [3, 4]]))
    drawing = marks(sketch(fig))
    assert len(tags(drawing, "circle")) == 2


def test_what_plotly_accepts_draws_as_plotly_draws_it() -> None:
    """NumPy arrays (Plotly writes them as base64), a gap in a line (no segment across it, as
    Plotly breaks the line), a first value missing, text or None where a number belongs, a
    line at a category, two identical bar series side by side, error bars given below only
    (Plotly then draws them unequal), and a score pad's every round labelled."""
    import numpy as np

    fig = go.Figure(go.Scatter(x=np.arange(1, 6), y=np.array([np.nan, 0.2, np.nan, 0.4, 0.5])))
    drawing = marks(sketch(fig))
    assert len(tags(drawing, "circle")) == 3
    assert len(tags(drawing, "line")) == 1  # 0.4 to 0.5 only
    fig = go.Figure(go.Scatter(x=[1, None, "x", 4], y=[1, 2, 3, 4], mode="lines+markers"))
    assert CLASS in sketch(fig)
    bars = go.Figure([go.Bar(x=["a", "b"], y=[1, 2]), go.Bar(x=["a", "b"], y=[1, 2])])
    bars.add_vline(x="b")
    bars.add_annotation(x="a", y=1, text="here", showarrow=False)
    drawing = marks(sketch(bars))
    lefts = re.findall(r'<rect x="(-?[0-9.]+)%"', drawing)
    assert len(set(lefts)) == 4  # four places, not two
    assert len(tags(drawing, "line")) == 1 and "here" in sketch(bars)
    error = go.Figure(
        go.Scatter(x=[1], y=[0.5], mode="markers", error_y={"array": [0.1], "arrayminus": [0.3]})
    )
    error.update_yaxes(range=[0, 1])
    drawing = marks(sketch(error))
    ends = sorted(float(v) for v in re.findall(r'<line [^>]*y1="([0-9.]+)%"', drawing))
    ends += sorted(float(v) for v in re.findall(r'<line [^>]*y2="([0-9.]+)%"', drawing))
    assert {round(v) for v in ends} == {40, 80}  # 0.6 and 0.2: 10 above, 30 below
    pad = go.Figure(go.Scatter(x=list(range(13)), y=list(range(13))))
    pad.update_xaxes(tickmode="linear", dtick=1, rangemode="tozero")
    drawing = sketch(pad)
    assert ticks(drawing, "xticks") == [str(n) for n in range(13)]
    assert "left:0.00%" in drawing  # the axis starts at 0, as Plotly's does
