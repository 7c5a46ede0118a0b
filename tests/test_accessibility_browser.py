"""Every page read by axe-core in Chromium, in every language and both themes, and searched for
English that Streamlit draws itself.

axe-core (Deque's accessibility engine, MPL-2.0) is vendored as one file under
``tests/vendor/axe-core/`` (see its README there): it runs in the page through Playwright's
``add_script_tag`` and ``axe.run()``. A page fails on any fault axe calls critical or serious
(contrast, names, roles, keyboard traps...) and on headings out of order. The pages are
``uno.ui.frame.PAGES`` (a page added there is read too) and the table as each kind of game
shows it (the sandbox, the children's game, the guided first game).

On a French or Russian page, ``<html lang>`` is the page's language and none of Streamlit's
English words is left where a reader sees or hears it (text, ``aria-label``, ``title``,
``placeholder``, inside the table's shadow root too): ``STREAMLIT_ENGLISH``.

One server and one browser for the whole module; each theme is one browser context in which
every page is opened in turn: every language in the light theme, Russian in the dark one (the
colours do not change with the language), and the tables in French and in Russian (46 page
loads, about 80 s of one core).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Final

import pytest

import uno
from tests.browser import browser_page, page_paths, streamlit_server, wait_for_app
from uno.academy.i18n import LANGS, t
from uno.academy.match import Match
from uno.academy.sandbox import encode_match

pytestmark = pytest.mark.browser

AXE: Final = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
#: What fails a page: axe's two worst impacts, and these rules whatever their impact.
FAILING_IMPACTS: Final = frozenset({"critical", "serious"})
FAILING_RULES: Final = frozenset({"heading-order", "page-has-heading-one", "html-has-lang"})
TABLE: Final = '[data-testid="uno-table"]'

#: Streamlit's own English, as a reader meets it (1.67): its menu, the hint under a field,
#: its labels for screen readers, its status, its uploader.
STREAMLIT_ENGLISH: Final = re.compile(
    r"Press (?:Ctrl\+|⌘\+)?Enter|Running\.\.\.|Clear value|Main menu|Settings|Record a screencast"
    r"|Print|Deploy|Choose an option|Skip to main content|Drag and drop|Browse files"
    r"|per file|No results|Collapse sidebar|Expand sidebar|Increment|Decrement"
    r"|Link to heading|Copy to clipboard|Download as CSV|Fullscreen|Show/hide columns"
)

#: axe in the page: the faults (rule, impact, how many elements, the first element).
RUN_AXE: Final = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, count: v.nodes.length,
    first: v.nodes[0] ? v.nodes[0].html.slice(0, 160) : "",
    why: v.nodes[0] ? v.nodes[0].failureSummary.slice(0, 240) : "",
  }));
}"""

#: Everything a reader sees or hears on the page, the table's shadow root included.
READ_WORDS: Final = """() => {
  const out = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (!el.checkVisibility()) continue;  // display: none (replaced by our words)
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  const text = (root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const parent = node.parentElement;
      if (!parent || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(parent.tagName)) continue;
      if (!parent.checkVisibility()) continue;
      if (node.textContent.trim()) out.push(node.textContent.trim());
    }
  };
  text(document.body);
  for (const host of document.querySelectorAll("*")) if (host.shadowRoot) text(host.shadowRoot);
  return out;
}"""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("a11y") / "store.sqlite3"
    with streamlit_server({"UNO_ACADEMY_DB": str(db)}) as url:
        yield url


def sandbox_table() -> str:
    """A sandbox link that opens on a round some moves in, the reader's turn."""
    match = Match.new(uno.new_game(3, seed=11), ["greedy"] * 3).play_bots(limit=9)
    match = match.with_seats([None, "greedy", "greedy"]).play_bots()
    bots = {"bots": {"1": "greedy", "2": "greedy"}, "hide_hands": True, "viewer": 0}
    return f"sandbox?s={encode_match(match, bots)}&"


#: The table as each kind of game draws it: (name, URL path and query, the button to press).
TABLES: Final = (
    ("sandbox table", sandbox_table(), None),
    ("kids' game", "classroom?", ".st-key-cl_k_start button"),
    ("first game", "first_game?", ".st-key-fg_start button"),
)


def faults(page: Any) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(RUN_AXE)
    return [
        f"{v['id']} ({v['impact']}, {v['count']}): {v['first']} — {v['why']}"
        for v in found
        if v["impact"] in FAILING_IMPACTS or v["id"] in FAILING_RULES
    ]


def english_left(page: Any, lang: str) -> list[str]:
    """Streamlit's English where a reader meets it, ``<html lang>`` other than ``lang``, and
    the ⋮ menu (its items are English)."""
    out = []
    try:  # the labels' component sets it once its script has loaded
        page.wait_for_function(
            "lang => document.documentElement.lang === lang", arg=lang, timeout=10_000
        )
    except Exception:  # Playwright's TimeoutError: reported as a problem
        out.append(f'<html lang="{page.evaluate("document.documentElement.lang")}">')
    if page.locator('[data-testid="stMainMenu"]').count():
        out.append("Streamlit's ⋮ menu, in English")
    if lang != "en":
        words = page.evaluate(READ_WORDS)
        out += sorted({w[:80] for w in words if STREAMLIT_ENGLISH.search(w)})
    return out


#: Each theme and the languages every page is read in: the three in the light theme; in the
#: dark one, whose colours are the same in every language, Russian (the longest words).
SWEEPS: Final = (("light", LANGS), ("dark", ("ru",)))


@pytest.mark.parametrize(("scheme", "langs"), SWEEPS, ids=[s for s, _ in SWEEPS])
def test_every_page_passes_axe_and_speaks_the_readers_language(
    browser: Any, base: str, scheme: str, langs: tuple[str, ...]
) -> None:
    problems: list[str] = []
    with browser_page(browser, scheme=scheme) as page:
        for path in page_paths():
            for lang in langs:
                page.goto(f"{base}/{path}?lang={lang}")
                wait_for_app(page)
                where = f"{path or 'home'} {lang} {scheme}"
                problems += [f"{where}: {p}" for p in faults(page) + english_left(page, lang)]
        # The table of each kind of game, in one language per theme.
        lang = "fr" if scheme == "light" else "ru"
        for name, start, button in TABLES:
            page.goto(f"{base}/{start}lang={lang}")
            wait_for_app(page)
            if button is not None:
                page.locator(button).click()
            page.wait_for_selector(f"{TABLE} .hand-row button.card", timeout=30_000)
            page.wait_for_timeout(400)
            where = f"{name} {lang} {scheme}"
            problems += [f"{where}: {p}" for p in faults(page) + english_left(page, lang)]
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", ["fr", "ru"])
def test_the_hint_under_a_field_is_in_the_readers_language(
    browser: Any, base: str, lang: str
) -> None:
    """Streamlit's "Press Enter to apply" appears under a field as one types: ours instead."""
    with browser_page(browser) as page:
        page.goto(f"{base}/scoring?lang={lang}")
        wait_for_app(page)
        field = page.locator("[data-testid=stTextInput] input").first
        field.click()
        page.keyboard.type("9")
        hint = page.locator('[data-testid="InputInstructions"] > span').first
        hint.wait_for(timeout=10_000)
        page.wait_for_timeout(200)
        assert hint.inner_text() == t("aria.enter_to_apply", lang)
