"""Regenerate the README's screenshots: ``make screenshots`` (or
``.venv/bin/python -m tests.screenshots``). Starts the app on 127.0.0.1, opens a few pages in
headless Chromium and writes PNG files to content/screenshots/."""

from __future__ import annotations

import sys

from tests.browser import ROOT, streamlit_server, sweep

SHOTS = [
    ("", "en"),
    ("lessons", "fr"),
    ("sandbox", "en"),
    ("lab", "ru"),
    ("scoring", "en"),
    ("classroom", "fr"),
    ("reference", "ru"),
]


def main() -> None:
    with streamlit_server() as base:
        problems = sweep(base, ROOT / "content" / "screenshots", SHOTS)
    for line in problems:
        print(line)
    print(f"{len(SHOTS)} screenshots written to content/screenshots/, {len(problems)} problems")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
