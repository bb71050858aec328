"""The GM's situational modifier to one attack, with its reason.

RULES 1.1 (classic: attribute × skill% + modifiers + 2d10!) and RULES 2 (0.8:
attribute × skill + modifiers + d20) leave room for modifiers the rules do not
list: high ground, bad footing, a distraction. The GM adds one to an attack;
it goes through the edition's modifier function, so the odds shown and the
attack resolved use it alike, and the Attack event records it with its reason.
"""

from __future__ import annotations

from yags_desk.rules.errors import RulesError

__all__ = ["SITUATIONAL", "SITUATIONAL_LIMIT", "situational", "situational_part"]

SITUATIONAL = "Situational (GM)"
SITUATIONAL_LIMIT = 50  # [decision] a larger change is an override, not a modifier
_REASON_MAX = 100

Mod = tuple[str, int]


def situational(amount: int, reason: str = "") -> Mod | None:
    """The (label, amount) of a GM's modifier, None for 0; refused out of range."""
    reason = " ".join(reason.split())
    if not -SITUATIONAL_LIMIT <= amount <= SITUATIONAL_LIMIT:
        raise RulesError(f"situational modifier: between −{SITUATIONAL_LIMIT} and "
                         f"+{SITUATIONAL_LIMIT}, not {amount:+d}")
    if len(reason) > _REASON_MAX:
        raise RulesError(f"situational modifier: the reason is {len(reason)} characters; "
                         f"keep it under {_REASON_MAX}")
    if amount == 0:
        return None
    return (f"{SITUATIONAL}: {reason}" if reason else SITUATIONAL, amount)


def situational_part(modifiers: tuple[Mod, ...]) -> str:
    """``situational +5: uphill`` from an Attack event's modifiers, or ""."""
    for label, amount in modifiers:
        _, _, rest = label.partition(": ") if label.startswith("attack: ") else ("", "", "")
        if rest.startswith(SITUATIONAL):
            why = rest[len(SITUATIONAL):].removeprefix(": ")
            return f"situational {amount:+d}" + (f": {why}" if why else "")
    return ""
