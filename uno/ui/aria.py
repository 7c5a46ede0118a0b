"""Streamlit's own labels for screen readers, in the reader's language.

Streamlit names parts of every page in English whatever the page: ``aria-label="Sidebar"``,
"Main menu", "Increment" on a number box, "Help for <label>" on a help icon, "Remove <option>"
in a multiselect, "<label> — end" on a range slider's thumb, "file upload", the table
toolbar's "Download as CSV"... A screen reader on a French or Russian page read them out in
English, and Plotly's toolbar showed its English names on hover (``data-title``), a select
box its "Choose an option" (``placeholder``), the keyboard's first stop its "Skip to main
content" link (text: ``ARIA_TEXTS``), a chosen file its size in English units ("1.6MB").
``translate_labels`` mounts a tiny Components v2 component (no HTML of its own) that watches
the page and rewrites those labels and hover names from ``content/<lang>/ui.toml``
(``[aria]``); the English original is kept on the element (``data-uno-aria``,
``data-uno-title``), so a change of language words them again. They are set with
``setAttribute``: a name inside one (an option, a field's label) is never read as HTML.
The alert Streamlit adds to a file its uploader refused ("File must be 1.0MB or smaller.") is
given, as plain text, the sentence ``uno.ui.uploads`` shows under the files, read from its style
sheet: a screen reader hears why in the reader's language.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

import streamlit as st

from uno.academy.i18n import t

__all__ = [
    "ARIA_PREFIXES",
    "ARIA_SUFFIXES",
    "ARIA_TEXTS",
    "ARIA_WORDS",
    "FILE_UNITS",
    "HINTS",
    "HINT_WORDS",
    "aria_words",
    "translate_labels",
]

#: Streamlit's labels (1.67) and the key of ours: ``aria.<key>``.
ARIA_WORDS: Final = {
    "Sidebar": "sidebar",
    "Collapse sidebar": "collapse_sidebar",
    "Expand sidebar": "expand_sidebar",
    "Main menu": "main_menu",
    "Increment": "increment",
    "Decrement": "decrement",
    "file upload": "file_upload",
    "Add files": "add_files",
    "Clear all": "clear_all",
    "Selected values": "selected_values",
    "Close": "close",
    "Dismiss": "dismiss",
    "Open": "open",
    "Link to heading": "heading_link",
    "Copy to clipboard": "copy",
    "Download as CSV": "download_csv",
    "Fullscreen": "fullscreen",
    "Search": "search",
    "Show/hide columns": "columns",
    "Download plot as a PNG": "download_png",
    "Zoom": "zoom",
    "Zoom in": "zoom_in",
    "Zoom out": "zoom_out",
    "Pan": "pan",
    "Autoscale": "autoscale",
    "Reset axes": "reset_axes",
    "Choose an option": "choose_option",
    "Clear value": "clear_value",
    "Running...": "running",
}
#: Labels Streamlit builds from a name: (its English start, the key of ours, with ``{label}``).
ARIA_PREFIXES: Final = (
    ("Help for ", "help_for"),
    ("Remove ", "remove"),
    ("Fullscreen: ", "fullscreen_of"),  # an image's button, named by its caption
)
#: The same, for labels that end in Streamlit's words (the two thumbs of a range slider).
ARIA_SUFFIXES: Final = ((" — start", "range_start"), (" — end", "range_end"))
#: The units of the size Streamlit shows for a chosen file ("1.6MB"): ours are ``aria.size_*``.
FILE_UNITS: Final = ("B", "KB", "MB", "GB")
#: Streamlit's words that are text, not a label: (the elements, the key of ours).
ARIA_TEXTS: Final = (('[data-testid="stSkipToContent"]', "skip_to_content"),)
#: Where Streamlit writes a hint under a field being typed in ("Press Enter to apply", beside
#: the count of characters), and its sentences (1.67) with the key of ours: ``aria.<key>``.
HINTS: Final = '[data-testid="InputInstructions"] > span'
HINT_WORDS: Final = {
    "Press Enter to apply": "enter_to_apply",
    "Press Ctrl+Enter to apply": "ctrl_enter_to_apply",
    "Press ⌘+Enter to apply": "cmd_enter_to_apply",
    "Press Enter to submit form": "enter_to_submit",
    "Press Ctrl+Enter to submit form": "ctrl_enter_to_submit",
    "Press ⌘+Enter to submit form": "cmd_enter_to_submit",
}

_JS: Final = r"""
const ORIGINAL = "data-uno-aria";
const state = window.__unoAria ||
  (window.__unoAria = {
    exact: {}, prefix: [], suffix: [], texts: [], sizes: {}, hints: {}, hint: "", lang: "en",
  });
function word(english) {
  if (Object.prototype.hasOwnProperty.call(state.exact, english)) return state.exact[english];
  for (const [start, template] of state.prefix) {
    if (!english.startsWith(start)) continue;
    return template.split("{label}").join(english.slice(start.length));
  }
  for (const [end, template] of state.suffix) {
    if (!english.endsWith(end)) continue;
    return template.split("{label}").join(english.slice(0, english.length - end.length));
  }
  const chip = FILE_LABEL.exec(english);  // a chosen file: "<name>, 1.6MB"
  const shown = chip && size(chip[2]);
  return shown ? `${chip[1]}, ${shown}` : null;
}
// The size Streamlit shows for a chosen file ("1.6MB"): the number and unit of the language.
const SIZE = /^(\d+)(?:\.(\d+))? ?(B|KB|MB|GB)$/;
const FILE_LABEL = /^(.*), (\d+(?:\.\d+)? ?(?:B|KB|MB|GB))$/;
function size(english) {
  const parts = SIZE.exec(english);
  const template = parts && state.sizes[parts[3]];
  if (!template) return null;
  const places = parts[2] ? parts[2].length : 0;
  const format = { minimumFractionDigits: places, maximumFractionDigits: places };
  const number = Number(parts[2] ? `${parts[1]}.${parts[2]}` : parts[1]);
  return template.split("{size}").join(number.toLocaleString(state.lang, format));
}
// Each attribute read out or shown by Streamlit or Plotly, and where its English is kept.
const WATCHED = [
  ["aria-label", ORIGINAL, "__unoAria"],
  ["data-title", "data-uno-title", "__unoTitle"],
  ["placeholder", "data-uno-placeholder", "__unoPlaceholder"],
];
const ATTRIBUTES = WATCHED.map(([attribute]) => attribute);
const ANY = ATTRIBUTES.map((attribute) => `[${attribute}]`).join(", ");
function fix(element, attribute, original, mark) {
  const shown = element.getAttribute(attribute);
  if (shown === null) return;
  // Our own words, untouched since: the original is the one kept; else Streamlit set these.
  const english = shown === element[mark] ? element.getAttribute(original) : shown;
  const ours = word(english);
  if (ours === null || ours === english) {
    element[mark] = undefined;
    element.removeAttribute(original);
    if (shown !== english) element.setAttribute(attribute, english);
    return;
  }
  element.setAttribute(original, english);
  element[mark] = ours;
  if (shown !== ours) element.setAttribute(attribute, ours);
}
function fixAll(element) {
  for (const [attribute, original, mark] of WATCHED) fix(element, attribute, original, mark);
}
// A file the uploader refused: Streamlit's alert (announced, and the file's description) says
// why in English. The uploader's style sheet shows our sentence under the files (uno.ui.uploads):
// the alert says that sentence too, as plain text.
const REFUSAL = '[data-testid="stFileChip"] [role="alert"]';
function cssText(value) {
  const quoted = /^"((?:[^"\\]|\\[\s\S])*)"$/.exec(value || "");
  if (!quoted) return null;
  return quoted[1].replace(/\\([0-9a-fA-F]{1,6}) ?|\\([\s\S])/g, (_, hex, char) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char);
}
function fixAlert(alert) {
  const chips = alert.closest('[data-testid="stFileChips"]');
  const ours = chips && cssText(getComputedStyle(chips, "::after").content);
  if (ours && alert.textContent !== ours) alert.textContent = ours;
}
const FILE_SIZE = '[data-testid="stFileChip"] [data-testid="stFileChipName"] + div';
function fixSize(element) {
  const text = element.textContent;
  const english = text === element.__unoText ? element.getAttribute("data-uno-text") : text;
  const ours = size(english);
  if (ours === null) return;
  element.setAttribute("data-uno-text", english);
  element.__unoText = ours;
  if (text !== ours) element.textContent = ours;
}
// Streamlit's hint under a field being typed in ("Press Enter to apply"): ours.
function fixHint(element) {
  const text = element.textContent;
  const english = text === element.__unoText ? element.getAttribute("data-uno-text") : text;
  if (!Object.prototype.hasOwnProperty.call(state.hints, english)) return;
  const ours = state.hints[english];
  element.setAttribute("data-uno-text", english);
  element.__unoText = ours;
  if (text !== ours) element.textContent = ours;
}
// An element whose text is Streamlit's (the link to skip to the page's content): ours.
function fixText(element) {
  if (element.matches(REFUSAL)) return fixAlert(element);
  if (element.matches(FILE_SIZE)) return fixSize(element);
  if (state.hint && element.matches(state.hint)) return fixHint(element);
  for (const [selector, ours] of state.texts) {
    if (element.matches(selector) && element.textContent !== ours) element.textContent = ours;
  }
}
function sweep(root) {
  if (root.nodeType !== 1) return;
  fixAll(root);
  for (const element of root.querySelectorAll(ANY)) fixAll(element);
  const selectors = [REFUSAL, FILE_SIZE, ...state.texts.map(([selector]) => selector)];
  if (state.hint) selectors.push(state.hint);
  for (const selector of selectors) {
    if (root.matches(selector)) fixText(root);
    for (const element of root.querySelectorAll(selector)) fixText(element);
  }
}
export default function (component) {
  const data = component.data || {};
  state.exact = data.exact || {};
  state.prefix = data.prefix || [];
  state.suffix = data.suffix || [];
  state.texts = data.texts || [];
  state.sizes = data.sizes || {};
  state.hints = data.hints || {};
  state.hint = data.hint || "";
  state.lang = data.lang || "en";
  // The page's language, for screen readers, spelling and hyphenation: Streamlit's <html lang>
  // stays "en" whatever the page says.
  document.documentElement.lang = state.lang;
  if (!state.watching) {
    state.watching = true;
    new MutationObserver((changes) => {
      for (const change of changes) {
        if (change.type === "attributes") fixAll(change.target);
        else if (change.type === "childList") for (const node of change.addedNodes) sweep(node);
        // Streamlit wrote a text of its own again: ours again.
        const parent = change.type === "characterData" ? change.target.parentElement
          : change.target;
        if (change.type !== "attributes" && parent && parent.nodeType === 1) fixText(parent);
      }
    }).observe(document.body, {
      subtree: true, childList: true, characterData: true, attributes: true,
      attributeFilter: ATTRIBUTES,
    });
  }
  sweep(document.body);
}
"""


@cache
def _component() -> Any:
    return st.components.v2.component("uno_aria", js=_JS)


def aria_words(lang: str) -> dict[str, Any]:
    """What the component is given for ``lang``: Streamlit's labels and ours."""
    exact = {english: t(f"aria.{key}", lang) for english, key in ARIA_WORDS.items()}
    prefix = [[start, t(f"aria.{key}", lang, label="{label}")] for start, key in ARIA_PREFIXES]
    suffix = [[end, t(f"aria.{key}", lang, label="{label}")] for end, key in ARIA_SUFFIXES]
    texts = [[selector, t(f"aria.{key}", lang)] for selector, key in ARIA_TEXTS]
    sizes = {unit: t(f"aria.size_{unit.lower()}", lang, size="{size}") for unit in FILE_UNITS}
    hints = {english: t(f"aria.{key}", lang) for english, key in HINT_WORDS.items()}
    return {
        "hints": hints,
        "hint": HINTS,
        "exact": exact,
        "prefix": prefix,
        "suffix": suffix,
        "texts": texts,
        "sizes": sizes,
        "lang": lang,
    }


def translate_labels(lang: str) -> None:
    """Mount the component (once per run, in the frame): it draws nothing."""
    _component()(data=aria_words(lang), key="uno_aria")
