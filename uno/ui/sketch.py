"""A Plotly figure drawn by the server, as plain HTML and SVG: the chart a reader sees at once,
before the browser has loaded Plotly (a 4.7 MB script that Streamlit fetches only when a page
shows a chart, and that takes seconds to start on a cheap phone).

``uno.ui.plot.show`` puts ``sketch(fig)`` in the chart's place and Plotly's interactive chart
beside it; once Plotly has drawn, the sketch hides itself (CSS, no script) and the interactive
chart (hover, zoom) takes its place. The sketch draws what our figures use, from the figure's
own JSON, so the two never disagree on the numbers:

- scatter traces (lines with Plotly's dashes, markers with their symbols, error bars) and bar
  traces (grouped, outlined, hatched, with error bars), on numeric or category x axes;
- several panels side by side (``make_subplots`` with one row), their titles;
- horizontal and vertical lines (``add_hline``, ``add_vline``) and their annotations;
- the axes' titles and ticks (``tickvals``/``ticktext`` as given, or round steps written with
  the figure's ``separators``), the grid, the legend above the plot (its title, and the items
  Plotly would show).

Positions are percentages of the plot area, so the sketch fits any width as Plotly does; the
text is HTML that wraps. Text comes from the figure (``<br>`` breaks a line; other tags are
dropped, entities read) and is written escaped: a name is never HTML. Colours are the figure's;
text and grid take the page's text colour, so the dark theme reads. (Streamlit's ``st.html``
keeps no inline SVG, so each panel's marks are an SVG image, positioned in percent of itself,
and its grid and text are HTML.)

>>> import plotly.graph_objects as go
>>> fig = go.Figure(go.Scatter(x=[1, 2, 3], y=[0.2, 0.5, 0.9], name="<b>Ana</b>"))
>>> drawn = sketch(fig, "Chance by hand size")
>>> 'aria-label="Chance by hand size"' in drawn, "<b>Ana" in drawn, drawn.count("<img")
(True, False, 1)
"""

from __future__ import annotations

import base64
import html
import itertools
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["CLASS", "sketch", "sketch_css"]

#: The class of the sketch's outer element (``uno.ui.plot`` hides it once Plotly has drawn).
CLASS: Final = "uno-sketch"
_AXIS: Final = re.compile(r"^([xy])axis(\d*)$")
_BREAK: Final = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG: Final = re.compile(r"<[^>]*>")
#: Plotly's dash patterns, in line widths (``Drawing.dashStyle``: at least 3 px a unit).
_DASHES: Final[dict[str, tuple[float, ...]]] = {
    "dot": (1, 1),
    "dash": (3, 3),
    "longdash": (5, 5),
    "dashdot": (3, 1, 1, 1),
    "longdashdot": (5, 2, 1, 2),
}
#: Marker outlines around (0, 0) for a marker of size 1 (scaled by half the marker's size).
_SYMBOLS: Final[dict[str, str]] = {
    "square": "M-0.9,-0.9H0.9V0.9H-0.9Z",
    "diamond": "M0,-1.3L1.3,0L0,1.3L-1.3,0Z",
    "triangle-up": "M0,-1.15L1.15,0.85H-1.15Z",
    "triangle-down": "M0,1.15L1.15,-0.85H-1.15Z",
    "cross": "M-0.35,-1H0.35V-0.35H1V0.35H0.35V1H-0.35V0.35H-1V-0.35H-0.35Z",
    "x": "M-0.75,-1L0,-0.25L0.75,-1L1,-0.75L0.25,0L1,0.75L0.75,1L0,0.25L-0.75,1L-1,0.75"
    "L-0.25,0L-1,-0.75Z",
    "star": "M0,-1.1L0.3,-0.35L1.05,-0.35L0.45,0.12L0.65,0.9L0,0.45L-0.65,0.9L-0.45,0.12"
    "L-1.05,-0.35L-0.3,-0.35Z",
    "hexagon": "M0,-1L0.87,-0.5V0.5L0,1L-0.87,0.5V-0.5Z",
    "pentagon": "M0,-1L0.95,-0.31L0.59,0.81H-0.59L-0.95,-0.31Z",
}
_ANCHORS: Final = {"left": "0%", "center": "-50%", "right": "-100%"}
_VANCHORS: Final = {"top": "0%", "middle": "-50%", "bottom": "-100%"}
#: Hatching for bars (Plotly's ``marker.pattern.shape``), drawn 8 px apart.
_HATCHES: Final = {
    "/": "M0,8L8,0M-2,2L2,-2M6,10L10,6",
    "\\": "M0,0L8,8M-2,6L2,10M6,-2L10,2",
    "x": "M0,8L8,0M-2,2L2,-2M6,10L10,6M0,0L8,8M-2,6L2,10M6,-2L10,2",
    "-": "M0,4H8",
    "|": "M4,0V8",
    "+": "M0,4H8M4,0V8",
    ".": "M3.5,4a0.5,0.5 0 1,0 1,0a0.5,0.5 0 1,0 -1,0",
}
_CSS: Final = """
.uno-sketch{display:flex;flex-direction:column;gap:4px;box-sizing:border-box;
  padding:4px 12px 2px 0;font-size:12px;line-height:1.25;color:inherit;overflow:hidden}
.uno-sketch-legend{display:flex;flex-wrap:wrap;gap:2px 14px;align-items:center;
  align-content:flex-end;font-size:13px}
.uno-sketch-legend span{display:inline-flex;align-items:center;gap:5px}
.uno-sketch-grid{flex:1;min-height:0;display:grid;column-gap:6px;row-gap:3px}
.uno-sketch-ytitle{writing-mode:vertical-rl;text-orientation:sideways;transform:rotate(180deg);text-align:center;
  align-self:center;font-size:13px;max-height:100%}
.uno-sketch-yticks,.uno-sketch-plot,.uno-sketch-xticks{position:relative;min-width:0}
.uno-sketch-yticks span{position:absolute;right:0;transform:translateY(-50%);white-space:nowrap}
.uno-sketch-xticks span{position:absolute;top:0;text-align:center;white-space:nowrap}
.uno-sketch-cats{display:flex}
.uno-sketch-cats span{flex:1 1 0;min-width:0;text-align:center;overflow-wrap:normal}
.uno-sketch-sizer{visibility:hidden;height:0;overflow:hidden;white-space:nowrap}
.uno-sketch-xticks .uno-sketch-sizer{height:auto;width:0}
.uno-sketch-plot img{position:absolute;inset:0;width:100%;height:100%}
.uno-sketch-plot i{position:absolute;left:0;right:0;height:0;
  border-top:1px solid color-mix(in srgb,currentColor 18%,transparent)}
.uno-sketch-plot i.uno-sketch-base{border-top-color:color-mix(in srgb,currentColor 50%,transparent)}
.uno-sketch-legend img{display:block}
.uno-sketch-note{position:absolute;white-space:nowrap;font-size:12px}
.uno-sketch-title{text-align:center;font-size:14px}
.uno-sketch-xtitle{text-align:center;font-size:13px}
"""


def sketch_css() -> str:
    """The sketch's style sheet (one ``<style>``, the same for every sketch)."""
    return f"<style>{_CSS}</style>"


def text(value: object) -> str:
    """Plotly's text made safe HTML: ``<br>`` breaks a line, other tags are dropped, entities
    are read, and what is left is escaped.

    >>> text("Fidèle à sa<br>couleur &lt;3 <b>!</b>")
    'Fidèle à sa<br>couleur &lt;3 !'
    """
    parts = _BREAK.split("" if value is None else str(value))
    return "<br>".join(html.escape(html.unescape(_TAG.sub("", part))) for part in parts)


def _title(axis: Mapping[str, Any]) -> str:
    title = axis.get("title")
    if isinstance(title, Mapping):
        return str(title.get("text") or "")
    return "" if title is None else str(title)


def _number(value: float, step: float, separators: str) -> str:
    """A tick's number, with as many decimals as its step needs, written with the figure's
    decimal mark (and its thousands mark from 10 000 on, as Plotly does)."""
    marks = separators if len(separators) >= 2 else separators + ".,"[len(separators) :]
    decimal, thousands = marks[0], marks[1]
    digits = 0
    while digits < 6 and abs(round(step, digits) - step) > 1e-9 * max(1.0, abs(step)):
        digits += 1
    written = f"{abs(value):.{digits}f}"
    whole, _, part = written.partition(".")
    if len(whole) > 4:
        whole = f"{int(whole):,}".replace(",", thousands)
    sign = "−" if value < 0 and float(written) != 0 else ""
    return html.escape(sign + whole + (decimal + part if part else ""))


def nice_ticks(low: float, high: float, most: int = 7) -> tuple[list[float], float]:
    """Round tick values from ``low`` to ``high`` (at most ``most`` of them), and their step.

    >>> nice_ticks(0, 131.5)
    ([0.0, 20.0, 40.0, 60.0, 80.0, 100.0, 120.0], 20.0)
    """
    span = high - low
    if not math.isfinite(span) or span <= 0:
        return [low], 1.0
    base = 10 ** math.floor(math.log10(span / most))
    step = next(
        (m * base for m in (1, 2, 2.5, 5, 10) if span / (m * base) <= most - 1 + 1e-9), 10 * base
    )
    first = math.ceil(low / step - 1e-9)
    values = []
    i = first
    while i * step <= high + 1e-9 * step:
        values.append(round(i * step, 10))
        i += 1
    return values, step


@dataclass
class _Axis:
    """One axis of a panel: its range, its ticks (position, label) and its title."""

    low: float = 0.0
    high: float = 1.0
    ticks: list[tuple[float, str]] = field(default_factory=list)
    categories: list[str] = field(default_factory=list)
    title: str = ""
    labels: bool = True

    def at(self, value: Any) -> float:
        """Where ``value`` falls, in percent of the axis from its start."""
        if self.categories:
            place = self.categories.index(str(value)) + 0.5 if str(value) in self.categories else 0
        else:
            place = _num(value) or 0.0
        span = (self.high - self.low) or 1.0
        return 100.0 * (place - self.low) / span


def _placed(axis: _Axis, value: object) -> bool:
    """Whether ``value`` has a place on ``axis`` (one of its categories, or a number)."""
    return str(value) in axis.categories if axis.categories else _num(value) is not None


@dataclass
class _Panel:
    """One plot area: its axes' names, its domain, its traces and its lines."""

    x: str
    y: str
    start: float
    traces: list[Mapping[str, Any]] = field(default_factory=list)
    shapes: list[Mapping[str, Any]] = field(default_factory=list)
    notes: list[Mapping[str, Any]] = field(default_factory=list)
    title: str = ""


def _num(value: object) -> float | None:
    """A finite number, or None (missing values, NaN, text, dates)."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _numbers(values: Iterable[Any]) -> list[float]:
    return [n for n in (_num(value) for value in values or ()) if n is not None]


def _array(value: Any) -> list[Any]:
    """A figure's array as a list: Plotly writes NumPy arrays (and pandas columns) as
    ``{"dtype": ..., "bdata": base64}``."""
    if isinstance(value, Mapping) and "bdata" in value:
        import numpy as np  # only for such arrays; pandas brings it

        raw = base64.b64decode(str(value["bdata"]))
        return list(np.frombuffer(raw, dtype=str(value.get("dtype", "f8"))).tolist())
    if value is None or isinstance(value, str | bytes):
        return []
    try:
        return list(value)
    except TypeError:
        return []


def _errors(trace: Mapping[str, Any], count: int) -> list[tuple[float, float]]:
    """(below, above) of each point's error bar (none: zeros)."""
    error = trace.get("error_y") or {}
    if not error or error.get("visible") is False:
        return [(0.0, 0.0)] * count
    above = _array(error.get("array"))
    symmetric = error.get("symmetric", "arrayminus" not in error)  # Plotly's default
    below = above if symmetric else _array(error.get("arrayminus")) or above
    out = []
    for i in range(count):
        high = _num(above[i]) if i < len(above) else None
        low = _num(below[i]) if i < len(below) else None
        out.append((low or 0.0, high or 0.0))
    return out


def _panels(spec: Mapping[str, Any]) -> list[_Panel]:
    """The figure's plot areas, left to right, with what each draws."""
    layout = spec.get("layout") or {}
    names = {"x"} | {
        "x" + m.group(2) for key in layout if (m := _AXIS.match(key)) and m.group(1) == "x"
    }
    panels: dict[str, _Panel] = {}
    for name in names:
        axis = layout.get("xaxis" + name[1:]) or {}
        anchor = str(axis.get("anchor") or "y" + name[1:])
        panels[name] = _Panel(name, anchor, float((axis.get("domain") or [0, 1])[0]))
    for trace in spec.get("data") or ():
        if trace.get("visible") is False or trace.get("type", "scatter") not in ("scatter", "bar"):
            continue
        name = str(trace.get("xaxis") or "x")
        if name in panels:
            panels[name].traces.append(trace)
    for shape in layout.get("shapes") or ():
        if shape.get("type", "line") != "line":
            continue
        name = str(shape.get("xref") or "x").split()[0]
        if name in panels:
            panels[name].shapes.append(shape)
        elif name == "paper":
            panels["x"].shapes.append(shape)
    ordered = sorted(panels.values(), key=lambda p: p.start)
    for note in layout.get("annotations") or ():
        if str(note.get("yref")) == "paper" and str(note.get("xref")) == "paper":
            x = _num(note.get("x")) or 0.0  # a panel's title (make_subplots): above that panel
            for panel in reversed(ordered):
                if panel.start <= x + 1e-9:
                    panel.title = panel.title or str(note.get("text") or "")
                    break
            continue
        name = str(note.get("xref") or "x").split()[0]
        (panels.get(name) or ordered[0]).notes.append(note)
    return ordered


def _x_axis(panel: _Panel, layout: Mapping[str, Any], separators: str) -> tuple[_Axis, float]:
    """The panel's x axis, and the width of one bar slot in its units."""
    spec = layout.get("xaxis" + panel.x[1:]) or {}
    axis = _Axis(title=_title(spec), labels=spec.get("showticklabels") is not False)
    xs = [value for trace in panel.traces for value in _array(trace.get("x"))]
    bars = any(trace.get("type") == "bar" for trace in panel.traces)
    if spec.get("type") == "category" or any(isinstance(v, str) for v in xs):
        axis.categories = list(dict.fromkeys(str(v) for v in xs if v is not None))
        axis.low, axis.high = 0.0, float(max(len(axis.categories), 1))
        axis.ticks = [(axis.at(c), text(c)) for c in axis.categories]
        return axis, 1.0
    values = _numbers(xs) + _numbers(
        s.get("x0") for s in panel.shapes if "domain" in str(s.get("yref"))
    )
    tozero = spec.get("rangemode") == "tozero"
    if tozero:
        values.append(0.0)
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    distinct = sorted(set(_numbers(xs)))
    slot = min((b - a for a, b in itertools.pairwise(distinct)), default=1.0)
    if given := _range(spec):
        axis.low, axis.high = given
    elif bars:
        axis.low, axis.high = low - slot / 2, high + slot / 2
    else:
        pad = (high - low) * 0.04 or 0.5
        axis.low, axis.high = (low if tozero and low >= 0 else low - pad), high + pad
    axis.ticks = _ticks(spec, axis.low, axis.high, separators, most=9)
    return axis, slot


def _range(spec: Mapping[str, Any]) -> tuple[float, float] | None:
    """An axis's own range, if it gives both ends."""
    ends = _numbers(spec.get("range") or ())
    return (ends[0], ends[1]) if len(ends) == 2 and ends[0] < ends[1] else None


def _y_axis(panel: _Panel, layout: Mapping[str, Any], separators: str) -> _Axis:
    """The panel's y axis: its own range, or the data's (with the error bars and the
    horizontal lines), from 0 for bars."""
    spec = layout.get("yaxis" + panel.y[1:]) or {}
    axis = _Axis(title=_title(spec), labels=spec.get("showticklabels") is not False)
    if given := _range(spec):
        axis.low, axis.high = given
    else:
        values: list[float] = []
        bars = False
        for trace in panel.traces:
            ys = _array(trace.get("y"))
            errors = _errors(trace, len(ys))
            for y, (below, above) in zip(ys, errors, strict=True):
                if (value := _num(y)) is not None:
                    values += [value - below, value + above]
            bars = bars or trace.get("type") == "bar"
        values += _numbers(
            s.get(end)
            for s in panel.shapes
            if "domain" in str(s.get("xref")) or str(s.get("xref")) == "paper"
            for end in ("y0", "y1")
        )
        if bars or spec.get("rangemode") == "tozero":
            values.append(0.0)
        low, high = (min(values), max(values)) if values else (0.0, 1.0)
        pad = (high - low) * 0.05 or 0.5
        axis.low = low if (bars or spec.get("rangemode") == "tozero") and low >= 0 else low - pad
        axis.high = high + pad
    axis.ticks = _ticks(spec, axis.low, axis.high, separators, most=7)
    return axis


def _ticks(
    spec: Mapping[str, Any], low: float, high: float, separators: str, most: int
) -> list[tuple[float, str]]:
    """(position in percent, label) of an axis's ticks: its own, or round steps."""
    span = (high - low) or 1.0
    if spec.get("tickvals"):
        values = _numbers(spec["tickvals"])
        labels = list(spec.get("ticktext") or [])
        step = min((b - a for a, b in itertools.pairwise(values)), default=1.0)
        return [
            (
                100 * (v - low) / span,
                text(labels[i]) if i < len(labels) else _number(v, step, separators),
            )
            for i, v in enumerate(values)
            if low - 1e-9 <= v <= high + 1e-9
        ]
    dtick = spec.get("dtick")
    if isinstance(dtick, int | float) and dtick > 0 and (high - low) / dtick <= 3 * most:
        step = float(dtick)
        while (high - low) / step > most + 2 and spec.get("tickmode") != "linear":
            step *= 2
        first = math.ceil(low / step - 1e-9)
        values = [round(i * step, 10) for i in range(first, math.floor(high / step + 1e-9) + 1)]
    else:
        values, step = nice_ticks(low, high, most)
    return [(100 * (v - low) / span, _number(v, step, separators)) for v in values]


def _dash(name: object, width: float) -> str:
    unit = max(width, 3.0) if name in ("dot", "dash", "longdash") else max(width, 2.0)
    pattern = _DASHES.get(str(name or "solid"))
    if not pattern:
        return ""
    return f' stroke-dasharray="{",".join(f"{p * unit:g}" for p in pattern)}"'


def _pct(value: float) -> str:
    return f"{value:.2f}%"


def _marker(symbol: object, x: float, y: float, size: float, colour: str) -> str:
    """One marker at (x %, y % from the top), ``size`` px across."""
    name = str(symbol or "circle").removesuffix("-open")
    if name not in _SYMBOLS:
        return f'<circle cx="{_pct(x)}" cy="{_pct(y)}" r="{size / 2:g}" fill="{colour}"/>'
    scale = size / 2
    return (
        f'<svg x="{_pct(x)}" y="{_pct(y)}" overflow="visible"><path d="{_SYMBOLS[name]}"'
        f' transform="scale({scale:g})" fill="{colour}"/></svg>'
    )


def _error_bar(x: float, low: float, high: float, colour: str, width: float) -> str:
    """A vertical error bar at ``x`` % from ``low`` % to ``high`` % (from the top), capped."""
    cap = f'stroke="{colour}" stroke-width="{width:g}"'
    return (
        f'<line x1="{_pct(x)}" x2="{_pct(x)}" y1="{_pct(low)}" y2="{_pct(high)}" {cap}/>'
        f'<svg x="{_pct(x)}" y="{_pct(low)}" overflow="visible"><path d="M-4,0H4" {cap}/></svg>'
        f'<svg x="{_pct(x)}" y="{_pct(high)}" overflow="visible"><path d="M-4,0H4" {cap}/></svg>'
    )


#: The colour of a mark whose figure names none (an image has no page colour to take).
_MARK: Final = "#8C8C8C"


def _image(svg: str, css_class: str, width: str = "100%", height: str = "100%") -> str:
    """An SVG drawing as an image (decorative: the sketch is one image to a screen reader)."""
    root = f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">'
    data = base64.b64encode(f"{root}{svg}</svg>".encode()).decode()
    return f'<img class="{css_class}" alt="" src="data:image/svg+xml;base64,{data}">'


def _colour(value: object, fallback: str = _MARK) -> str:
    """A colour from the figure, kept only if it is a plain colour (nothing else reaches the
    attribute)."""
    colour = str(value or "")
    if re.fullmatch(r"#[0-9A-Fa-f]{3,8}|[a-z]+|rgba?\([0-9., %]+\)", colour):
        return colour
    return fallback


def _draw(
    panel: _Panel,
    x_axis: _Axis,
    y_axis: _Axis,
    slot: float,
    layout: Mapping[str, Any],
) -> str:
    """The panel's SVG: grid, bars, lines, markers, error bars, then the lines of shapes."""
    out: list[str] = []
    grid = "".join(
        f'<i style="top:{_pct(100 - position)}"></i>' for position, _label in y_axis.ticks
    )
    base = 100 - min(max(y_axis.at(0.0), 0.0), 100.0)
    grid += f'<i class="uno-sketch-base" style="top:{_pct(base)}"></i>'
    bars = [i for i, t in enumerate(panel.traces) if t.get("type") == "bar"]
    grouped = layout.get("barmode", "group") == "group" and len(bars) > 1
    gap = float(layout.get("bargap", 0.2) if layout.get("bargap") is not None else 0.2)
    for index, trace in enumerate(panel.traces):
        xs = _array(trace.get("x"))
        ys = _array(trace.get("y"))
        errors = _errors(trace, len(ys))
        error = trace.get("error_y") or {}
        error_colour = _colour(error.get("color"))
        error_width = float(error.get("thickness") or 2)
        # Each point in percent, None where a value is missing (a line breaks there, as
        # Plotly's does).
        path = [
            (x_axis.at(x), 100 - y_axis.at(y), e)
            if _placed(x_axis, x) and _num(y) is not None
            else None
            for x, y, e in zip(xs, ys, errors, strict=False)
        ]
        points = [point for point in path if point is not None]
        marker = trace.get("marker") or {}
        line = trace.get("line") or {}
        if trace.get("type") == "bar":
            width = (1 - gap) * slot / (len(bars) if grouped else 1)
            shift = (bars.index(index) - (len(bars) - 1) / 2) * width if grouped else 0.0
            span = (x_axis.high - x_axis.low) or 1.0
            fill = _colour(marker.get("color"))
            edge = marker.get("line") or {}
            hatch = str((marker.get("pattern") or {}).get("shape") or "")
            for x, top, _error in points:
                left = x + 100 * (shift - width / 2) / span
                low, high = sorted((top, base))
                out.append(
                    f'<rect x="{_pct(left)}" y="{_pct(low)}" width="{_pct(100 * width / span)}"'
                    f' height="{_pct(high - low)}" fill="{fill}"'
                    f' stroke="{_colour(edge.get("color"), fill)}"'
                    f' stroke-width="{float(edge.get("width") or 0.5):g}"/>'
                )
                if hatch in _HATCHES:
                    out.append(
                        f'<rect x="{_pct(left)}" y="{_pct(low)}"'
                        f' width="{_pct(100 * width / span)}" height="{_pct(high - low)}"'
                        f' fill="url(#hatch-{index})"/>'
                    )
            out.extend(
                _error_bar(
                    x + 100 * shift / span,
                    top + (100 * above / ((y_axis.high - y_axis.low) or 1.0)) * -1,
                    top + 100 * below / ((y_axis.high - y_axis.low) or 1.0),
                    error_colour,
                    error_width,
                )
                for x, top, (below, above) in points
                if below or above
            )
            continue
        mode = str(trace.get("mode") or "lines+markers")
        colour = _colour(line.get("color") or marker.get("color"))
        span_y = (y_axis.high - y_axis.low) or 1.0
        out.extend(
            _error_bar(
                x, top - 100 * above / span_y, top + 100 * below / span_y, error_colour, error_width
            )
            for x, top, (below, above) in points
            if below or above
        )
        if "lines" in mode:
            width = float(line.get("width") or 2)
            dash = _dash(line.get("dash"), width)
            out.extend(
                f'<line x1="{_pct(a[0])}" y1="{_pct(a[1])}" x2="{_pct(b[0])}" y2="{_pct(b[1])}"'
                f' stroke="{colour}" stroke-width="{width:g}" stroke-linecap="round"{dash}/>'
                for a, b in itertools.pairwise(path)
                if a is not None and b is not None
            )
        if "markers" in mode:
            size = float(marker.get("size") or 6)
            fill = _colour(marker.get("color"), colour)
            out.extend(_marker(marker.get("symbol"), x, top, size, fill) for x, top, _ in points)
    for shape in panel.shapes:
        line = shape.get("line") or {}
        width = float(line.get("width") or 2)
        style = (
            f' stroke="{_colour(line.get("color"))}" stroke-width="{width:g}"'
            f"{_dash(line.get('dash'), width)}"
        )
        if "domain" in str(shape.get("yref")):  # a vertical line at x
            if _placed(x_axis, shape.get("x0")):
                x = x_axis.at(shape.get("x0"))
                out.append(f'<line x1="{_pct(x)}" x2="{_pct(x)}" y1="0" y2="100%"{style}/>')
        elif (value := _num(shape.get("y0"))) is not None:  # a horizontal line at y
            y = 100 - y_axis.at(value)
            out.append(f'<line x1="0" x2="100%" y1="{_pct(y)}" y2="{_pct(y)}"{style}/>')
    hatches = "".join(
        f'<pattern id="hatch-{i}" width="8" height="8" patternUnits="userSpaceOnUse">'
        f'<path d="{_HATCHES[str(((t.get("marker") or {}).get("pattern") or {}).get("shape"))]}"'
        ' stroke="#000" stroke-opacity="0.55" stroke-width="1.2" fill="none"/></pattern>'
        for i, t in enumerate(panel.traces)
        if str(((t.get("marker") or {}).get("pattern") or {}).get("shape") or "") in _HATCHES
    )
    defs = f"<defs>{hatches}</defs>" if hatches else ""
    return grid + _image(defs + "".join(out), "uno-sketch-marks")


def _notes(panel: _Panel, x_axis: _Axis, y_axis: _Axis) -> str:
    """Annotations in the plot (e.g. an ``add_hline``'s text), as HTML placed in percent."""
    out = []
    for note in panel.notes:
        xref, yref = str(note.get("xref") or "x"), str(note.get("yref") or "y")
        x, y = note.get("x"), note.get("y")
        x_paper = "domain" in xref or xref == "paper"
        y_paper = "domain" in yref or yref == "paper"
        if (_num(x) is None if x_paper else not _placed(x_axis, x)) or _num(y) is None:
            continue
        left = 100 * (_num(x) or 0.0) if x_paper else x_axis.at(x)
        top = 100 - (100 * (_num(y) or 0.0) if y_paper else y_axis.at(y))
        shift = _ANCHORS.get(str(note.get("xanchor") or "center"), "-50%")
        lift = _VANCHORS.get(str(note.get("yanchor") or "middle"), "-50%")
        out.append(
            f'<span class="uno-sketch-note" style="left:{_pct(left)};top:{_pct(top)};'
            f'transform:translate({shift},{lift})">{text(note.get("text"))}</span>'
        )
    return "".join(out)


def _swatch(item: Mapping[str, Any]) -> str:
    """The legend's little picture of a trace or a line."""
    marker = item.get("marker") or {}
    line = item.get("line") or {}
    if item.get("type") == "bar":
        fill = _colour(marker.get("color"))
        edge = _colour((marker.get("line") or {}).get("color"), fill)
        square = f'<rect x="1" y="1" width="12" height="12" fill="{fill}" stroke="{edge}"/>'
        return _image(square, "uno-sketch-key", "14", "14")
    colour = _colour(line.get("color") or marker.get("color"))
    mode = str(item.get("mode") or ("lines" if item.get("x0") is not None else "lines+markers"))
    parts = []
    if "lines" in mode:
        width = float(line.get("width") or 2)
        parts.append(
            f'<line x1="1" x2="29" y1="7" y2="7" stroke="{colour}" stroke-width="{min(width, 3):g}"'
            f"{_dash(line.get('dash'), min(width, 3))}/>"
        )
    if "markers" in mode:
        size = min(float(marker.get("size") or 6), 10)
        symbol = str(marker.get("symbol") or "circle")
        fill = _colour(marker.get("color"), colour)
        if symbol in _SYMBOLS:
            parts.append(
                f'<path d="{_SYMBOLS[symbol]}" transform="translate(15 7) scale({size / 2:g})"'
                f' fill="{fill}"/>'
            )
        else:
            parts.append(f'<circle cx="15" cy="7" r="{size / 2:g}" fill="{fill}"/>')
    return _image("".join(parts), "uno-sketch-key", "30", "14")


def _legend(spec: Mapping[str, Any]) -> str:
    """The legend's items above the plot, with the items Plotly shows: a trace unless it says
    ``showlegend: false``, a line only if it says ``showlegend: true``; a lone trace only if it
    asks to be shown."""
    layout = spec.get("layout") or {}
    if layout.get("showlegend") is False:
        return ""
    traces = [
        t
        for t in spec.get("data") or ()
        if t.get("showlegend") is not False and t.get("visible") is not False
    ]
    shapes = [s for s in layout.get("shapes") or () if s.get("showlegend") is True]
    items: list[Mapping[str, Any]] = [*traces, *shapes]
    explicit = [i for i in items if i.get("showlegend") is True]
    shown = items if (len(items) > 1 or layout.get("showlegend") is True) else explicit
    if not shown:
        return ""
    title = text(((layout.get("legend") or {}).get("title") or {}).get("text") or "")
    entries = "".join(
        f"<span>{_swatch(item)}{text(item.get('name') or '')}</span>" for item in shown
    )
    head = f"<strong>{title}</strong>" if title else ""
    return head + entries


def _sizer(labels: Sequence[str]) -> str:
    """Invisible, the labels give their column (or row) the room they need."""
    return f'<div class="uno-sketch-sizer">{"<br>".join(labels)}</div>'


def _cell(kind: str, row: int, column: int, body: str) -> str:
    """A cell of the sketch's grid."""
    return f'<div class="uno-sketch-{kind}" style="grid-area:{row}/{column}">{body}</div>'


def _spans(ticks: Sequence[tuple[float, str]], style: str, *, flip: bool = False) -> str:
    """Tick labels, each placed by ``style`` (given its position in percent; from the bottom
    when ``flip``)."""
    return "".join(
        f'<span style="{style.format(100 - at if flip else at)}">{label}</span>'
        if style
        else f"<span>{label}</span>"
        for at, label in ticks
    )


def sketch(fig: Any, alt: str | None = None) -> str:
    """The figure ``fig`` (a ``go.Figure`` or its dict) drawn as HTML with SVG images, ``alt``
    its text alternative (the sketch is one image to a screen reader). The style sheet is
    ``sketch_css()``."""
    spec: Mapping[str, Any] = fig.to_plotly_json() if hasattr(fig, "to_plotly_json") else fig
    layout: Mapping[str, Any] = spec.get("layout") or {}
    separators = str(layout.get("separators") or ".,")
    panels = _panels(spec)
    columns: list[str] = []
    cells: list[str] = []
    y_title = ""
    for number, panel in enumerate(panels):
        x_axis, slot = _x_axis(panel, layout, separators)
        y_axis = _y_axis(panel, layout, separators)
        y_title = y_title or y_axis.title
        if number:
            columns.append("4px")
        column = len(columns) + 2  # the first column is the y axis's title
        if y_axis.labels:
            labels = [label for _, label in y_axis.ticks]
            spans = _spans(y_axis.ticks, "top:{:.2f}%", flip=True)
            cells.append(_cell("yticks", 2, column, _sizer(labels) + spans))
            columns.append("auto")
            column += 1
        columns.append("minmax(0,1fr)")
        if panel.title:
            cells.append(_cell("title", 1, column, text(panel.title)))
        plot = _draw(panel, x_axis, y_axis, slot, layout) + _notes(panel, x_axis, y_axis)
        cells.append(_cell("plot", 2, column, plot))
        if x_axis.labels and x_axis.categories:  # evenly spaced: equal cells, labels wrap
            cells.append(_cell("cats", 3, column, _spans(x_axis.ticks, "")))
        elif x_axis.labels:
            spans = _spans(x_axis.ticks, "left:{:.2f}%;transform:translateX(-50%)")
            cells.append(_cell("xticks", 3, column, _sizer(["0"]) + spans))
        if x_axis.title:
            cells.append(_cell("xtitle", 4, column, text(x_axis.title)))
    if y_title:
        cells.insert(0, _cell("ytitle", 2, 1, text(y_title)))
    grid = (
        f'<div class="uno-sketch-grid" style="grid-template-columns:auto {" ".join(columns)};'
        'grid-template-rows:auto minmax(0,1fr) auto auto">' + "".join(cells) + "</div>"
    )
    height = int(layout.get("height") or 450)
    label = f' aria-label="{html.escape(alt, quote=True)}"' if alt else ""
    # Plotly keeps the top margin above the plot (the legend and the panels' titles sit in it):
    # the plot starts as low here, so it hardly moves when Plotly's chart takes its place.
    margin = _numbers([(layout.get("margin") or {}).get("t", 100)])
    top = max(
        0, int(margin[0] if margin else 100) - 8 - (22 if any(p.title for p in panels) else 0)
    )
    return (
        f'<div class="{CLASS}" role="img"{label} style="height:{height}px">'
        f'<div class="uno-sketch-legend" style="min-height:{top}px">{_legend(spec)}</div>'
        f"{grid}</div>"
    )
