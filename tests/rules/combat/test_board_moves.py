"""Moving between rows and a turned back (RULES 3.1, issue 14 item 1): the move is
a logged, undoable action (classic: it takes the attack; 0.8: metres against
Move, RULES 2); moves off the board or too far are refused naming the rule; the
"back_turned" condition (set by the GM or by fleeing) costs 10 defence against
a strike from behind. Numbers worked by hand from RULES 1.5, 2 and 3.1."""

from __future__ import annotations

import random

import pytest

from tests.rules.combat import v08_setup
from tests.rules.combat.specials_helpers import roll
from tests.rules.combat.test_board_rows import BOARD, SWORD, rows_pair
from tests.rules.combat.test_specials_rolls import disarm_hit
from tests.rules.combat.test_steps import compare, stepped_round
from yags_desk.rules.combat.attack_classic import AttackDice, resolve_attack
from yags_desk.rules.combat.attack_v08 import resolve_attack_v08
from yags_desk.rules.combat.events import (
    ActionLost,
    Attack,
    Declare,
    MoveRow,
    Override,
    SetCondition,
    SetOption,
)
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.phase_v08 import speed
from yags_desk.rules.combat.procedure_classic import auto_round
from yags_desk.rules.combat.procedure_v08 import auto_round_v08
from yags_desk.rules.combat.sentences import describe
from yags_desk.rules.combat.specials_classic import disarm_check
from yags_desk.rules.combat.steps import next_step
from yags_desk.rules.dice import open_roll_from_typed as typed
from yags_desk.rules.errors import RulesError

BACK = SetOption(option="back_turned", value=True)
DICE = AttackDice(typed((5, 5)), typed((6, 6)), typed((5, 5)))


def _sentence(log: CombatLog) -> str:
    n = len(log.events) - 1
    return describe(log.events[n], log.state_before(n), log.state)


def test_classic_move_takes_the_attack_and_undoes() -> None:
    log = rows_pair(0, 3)
    log.push(BOARD)
    log.push(Declare(id="ann", action="move", target="bo"))
    log.push(MoveRow(id="ann", row=1))
    assert log.state.fighter("ann").row == 1
    assert _sentence(log) == "Ann moves from row 0 to row 1 (RULES 3.1 the move takes its attack)."
    # The move was Ann's action: no attack this round.
    log.push(Declare(id="bo", action="attack", target="ann", style="Single weapon: Long sword"))
    with pytest.raises(RulesError, match=r"Ann has already attacked this round"):
        log.push(resolve_attack(log.state, "ann", "bo", SWORD, DICE))
    log.undo()
    log.undo()
    assert log.state.fighter("ann").row == 0 and not log.state.fighter("ann").attacked


def test_classic_declared_attack_is_lost_to_a_move() -> None:
    log = rows_pair(1, 2)
    log.push(BOARD)
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    log.push(MoveRow(id="ann", row=0))  # steps back instead of striking
    with pytest.raises(RulesError, match="already attacked"):
        log.push(resolve_attack(log.state, "ann", "bo", SWORD, DICE))
    with pytest.raises(RulesError, match=r"already acted this round; moving between rows "
                                         r"takes the attack \(RULES 3\.1\)"):
        log.push(MoveRow(id="ann", row=1))
    assert log.state.fighter("ann").row == 0


@pytest.mark.parametrize(("move", "message"), [
    (MoveRow(id="ann", row=100), r"^row: row 100 is off the board \(rows 0 to 99\) "
                                 r"\(RULES 3\.1\)"),
    (MoveRow(id="ann", row=-1), r"^row: row -1 is off the board"),
    (MoveRow(id="ann", row=2), r"^row: Ann may move 1 row in one move, not 2 "
                               r"\(RULES 3\.1, rows per move\)"),
    (MoveRow(id="ann", row=0), r"^row: Ann is already in row 0"),
])
def test_bad_moves_are_refused_and_the_log_unchanged(move: MoveRow, message: str) -> None:
    log = rows_pair(0, 3)
    log.push(BOARD)
    before = (log.events, log.state)
    with pytest.raises(RulesError, match=message):
        log.push(move)
    assert (log.events, log.state) == before


def test_rows_per_move_is_the_gms_number_and_the_option_is_needed() -> None:
    log = rows_pair(0, 3)
    with pytest.raises(RulesError, match=r"only with the option \"Battle board rows\""):
        log.push(MoveRow(id="ann", row=1))
    log.push(BOARD)
    log.push(SetOption(option="board_rows_per_move", value=2))
    log.push(MoveRow(id="ann", row=2))
    assert log.state.fighter("ann").row == 2


def test_v08_moves_count_metres_against_move() -> None:
    # Brenna: Move = Size 5 + Strength 3 + Agility 3 + 1 = 12; half Move 6 m.
    log = v08_setup.fight(bandit=True)
    log.push(BOARD)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    assert speed(log.state, log.state.fighter("brenna")) == "normal"
    log.push(MoveRow(id="brenna", row=0))  # 1 row x 5 m = 5 m: free, attacks as declared
    assert speed(log.state, log.state.fighter("brenna")) == "normal"
    log.push(MoveRow(id="brenna", row=1))  # 10 m in all: past half Move, a slow attack
    assert speed(log.state, log.state.fighter("brenna")) == "slow"
    assert _sentence(log) == ("Brenna moves from row 0 to row 1 (RULES 3.1 5 m, 10 m of "
                              "Move 12 this round).")
    log.push(MoveRow(id="brenna", row=0))  # 15 m: beyond Move, no attack this round
    assert log.state.fighter("brenna").attacked
    assert _sentence(log).endswith("15 m of Move 12 this round: no attack this round).")
    with pytest.raises(RulesError, match="already attacked"):
        log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10)))


def test_v08_after_attacking_only_half_move() -> None:
    log = v08_setup.fight()
    log.push(BOARD)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    log.push(resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(10, 10)))
    with pytest.raises(RulesError, match=r"only up to half its Move \(6 m\), not 10 m"):
        log.push(MoveRow(id="brenna", row=3))
    log.push(MoveRow(id="brenna", row=0))  # 5 m
    assert log.state.fighter("brenna").row == 0


def test_classic_back_turned_costs_10_defence_only_while_on() -> None:
    log = rows_pair(0, 1)
    log.push(SetCondition(id="bo", condition="back_turned"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    high = AttackDice(typed((5, 5)), typed((9, 9)), typed((5, 5)))
    # Off: 24 against 11 + 18 = 29, a miss. On: 29 - 10 = 19, a hit.
    off = resolve_attack(log.state, "ann", "bo", SWORD, high)
    assert (off.defence_total, off.hit) == (29, False)
    log.push(BACK)
    e = resolve_attack(log.state, "ann", "bo", SWORD, high)
    assert (e.defence_total, e.hit) == (19, True)
    assert ("target's defence: RULES 3.1 back turned", -10) in e.modifiers
    # Never below the 15 of RULES 1.5: 11 + 12 - 10 = 13 counts 15.
    assert resolve_attack(log.state, "ann", "bo", SWORD, DICE).defence_total == 15


def test_back_turned_on_one_fighter_only() -> None:
    log = rows_pair(0, 1)
    log.push(BACK)
    log.push(SetCondition(id="bo", condition="back_turned:archer"))
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Bo turned its back on the archer, not on Ann: no change against Ann.
    assert resolve_attack(log.state, "ann", "bo", SWORD, DICE).defence_total == 23


def test_fleeing_turns_the_back_and_the_strike_is_out_of_range() -> None:
    log = rows_pair(0, 1)
    log.push(BOARD)
    log.push(BACK)
    log.push(MoveRow(id="bo", row=2, flee=True))
    assert log.state.fighter("bo").has("back_turned")
    assert _sentence(log) == ("Bo flees from row 1 to row 2 (RULES 3.1 the move takes its "
                              "attack, its back turned).")
    log.push(Declare(id="ann", action="attack", target="bo", style=SWORD))
    # Two rows: +10 out of range; back turned: -10: 23 again.
    e = resolve_attack(log.state, "ann", "bo", SWORD, DICE)
    assert e.defence_total == 23
    log.push(SetOption(option="back_turned", value=False))
    assert resolve_attack(log.state, "ann", "bo", SWORD, DICE).defence_total == 33


def test_v08_back_turned() -> None:
    # Brenna 21 + 5 = 26 against the Orc's 11 + 18 = 29, a miss; back turned 19, a hit.
    log = v08_setup.fight()
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    log.push(SetCondition(id="orc", condition="back_turned"))
    off = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 18))
    assert (off.defence_total, off.hit) == (29, False)
    log.push(BACK)
    on = resolve_attack_v08(log.state, "brenna", "orc", v08_setup.dice(5, 18))
    assert (on.defence_total, on.hit) == (19, True)


def test_classic_auto_round_closes_in_instead_of_striking_out_of_reach() -> None:
    log = rows_pair(0, 4)
    log.push(BOARD)
    events, state = auto_round(log.state, random.Random(3), only={"ann", "bo"})
    moves = [e for e in events if isinstance(e, MoveRow)]
    assert {(m.id, m.row) for m in moves} == {("ann", 1), ("bo", 3)}
    assert not any(isinstance(e, Attack) for e in events)
    for e in events:
        log.push(e)
    # Next round, two rows apart: within twice the reach, they strike at +10.
    events, _ = auto_round(log.state, random.Random(3), only={"ann", "bo"})
    attacks = [e for e in events if isinstance(e, Attack)]
    assert attacks and not any(isinstance(e, MoveRow) for e in events)
    assert all(("target's defence: RULES 3.1 out of range (2 rows, reach 1)", 10)
               in e.modifiers for e in attacks)


def test_v08_auto_round_moves_then_strikes() -> None:
    # Brenna row 1, Orc row 2, Bandit row 3: Brenna is in reach of the Orc. Put
    # the Orc 5 rows away: it moves 2 rows (10 m, within Move 13) and cannot strike.
    log = v08_setup.fight()
    log.push(BOARD)
    log.push(Override(id="orc", field="row", value=6, reason="far"))
    events = auto_round_v08(log.state, random.Random(5))
    moves = [(e.id, e.row) for e in events if isinstance(e, MoveRow)]
    # Brenna (Move 12 -> 2 rows) goes to row 3, the Orc (Move 13 -> 2 rows) to row 4:
    # one row apart, but each moved 10 m (past half Move) and strikes slowly.
    assert moves == [("orc", 4), ("brenna", 3)] or moves == [("brenna", 3), ("orc", 4)]
    assert not any(isinstance(e, ActionLost) for e in events)


def test_back_turned_costs_5_on_the_disarm_contest() -> None:
    # The disarm contest of test_specials_rolls: Bandit 12 + dice against Aldric's
    # 10 + dice. Bandit rolls 3 3 (18), Aldric 5 4 (19): Aldric keeps his sword;
    # his back turned on the Bandit: 19 - 5 = 14, he drops it (RULES 3.1).
    log = disarm_hit()
    log.push(SetCondition(id="aldric", condition="back_turned"))
    off = disarm_check(log.state, "bandit", roll(3, 3), roll(5, 4))
    assert (off.total, off.target, off.passed) == (18, 19, False)
    log.push(BACK)
    on = disarm_check(log.state, "bandit", roll(3, 3), roll(5, 4))
    assert (on.total, on.target, on.passed) == (18, 14, True)


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_stepped_rounds_close_in_like_the_automatic_rounds(edition: str) -> None:
    # Far apart with board rows on, stepping a round (the board's Next and
    # Auto-resolve) declares the closing moves the automatic round makes, and
    # both play the same events round after round until the fight is joined.
    if edition == "classic":
        log = rows_pair(0, 5)
    else:
        log = v08_setup.fight(bandit=True)
        log.push(Override(id="bandit", field="row", value=9, reason="far"))
        log.push(Override(id="orc", field="row", value=8, reason="far"))
    log.push(BOARD)
    compare(log, seed=11, rounds=4)
    events, _ = stepped_round(log.state, random.Random(11))
    assert any(isinstance(e, MoveRow) for e in events)


def test_v08_a_move_past_half_move_keeps_the_attack_in_the_slow_phase() -> None:
    # Brenna declares on the Orc, then moves 10 m (past half of Move 12): her
    # attack becomes slow (RULES 2, 3.1). After the Orc and the Bandit strike in
    # the normal phase, the next step is still her slow attack, not the end of
    # the round (the 0.8 melee queue must notice the metres moved).
    log = v08_setup.fight(bandit=True)
    log.push(BOARD)
    v08_setup.declare(log, "brenna", "orc", v08_setup.SWORD)
    v08_setup.declare(log, "orc", "brenna", v08_setup.DAGGER)
    v08_setup.declare(log, "bandit", "brenna", v08_setup.SWORD)
    assert next_step(log.state).fighters == ("brenna",)
    log.push(MoveRow(id="brenna", row=0))
    log.push(MoveRow(id="brenna", row=1))
    for fid in ("orc", "bandit"):
        step = next_step(log.state)
        assert (step.fighters, step.phase) == ((fid,), "normal")
        log.push(resolve_attack_v08(log.state, fid, "brenna", v08_setup.dice(1, 10)))
    step = next_step(log.state)
    assert (step.kind, step.fighters, step.phase) == ("action", ("brenna",), "slow")
