"""Drawing the sandbox board, its story and the end of a round. The engine decides what is
legal; this module lights the playable cards and shows exactly the buttons ``legal_actions``
allows. Player names are user text: they only reach Markdown escaped (``md_escape``)."""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

import uno
from uno.academy.i18n import t
from uno.academy.lessons import lessons
from uno.academy.sandbox import Timeline, md_escape, story_line
from uno.actions import Action
from uno.cards import Card, Color
from uno.engine import Table
from uno.state import GameState, Phase
from uno.ui.cards import card_label, color_badge_html, show_cards

__all__ = ["error_text", "refusal_text", "show_board", "show_round_end", "show_story"]


def lesson_for(rule: str) -> int | None:
    for lesson in lessons():
        if rule in lesson.rules:
            return lesson.number
    return None


def refusal_text(refusal: uno.IllegalAction, lang: str) -> str:
    """The engine's reason in the reader's words, with the ruling and its lesson."""
    text = t(f"reason.{refusal.reason}", lang)
    anchor = refusal.rule.lower()
    links = [f"[{t('lessons.rule', lang, id=refusal.rule)}](reference?lang={lang}#{anchor})"]
    number = lesson_for(refusal.rule)
    if number is not None:
        links.append(
            f"[{t('sandbox.see_lesson', lang, number=number)}](lessons?lang={lang}&lesson={number})"
        )
    return f"{text}  \n" + " · ".join(links)


def error_text(problem: uno.ScenarioError, lang: str) -> str:
    """A scenario or link problem in the reader's words; the bad value shown inert."""
    value = str(problem.value)[:40].replace("`", "'")
    field = str(problem.field)[:60].replace("`", "'")
    try:
        return t(f"scenario_error.{problem.code}", lang, field=f"`{field}`", value=f"`{value}`")
    except KeyError:
        return t("scenario_error.wrong_phase", lang, field=f"`{field}`", value=f"`{value}`")


def _word(value: Any, lang: str) -> Any:
    if isinstance(value, Card):
        return card_label(value, lang)
    if isinstance(value, Color):
        return t(f"color.{value.name}", lang)
    return value


def story_lines(events: list[uno.Event], names: list[str], lang: str) -> list[str]:
    lines = []
    for event in events:
        line = story_line(event, names)
        if line is None:
            continue
        key, values = line
        lines.append(t(key, lang, **{k: _word(v, lang) for k, v in values.items()}))
    return lines


def show_story(timeline: Timeline, lang: str) -> None:
    names = [md_escape(n) for n in timeline.current.players]
    lines = story_lines(timeline.story(), names, lang)
    if not lines:
        st.caption(t("sandbox.story_empty", lang))
        return
    st.markdown("\n".join(f"- {line}" for line in lines[-12:]))
    if len(lines) > 12:
        with st.expander(t("sandbox.story_all", lang, count=len(lines))):
            st.markdown("\n".join(f"{i}. {line}" for i, line in enumerate(lines, start=1)))


def show_round_end(timeline: Timeline, lang: str) -> None:
    """The points breakdown from the engine's own scoring event (R-SCORE-1..3)."""
    won = [e for e in timeline.story() if e.type == "round_won"]
    if not won:
        return
    event = won[-1]
    state = timeline.current
    st.success(
        t(
            "sandbox.round_over",
            lang,
            name=md_escape(state.players[event.seat]),
            points=event.points,
        )
    )
    rows = [
        {
            t("sandbox.col_player", lang): state.players[seat],
            t("sandbox.col_cards", lang): ", ".join(card_label(c, lang) for c in state.hands[seat]),
            t("sandbox.col_points", lang): event.hand_points[seat],
            t("sandbox.col_total", lang): state.scores[seat],
        }
        for seat in range(state.n_players)
    ]
    st.dataframe(pd.DataFrame(rows), hide_index=True, use_container_width=True)
    if state.phase is Phase.GAME_OVER:
        winners = ", ".join(md_escape(state.players[s]) for s in state.game_winners)
        st.balloons()
        st.success(t("sandbox.game_over", lang, names=winners))


def _status(state: GameState, names: list[str], lang: str) -> None:
    left, right = st.columns([1, 3])
    with left:
        st.caption(t("lessons.top_card", lang))
        named = state.current_color if state.top.is_wild else None
        show_cards([state.top], lang, size="lg", named=named, caption=True)
        if state.current_color is not None:
            st.html(color_badge_html(state.current_color, lang))
    with right:
        turn = names[state.turn]
        if state.is_over:
            waiting = t(f"phase.{state.phase}", lang, name=turn)
        elif state.phase is Phase.PLAY and state.pending_draw:
            waiting = t("phase.pending", lang, name=turn, count=state.pending_draw)
        else:
            waiting = t(f"phase.{state.phase}", lang, name=turn)
        st.markdown(f"**{waiting}**")
        arrow = t("sandbox.dir.1" if state.direction == 1 else "sandbox.dir.-1", lang)
        st.caption(
            t("sandbox.status", lang, pile=len(state.draw_pile), direction=arrow)
            + "  \n"
            + " · ".join(f"{n}: {s}" for n, s in zip(names, state.scores, strict=True))
        )
        if state.rules.house_rules_on():
            st.caption(t("sandbox.house_rules", lang, ids=", ".join(state.rules.house_rules_on())))


def show_board(state: GameState, lang: str, controllers: list[str], hide: bool) -> Action | None:
    """Draw the board; return the action a human chose with a button (or None)."""
    names = [md_escape(n) for n in state.players]
    _status(state, names, lang)
    legal = uno.legal_actions(state)
    turn = state.turn
    human_turn = controllers[turn] == "human" and not state.is_over
    playable = set(uno.playable_cards(state)) if human_turn else set()
    chosen: Action | None = None
    table = Table.from_state(state, record=False)

    hand = state.hands[turn]
    wild_color = "R"
    swap: int | None = None
    say_uno = False
    if human_turn and state.phase in (Phase.PLAY, Phase.DRAWN, Phase.CHALLENGE):
        options = st.columns(3)
        if any(c.is_wild for c in hand):
            wild_color = options[0].selectbox(
                t("lessons.wild_color", lang),
                [c.name for c in Color],
                key="sb_wild_color",
                format_func=lambda code: t(f"color.{code}", lang),
            )
        if state.rules.seven_zero and any(c.number == 7 for c in hand) and len(hand) > 1:
            others = [s for s in range(state.n_players) if s != turn]
            swap = options[1].selectbox(
                t("sandbox.swap_with", lang),
                others,
                key="sb_swap",
                format_func=lambda s: state.players[s],
            )
        if len(hand) <= 3:
            say_uno = options[2].checkbox(t("sandbox.say_uno", lang), key="sb_say_uno")

    for seat in range(state.n_players):
        cards = sorted(state.hands[seat])
        mark = " ◀" if seat == turn and not state.is_over else ""
        who = (
            t("sandbox.human", lang)
            if controllers[seat] == "human"
            else t(f"bot.{controllers[seat]}.name", lang)
        )
        st.markdown(
            f"**{names[seat]}**{mark} · {who} · "
            + t("lessons.cards_left", lang, name="", count=len(cards)).lstrip(" :")
        )
        face_up = not hide or (seat == turn and controllers[seat] == "human")
        if not face_up:
            show_cards([None] * len(cards), lang, size="sm")
            continue
        if seat == turn and human_turn:
            show_cards(
                cards,
                lang,
                size="md",
                caption=True,
                states=["playable" if c in playable else "unplayable" for c in cards],
            )
            buttons = st.columns(min(max(len(set(cards)), 1), 8))
            for i, card in enumerate(sorted(set(cards))):
                if buttons[i % len(buttons)].button(
                    card_label(card, lang), key=f"sb_card_{seat}_{card}", use_container_width=True
                ):
                    color = Color[wild_color] if card.is_wild else None
                    target = swap if table.swaps(seat, card) else None
                    uno_flag = say_uno and table.cards_after(seat, card, target) == 1
                    chosen = Action(seat, "play", card, color, target, uno_flag)
        else:
            show_cards(cards, lang, size="sm", caption=False)

    # The other moves, exactly when the engine allows them.
    extra: list[tuple[str, Action]] = []
    for action in legal:
        if (
            action.verb in ("draw", "pass", "challenge", "accept")
            and controllers[action.seat] == "human"
        ):
            extra.append((t(f"sandbox.verb.{action.verb}", lang), action))
        elif action.verb == "uno" and controllers[action.seat] == "human":
            extra.append((t("sandbox.verb.uno", lang, name=names[action.seat]), action))
    humans = [s for s in range(state.n_players) if controllers[s] == "human"]
    for exposed in state.uno_exposed:
        catcher = next((s for s in humans if s != exposed), None)
        if catcher is not None:
            extra.append(
                (
                    t("lessons.catch", lang, name=names[exposed]),
                    Action(catcher, "catch", target=exposed),
                )
            )
    seen_jumps: set[int] = set()
    for action in legal:
        if (
            action.verb == "jump"
            and controllers[action.seat] == "human"
            and action.seat not in seen_jumps
            and not action.uno
        ):
            seen_jumps.add(action.seat)
            extra.append(
                (
                    t(
                        "sandbox.verb.jump",
                        lang,
                        name=names[action.seat],
                        card=card_label(action.card, lang) if action.card else "",
                    ),
                    action,
                )
            )
    if extra:
        columns = st.columns(min(len(extra), 5))
        for i, (label, action) in enumerate(extra):
            if columns[i % len(columns)].button(
                label, key=f"sb_act_{action}", use_container_width=True
            ):
                chosen = action
    return chosen
