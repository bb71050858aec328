"""A fighter's card shows a RULES 3.3 disabled limb and the weapon it dropped."""

from __future__ import annotations

from tests.rules.combat.test_limbs import _blow, _classic
from tests.rules.combat.test_surprised import SWORD
from yags_desk.qt.battle.canvas import card_lines
from yags_desk.qt.battle.summary import summarize
from yags_desk.rules.combat.attack_classic import resolve_attack


def test_card_shows_the_disabled_arm() -> None:
    log = _classic()
    log.push(resolve_attack(log.state, "ann", "bo", SWORD, _blow((5, 4), 30)))
    s = summarize(log.state, log.state.fighter("bo"))
    assert "disabled main arm" in s.conditions
    assert any("disabled main arm" in line for line in card_lines(s))
    plain = _classic(on=False)
    plain.push(resolve_attack(plain.state, "ann", "bo", SWORD, _blow((5, 4), 30)))
    assert "disabled" not in summarize(plain.state, plain.state.fighter("bo")).conditions
