"""RuleSet: the official rules and the house-rule options (RULES.md), and the presets."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

from uno.errors import ScenarioError, check_plain

__all__ = [
    "DEFAULT_TARGET",
    "OPTION_RULES",
    "PRESETS",
    "SWITCHES",
    "RuleSet",
    "as_ruleset",
    "game_winners",
]

CatchWindow = Literal["next_player", "own_next_turn"]
Scoring = Literal["standard", "lowest"]


_PRESET_NAMES: Final = ("official", "single_round", "house", "party")
#: R-SCORE-2: the points that win the game.
DEFAULT_TARGET: Final = 500


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every option of RULES.md. The defaults are the official rules.

    ``preset`` only records the name the options started from (for display and scenario files).
    """

    preset: str = "official"
    stacking: bool = False  # H-STACK
    seven_zero: bool = False  # H-70
    jump_in: bool = False  # H-JUMP
    wd4_anytime: bool = False  # H-NOBLUFF
    draw_until_playable: bool = False  # H-DRAWPLAY
    strict_penalties: bool = False  # R-PEN-1
    uno_catch_window: CatchWindow = "next_player"  # R-UNO-2
    target_score: int | None = DEFAULT_TARGET  # R-SCORE-2
    scoring: Scoring = "standard"  # R-SCORE-3

    def __post_init__(self) -> None:
        # A RuleSet is always one that a scenario file can hold: a known preset, valid values.
        if self.preset not in _PRESET_NAMES:
            raise ScenarioError(
                "unknown_preset",
                "rules.preset",
                self.preset,
                f"rules.preset: unknown preset {self.preset!r} (known: {', '.join(_PRESET_NAMES)})",
            )
        for name in _OPTION_NAMES:
            _check_option(name, getattr(self, name), f"rules.{name}")

    @classmethod
    def official(cls) -> RuleSet:
        return PRESETS["official"]

    @classmethod
    def preset_named(cls, name: str) -> RuleSet:
        try:
            return PRESETS[name]
        except KeyError:
            raise ScenarioError(
                "unknown_preset",
                "rules.preset",
                name,
                f"rules.preset: unknown preset {name!r} (known: {', '.join(PRESETS)})",
            ) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str = "rules") -> RuleSet:
        """Read the scenario form ``{"preset": "official", "stacking": true, ...}``."""
        if not isinstance(data, Mapping):
            raise ScenarioError(
                "bad_type", where, data, f"{where}: expected an object, got {data!r}"
            )
        name = data.get("preset", "official")
        if not isinstance(name, str):
            raise ScenarioError(
                "bad_type",
                f"{where}.preset",
                name,
                f"{where}.preset: expected a name, got {name!r}",
            )
        base = cls.preset_named(name)
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key == "preset":
                continue
            if key not in _OPTION_NAMES:
                raise ScenarioError(
                    "unknown_option",
                    f"{where}.{key}",
                    key,
                    f"{where}.{key}: unknown rule option {key!r}",
                )
            _check_option(key, value, f"{where}.{key}")
            changes[key] = value
        return replace(base, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The scenario form: the preset's name and the options that differ from it."""
        base = PRESETS[self.preset]
        out: dict[str, Any] = {"preset": self.preset}
        for name in _OPTION_NAMES:
            value = getattr(self, name)
            if value != getattr(base, name):
                out[name] = value
        return out

    def options(self) -> dict[str, Any]:
        """Every option and its value (without the preset name)."""
        return {name: getattr(self, name) for name in _OPTION_NAMES}

    def is_official(self) -> bool:
        return self.options() == PRESETS["official"].options()

    def house_rules_on(self) -> list[str]:
        """Rule ids of the unofficial options switched on (always labelled unofficial)."""
        return [OPTION_RULES[name] for name in _HOUSE_FLAGS if getattr(self, name)]


_OPTION_NAMES: Final[tuple[str, ...]] = tuple(f.name for f in fields(RuleSet) if f.name != "preset")
_HOUSE_FLAGS: Final = ("stacking", "seven_zero", "jump_in", "wd4_anytime", "draw_until_playable")
#: Every on/off option: the unofficial house rules, then R-PEN-1's strict table mode.
SWITCHES: Final = (*_HOUSE_FLAGS, "strict_penalties")

#: The ruling each option switches (RULES.md).
OPTION_RULES: Final[dict[str, str]] = {
    "stacking": "H-STACK",
    "seven_zero": "H-70",
    "jump_in": "H-JUMP",
    "wd4_anytime": "H-NOBLUFF",
    "draw_until_playable": "H-DRAWPLAY",
    "strict_penalties": "R-PEN-1",
    "uno_catch_window": "R-UNO-2",
    "target_score": "R-SCORE-2",
    "scoring": "R-SCORE-3",
}


def _check_option(key: str, value: Any, where: str) -> None:
    ok: bool
    if key == "uno_catch_window":
        ok = value in ("next_player", "own_next_turn")
    elif key == "scoring":
        ok = value in ("standard", "lowest")
    elif key == "target_score":
        ok = value is None or (
            isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 1_000_000
        )
    else:
        ok = isinstance(value, bool)
    if not ok:
        raise ScenarioError(
            "bad_option_value", where, value, f"{where}: {value!r} is not a valid value for {key!r}"
        )


#: The presets by name (their names are _PRESET_NAMES, in this order).
PRESETS: Final[dict[str, RuleSet]] = {
    # Mattel's rules as RULES.md reads them.
    "official": RuleSet(preset="official"),
    # One round, winner takes all: a short game for a lesson or a class.
    "single_round": RuleSet(preset="single_round", target_score=None),
    # The kitchen-table game most families play: stack Draw cards, draw until you can play.
    "house": RuleSet(preset="house", stacking=True, draw_until_playable=True),
    # Everything lively at once: stacking, 7-0 swaps and jump-ins.
    "party": RuleSet(preset="party", stacking=True, seven_zero=True, jump_in=True),
}


def as_ruleset(rules: RuleSet | str | Mapping[str, Any] | None) -> RuleSet:
    """Accept what ``new_game`` and friends accept: a RuleSet, a preset name, a scenario dict."""
    if rules is None:
        return PRESETS["official"]
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, str):
        return RuleSet.preset_named(rules)
    if isinstance(rules, Mapping):
        check_plain(dict(rules), "rules")
        return RuleSet.from_dict(rules)
    check_plain(rules, "rules")
    raise ScenarioError(
        "bad_type", "rules", type(rules).__name__, "rules: expected a preset name or an object"
    )


def game_winners(
    scores: Sequence[int], round_winner: int, *, target: int | None, scoring: str = "standard"
) -> tuple[int, ...]:
    """The one winner rule (R-SCORE-2, R-SCORE-3), for the engine and the score pad alike: the
    seats that won the game once the round that ``round_winner`` won is scored into ``scores``,
    or ``()`` while the game goes on.

    ``standard``: the round's winner wins the game when their total reaches ``target`` (``None``:
    one round, winner takes all). ``lowest``: each total holds the points left in its own hand;
    when one reaches ``target`` (or after the one round), the lowest total wins, ties sharing.
    """
    if scoring == "lowest":
        if target is not None and max(scores) < target:
            return ()
        low = min(scores)
        return tuple(seat for seat, total in enumerate(scores) if total == low)
    if target is None or scores[round_winner] >= target:
        return (round_winner,)
    return ()
