"""``python -m uno admin games``: for the server's administrator, the score pads that belong
to nobody, each with the link path that opens it."""

from __future__ import annotations

from typing import TextIO

from uno.academy.cli.terminal import EXIT_REFUSED, shown, shown_path
from uno.academy.i18n import t

__all__ = ["admin_games"]


def admin_games(db: str | None, lang: str, out: TextIO, err: TextIO) -> int:
    """For the server's administrator: the score pads that belong to nobody (kept from a
    file of before owners), each with the link path that opens it."""
    from uno.academy import store as st
    from uno.academy.scoring import share_link

    where = st.store_location(db)
    if not st.database_exists(db):
        err.write(t("cli.admin.no_database", lang, where=shown_path(str(where))) + "\n")
        return EXIT_REFUSED
    try:
        with st.open_store(db) as store:
            hidden = store.hidden_games()
    except st.StoreError as problem:
        where = shown_path(str(problem.where))
        err.write(
            t("cli.admin.store_error", lang, where=where, code=problem.code)
            + f" ({shown(problem.detail, 300)})\n"
        )
        return EXIT_REFUSED
    if not hidden:
        out.write(t("cli.admin.none", lang) + "\n")
        return 0
    out.write(t("cli.admin.count", lang, count=len(hidden)) + "\n")
    for game in hidden:
        line = t(
            "cli.admin.game",
            lang,
            number=game.id,
            players=", ".join(shown(name) for name in game.players),
            rounds=t("cli.admin.rounds", lang, count=game.rounds),
            updated=shown(game.updated.replace("T", " ")[:16]),
            link=shown(share_link("", game.share), 200),
        )
        out.write(line + "\n")
    return 0
