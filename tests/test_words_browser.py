"""In a real browser, the words are whole and in the reader's language: the home page's links
show their whole text at a desktop's and a phone's width, the sandbox's options are never cut,
and the file uploader says nothing in English on a French or Russian page."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser import browser_page, streamlit_server, wait_for_app
from uno.academy.i18n import LANGS, t
from uno.ui.aria import ARIA_PREFIXES, ARIA_SUFFIXES, ARIA_WORDS
from uno.ui.frame import PAGES

pytestmark = pytest.mark.browser

#: Streamlit's own words in its uploader (1.67), which must never show on our pages.
STREAMLIT_WORDS = ("Upload", "per file", "Drag and drop", "Browse files", "Limit")

#: What Streamlit adds to the dropzone while a file is dragged over it.
DRAGGED = "[data-testid=stFileUploaderDropzone] > div:not([data-testid])"

#: The widths of the checks: a laptop, a phone.
WIDTHS = (1280, 390)

#: Elements of ``root`` whose text is cut: wider inside than the box that shows it.
CLIPPED = """(root) => Array.from(root.querySelectorAll('*')).concat([root])
  .filter(e => e.innerText && e.innerText.trim() && e.scrollWidth > e.clientWidth + 1
    && getComputedStyle(e).display !== 'inline')
  .map(e => e.innerText.trim())"""

#: What a reader sees in ``root``: its rendered text and the text style sheets add (::before,
#: ::after), never the text hidden with display: none.
SHOWN_TEXT = """(root) => {
  const parts = [root.innerText];
  for (const e of [root, ...root.querySelectorAll('*')]) {
    if (!e.getClientRects().length) continue;
    for (const where of ['::before', '::after']) {
      const content = getComputedStyle(e, where).content;
      if (content && content !== 'none' && content !== 'normal') parts.push(content);
    }
  }
  return parts.join(' ');
}"""


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with streamlit_server() as url:
        yield url


def _open(page: Any, url: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url)
    wait_for_app(page)


@pytest.mark.parametrize("lang", LANGS)
def test_home_cards_show_their_whole_link(browser: Any, base: str, lang: str) -> None:
    """At 1280 px the seven cards once cut their only link ("Lesso", "Sandl") and broke words
    ("Двенадца|ть"): every link's text fits its box, at a laptop's and a phone's width."""
    expected = {t(f"nav.{p.id}", lang) for p in PAGES if p.id != "home"}
    expected.add(t("guided.home_link", lang))  # the guided first game, at the top of the page
    with browser_page(browser) as page:
        for width in WIDTHS:
            _open(page, f"{base}/?lang={lang}", width)
            links = page.locator("[data-testid=stMain] [data-testid=stPageLink-NavLink]")
            links.nth(len(expected) - 1).wait_for(timeout=30_000)  # a busy machine draws late
            assert links.count() == len(expected)
            texts = set()
            for i in range(links.count()):
                link = links.nth(i)
                link.scroll_into_view_if_needed()
                label = link.locator("[data-testid=stMarkdownContainer]")
                texts.add(label.inner_text().strip())
                assert link.evaluate(CLIPPED) == [], (width, label.inner_text())
            assert texts == expected, width
            cards = page.locator(".st-key-home_parts [data-testid=stMarkdownContainer] p")
            for i in range(cards.count()):
                assert cards.nth(i).evaluate(CLIPPED) == [], width


@pytest.mark.parametrize("lang", LANGS)
def test_sandbox_options_show_their_whole_label(browser: Any, base: str, lang: str) -> None:
    """The house rules' boxes once ended in "…" («7 — обмен картами, 0 — все переда…»)."""
    with browser_page(browser) as page:
        for width in WIDTHS:
            _open(page, f"{base}/sandbox?lang={lang}", width)
            boxes = page.locator("[data-testid=stMain] [data-testid=stCheckbox]")
            boxes.nth(5).wait_for(timeout=30_000)  # a busy machine draws them after the run
            for i in range(boxes.count()):
                assert boxes.nth(i).evaluate(CLIPPED) == [], (width, boxes.nth(i).inner_text())


@pytest.mark.parametrize("lang", LANGS)
def test_the_file_uploader_speaks_the_readers_language(browser: Any, base: str, lang: str) -> None:
    """Streamlit words its uploader in English whatever the page ("Upload", "1MB per file •
    JSON", "Drag and drop a file here"): the sandbox's "open a file" tab shows ours."""
    with browser_page(browser) as page:
        for width in WIDTHS:
            _open(page, f"{base}/sandbox?lang={lang}", width)
            page.get_by_role("tab", name=t("sandbox.file_tab", lang)).click()
            uploader = page.locator("[data-testid=stFileUploader]")
            uploader.wait_for()
            shown = uploader.evaluate(SHOWN_TEXT)
            assert t("uploads.button", lang) in shown
            assert t("uploads.limit", lang, types="JSON", size=1) in shown
            assert t("sandbox.upload", lang) in shown
            if lang != "en":
                assert not [w for w in STREAMLIT_WORDS if w in shown], shown
            # A file dragged over the uploader: Streamlit's "Drag and drop a file here".
            zone = page.locator("[data-testid=stFileUploaderDropzone]")
            drag = page.evaluate_handle(
                "() => { const d = new DataTransfer();"
                " d.items.add(new File(['{}'], 'a.json', {type: 'application/json'}));"
                " return d; }"
            )
            zone.dispatch_event("dragenter", {"dataTransfer": drag})
            page.wait_for_function(f"() => document.querySelector('{DRAGGED}')")
            shown = zone.evaluate(SHOWN_TEXT)
            assert t("uploads.drop", lang) in shown, shown
            if lang != "en":
                assert not [w for w in STREAMLIT_WORDS if w in shown], shown


#: The sizes shown for the two refused files (1,100,000 bytes: Streamlit's "1.1MB"; 5: "5.0B").
SIZES = {
    lang: {
        "big.json": t("aria.size_mb", lang, size=number[0]),
        "notes.txt": t("aria.size_b", lang, size=number[1]),
    }
    for lang, number in (("en", ("1.1", "5.0")), ("fr", ("1,1", "5,0")), ("ru", ("1,1", "5,0")))
}
#: Streamlit's own words for a file its uploader refuses (1.67), in a hidden alert and a tooltip.
REFUSED_WORDS = ("File must be", "files are not allowed", "Error: ")


@pytest.mark.parametrize("lang", LANGS)
def test_a_refused_file_is_explained_in_the_readers_language(
    browser: Any, base: str, lang: str
) -> None:
    """A file too big, or not JSON, is refused by the browser before it reaches us: Streamlit
    said why only in English, in a tooltip on hover and an alert for screen readers ("File must
    be 1.0MB or smaller."). Ours shows under the file and is the alert's text, no English shows
    even on hover, and the file can still be removed."""
    with browser_page(browser) as page:
        _open(page, f"{base}/sandbox?lang={lang}", 390)
        page.get_by_role("tab", name=t("sandbox.file_tab", lang)).click()
        uploader = page.locator("[data-testid=stFileUploader]")
        uploader.wait_for()
        files = uploader.locator("input[type=file]")
        big = {"name": "big.json", "mimeType": "application/json", "buffer": b" " * 1_100_000}
        text = {"name": "notes.txt", "mimeType": "text/plain", "buffer": b"hello"}
        refused = t("uploads.refused", lang, types="JSON", size=1)
        for upload in (big, text):
            files.set_input_files([upload])
            chip = uploader.locator("[data-testid=stFileChip][aria-invalid=true]")
            chip.wait_for()
            box = chip.bounding_box()
            assert box is not None
            page.mouse.move(box["x"] + 8, box["y"] + 8)  # where Streamlit's tooltip opened
            page.wait_for_timeout(800)
            shown = uploader.evaluate(SHOWN_TEXT)
            assert refused in shown, shown
            everything = page.locator("body").evaluate(SHOWN_TEXT)
            assert not [w for w in REFUSED_WORDS if w in everything], everything
            # What a screen reader hears: the alert Streamlit adds, also the file's description.
            alert = chip.locator("[role=alert]")
            assert alert.text_content() == refused, alert.text_content()
            described = chip.get_attribute("aria-describedby")
            assert page.locator(f"[id='{described}']").text_content() == refused
            # The file's size in the reader's units, shown and read out ("1.6MB" before).
            size = SIZES[lang][upload["name"]]
            assert chip.locator("[data-testid=stFileChipName] + div").text_content() == size
            assert chip.get_attribute("aria-label") == f"{upload['name']}, {size}"
            uploader.locator("[data-testid=stFileChipDeleteBtn] button").click()
            chip.wait_for(state="detached")
            assert refused not in uploader.evaluate(SHOWN_TEXT)


#: Every label for screen readers on the page (shadow roots aside: those are ours).
ARIA_LABELS = "() => [...document.querySelectorAll('[aria-label]')].map(e => e.ariaLabel)"
#: Every name shown on hover by Plotly's toolbar.
HOVER_TITLES = (
    "() => [...document.querySelectorAll('[data-title]')].map(e => e.getAttribute('data-title'))"
)


def _english_labels(page: Any) -> list[str]:
    return [
        label
        for label in page.evaluate(ARIA_LABELS)
        if label in ARIA_WORDS
        or any(label.startswith(start) for start, _ in ARIA_PREFIXES)
        or any(label.endswith(end) for end, _ in ARIA_SUFFIXES)
    ]


def test_screen_readers_hear_streamlits_labels_in_the_readers_language(
    browser: Any, base: str, lang: str = "fr"
) -> None:
    """Streamlit labels parts of each page in English ("Sidebar", "Increment", "Help for …"):
    a screen reader on a French page hears ours, then on a Russian one after a change of
    language (the lab is checked in Russian)."""
    with browser_page(browser) as page:
        _open(page, f"{base}/sandbox?lang={lang}", 1280)
        page.get_by_role("tab", name=t("sandbox.file_tab", lang)).click()
        sidebar = page.locator("[data-testid=stSidebar]")
        page.wait_for_function(
            "(want) => document.querySelector('[data-testid=stSidebar]').ariaLabel === want",
            arg=t("aria.sidebar", lang),
        )
        assert _english_labels(page) == []
        # Not labels but read out too: a select box's placeholder, the link that skips the menu.
        combobox = page.locator("[data-testid=stSidebar] input[role=combobox]").first
        assert combobox.get_attribute("placeholder") == t("aria.choose_option", lang)
        skip = page.locator("[data-testid=stSkipToContent]")
        assert skip.text_content() == t("aria.skip_to_content", lang)
        step_up = page.locator("[data-testid=stNumberInputStepUp]").first
        assert step_up.get_attribute("aria-label") == t("aria.increment", lang)
        upload_help = t("aria.help_for", lang, label=t("sandbox.upload", lang))
        page.wait_for_function(  # the file tab's help icon may come a moment after the tab
            "(want) => [...document.querySelectorAll('[aria-label]')]"
            ".some(e => e.ariaLabel === want)",
            arg=upload_help,
        )
        assert _english_labels(page) == []
        # Another language from the menu: the same elements, worded again.
        other = "ru" if lang == "fr" else "fr"
        page.locator("[data-testid=stSidebar] [data-testid=stSelectbox]").click()
        page.get_by_role("option", name=t("frame.language_name", other)).click()
        page.wait_for_function(
            "(want) => document.querySelector('[data-testid=stSidebar]').ariaLabel === want",
            arg=t("aria.sidebar", other),
        )
        assert sidebar.get_attribute("aria-label") == t("aria.sidebar", other)
        assert _english_labels(page) == []
        assert skip.text_content() == t("aria.skip_to_content", other)
        # The lab ("How long is a game?"): a range slider's thumbs, the tables' toolbars.
        lang = other
        _open(page, f"{base}/lab?lang={lang}&q=game-length", 1280)
        page.wait_for_function(
            "(want) => [...document.querySelectorAll('[aria-label]')]"
            ".some(e => (e.ariaLabel || '').endsWith(want))",
            arg=t("aria.range_end", lang, label=""),
        )
        assert _english_labels(page) == []
        # The lab's charts carry no Plotly toolbar (issue 41: it covered the charts on a
        # phone), so none of its English button names is left to hear.
        page.wait_for_selector("[data-testid=stPlotlyChart] .main-svg", timeout=60_000)
        titles = page.evaluate(HOVER_TITLES)
        assert not [title for title in titles if title in ARIA_WORDS], titles
        assert not page.locator(".modebar-btn").count()


def test_english_pages_keep_streamlits_labels(browser: Any, base: str) -> None:
    with browser_page(browser) as page:
        _open(page, f"{base}/sandbox?lang=en", 1280)
        page.locator("[data-testid=stNumberInputStepUp]").first.wait_for()
        assert page.locator("[data-testid=stSidebar]").get_attribute("aria-label") == "Sidebar"
        assert "Increment" in page.evaluate(ARIA_LABELS)


def test_the_rules_sheet_fits_a_phone(browser: Any, base: str) -> None:
    """The printable sheet's card table was wider than a 390 px phone (the points cell did not
    wrap): the whole page scrolled sideways and the points were out of view."""
    with browser_page(browser) as page:
        for lang in ("fr", "ru"):
            _open(page, f"{base}/teachers?lang={lang}", 390)
            table = page.locator(".uno-sheet table")
            table.wait_for()
            sizes = page.evaluate(
                "() => [document.documentElement.scrollWidth, window.innerWidth,"
                " document.querySelector('.uno-sheet table').scrollWidth,"
                " document.querySelector('.uno-sheet').clientWidth]"
            )
            assert sizes[0] <= sizes[1] and sizes[2] <= sizes[3], (lang, sizes)
            points = table.locator("tbody tr td:last-child").first.inner_text()
            range_ = t("teachers.sheet.points_range", lang, low=0, high=9)
            assert points.split() == range_.split()
