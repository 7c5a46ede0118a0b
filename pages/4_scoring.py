"""Scoring: a round checker and a score pad that keeps every game (R-SCORE-1..3).

Thin: widgets -> ``uno.academy.scorepad`` (parsing, points, the game model, the SQLite store)
-> tables,
a chart and words. Changes happen in button callbacks, which run before the page is drawn again:
each opens the store, writes one transaction with the game version the reader last saw, and
leaves a message for the page. Player names and typed codes are user text: they reach the page
only through widgets that show plain text (tables, select boxes) or escaped Markdown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from uno.academy import scorepad as sp
from uno.academy.i18n import catalog, t
from uno.cards import CARDS, Card, Color, Kind, deck_summary
from uno.ui.cards import card_label, show_cards
from uno.ui.frame import frame

MAX_CHECK_HANDS = 9
#: Okabe-Ito colours (told apart by most colour-blind readers); each line also has its own dash
#: and marker, so ten players never share a look.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
MARKERS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon")
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~$:&])")


def md(text: object) -> str:
    """User text made literal for Markdown (no markup, links, HTML, emoji codes or maths)."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))


def short(text: str, limit: int = 24) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lang_now() -> str:
    return str(st.session_state.get("lang", "en"))


# -- messages left by callbacks for the next drawing of the page ------------------------------


def say(slot: str, level: str, key: str, **values: Any) -> None:
    st.session_state.setdefault("sp_flash", []).append((slot, level, key, values))


def show_messages(slot: str, lang: str) -> None:
    kept = []
    for item in st.session_state.get("sp_flash", []):
        where, level, key, values = item
        if where != slot:
            kept.append(item)
            continue
        show = {"success": st.success, "warning": st.warning, "error": st.error}.get(level, st.info)
        show(text(key, lang, values))
    st.session_state["sp_flash"] = kept


def text(key: str, lang: str, values: dict[str, Any]) -> str:
    """A catalog text whose text values (names, typed codes) are escaped for Markdown."""
    return t(key, lang, **{k: md(v) if isinstance(v, str) else v for k, v in values.items()})


def input_error(
    exc: sp.ScoreInputError, players: tuple[str, ...] = ()
) -> tuple[str, dict[str, Any]]:
    """The catalog key and values that explain a refused input."""
    match = re.fullmatch(r"(\w+)\[(\d+)\]", exc.field)
    who = t("scoring.pad.this_round", lang_now())
    if match and match.group(1) == "players":
        who = t("scoring.pad.player_n", lang_now(), number=int(match.group(2)) + 1)
    elif match and int(match.group(2)) < len(players):
        who = players[int(match.group(2))]
    value = exc.value
    if isinstance(value, tuple):
        value = " ".join(short(str(v)) for v in value)
    key = f"scoring.error.{exc.code}"
    if key not in catalog(lang_now()):
        key = "scoring.error.other"
    return key, {"who": who, "limit": exc.params.get("limit", ""), "value": short(str(value), 40)}


def with_store(
    slot: str, players: tuple[str, ...], action: Callable[[sp.ScoreStore], None]
) -> bool:
    """Run one change against the store; turn every refusal into a message. True if saved."""
    try:
        with sp.ScoreStore(sp.default_db_path()) as store:
            action(store)
        return True
    except sp.StaleGame as exc:
        say(slot, "error", "scoring.pad.stale" if exc.current is not None else "scoring.pad.gone")
    except sp.GameNotFound:
        say(slot, "error", "scoring.pad.gone")
    except sp.ScoreInputError as exc:
        key, values = input_error(exc, players)
        say(slot, "error", key, **values)
    except sp.StoreError as exc:
        say(slot, "error", f"scoring.store.{exc.code}", path=str(exc.path))
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
            format_func=lambda key: md(labels.get(key, "")),  # labels may be player names
            key=target_key,
            horizontal=True,
        )

    def face(code: str) -> str:
        card = Card(code)
        if card.is_wild:
            return card_label(card, lang)
        return t(f"card.face.{card.kind.name.lower()}", lang, number=card.number)

    groups: list[tuple[str, list[Card]]] = [
        (t(f"scoring.tap.row.{color.name}", lang), [c for c in CARDS if c.color is color])
        for color in Color
    ]
    groups.append((t("scoring.tap.row.wild", lang), [c for c in CARDS if c.color is None]))
    for name, group in groups:
        pick_key = f"{prefix}_pick_{group[0].code}"
        st.pills(
            name,
            [c.code for c in group],
            format_func=face,
            key=pick_key,
            on_change=_tap,
            args=(pick_key, target_key, boxes[0][0]),
        )


# -- the round checker ------------------------------------------------------------------------


def _clear_checker() -> None:
    for i in range(MAX_CHECK_HANDS):
        st.session_state[f"chk_hand_{i}"] = ""


def points_text(cards: tuple[Card, ...], lang: str) -> str:
    """``Red 7 (7) + Wild (50) = 57 points``: every card's points, then the sum."""
    terms = " + ".join(
        t("scoring.check.term", lang, card=card_label(card, lang), points=card.points)
        for card in cards
    )
    total = t("scoring.points", lang, count=sum(c.points for c in cards))
    return md(f"{terms} = {total}")


def round_checker(lang: str) -> None:
    st.write(t("scoring.check.intro", lang))
    st.caption(t("scoring.check.codes", lang))
    count = st.number_input(
        t("scoring.check.count", lang),
        min_value=1,
        max_value=MAX_CHECK_HANDS,
        value=3,
        step=1,
        key="chk_count",
    )
    n = int(count)
    boxes = [(f"chk_hand_{i}", t("scoring.check.hand", lang, number=i + 1)) for i in range(n)]
    for key, label in boxes:
        st.text_input(label, key=key, placeholder="R7 WD4 gs", max_chars=sp.MAX_HAND_TEXT)
    with st.expander(t("scoring.tap.title", lang)):
        tap_cards("chk", boxes, lang)
    st.button(t("scoring.check.clear", lang), key="chk_clear", on_click=_clear_checker)

    hands: list[sp.Hand] = []
    for key, label in boxes:
        try:
            hand = sp.parse_hand(st.session_state.get(key) or "")
        except sp.ScoreInputError as exc:
            key_, values = input_error(exc)
            st.error(f"{md(label)}: {text(key_, lang, values)}")
            hand = sp.Hand()
        hands.append(hand)
        with st.container(border=True):
            st.markdown(
                f"**{md(label)}** · "
                + t("scoring.cards", lang, count=len(hand.cards))
                + " · "
                + t("scoring.points", lang, count=hand.points)
            )
            if hand.cards:
                show_cards(hand.cards, lang, size="sm", caption=True)
                st.markdown(points_text(hand.cards, lang))
            if hand.unknown:
                codes = ", ".join(t("scoring.quote", lang, text=short(tok)) for tok in hand.unknown)
                st.warning(
                    t("scoring.check.unknown", lang, count=len(hand.unknown), codes=md(codes))
                )

    check = sp.RoundCheck(tuple(hands))
    st.metric(t("scoring.check.total", lang), t("scoring.points", lang, count=check.total))
    too_many = sp.over_deck(check.cards)
    if too_many:
        names = ", ".join(f"{card_label(c, lang)} × {k}" for c, k in too_many.items())
        st.warning(t("scoring.check.over_deck", lang, cards=md(names)))

    st.markdown(f"**{t('scoring.check.table_title', lang)}**")
    per_card = {kind: points for kind, _, points in deck_summary()}
    by_kind = {row.kind: row for row in sp.points_by_kind(check.cards)}
    rows = []
    for kind in Kind:
        row = by_kind.get(kind)
        rows.append(
            {
                t("scoring.check.col_kind", lang): t(f"card.kind.{kind.name.lower()}", lang),
                t("scoring.check.col_each", lang): t("deck.face_value", lang)
                if kind is Kind.NUMBER
                else ", ".join(str(p) for p in per_card[kind]),
                t("scoring.check.col_count", lang): row.count if row else 0,
                t("scoring.check.col_points", lang): row.points if row else 0,
            }
        )
    st.table(pd.DataFrame(rows).set_index(t("scoring.check.col_kind", lang)))
    st.caption(f"R-SCORE-1 · {t('rules.text.R-SCORE-1', lang)}")
    st.caption(f"R-SCORE-3 · {t('scoring.check.lowest_note', lang)}")


# -- the score pad: callbacks (they run before the page is drawn) -----------------------------


def _seen(game_id: int) -> int:
    return int(st.session_state.get("sp_seen", {}).get(game_id, -1))


def _cb_start() -> None:
    raw = st.session_state.get("sp_names") or ""
    names = [part for part in re.split(r"[\n,;]+", raw) if part.strip()]
    target = st.session_state.get("sp_target", sp.DEFAULT_TARGET)
    method = st.session_state.get("sp_method", "standard")
    try:
        sp.new_game(names, target, method)  # refuse bad input before any file is made
    except sp.ScoreInputError as exc:
        key, values = input_error(exc)
        say("top", "error", key, **values)
        return
    created: list[sp.Game] = []
    if with_store("top", (), lambda s: created.append(s.create_game(names, target, method))):
        game = created[0]
        st.session_state["sp_game"] = game.id
        st.session_state["sp_names"] = ""
        say("top", "success", "scoring.pad.started", players=", ".join(game.players))


def _entries(game: sp.Game) -> sp.Round:
    """The round typed on the page (raises ScoreInputError)."""
    gid = game.id
    winner = st.session_state.get(f"sp_winner_{gid}", 0)
    losers = [s for s in range(len(game.players)) if s != winner]
    if st.session_state.get(f"sp_mode_{gid}", "cards") == "cards":
        texts = {s: st.session_state.get(f"sp_cards_{gid}_{s}") or "" for s in losers}
        return sp.round_from_texts(game, winner, texts)
    if game.method == "standard":
        return sp.round_from_score(game, winner, st.session_state.get(f"sp_score_{gid}") or "")
    points = {s: st.session_state.get(f"sp_pts_{gid}_{s}") or "" for s in losers}
    return sp.round_from_points(game, winner, points)


def _cb_add(gid: int) -> None:
    saved: list[sp.Game] = []

    def action(store: sp.ScoreStore) -> None:
        game = store.load_game(gid)
        if game.version != _seen(gid):
            raise sp.StaleGame(gid, _seen(gid), game.version)
        saved.append(store.add_round(gid, _seen(gid), _entries(game)))

    players = tuple(st.session_state.get("sp_players", ()))
    if with_store("round", players, action):
        game = saved[0]
        rnd = game.rounds[-1]
        for key in list(st.session_state):
            if isinstance(key, str) and key.startswith((f"sp_cards_{gid}_", f"sp_pts_{gid}_")):
                st.session_state[key] = ""
        st.session_state[f"sp_score_{gid}"] = ""
        say(
            "round",
            "success",
            "scoring.pad.saved",
            number=len(game.rounds),
            name=game.players[rnd.winner],
        )


def _cb_undo(gid: int) -> None:
    undone: list[sp.Game] = []
    if with_store("top", (), lambda s: undone.append(s.undo_round(gid, _seen(gid)))):
        say("top", "success", "scoring.pad.undone", number=len(undone[0].rounds) + 1)


def _cb_rename(gid: int, n: int) -> None:
    names = [st.session_state.get(f"sp_name_{gid}_{seat}", "") for seat in range(n)]
    renamed: list[sp.Game] = []
    if with_store("rename", (), lambda s: renamed.append(s.rename_players(gid, _seen(gid), names))):
        for seat, name in enumerate(renamed[0].players):
            st.session_state[f"sp_name_{gid}_{seat}"] = name
        say("rename", "success", "scoring.pad.renamed")


def _cb_close() -> None:
    st.session_state.pop("sp_game", None)


def _cb_resume() -> None:
    gid = st.session_state.get("sp_saved")
    if gid is not None:
        st.session_state["sp_game"] = gid
        st.session_state.pop("sp_confirm_delete", None)


def _cb_ask_delete() -> None:
    st.session_state["sp_confirm_delete"] = st.session_state.get("sp_saved")


def _cb_cancel_delete() -> None:
    st.session_state.pop("sp_confirm_delete", None)


def _cb_delete(gid: int) -> None:
    version = int(st.session_state.get("sp_seen_list", {}).get(gid, -1))
    st.session_state.pop("sp_confirm_delete", None)
    if with_store("saved", (), lambda s: s.delete_game(gid, version)):
        if st.session_state.get("sp_game") == gid:
            st.session_state.pop("sp_game", None)
        say("saved", "success", "scoring.pad.deleted", number=gid)


# -- the score pad: drawing -------------------------------------------------------------------


def player_columns(game: sp.Game) -> dict[str, Any]:
    """Column ids never collide with a name; the names are only display labels (plain text)."""
    config: dict[str, Any] = {
        f"p{seat}": st.column_config.NumberColumn(name) for seat, name in enumerate(game.players)
    }
    return config


def totals_table(game: sp.Game, lang: str) -> None:
    per_round = st.toggle(t("scoring.pad.per_round", lang), key="sp_per_round")
    running = game.running_totals()
    rows = []
    for number, rnd in enumerate(game.rounds, start=1):
        values = rnd.points if per_round else running[number]
        row: dict[str, Any] = {"round": str(number), "winner": game.players[rnd.winner]}
        row.update({f"p{seat}": value for seat, value in enumerate(values)})
        rows.append(row)
    total: dict[str, Any] = {"round": t("scoring.pad.total_row", lang), "winner": ""}
    total.update({f"p{seat}": value for seat, value in enumerate(game.totals)})
    rows.append(total)
    config = {
        "round": st.column_config.TextColumn(t("scoring.pad.col_round", lang)),
        "winner": st.column_config.TextColumn(t("scoring.pad.col_winner", lang)),
        **player_columns(game),
    }
    frame_ = pd.DataFrame(rows)
    st.dataframe(frame_, hide_index=True, column_config=config, key="sp_table")


def totals_chart(game: sp.Game, lang: str) -> None:
    running = game.running_totals()
    rounds = list(range(len(running)))
    fig = go.Figure()
    for seat, name in enumerate(game.players):
        fig.add_trace(
            go.Scatter(
                x=rounds,
                y=[row[seat] for row in running],
                name=html.escape(name),  # Plotly reads tags in names: keep them text
                mode="lines+markers",
                line={"color": PALETTE[seat % len(PALETTE)], "dash": DASHES[seat % len(DASHES)]},
                marker={"symbol": MARKERS[seat % len(MARKERS)], "size": 8},
            )
        )
    fig.add_hline(
        y=game.target,
        line_dash="dot",
        line_color="#555555",
        annotation_text=html.escape(t("scoring.chart.target", lang, target=game.target)),
    )
    fig.update_layout(
        xaxis_title=t("scoring.chart.x", lang),
        yaxis_title=t("scoring.chart.y", lang),
        legend_title_text=t("scoring.chart.legend", lang),
        margin={"l": 10, "r": 10, "t": 30, "b": 10},
        height=360,
    )
    fig.update_xaxes(tickmode="linear", dtick=max(1, len(rounds) // 12), rangemode="tozero")
    fig.update_yaxes(rangemode="tozero")
    st.plotly_chart(
        fig, key="sp_chart", alt=t("scoring.chart.alt", lang), config={"displaylogo": False}
    )


def add_round_form(game: sp.Game, lang: str) -> None:
    gid = game.id
    n = len(game.players)
    st.markdown(f"#### {t('scoring.pad.add_title', lang)}")
    winner = st.selectbox(
        t("scoring.pad.winner_label", lang),
        list(range(n)),
        format_func=lambda seat: game.players[seat],
        key=f"sp_winner_{gid}",
    )
    mode = st.radio(
        t("scoring.pad.mode", lang),
        ("cards", "points"),
        format_func=lambda m: t(f"scoring.pad.mode_{m}", lang),
        key=f"sp_mode_{gid}",
        horizontal=True,
    )
    losers = [seat for seat in range(n) if seat != winner]
    if mode == "cards":
        boxes = []
        for seat in losers:
            label = t("scoring.pad.cards_of", lang, name=md(game.players[seat]))
            key = f"sp_cards_{gid}_{seat}"
            st.text_input(label, key=key, placeholder="R7 WD4 gs", max_chars=sp.MAX_HAND_TEXT)
            boxes.append((key, game.players[seat]))
        with st.expander(t("scoring.tap.title", lang)):
            tap_cards(f"sp_{gid}", boxes, lang)
    elif game.method == "standard":
        st.text_input(
            t("scoring.pad.score_of", lang, name=md(game.players[winner])),
            key=f"sp_score_{gid}",
            max_chars=12,
        )
    else:
        for seat in losers:
            st.text_input(
                t("scoring.pad.points_of", lang, name=md(game.players[seat])),
                key=f"sp_pts_{gid}_{seat}",
                max_chars=12,
            )
    # What the round will add, as typed so far (nothing is saved until the button).
    try:
        preview = _entries(game)
    except sp.ScoreInputError:
        preview = None
    if preview is not None:
        if game.method == "standard":
            st.caption(
                t(
                    "scoring.pad.preview",
                    lang,
                    name=md(game.players[winner]),
                    points=t("scoring.points", lang, count=sum(preview.points)),
                )
            )
        else:
            parts = ", ".join(f"{md(game.players[s])} +{preview.points[s]}" for s in losers)
            st.caption(t("scoring.pad.preview_lowest", lang, points=parts))
    st.button(
        t("scoring.pad.add", lang), key="sp_add", type="primary", on_click=_cb_add, args=(gid,)
    )
    show_messages("round", lang)


def rename_form(game: sp.Game, lang: str) -> None:
    gid = game.id
    with st.expander(t("scoring.pad.rename_title", lang)):
        for seat, name in enumerate(game.players):
            key = f"sp_name_{gid}_{seat}"
            if key not in st.session_state:
                st.session_state[key] = name
            st.text_input(
                t("scoring.pad.player_n", lang, number=seat + 1), key=key, max_chars=sp.MAX_NAME * 2
            )
        st.button(
            t("scoring.pad.rename", lang),
            key="sp_rename",
            on_click=_cb_rename,
            args=(gid, len(game.players)),
        )
        show_messages("rename", lang)


def game_view(game: sp.Game, lang: str) -> None:
    gid = game.id
    assert gid is not None
    st.subheader(t("scoring.pad.game_title", lang, number=gid))
    st.caption(
        t(
            "scoring.pad.summary",
            lang,
            method=t(f"scoring.method.{game.method}", lang),
            target=game.target,
        )
        + " · "
        + t("scoring.rounds", lang, count=len(game.rounds))
    )
    winners = game.winners
    if winners:
        totals = game.totals
        names = ", ".join(md(game.players[s]) for s in winners)
        key = "scoring.pad.won_shared" if len(winners) > 1 else "scoring.pad.won"
        points = t("scoring.points", lang, count=totals[winners[0]])
        st.success(t(key, lang, names=names, points=points), icon=":material/emoji_events:")
    if game.rounds:
        totals_table(game, lang)
        totals_chart(game, lang)
    else:
        st.info(t("scoring.pad.no_rounds", lang))
    if winners:
        st.info(t("scoring.pad.over", lang))
        show_messages("round", lang)
    else:
        add_round_form(game, lang)
    left, middle, right = st.columns(3)
    with left:
        st.button(
            t("scoring.pad.undo", lang),
            key="sp_undo",
            on_click=_cb_undo,
            args=(gid,),
            disabled=not game.rounds,
            icon=":material/undo:",
        )
    with middle:
        st.download_button(
            t("scoring.pad.export", lang),
            data=sp.game_csv(
                game,
                round_label=t("scoring.pad.col_round", lang),
                winner_label=t("scoring.pad.col_winner", lang),
            ),
            file_name=f"uno-game-{gid}.csv",
            mime="text/csv",
            key="sp_csv",
            on_click="ignore",
            icon=":material/download:",
        )
    with right:
        st.button(t("scoring.pad.close", lang), key="sp_close", on_click=_cb_close)
    rename_form(game, lang)


def start_form(lang: str) -> None:
    st.subheader(t("scoring.pad.new_title", lang))
    st.text_area(
        t("scoring.pad.names", lang),
        key="sp_names",
        placeholder="Ana\nBen\nChloé",
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
    st.button(t("scoring.pad.start", lang), key="sp_start", type="primary", on_click=_cb_start)


def saved_games(games: list[sp.Game], lang: str) -> None:
    st.markdown(f"#### {t('scoring.pad.saved_title', lang)}")
    st.session_state["sp_seen_list"] = {g.id: g.version for g in games}
    show_messages("saved", lang)
    if not games:
        st.caption(t("scoring.pad.saved_none", lang))
        return

    def status(game: sp.Game) -> str:
        if game.winners:
            return t(
                "scoring.pad.status_won",
                lang,
                names=", ".join(game.players[s] for s in game.winners),
            )
        return t("scoring.pad.status_playing", lang)

    rows = [
        {
            "id": g.id,
            "players": ", ".join(g.players),
            "rounds": len(g.rounds),
            "method": t(f"scoring.method.{g.method}", lang),
            "target": g.target,
            "status": status(g),
            "updated": g.updated.replace("T", " ")[:16],
        }
        for g in games
    ]
    config = {
        name: st.column_config.Column(t(f"scoring.pad.col_{name}", lang))
        for name in ("id", "players", "rounds", "method", "target", "status", "updated")
    }
    st.dataframe(pd.DataFrame(rows), hide_index=True, column_config=config, key="sp_saved_table")
    ids = [g.id for g in games]
    by_id = {g.id: g for g in games}
    if st.session_state.get("sp_saved") not in ids:
        st.session_state["sp_saved"] = ids[0]
    st.selectbox(
        t("scoring.pad.choose", lang),
        ids,
        format_func=lambda gid: f"#{gid} · {short(', '.join(by_id[gid].players), 60)}",
        key="sp_saved",
    )
    left, right = st.columns(2)
    with left:
        st.button(t("scoring.pad.resume", lang), key="sp_resume", on_click=_cb_resume)
    with right:
        st.button(t("scoring.pad.delete", lang), key="sp_delete", on_click=_cb_ask_delete)
    pending = st.session_state.get("sp_confirm_delete")
    if pending in by_id:
        st.warning(
            t(
                "scoring.pad.confirm_delete",
                lang,
                number=pending,
                players=md(", ".join(by_id[pending].players)),
            )
        )
        yes, no = st.columns(2)
        with yes:
            st.button(
                t("scoring.pad.delete_yes", lang),
                key="sp_delete_yes",
                type="primary",
                on_click=_cb_delete,
                args=(pending,),
            )
        with no:
            st.button(
                t("scoring.pad.delete_no", lang), key="sp_delete_no", on_click=_cb_cancel_delete
            )


def score_pad(lang: str) -> None:
    st.write(t("scoring.pad.intro", lang))
    path = sp.default_db_path()
    gid = st.session_state.get("sp_game")
    game: sp.Game | None = None
    games: list[sp.Game] = []
    try:
        if path.exists():  # nothing is written before the first game starts
            with sp.ScoreStore(path) as store:
                if gid is not None:
                    try:
                        game = store.load_game(gid)
                    except sp.GameNotFound:
                        game = None
                games = store.list_games()
    except sp.StoreError as exc:
        show_messages("top", lang)
        st.error(t(f"scoring.store.{exc.code}", lang, path=md(exc.path)))
        st.caption(t("scoring.store.hint", lang, var=sp.ENV_DB))
        st.session_state["sp_flash"] = []
        return
    if gid is not None and game is None:  # deleted meanwhile: say it once, at the top
        st.session_state.pop("sp_game", None)
        st.session_state["sp_flash"] = [
            item for item in st.session_state.get("sp_flash", []) if item[2] != "scoring.pad.gone"
        ]
        say("top", "warning", "scoring.pad.gone")
    show_messages("top", lang)
    if game is None:
        start_form(lang)
    else:
        st.session_state.setdefault("sp_seen", {})[game.id] = game.version
        st.session_state["sp_players"] = game.players
        game_view(game, lang)
    st.divider()
    saved_games(games, lang)
    st.session_state["sp_flash"] = []  # a message is shown once, where it belongs, or never


lang = frame("scoring")
st.title(t("nav.scoring", lang))
check_tab, pad_tab = st.tabs([t("scoring.tab.check", lang), t("scoring.tab.pad", lang)])
with check_tab:
    round_checker(lang)
with pad_tab:
    score_pad(lang)
