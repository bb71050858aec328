"""A derived number that remembers how it was made (for tooltips and sheets)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from yags_desk.rules.cached import cached_property

__all__ = ["Value", "pct", "signed"]


def pct(attribute: int, skill_percent: int) -> int:
    """attribute x skill%, rounded down once after multiplying (RULES 1.1)."""
    return (attribute * skill_percent) // 100


def signed(n: int | float) -> str:
    if isinstance(n, float) and not n.is_integer():
        return f"{n:+g}"
    return f"{int(n):+d}"


@dataclass(frozen=True)
class Value:
    """A total and the labelled parts it was added up from."""

    parts: tuple[tuple[str, int], ...]

    @cached_property  # read over and over from a fighter's cached derive() (issue 18)
    def total(self) -> int:
        return sum(v for _, v in self.parts)

    def plus(self, label: str, amount: int) -> Value:
        """A new Value with one more part; zero parts are left out."""
        if amount == 0:
            return self
        return Value((*self.parts, (label, amount)))

    def explain(self) -> str:
        """One line per part, then the total: what a tooltip shows."""
        lines = [f"{signed(v) if i else v}  {label}" for i, (label, v) in enumerate(self.parts)]
        lines.append(f"= {self.total}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {"total": self.total, "parts": [[label, v] for label, v in self.parts]}

    @staticmethod
    def of(label: str, amount: int) -> Value:
        return Value(((label, amount),))
