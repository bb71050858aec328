"""Classic healing entries and their tables (RULES 1.10, RULES 1.6).

Every roll entry records its dice (``2d10!``, RULES 1.1), the parts added
before the dice, the total, the fumble and the result. The model checks the
arithmetic (a hand-edited file cannot claim a total its dice do not give);
the reducer (:mod:`healing.classic`) checks what depends on the patient's
condition at that moment (category, difficulty, time).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from yags_desk.rules.dice import MAX_TYPED_DICE, open_roll_from_typed
from yags_desk.rules.healing.base import _Entry
from yags_desk.rules.healing.clock import days_text

__all__ = [
    "CARER_SKILLS",
    "DEFAULT_FUMBLE",
    "DYING_FUMBLE",
    "DYING_TARGET",
    "FIRST_AID_DIFFICULTY",
    "HEALING_TARGET",
    "RECOVERY_COLUMNS",
    "RECOVERY_DAYS",
    "RECOVERY_FUMBLE",
    "CarerHelp",
    "DyingRoll",
    "FirstAid",
    "HurtCheck",
    "LightCheck",
    "RecoveryEnd",
    "RecoveryRoll",
    "UntendedFatigue",
    "carer_bonus",
    "recovery_days",
]

DEFAULT_FUMBLE = 3  # RULES 1.1
# RULES 1.10: first aid difficulty by the patient's wound category.
FIRST_AID_DIFFICULTY = {"Hurt": 10, "Light": 15, "Medium": 15, "Serious": 20, "Critical": 20,
                        "Fatal": 25}
HEALING_TARGET = 15  # RULES 1.10: Hurt (hourly) and Light (nightly) stamina rolls
# RULES 1.6: unconscious through a Fatal wound, a stamina roll 20+ each minute, fumble 4.
DYING_TARGET = 20
DYING_FUMBLE = 4
# RULES 1.10: the recovery-days table. Columns are the lowest total of each
# column; None is "coma, death".
RECOVERY_COLUMNS = (0, 10, 15, 20, 25, 30, 40)
RECOVERY_DAYS: dict[str, tuple[int | None, ...]] = {
    "Medium": (15, 10, 5, 3, 2, 1, 1),
    "Serious": (30, 20, 15, 10, 7, 3, 2),
    "Critical": (80, 60, 45, 30, 20, 15, 10),
    "Fatal": (None, None, 120, 80, 60, 45, 30),
}
RECOVERY_FUMBLE = {"Medium": 3, "Serious": 3, "Critical": 4, "Fatal": 5}  # RULES 1.10
# RULES 1.10: which carer skill helps which category.
CARER_SKILLS: dict[str, tuple[str, ...]] = {
    "First aid": ("Hurt", "Light"),
    "Chirurgery": ("Hurt", "Light", "Medium", "Serious", "Critical", "Fatal"),
}

RecoveryCategory = Literal["Medium", "Serious", "Critical", "Fatal"]
Category = Literal["Hurt", "Light", "Medium", "Serious", "Critical", "Fatal"]


def recovery_days(category: str, total: int) -> int | None:
    """Days to drop one category for a recovery roll ``total`` (RULES 1.10).

    None is "coma, death". A total below 0 reads the 0+ column [decision]:
    the table has no lower column.
    """
    column = 0
    for i, low in enumerate(RECOVERY_COLUMNS):
        if total >= low:
            column = i
    return RECOVERY_DAYS[category][column]


def carer_bonus(total: int, patients: int, fumble: bool) -> int:
    """Half the carer's total, rounded down, divided among the patients (RULES 1.10).

    [decision] The division rounds down: (total // 2) // patients, which is the
    same as total // (2 x patients). A fumbled or negative carer roll adds nothing.
    """
    if fumble or total <= 0:
        return 0
    return (total // 2) // patients


def _check_dice(dice: tuple[int, ...]) -> tuple[int, ...]:
    return open_roll_from_typed(dice).dice


class CarerHelp(BaseModel):
    """A carer's roll for the patients they look after (RULES 1.10).

    Intelligence x First aid% (Hurt, Light) or x Chirurgery% (any) + 2d10!,
    with the carer's own wound and fatigue penalties. One roll serves every
    patient the carer tends; each patient's entry carries it with its share.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    carer: str = Field(min_length=1, max_length=100)
    skill: Literal["First aid", "Chirurgery"]
    base: int = Field(ge=0, le=10_000)  # Intelligence x skill%, rounded down
    penalty: int = Field(default=0, ge=-100, le=0)
    dice: tuple[int, ...] = Field(max_length=MAX_TYPED_DICE)
    total: int
    fumble: bool
    patients: int = Field(default=1, ge=1, le=50)
    bonus: int = Field(ge=0)

    valid_dice = field_validator("dice")(_check_dice)

    @model_validator(mode="after")
    def _arithmetic(self) -> CarerHelp:
        if self.total != self.base + self.penalty + sum(self.dice):
            raise ValueError(f"carer.total: {self.total} is not {self.base} "
                             f"{self.penalty:+d} + dice {sum(self.dice)}")
        if self.fumble != (self.dice[0] + self.dice[1] <= DEFAULT_FUMBLE):
            raise ValueError("carer.fumble: does not match the first two dice (RULES 1.1)")
        expected = carer_bonus(self.total, self.patients, self.fumble)
        if self.bonus != expected:
            raise ValueError(f"carer.bonus: half of {self.total} shared by {self.patients} "
                             f"is {expected}, not {self.bonus} (RULES 1.10)")
        return self


class _Roll(_Entry):
    """An open-ended roll: parts before the dice + 2d10!, with its fumble (RULES 1.1)."""

    dice: tuple[int, ...] = Field(max_length=MAX_TYPED_DICE)
    modifier: int = Field(default=0, ge=-100, le=100)  # the GM's situational modifier
    fumble_chance: int = Field(ge=1, le=20)
    total: int
    fumble: bool

    valid_dice = field_validator("dice")(_check_dice)

    def before_dice(self) -> int:
        """Everything added to the dice (overridden by each roll)."""
        return self.modifier

    @model_validator(mode="after")
    def _roll_arithmetic(self) -> _Roll:
        if self.total != self.before_dice() + sum(self.dice):
            raise ValueError(f"total: {self.total} is not {self.before_dice()} + dice "
                             f"{sum(self.dice)}")
        if self.fumble != (self.dice[0] + self.dice[1] <= self.fumble_chance):
            raise ValueError(f"fumble: the first two dice against fumble chance "
                             f"{self.fumble_chance} say {not self.fumble} (RULES 1.1)")
        return self


class _Check(_Roll):
    """A roll against a target: success is total >= target and no fumble."""

    target: int
    success: bool

    @model_validator(mode="after")
    def _success(self) -> _Check:
        if self.success != (not self.fumble and self.total >= self.target):
            raise ValueError(f"success: {self.total} against {self.target}"
                             f"{' (fumbled)' if self.fumble else ''} is "
                             f"{'a failure' if self.success else 'a success'}")
        return self


class _StaminaCheck(_Check):
    """A patient's stamina roll with an optional carer's bonus."""

    stamina: int = Field(ge=0, le=100)
    carer: CarerHelp | None = None

    def before_dice(self) -> int:
        return self.stamina + self.modifier + (self.carer.bonus if self.carer else 0)


class FirstAid(_Check):
    """Dexterity x First aid% + 2d10! against the category's difficulty (RULES 1.10).

    ``healer`` is the name of who gave it; ``self_aid`` when the patient tended
    their own wounds (their current penalties apply). Success marks the
    wounds tended, which also ends the Fatal dying rolls (RULES 1.6).
    """

    kind: Literal["first_aid"] = "first_aid"
    healer: str = Field(min_length=1, max_length=100)
    self_aid: bool = False
    base: int = Field(ge=0, le=10_000)  # Dexterity x First aid%, rounded down
    penalty: int = Field(default=0, ge=-100, le=0)  # the healer's wound and fatigue penalties
    category: Category

    def before_dice(self) -> int:
        return self.base + self.penalty + self.modifier

    @model_validator(mode="after")
    def _difficulty(self) -> FirstAid:
        if self.target != FIRST_AID_DIFFICULTY[self.category]:
            raise ValueError(f"target: first aid on {self.category} wounds is difficulty "
                             f"{FIRST_AID_DIFFICULTY[self.category]} (RULES 1.10)")
        return self


class UntendedFatigue(_Entry):
    """Untended wounds (not Fatal) give +1 long-term fatigue per full hour (RULES 1.10).

    ``hours`` counted since the last such entry (or the start); ``levels`` the
    fatigue actually gained (fewer when the track fills).
    """

    kind: Literal["untended_fatigue"] = "untended_fatigue"
    hours: int = Field(ge=1, le=100_000)
    levels: int = Field(ge=0, le=200)


class HurtCheck(_StaminaCheck):
    """After an hour's rest, stamina 15+ heals a tended Hurt patient (RULES 1.10)."""

    kind: Literal["hurt_check"] = "hurt_check"


class LightCheck(_StaminaCheck):
    """After a night's rest, stamina 15+ heals a tended Light patient (RULES 1.10)."""

    kind: Literal["light_check"] = "light_check"


class RecoveryRoll(_Roll):
    """A stamina roll on the recovery-days table for Medium and worse (RULES 1.10).

    ``days`` to drop one category, or None for "coma, death". A fumble means
    the patient loses a further body level at the end of the period instead
    (death if Fatal).
    """

    kind: Literal["recovery_roll"] = "recovery_roll"
    category: RecoveryCategory
    stamina: int = Field(ge=0, le=100)
    carer: CarerHelp | None = None
    days: int | None

    def before_dice(self) -> int:
        return self.stamina + self.modifier + (self.carer.bonus if self.carer else 0)

    @model_validator(mode="after")
    def _table(self) -> RecoveryRoll:
        if self.fumble_chance != RECOVERY_FUMBLE[self.category]:
            raise ValueError(f"fumble_chance: {RECOVERY_FUMBLE[self.category]} for "
                             f"{self.category} (RULES 1.10)")
        expected = recovery_days(self.category, self.total)
        if self.days != expected:
            shown = "coma, death" if expected is None else days_text(expected)
            raise ValueError(f"days: the table gives {shown} for {self.category} at "
                             f"{self.total} (RULES 1.10)")
        return self


class RecoveryEnd(_Entry):
    """The end of a recovery period: one category better, or worse after a fumble.

    ``outcome`` is ``healed`` (drops one category), ``worse`` (a fumbled
    roll: one more body level) or ``dead`` (a fumbled roll while Fatal).
    """

    kind: Literal["recovery_end"] = "recovery_end"
    category: RecoveryCategory
    outcome: Literal["healed", "worse", "dead"]


class DyingRoll(_Check):
    """Fatal, untended and unconscious: stamina 20+ each minute (fumble 4) or die (RULES 1.6)."""

    kind: Literal["dying_roll"] = "dying_roll"
    stamina: int = Field(ge=0, le=100)

    def before_dice(self) -> int:
        return self.stamina + self.modifier
