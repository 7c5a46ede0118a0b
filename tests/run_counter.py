"""``streamlit run`` with a counter on the scoring page, for the browser tests only.

``python tests/run_counter.py run app.py ...`` is ``streamlit run app.py ...`` where every full
run of the scoring page (the page calls ``show_scoring`` once per run) writes ``page`` and every
drawing of the round checker (it builds its points table once) writes ``checker``, one per line,
to the file ``$UNO_RUN_LOG``. A fragment's run draws the checker without running the page.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from streamlit.web import cli

import uno.academy.scoring as scoring
import uno.ui.scoring as view

LOG = Path(os.environ["UNO_RUN_LOG"])


def counted(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        with LOG.open("a", encoding="utf-8") as out:
            out.write(name + "\n")
        return real(*args, **kwargs)

    return wrapper


view.show_scoring = counted("page", view.show_scoring)  # type: ignore[assignment]
scoring.kind_rows = counted("checker", scoring.kind_rows)  # type: ignore[assignment]

if __name__ == "__main__":
    sys.exit(cli.main())
