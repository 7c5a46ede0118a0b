"""A chart on a page: the reader sees the server's drawing of the figure at once
(``uno.ui.sketch``), and Plotly's interactive chart takes its place once the browser has
loaded Plotly and drawn it.

Plotly is a 4.7 MB script which Streamlit's browser side loads when a page first shows a chart,
and a phone holds up everything else on the page while it starts it (seconds with a slow CPU).
So a session's first page with charts comes with the sketches alone; in each chart's fragment
a hidden component (Components v2, no drawing) waits until nothing on the page is still loading
and then asks for Plotly's chart, which its fragment draws alone. From then on the session's
charts come with both at once (``PLOTLY_READY``); the sketch hides itself (CSS) once Plotly has
drawn, in the same place and at the same height, so nothing on the page moves.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import plotly.graph_objects as go
import streamlit as st

from uno.ui.guard import fragment
from uno.ui.sketch import sketch, sketch_css

__all__ = ["AGAIN", "PLOTLY_READY", "WAKE", "show"]

#: The session's browser has been asked for Plotly (a page of it has drawn its sketches): its
#: charts now come with Plotly's at once.
PLOTLY_READY: Final = "uno_plotly_ready"
#: Sends ``drawn`` once the page is drawn: nothing on it still loading (Streamlit's skeletons,
#: another chart's Plotly aside), then a frame painted; or after ``WAKE`` milliseconds whatever
#: happens. The charts of a page ask one at a time, through one queue in the page: the next
#: asks once the last one's fragment has drawn Plotly's chart (two calls at once rerun one
#: fragment only). While it is still mounted (its fragment has not drawn Plotly's chart
#: instead: a call can be lost when it meets a full run of the page), a chart asks again every
#: ``AGAIN`` milliseconds, and the next one has its turn.
_WAKE_JS: Final = """
const RUNNING = '[data-testid="stApp"][data-test-script-state="running"]';
const LOADING = '[data-testid="stMain"] [data-testid="stSkeleton"],'
  + ' [data-testid="stMain"] [data-testid="stSkeletonElement"]';
const queue = (window.__unoPlotlyQueue ||= { busy: null, waiting: [] });
function release(chart) {
  if (queue.busy !== chart) return;
  queue.busy = null;
  pump();
}
function pump() {
  if (queue.busy || !queue.waiting.length) return;
  if (document.querySelector(RUNNING)) {
    setTimeout(pump, 100);
    return;
  }
  const chart = queue.waiting.shift();
  queue.busy = chart;
  chart.send();
  setTimeout(() => release(chart), %AGAIN%);  // its call lost: the next one's turn anyway
}
export default function (component) {
  const { setTriggerValue } = component;
  const start = performance.now();
  let live = true;
  let timer = null;
  let asked = 0;
  const chart = {};
  chart.send = () => {
    if (!live) {
      release(chart);
      return;
    }
    asked += 1;
    setTriggerValue("drawn", asked);
    timer = setTimeout(look, %AGAIN%);
  };
  function look() {
    if (!live) return;
    const loading = [...document.querySelectorAll(LOADING)]
      .some((element) => !element.closest('[class*="st-key-uno_chart_"]'));
    if (loading && performance.now() - start < %WAKE%) {
      timer = setTimeout(look, 100);
      return;
    }
    requestAnimationFrame(() => {
      queue.waiting.push(chart);
      pump();
    });
  }
  look();
  return () => {  // its fragment drew Plotly's chart instead: the next chart's turn
    live = false;
    clearTimeout(timer);
    release(chart);
  };
}
"""
#: Milliseconds a page waits at most for its elements before it asks for Plotly's charts.
WAKE: Final = 10_000
#: Milliseconds between two calls of a chart still waiting for Plotly's.
AGAIN: Final = 3_000
#: Until Plotly has drawn the chart in its box, the server's sketch stands in its place (over
#: Plotly's element, whose loading skeleton stays hidden; the box keeps the figure's height);
#: then the sketch goes. A browser without ``:has`` (older than 2023) shows no sketch, only
#: Plotly's chart, as before.
_SWAP: Final = """<style>
[class*="st-key-uno_chart_"]{position:relative}
[class*="st-key-uno_plotly_wake_"]{display:none}
[class*="st-key-uno_chart_"]:not(:has(.main-svg))
  [data-testid="stElementContainer"]:has(.uno-sketch){
  position:absolute;top:0;left:0;right:0;z-index:1}
[class*="st-key-uno_chart_"]:not(:has(.main-svg)) [data-testid="stElementContainer"]:has(
  [data-testid="stPlotlyChart"],[data-testid="stSkeleton"]):not(:has(.uno-sketch)) > *{
  visibility:hidden}
@supports not selector(:has(*)){.uno-sketch{display:none}}
[class*="st-key-uno_chart_"]:has(.main-svg)
  [data-testid="stElementContainer"]:has(.uno-sketch){
  display:none}
</style>"""


def show(fig: go.Figure, key: str, alt: str | None = None, *, toolbar: bool = True) -> None:
    """Draw a figure (no Plotly logo), with a text alternative for screen readers. Without
    ``toolbar``, no Plotly toolbar at all (a touch screen shows it all the time, over the
    chart), and no margin kept for it.

    The sketch first, then Plotly's chart in its place (see the module's text)."""
    config: dict[str, Any] = {"displaylogo": False}
    if not toolbar:
        config["displayModeBar"] = False
        fig.update_layout(margin={"r": 10})
    height = int(fig.layout.height or 450)
    with st.container(key=f"uno_chart_{key}"):
        st.html(
            sketch_css()
            + _SWAP
            + f"<style>.st-key-uno_chart_{key}{{min-height:{height}px}}</style>"
            + sketch(fig, alt)
        )
        fragment(_interactive)(fig, key, config, alt)


def _interactive(fig: go.Figure, key: str, config: dict[str, Any], alt: str | None) -> None:
    """Plotly's chart; until this session's browser is ready for it, the hidden component that
    says when. A fragment: the component's call reruns it alone, not the page."""
    if st.session_state.get(PLOTLY_READY, False):
        st.plotly_chart(fig, key=key, config=config, alt=alt)
    else:
        _waker()(key=f"uno_plotly_wake_{key}", on_drawn_change=_drawn)


@cache
def _waker() -> Any:
    return st.components.v2.component(
        "uno_plotly_wake", js=_WAKE_JS.replace("%WAKE%", str(WAKE)).replace("%AGAIN%", str(AGAIN))
    )


def _drawn() -> None:
    """The page with sketches alone is drawn: from now on, Plotly's charts (this chart's
    fragment draws its own at once)."""
    st.session_state[PLOTLY_READY] = True
