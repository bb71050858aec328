"""Errors raised by the rules core; all are ``ValueError`` so callers can catch one type."""

from __future__ import annotations


class RulesError(ValueError):
    """A request the rules do not allow; the message says which rule and why."""


class DiceError(RulesError):
    """A dice expression or typed-in dice that cannot be used."""
