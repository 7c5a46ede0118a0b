"""A lesson walked as a learner who answers every step right the first time: the taps and the
seconds from opening the lesson to "Lesson done!", on a 390 x 844 phone and a 1280 x 720 laptop.

    .venv/bin/python benchmarks/lesson_walk.py [--lesson 1]

Starts ``streamlit run app.py`` on a free port and opens the lesson in headless Chromium. Each
step's task is answered by the taps a person makes (a card on the table; an option then
"Check"; a number typed then "Check"), then "Next". Typing a number counts as one tap. The
seconds include the app's answers; a person reading the steps takes longer.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser import CHROMIUM_ARGS, chromium_path, streamlit_server, wait_for_app  # noqa: E402
from uno.academy.i18n import t  # noqa: E402
from uno.academy.lessons import (  # noqa: E402
    NUMERIC_KINDS,
    board_of,
    lesson_steps,
    lessons,
    question_answer,
    right_board_options,
)

TABLE = '[data-testid="uno-table"]'


def walk(page: object, base: str, number: int) -> tuple[int, float]:
    """Open lesson ``number`` and pass it; returns (taps, seconds)."""
    lesson = lessons()[number - 1]
    key = f"lesson_{lesson.key}"
    taps = 0
    start = time.perf_counter()
    page.goto(f"{base}/lessons?lang=en&lesson={number}")  # type: ignore[attr-defined]
    wait_for_app(page)
    steps = lesson_steps(lesson)

    def click(selector: str) -> None:
        nonlocal taps
        page.locator(selector).first.click()  # type: ignore[attr-defined]
        taps += 1
        wait_for_app(page)

    for index, step in enumerate(steps, start=1):
        if step.task == "board":
            board, right = board_of(lesson), right_board_options(lesson)[0]
            if board.kind in ("play", "choice"):
                verb, _, rest = right.partition(" ")
                if verb == "play":
                    click(f'{TABLE} button.card[data-card="{rest}"]')
                    if rest.startswith("W"):
                        click(f'{TABLE} .ask button[data-color="B"]')
                elif verb == "draw":
                    click(f"{TABLE} button.draw")
                else:
                    click(f'{TABLE} button[data-verb="{verb}"]')
            elif board.kind == "points":
                box = page.locator(f".st-key-{key}_number input")  # type: ignore[attr-defined]
                box.fill(right)
                taps += 1
                click(f".st-key-{key}_submit button")
            else:
                click(f".st-key-{key}_opt_{right} button")
        elif step.task is not None:
            q = next(q for q in lesson.quiz if q.id == step.task)
            answer = question_answer(q)
            qkey = f"{key}_{q.id}"
            if q.kind in NUMERIC_KINDS:
                box = page.locator(f".st-key-{qkey}_value input")  # type: ignore[attr-defined]
                box.fill(answer)
                box.press("Enter")
                taps += 1
                wait_for_app(page)
            else:
                options = page.locator(f".st-key-{qkey}_value label")  # type: ignore[attr-defined]
                labels = options.all_inner_texts()
                from uno.ui.lessons.quiz import answer_label

                words = __import__("uno.academy.lessons", fromlist=["x"]).lesson_text(lesson, "en")[
                    1
                ]
                wanted = answer_label(q, answer, words, "en")
                options.nth(labels.index(wanted)).click()
                taps += 1
                wait_for_app(page)
            click(f".st-key-{qkey}_submit button")
        if index < len(steps):
            click(".st-key-lesson_next button")
    page.get_by_text(t("lessons.lesson_done", "en")).wait_for(timeout=30_000)  # type: ignore[attr-defined]
    return taps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lesson", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with streamlit_server({}) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        for name, size in (("phone 390x844", (390, 844)), ("laptop 1280x720", (1280, 720))):
            page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
            taps, seconds = walk(page, base, args.lesson)
            print(f"lesson {args.lesson} on a {name}: {taps} taps, {seconds:.1f} s")
            page.context.close()
        browser.close()


if __name__ == "__main__":
    main()
