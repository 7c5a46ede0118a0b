"""``python -m uno``: the engine on the command line (``check``, ``simulate``, ``play``)."""

from __future__ import annotations

import sys

from uno.cli import main

if __name__ == "__main__":
    sys.exit(main())
