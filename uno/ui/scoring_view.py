"""Drawing the scoring page: a round checker and a score pad that keeps every game (R-SCORE-1..3).

Widgets -> ``uno.academy.scoring`` (what a refusal says, the rows of the tables, the chart's
lines), ``uno.academy.scorepad`` (parsing, points, the game model) and ``uno.academy.store``
(the games this device may open) -> tables, a chart and words.

A game belongs to the device that started it (``uno.ui.device``): the list shows this device's
games, those it opened with a share link (``scoring?game=<token>``) and those of its class. The
store remembers the open game and tab per device, so a reload comes back to them. Until the
device's token is known (the very first run of a session) the pad says it is loading.

One interaction idiom: every change happens in a widget callback, which runs before the page is
drawn again, so a click runs the script once. A callback opens the store, writes one transaction
with the game version the reader last saw, and leaves its message in a slot beside the control
that caused it (the start button, the add button, the undo button, ...); each message is shown
once, there, or never. The round checker is a fragment: typing or tapping a hand redraws the
checker alone.

Player names and typed codes are user text: they reach Markdown only through ``inert``, Plotly
only through ``inert_html``, and otherwise only widgets that show plain text (tables, select boxes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final
from urllib.parse import urlsplit

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import scorepad as sp
from uno.academy import scoring as sc
from uno.academy import store as db
from uno.academy.i18n import t
from uno.ui.cards import show_cards
from uno.ui.charts import GREY, layout, series_style, show
from uno.ui.device import current_device
from uno.ui.words import inert, inert_html

__all__ = ["round_checker", "score_pad", "show_scoring"]

#: Where a message is shown: the slot of the control whose callback left it.
TOP: Final = "top"  # the top of the score pad: a game deleted elsewhere
START: Final = "start"  # under the start button
GAME: Final = "game"  # under the game's title: it has started
ROUND: Final = "round"  # under the add button (or "the game is over")
UNDO: Final = "undo"  # under the undo button
RENAME: Final = "rename"  # under the rename button
SAVED: Final = "saved"  # under the saved games' buttons
SHARE: Final = "share"  # under the share button
FLASH: Final = "sp_flash"
_LEVELS: Final = {"success": st.success, "warning": st.warning, "error": st.error}


TABS: Final = ("check", "pad")
TAB_KEY: Final = "sp_tabs"


def show_scoring(lang: str, share: str | None = None) -> None:
    """The whole page: its title, then the round checker and the score pad in two tabs.
    ``share`` is the token of a share link (``?game=``): that game opens on the pad."""
    st.title(t("nav.scoring", lang))
    token = current_device()
    if token is not None and not st.session_state.get("sp_restored"):
        restore(token, share, lang)
    labels = [t(f"scoring.tab.{tab}", lang) for tab in TABS]
    tab = st.session_state.get("sp_tab", "check")
    st.session_state[TAB_KEY] = labels[TABS.index(tab) if tab in TABS else 0]
    check_tab, pad_tab = st.tabs(labels, key=TAB_KEY, on_change=_cb_tab, args=(labels,))
    with check_tab:
        round_checker(lang)
    with pad_tab:
        if token is None:
            st.caption(t("scoring.pad.loading", lang))
        else:
            score_pad(lang, token)


def restore(token: str, share: str | None, lang: str) -> None:
    """Once per session, when the device is known: open the game of a share link, or the
    game and tab this device had open last time."""
    st.session_state["sp_restored"] = True
    try:
        if share:
            if not db.database_exists():
                raise db.GameNotFound(0)
            with db.open_store() as store:
                game = store.open_shared(token, share)
                store.keep_open(token, game.id, "pad")
                numbers = sc.game_numbers(store.list_games(token))
            st.session_state["sp_game"] = game.id
            st.session_state["sp_tab"] = "pad"
            number = numbers.get(game.id or 0, len(numbers))
            say(GAME, "success", sc.Message("scoring.pad.opened_link", {"number": number}))
        elif db.database_exists():
            with db.open_store() as store:
                gid, tab = store.kept_open(token)
                chosen = st.session_state.get("sp_tab")
                if chosen in TABS and chosen != tab:  # clicked before the device was known
                    store.keep_open(token, gid, str(chosen))
            if gid is not None:
                st.session_state["sp_game"] = gid
            st.session_state["sp_tab"] = chosen if chosen in TABS else tab
    except db.GameNotFound:
        st.session_state["sp_tab"] = "pad"
        say(TOP, "warning", sc.Message("scoring.pad.link_gone"))
    except db.StoreError:
        pass  # the pad says what is wrong with the store when it is drawn
    if share and sc.SHARE_PARAM in st.query_params:
        del st.query_params[sc.SHARE_PARAM]  # the store remembers the open game from now on


def _cb_tab(labels: list[str]) -> None:
    label = st.session_state.get(TAB_KEY)
    tab = TABS[labels.index(label)] if label in labels else "check"
    st.session_state["sp_tab"] = tab
    _remember(st.session_state.get("sp_game"), tab)


def _remember(gid: object, tab: str | None = None) -> None:
    """Tell the store which game and tab this device has open (a reload comes back to them)."""
    token = current_device()
    if token is None or not db.database_exists():
        return
    try:
        with db.open_store() as store:
            store.keep_open(
                token,
                gid if isinstance(gid, int) else None,
                tab or st.session_state.get("sp_tab", "pad"),
            )
    except db.StoreError:
        pass  # only a convenience: the next change says what is wrong with the store


# -- words ------------------------------------------------------------------------------------


def words(message: sc.Message, lang: str) -> str:
    """A message in the reader's language, its text values (names, typed codes) made inert."""
    values = {k: inert(v) if isinstance(v, str) else v for k, v in message.values.items()}
    return t(message.key, lang, **values)


def say(slot: str, level: str, message: sc.Message) -> None:
    """Leave a message (from a callback) for the next drawing of ``slot``."""
    st.session_state.setdefault(FLASH, []).append((slot, level, message))


def show_messages(slot: str, lang: str) -> None:
    kept = []
    for item in st.session_state.get(FLASH, []):
        where, level, message = item
        if where == slot:
            _LEVELS.get(level, st.info)(words(message, lang))
        else:
            kept.append(item)
    st.session_state[FLASH] = kept


def with_store(
    slot: str,
    lang: str,
    action: Callable[[db.Store, str], None],
    players: Sequence[str] = (),
    on_stale: Callable[[], None] | None = None,
) -> bool:
    """Run one change against the store as this device; turn every refusal into a message
    (and call ``on_stale`` when the game had changed meanwhile). True if saved."""
    token = current_device()
    if token is None:
        say(slot, "error", sc.Message("scoring.pad.loading"))
        return False
    try:
        with db.open_store() as store:
            action(store, token)
        return True
    except sc.REFUSALS as exc:
        say(slot, "error", sc.refusal(exc, lang, players))
        if isinstance(exc, db.StaleGame) and on_stale is not None:
            on_stale()
    return False


# -- tapping cards into a text box ------------------------------------------------------------


def _tap(pick_key: str, target_key: str, default_target: str) -> None:
    code = st.session_state.get(pick_key)
    if code:
        box = st.session_state.get(target_key) or default_target
        st.session_state[box] = f"{st.session_state.get(box, '')} {code}".strip()
    st.session_state[pick_key] = None


def tap_cards(prefix: str, boxes: list[tuple[str, str]], lang: str) -> None:
    """A compact grid of card buttons: a tap adds the card's code to the chosen text box."""
    if not boxes:
        return
    target_key = f"{prefix}_tap_to"
    labels = dict(boxes)
    if st.session_state.get(target_key) not in labels:
        st.session_state[target_key] = boxes[0][0]
    if len(boxes) > 1:
        st.radio(
            t("scoring.tap.target", lang),
            list(labels),
            format_func=lambda key: inert(labels.get(key, "")),  # labels may be player names
            key=target_key,
            horizontal=True,
        )
    for name, group in sc.tap_rows(lang):
        pick_key = f"{prefix}_pick_{group[0].code}"
        st.pills(
            name,
            [c.code for c in group],
            format_func=lambda code: sc.tap_face(code, lang),
            key=pick_key,
            on_change=_tap,
            args=(pick_key, target_key, boxes[0][0]),
        )


# -- the round checker ------------------------------------------------------------------------


def _clear_checker() -> None:
    for i in range(sc.MAX_CHECK_HANDS):
        st.session_state[f"chk_hand_{i}"] = ""


@st.fragment
def round_checker(lang: str) -> None:
    """Type or tap the losing hands; see every card's points, each hand's and the round's."""
    st.write(t("scoring.check.intro", lang))
    st.caption(t("scoring.check.codes", lang))
    count = st.number_input(
        t("scoring.check.count", lang),
        min_value=1,
        max_value=sc.MAX_CHECK_HANDS,
        value=3,
        step=1,
        key="chk_count",
    )
    boxes = [(f"chk_hand_{i}", t("scoring.check.hand", lang, number=i + 1)) for i in range(count)]
    for key, label in boxes:
        hint = t("scoring.check.hand_hint", lang)
        st.text_input(label, key=key, placeholder=hint, max_chars=sp.MAX_HAND_TEXT)
    with st.expander(t("scoring.tap.title", lang)):
        tap_cards("chk", boxes, lang)
    st.button(t("scoring.check.clear", lang), key="chk_clear", on_click=_clear_checker)

    hands: list[sp.Hand] = []
    for key, label in boxes:
        hand, problem = sc.read_hand(st.session_state.get(key) or "", lang)
        if problem is not None:
            problem_text = words(problem, lang)
            st.error(t("scoring.check.hand_problem", lang, hand=inert(label), problem=problem_text))
        hands.append(hand)
        with st.container(border=True):
            st.markdown(
                f"**{inert(label)}** · "
                + t("scoring.cards", lang, count=len(hand.cards))
                + " · "
                + t("scoring.points", lang, count=hand.points)
            )
            if hand.cards:
                show_cards(hand.cards, lang, size="sm", caption=True)
                st.markdown(inert(sc.points_sum(hand.cards, lang)))
            unknown = sc.unknown_message(hand, lang)
            if unknown is not None:
                st.warning(words(unknown, lang))

    check = sp.RoundCheck(tuple(hands))
    st.metric(t("scoring.check.total", lang), t("scoring.points", lang, count=check.total))
    too_many = sc.over_deck_message(check.cards, lang)
    if too_many is not None:
        st.warning(words(too_many, lang))
    st.markdown(f"**{t('scoring.check.table_title', lang)}**")
    table = pd.DataFrame(sc.kind_rows(check.cards, lang))
    st.table(table.set_index(t("scoring.check.col_kind", lang)))
    st.caption(f"R-SCORE-1 · {t('rules.text.R-SCORE-1', lang)}")
    st.caption(f"R-SCORE-3 · {t('scoring.check.lowest_note', lang)}")


# -- the score pad: callbacks (they run before the page is drawn) -----------------------------


def _seen(gid: int) -> int:
    """The version of game ``gid`` this page last showed."""
    return int(st.session_state.get("sp_seen", {}).get(gid, -1))


def _started(kind: str, gid: int) -> int:
    """The version shown when the reader started typing a round (``kind="round"``) or new
    names (``"rename"``): a change is checked against it, not against a later redraw."""
    return int(st.session_state.get(f"sp_{kind}_seen_{gid}", _seen(gid)))


def _cb_start(lang: str) -> None:
    names = sc.split_names(st.session_state.get("sp_names") or "")
    target = st.session_state.get("sp_target", sp.DEFAULT_TARGET)
    method = st.session_state.get("sp_method", "standard")
    klass = st.session_state.get("sp_class") or None
    try:
        sp.new_game(names, target, method)  # refuse bad input before any file is made
    except sp.ScoreInputError as exc:
        say(START, "error", sc.input_refusal(exc, lang))
        return
    created: list[sp.Game] = []

    def action(store: db.Store, token: str) -> None:
        game = store.create_game(token, names, target, method, class_code=klass)
        store.keep_open(token, game.id, "pad")
        created.append(game)

    if with_store(START, lang, action):
        game = created[0]
        st.session_state["sp_game"] = game.id
        st.session_state["sp_names"] = ""
        say(GAME, "success", sc.started(game, lang))


def _round_keys(gid: int) -> tuple[str, ...]:
    return (f"sp_cards_{gid}_", f"sp_pts_{gid}_", f"sp_score_{gid}")


def _typing_round(gid: int) -> bool:
    """Whether something is typed in the round form of game ``gid``."""
    return any(
        isinstance(key, str) and key.startswith(_round_keys(gid)) and st.session_state[key]
        for key in st.session_state
    )


def _typed_round(game: sp.Game) -> sp.Round:
    """The round typed on the page (raises ScoreInputError)."""
    gid = game.id
    winner = st.session_state.get(f"sp_winner_{gid}", 0)
    seats = range(len(game.players))
    return sc.typed_round(
        game,
        winner,
        st.session_state.get(f"sp_mode_{gid}", "cards"),
        cards={s: st.session_state.get(f"sp_cards_{gid}_{s}") or "" for s in seats},
        score=st.session_state.get(f"sp_score_{gid}") or "",
        points={s: st.session_state.get(f"sp_pts_{gid}_{s}") or "" for s in seats},
    )


def _cb_add(gid: int, lang: str) -> None:
    saved: list[sp.Game] = []
    version = _started("round", gid)

    def action(store: db.Store, token: str) -> None:
        game = store.load_game(token, gid)
        if game.version != version:  # the round was typed on an older page
            raise db.StaleGame(gid, version, game.version)
        saved.append(store.add_round(token, gid, version, _typed_round(game)))

    players = tuple(st.session_state.get("sp_players", ()))
    st.session_state.pop(f"sp_round_seen_{gid}", None)  # after this click, what is shown counts
    if with_store(ROUND, lang, action, players):
        game = saved[0]
        for key in list(st.session_state):
            if isinstance(key, str) and key.startswith(_round_keys(gid)):
                st.session_state[key] = ""
        winner = game.players[game.rounds[-1].winner]
        message = sc.Message("scoring.pad.saved", {"number": len(game.rounds), "name": winner})
        say(ROUND, "success", message)


def _cb_undo(gid: int, lang: str) -> None:
    undone: list[sp.Game] = []
    version = _seen(gid)
    if with_store(UNDO, lang, lambda s, tok: undone.append(s.undo_round(tok, gid, version))):
        number = len(undone[0].rounds) + 1  # the round that was removed
        say(UNDO, "success", sc.Message("scoring.pad.undone", {"number": number}))


def _name_keys(gid: int, n: int) -> list[str]:
    return [f"sp_name_{gid}_{seat}" for seat in range(n)]


def _cb_rename(gid: int, n: int, lang: str) -> None:
    names = [st.session_state.get(key, "") for key in _name_keys(gid, n)]
    version = _started("rename", gid)
    renamed: list[sp.Game] = []
    st.session_state.pop(f"sp_rename_seen_{gid}", None)

    def start_again() -> None:  # renamed elsewhere: the form shows the names as they are now
        for key in _name_keys(gid, n):
            st.session_state.pop(key, None)

    if with_store(
        RENAME,
        lang,
        lambda s, tok: renamed.append(s.rename_players(tok, gid, version, names)),
        on_stale=start_again,
    ):
        for seat, name in enumerate(renamed[0].players):
            st.session_state[f"sp_name_{gid}_{seat}"] = name
        say(RENAME, "success", sc.Message("scoring.pad.renamed"))


def _cb_close() -> None:
    st.session_state.pop("sp_game", None)
    _remember(None, "pad")


def _cb_resume() -> None:
    gid = st.session_state.get("sp_saved")
    if gid is not None:
        st.session_state["sp_game"] = gid
        st.session_state.pop("sp_confirm_delete", None)
        _remember(gid, "pad")


def _cb_ask_delete() -> None:
    st.session_state["sp_confirm_delete"] = st.session_state.get("sp_saved")


def _cb_cancel_delete() -> None:
    st.session_state.pop("sp_confirm_delete", None)


def _cb_delete(gid: int, number: int, lang: str) -> None:
    version = int(st.session_state.get("sp_seen_list", {}).get(gid, -1))
    st.session_state.pop("sp_confirm_delete", None)
    if with_store(SAVED, lang, lambda s, tok: s.delete_game(tok, gid, version)):
        if st.session_state.get("sp_game") == gid:
            st.session_state.pop("sp_game", None)
        say(SAVED, "success", sc.Message("scoring.pad.deleted", {"number": number}))


def _cb_share(gid: int, lang: str) -> None:
    shared: list[str] = []
    if with_store(SHARE, lang, lambda s, tok: shared.append(s.share_game(tok, gid))):
        st.session_state[f"sp_share_{gid}"] = shared[0]


def _app_base() -> str:
    """The app's address as this browser reached it (``https://host/``), or "" if unknown."""
    url = getattr(st.context, "url", None) or ""
    parts = urlsplit(str(url))
    if not parts.scheme or not parts.netloc:
        return ""
    return f"{parts.scheme}://{parts.netloc}{parts.path.rsplit('/', 1)[0]}/"


# -- the score pad: drawing -------------------------------------------------------------------


def totals_table(game: sp.Game, lang: str) -> None:
    per_round = st.toggle(t("scoring.pad.per_round", lang), key="sp_per_round")
    config: dict[str, Any] = {
        "round": st.column_config.TextColumn(t("scoring.pad.col_round", lang)),
        "winner": st.column_config.TextColumn(t("scoring.pad.col_winner", lang)),
    }
    for seat, name in enumerate(game.players):  # a name is only a label (plain text)
        config[sc.player_column(seat)] = st.column_config.NumberColumn(name)
    rows = pd.DataFrame(sc.totals_rows(game, lang, per_round))
    st.dataframe(rows, hide_index=True, column_config=config, key="sp_table")


def totals_chart(game: sp.Game, lang: str) -> None:
    data = sc.chart_data(game)
    fig = go.Figure()
    for seat, (name, totals) in enumerate(data.lines):
        fig.add_trace(
            go.Scatter(
                x=list(data.rounds),
                y=list(totals),
                name=inert_html(name),  # Plotly reads tags in names: keep them text
                mode="lines+markers",
                **series_style(seat),
            )
        )
    fig.add_hline(
        y=data.target,
        line_dash="dot",
        line_color=GREY,
        annotation_text=inert_html(t("scoring.chart.target", lang, target=data.target)),
    )
    layout(
        fig,
        t("scoring.chart.x", lang),
        t("scoring.chart.y", lang),
        lang,
        percent=False,
        height=360,
        legend=t("scoring.chart.legend", lang),
    )
    fig.update_xaxes(tickmode="linear", dtick=data.dtick, rangemode="tozero")
    fig.update_yaxes(rangemode="tozero")
    show(fig, "sp_chart", t("scoring.chart.alt", lang))


def add_round_form(game: sp.Game, lang: str) -> None:
    gid = game.id
    assert gid is not None
    n = len(game.players)
    if not _typing_round(gid):  # the round is checked against the version shown from now on
        st.session_state[f"sp_round_seen_{gid}"] = game.version
    st.markdown(f"#### {t('scoring.pad.add_title', lang)}")
    winner = st.selectbox(
        t("scoring.pad.winner_label", lang),
        list(range(n)),
        format_func=lambda seat: game.players[seat],
        key=f"sp_winner_{gid}",
    )
    mode = st.radio(
        t("scoring.pad.mode", lang),
        sc.MODES,
        format_func=lambda m: t(f"scoring.pad.mode_{m}", lang),
        key=f"sp_mode_{gid}",
        horizontal=True,
    )
    losers = [seat for seat in range(n) if seat != winner]
    if mode == "cards":
        boxes = []
        for seat in losers:
            label = t("scoring.pad.cards_of", lang, name=inert(game.players[seat]))
            key = f"sp_cards_{gid}_{seat}"
            hint = t("scoring.check.hand_hint", lang)
            st.text_input(label, key=key, placeholder=hint, max_chars=sp.MAX_HAND_TEXT)
            boxes.append((key, game.players[seat]))
        with st.expander(t("scoring.tap.title", lang)):
            tap_cards(f"sp_{gid}", boxes, lang)
    elif game.method == "standard":
        st.text_input(
            t("scoring.pad.score_of", lang, name=inert(game.players[winner])),
            key=f"sp_score_{gid}",
            max_chars=12,
        )
    else:
        for seat in losers:
            st.text_input(
                t("scoring.pad.points_of", lang, name=inert(game.players[seat])),
                key=f"sp_pts_{gid}_{seat}",
                max_chars=12,
            )
    # What the round will add, as typed so far (nothing is saved until the button).
    try:
        typed: sp.Round | None = _typed_round(game)
    except sp.ScoreInputError:
        typed = None
    if typed is not None:
        st.caption(words(sc.preview(game, typed, lang), lang))
    st.button(
        t("scoring.pad.add", lang),
        key="sp_add",
        type="primary",
        on_click=_cb_add,
        args=(gid, lang),
    )
    show_messages(ROUND, lang)


def rename_form(game: sp.Game, lang: str) -> None:
    gid = game.id
    assert gid is not None
    keys = _name_keys(gid, len(game.players))
    for key, name in zip(keys, game.players, strict=True):
        if key not in st.session_state:
            st.session_state[key] = name
    if [st.session_state.get(key) for key in keys] == list(game.players):
        # Not edited: a rename is checked against the version shown from now on.
        st.session_state[f"sp_rename_seen_{gid}"] = game.version
    with st.expander(t("scoring.pad.rename_title", lang)):
        for seat, key in enumerate(keys):
            st.text_input(
                t("scoring.pad.player_n", lang, number=seat + 1), key=key, max_chars=sp.MAX_NAME * 2
            )
        st.button(
            t("scoring.pad.rename", lang),
            key="sp_rename",
            on_click=_cb_rename,
            args=(gid, len(game.players), lang),
        )
        show_messages(RENAME, lang)


def game_view(game: sp.Game, lang: str, number: int) -> None:
    """The open game, titled by its ``number`` on this device (``sc.game_numbers``)."""
    gid = game.id
    assert gid is not None
    st.subheader(t("scoring.pad.game_title", lang, number=number))
    st.caption(sc.summary(game, lang))
    show_messages(GAME, lang)
    won = sc.win_message(game, lang)
    if won is not None:
        st.success(words(won, lang), icon=":material/emoji_events:")
    if game.rounds:
        totals_table(game, lang)
        totals_chart(game, lang)
    else:
        st.info(t("scoring.pad.no_rounds", lang))
    if won is not None:
        st.info(t("scoring.pad.over", lang))
        show_messages(ROUND, lang)
    else:
        add_round_form(game, lang)
    left, middle, right = st.columns(3)
    with left:
        st.button(
            t("scoring.pad.undo", lang),
            key="sp_undo",
            on_click=_cb_undo,
            args=(gid, lang),
            disabled=not game.rounds,
            icon=":material/undo:",
        )
        show_messages(UNDO, lang)
    with middle:
        st.download_button(
            t("scoring.pad.export", lang),
            data=sc.export_csv(game, lang),
            file_name=sc.export_name(game),
            mime="text/csv",
            key="sp_csv",
            on_click="ignore",
            icon=":material/download:",
        )
    with right:
        st.button(t("scoring.pad.close", lang), key="sp_close", on_click=_cb_close)
    if game.access == "owner":
        share_box(gid, lang)
    rename_form(game, lang)


def share_box(gid: int, lang: str) -> None:
    """The owner's share button, then the link (plain text, to copy) once it was asked for."""
    share = st.session_state.get(f"sp_share_{gid}")
    if share is None:
        st.button(
            t("scoring.pad.share", lang),
            key="sp_share",
            on_click=_cb_share,
            args=(gid, lang),
            icon=":material/share:",
        )
    else:
        st.caption(t("scoring.pad.share_help", lang))
        st.code(sc.share_link(_app_base(), str(share)), language=None)
    show_messages(SHARE, lang)


def start_form(lang: str, classes: Sequence[tuple[str, str]] = ()) -> None:
    """The new game's form; ``classes`` are the (code, name) of the classes this device is in
    or teaches: the game may be shown to one of them."""
    st.subheader(t("scoring.pad.new_title", lang))
    st.text_area(
        t("scoring.pad.names", lang),
        key="sp_names",
        placeholder=t("scoring.pad.names_hint", lang),
        height=140,
        max_chars=1000,
    )
    st.number_input(
        t("scoring.pad.target", lang),
        min_value=sp.MIN_TARGET,
        max_value=sp.MAX_TARGET,
        value=sp.DEFAULT_TARGET,
        step=50,
        key="sp_target",
    )
    st.radio(
        t("scoring.pad.method", lang),
        sp.METHODS,
        format_func=lambda m: t(f"scoring.method.{m}", lang),
        captions=[t("scoring.method.standard_help", lang), t("scoring.method.lowest_help", lang)],
        key="sp_method",
    )
    if classes:
        names = dict(classes)
        if st.session_state.get("sp_class") not in ("", *names):
            st.session_state["sp_class"] = ""
        st.radio(
            t("scoring.pad.who_sees", lang),
            ["", *names],
            format_func=lambda code: (
                t("scoring.pad.who_class", lang, name=inert(names[code]))
                if code
                else t("scoring.pad.who_me", lang)
            ),
            key="sp_class",
        )
    else:
        st.session_state["sp_class"] = ""
    st.button(
        t("scoring.pad.start", lang),
        key="sp_start",
        type="primary",
        on_click=_cb_start,
        args=(lang,),
    )
    show_messages(START, lang)


def saved_games(games: list[sp.Game], lang: str) -> None:
    st.markdown(f"#### {t('scoring.pad.saved_title', lang)}")
    st.session_state["sp_seen_list"] = {g.id: g.version for g in games}
    if not games:
        st.caption(t("scoring.pad.saved_none", lang))
        show_messages(SAVED, lang)
        return
    config = {
        name: st.column_config.Column(t(f"scoring.pad.col_{name}", lang))
        for name in sc.SAVED_COLUMNS
    }
    rows = pd.DataFrame(sc.saved_rows(games, lang))
    st.dataframe(rows, hide_index=True, column_config=config, key="sp_saved_table")
    by_id = {g.id: g for g in games}
    numbers = sc.game_numbers(games)
    if st.session_state.get("sp_saved") not in by_id:
        st.session_state["sp_saved"] = games[0].id
    st.selectbox(
        t("scoring.pad.choose", lang),
        list(by_id),
        format_func=lambda gid: sc.choice_label(by_id[gid], numbers[gid]),
        key="sp_saved",
    )
    left, right = st.columns(2)
    with left:
        st.button(t("scoring.pad.resume", lang), key="sp_resume", on_click=_cb_resume)
    with right:
        chosen = by_id.get(st.session_state.get("sp_saved"))
        st.button(
            t("scoring.pad.delete", lang),
            key="sp_delete",
            on_click=_cb_ask_delete,
            disabled=chosen is None or chosen.access != "owner",  # only its owner deletes
            help=None
            if chosen is None or chosen.access == "owner"
            else t("scoring.pad.not_owner", lang),
        )
    show_messages(SAVED, lang)
    pending = by_id.get(st.session_state.get("sp_confirm_delete"))
    if pending is not None:
        number = numbers[pending.id or 0]
        st.warning(words(sc.confirm_delete(pending, lang, number), lang))
        yes, no = st.columns(2)
        with yes:
            st.button(
                t("scoring.pad.delete_yes", lang),
                key="sp_delete_yes",
                type="primary",
                on_click=_cb_delete,
                args=(pending.id, number, lang),
            )
        with no:
            st.button(
                t("scoring.pad.delete_no", lang), key="sp_delete_no", on_click=_cb_cancel_delete
            )


def score_pad(lang: str, token: str) -> None:
    """Start a game, add rounds, undo, rename, export, share; resume or delete a saved game
    (the games this device may open)."""
    st.write(t("scoring.pad.intro", lang))
    gid = st.session_state.get("sp_game")
    game: sp.Game | None = None
    games: list[sp.Game] = []
    classes: list[tuple[str, str]] = []
    try:
        if db.database_exists():  # nothing is written before the first game starts
            with db.open_store() as store:
                if gid is not None:
                    try:
                        game = store.load_game(token, gid)
                    except db.GameNotFound:
                        game = None
                games = store.list_games(token)
                member = store.membership(token)
                if member is not None:
                    classes.append((member.code, member.class_name))
                classes += [(c.code, c.name) for c in store.classes_of(token)]
    except db.StoreError as exc:
        st.error(words(sc.refusal(exc, lang), lang))
        st.caption(t("scoring.store.hint", lang, var=db.ENV_DB))
        st.session_state[FLASH] = []
        return
    if gid is not None and game is None:  # deleted meanwhile: say it once, at the top
        st.session_state.pop("sp_game", None)
        st.session_state[FLASH] = [
            item for item in st.session_state.get(FLASH, []) if item[2].key != "scoring.pad.gone"
        ]
        say(TOP, "warning", sc.Message("scoring.pad.gone"))
    show_messages(TOP, lang)
    if game is None:
        start_form(lang, classes)
    else:
        st.session_state.setdefault("sp_seen", {})[game.id] = game.version
        st.session_state["sp_players"] = game.players
        numbers = sc.game_numbers(games)
        game_view(game, lang, numbers.get(game.id or 0, len(numbers) + 1))
    st.divider()
    saved_games(games, lang)
    st.session_state[FLASH] = []  # a message is shown once, where it belongs, or never
