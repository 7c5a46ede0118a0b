"""``python -m uno``: the engine on the command line (``check``, ``simulate``, ``play``,
``admin``). The command line itself lives above the engine, in ``uno.academy.cli``; this entry
point is the one module of ``uno/`` outside uno/academy and uno/ui that imports it, and
``import uno`` never runs it."""

from __future__ import annotations

import sys

from uno.academy.cli import main

if __name__ == "__main__":
    sys.exit(main())
