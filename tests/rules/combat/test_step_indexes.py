"""next_step and the end-of-round checks answer from indexes the fighter map keeps
(issue 18): over whole fights of both editions, each answer equals the one worked
out from a map without indexes (a scan of every fighter), also for states asked
again after later ones (undo), so an index gone stale fails here. So does whom each
fighter would attack (targets.spread_target's index against its scan)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.rules.builders import LONG_SWORD, SHORT_SWORD, classic
from tests.rules.combat.test_missile_v08 import board as v08_archers
from tests.rules.combat.test_missile_v08 import shoot
from tests.rules.combat.test_steps import classic_melee, v08_melee
from yags_desk.rules.combat.due import (
    end_of_round_due,
    end_of_round_due_plain,
    first_end_of_round_due,
)
from yags_desk.rules.combat.events import (
    AddCombatant,
    Declare,
    Initiative,
    Override,
    SetCondition,
)
from yags_desk.rules.combat.fighter_map import _JOURNAL, FighterMap
from yags_desk.rules.combat.log import CombatLog
from yags_desk.rules.combat.procedure_classic import (
    NextAction,
    _least_hurt,
    nearest_enemy,
    next_action,
)
from yags_desk.rules.combat.procedure_v08 import _first_to_act
from yags_desk.rules.combat.procedure_v08 import nearest_enemy as nearest_enemy_v08
from yags_desk.rules.combat.reducer import apply
from yags_desk.rules.combat.state import CombatState, replace
from yags_desk.rules.combat.steps import (
    _CLASSIC_TESTS,
    _V08_TESTS,
    Step,
    _has_foe,
    _lacking_sets,
    auto_events,
    fight_over,
    next_step,
)
from yags_desk.rules.combat.targets import spread_target, standing_sides


def _plain(state: CombatState) -> CombatState:
    """``state`` with a fresh map of its fighters: every index built from scratch."""
    return replace(state, fighters=FighterMap().updated(state.fighters.values()))


KILL_SWORD = "Single weapon: Short sword"


def kill_fight() -> CombatLog:
    def man(fid: str, side: str) -> AddCombatant:
        return AddCombatant(id=fid, name=fid.capitalize(), side=side, character=classic(
            fid.capitalize(), skills={"Single weapon": 100}, weapons=(SHORT_SWORD,)))
    return CombatLog("classic", roster=[man("ann", "a"), man("bo", "b"), man("cy", "b")])


def shortcut_differences(state: CombatState) -> list[str]:
    """Where next_step's shortcuts answer otherwise than the rules they stand for:
    whom next_step asks to declare, roll initiative or go berserk (kept in an index,
    steps._Lacking) against each test over every fighter; whether a fighter has a
    foe (steps._has_foe over targets.standing_sides) against nearest_enemy_v08."""
    found = []
    fm = FighterMap.of(state.fighters)
    tests = _CLASSIC_TESTS if state.edition == "classic" else _V08_TESTS
    kept = _lacking_sets(state)
    for test, ids in zip(tests, kept, strict=True):
        scanned = {f.id for f in fm.values() if test(f)}
        if ids != scanned:
            found.append(f"{test.__name__}: {sorted(ids)} against {sorted(scanned)}")
    sides = standing_sides(state)
    for f in state.fighters.values():
        foe = (nearest_enemy(state, f) if state.edition == "classic"
               else nearest_enemy_v08(state, f.id))
        if _has_foe(sides, f.side) != (foe is not None):
            found.append(f"{f.id}: has a foe {_has_foe(sides, f.side)}")
    return found


def _as_made_by_init(made: Step | NextAction | None) -> None:
    """next_step and next_action make their answers without the frozen dataclasses'
    __init__ (steps._step, procedure_classic._next): each is the object __init__
    makes of its fields, frozen as well."""
    if made is None:
        return
    fields = [f.name for f in dataclasses.fields(made)]
    again = type(made)(*(getattr(made, name) for name in fields))
    assert list(vars(made).items()) == list(vars(again).items())
    assert made == again and hash(made) == hash(again) and repr(made) == repr(again)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "end_round"  # type: ignore[misc]


def _same_answers(state: CombatState) -> None:
    assert shortcut_differences(state) == []
    _as_made_by_init(next_step(state))
    if state.edition == "classic":
        _as_made_by_init(next_action(state))
    plain = _plain(state)
    due = end_of_round_due_plain(plain)
    assert end_of_round_due(state) == due
    assert first_end_of_round_due(state) == (due[0] if due else None)
    assert next_step(state) == next_step(plain)
    # Whom each fighter would attack, from the index (targets._Spread) and by a scan.
    for f in state.active():
        if state.edition == "classic":
            assert nearest_enemy(state, f) == spread_target(state, f, _least_hurt)
        else:
            assert nearest_enemy_v08(state, f.id) == spread_target(state, f, _first_to_act)


def _play(log: CombatLog, seed: int, rounds: int) -> int:
    rng = random.Random(seed)
    start, steps = log.state.round, 0
    while log.state.round < start + rounds and not fight_over(log.state):
        state = log.state
        _same_answers(state)
        for e in auto_events(state, next_step(state), rng):
            log.push(e)
        steps += 1
    return steps


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("seed", [1, 7])
def test_next_step_answers_as_worked_out_from_every_fighter(edition: str, seed: int) -> None:
    log = classic_melee(4) if edition == "classic" else v08_melee(4)
    assert _play(log, seed, rounds=40) > 20
    # Undo: earlier states asked again after the later ones took the indexes on.
    for i in range(log.count, 0, -max(1, log.count // 25)):
        _same_answers(log.state_before(i))


def test_end_of_round_checks_follow_each_check_made() -> None:
    """A fatigue round (round 3) owes a check per conscious fighter: each one rolled
    leaves the list, the next step asks the next in board order."""
    log = classic_melee(4)
    rng = random.Random(3)
    seen: list[str] = []
    while log.state.round < 4 and not fight_over(log.state):
        state = log.state
        _same_answers(state)
        step = next_step(state)
        if step.kind == "end_check" and state.round == 3:
            assert step.pending is not None
            seen.append(step.pending.kind)
        for e in auto_events(state, step, rng):
            log.push(e)
    assert "fatigue" in seen


@pytest.mark.parametrize("edition", ["classic", "0.8"])
@pytest.mark.parametrize("seed", [2, 5])
def test_indexes_asked_after_several_changes_answer_as_a_scan(edition: str, seed: int) -> None:
    """The indexes take in changed fighters when asked (issue 18): replaying a fight
    and asking only every few events, so several changes of the same fighters pile
    up between two questions, gives the answers of a scan every time."""
    log = classic_melee(4) if edition == "classic" else v08_melee(4)
    _play(log, seed, rounds=12)
    rng = random.Random(seed)
    state = _plain(log.state_before(0))  # the roster, with no index yet
    asked = 0
    for i, e in enumerate(log.events):
        state = apply(state, e)
        if i > 8 and rng.random() < 0.3:
            _same_answers(state)
            asked += 1
    assert asked > 10


def test_a_killing_blow_declared_after_the_index_was_asked_is_due() -> None:
    """The end-of-round index, asked before a fighter declares a killing blow in the
    same round, lists it afterwards (RULES 1.6), as a scan does."""
    log = kill_fight()
    log.push(SetCondition(id="cy", condition="unconscious"))
    assert end_of_round_due(log.state) == end_of_round_due_plain(log.state) == []
    log.push(Declare(id="ann", action="kill_helpless", target="cy", style=KILL_SWORD))
    due = end_of_round_due(log.state)
    assert due == end_of_round_due_plain(_plain(log.state))
    assert [p.kind for p in due] == ["killing_blow"]


def test_a_fighter_who_owed_stopped_owing_and_owes_again_is_listed_in_board_order() -> None:
    """The end-of-round index keeps its fighters in board order and skips those who
    no longer owe (due._Due.in_order): one who joins after it was asked takes its
    place, and one who leaves and comes back is listed again before the others
    (RULES 1.6 killing blows)."""
    log = kill_fight()
    log.push(SetCondition(id="ann", condition="unconscious"))

    def owing() -> list[str]:
        due = end_of_round_due(log.state)
        assert due == end_of_round_due_plain(_plain(log.state))
        assert first_end_of_round_due(log.state) == (due[0] if due else None)
        assert all(p.kind == "killing_blow" for p in due)
        return [p.id for p in due]

    log.push(Declare(id="cy", action="kill_helpless", target="ann", style=KILL_SWORD))
    assert owing() == ["cy"]
    log.push(Declare(id="bo", action="kill_helpless", target="ann", style=KILL_SWORD))
    assert owing() == ["bo", "cy"]  # bo joined the board before cy
    log.push(Declare(id="bo", action="attack", target="ann", style=KILL_SWORD))
    assert owing() == ["cy"]
    log.push(Declare(id="bo", action="kill_helpless", target="ann", style=KILL_SWORD))
    assert owing() == ["bo", "cy"]


def test_an_initiative_changed_after_the_order_was_asked_moves_the_fighter() -> None:
    """The classic action queue, asked before the GM overrides an initiative in the
    same round, puts the fighter in its new place (RULES 1.5), as a scan does."""
    log = kill_fight()
    log.push(Declare(id="ann", action="attack", target="bo", style=KILL_SWORD))
    log.push(Declare(id="bo", action="attack", target="ann", style=KILL_SWORD))
    log.push(Initiative(id="ann", total=20))
    log.push(Initiative(id="bo", total=10))
    assert next_action(log.state) == next_action(_plain(log.state))
    assert next_action(log.state).fighter == "ann"
    log.push(Override(id="bo", field="initiative", value=30, reason="test"))
    assert next_action(log.state) == next_action(_plain(log.state))
    assert next_action(log.state).fighter == "bo"


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_indexes_not_asked_for_thousands_of_changes_start_afresh(edition: str) -> None:
    """The indexes read the changes from a journal the map keeps, which lets go of
    them past a few thousand (fighter_map._JOURNAL): an index asked all along (who
    declares) carries on, one not asked meanwhile (whom to attack) has lost them
    and starts afresh; both answer as a scan, and the journal stays that short."""
    state = (classic_melee(4) if edition == "classic" else v08_melee(4)).state
    _same_answers(state)  # every index built
    rng = random.Random(4)
    ids = list(state.fighters)
    for n in range(3 * _JOURNAL):
        state = apply(state, Override(id=rng.choice(ids), field="row",
                                      value=rng.randrange(4), reason="test"))
        if n % 7 == 0:
            assert next_step(state) == next_step(_plain(state))
    indexes = FighterMap.of(state.fighters)._indexes
    assert indexes is not None
    assert len(indexes.journal) <= _JOURNAL
    spread = indexes.by_name["spread:classic" if edition == "classic" else "spread:0.8"]
    assert spread.mark < indexes.dropped  # its changes are gone
    _same_answers(state)


def test_a_berserk_attack_declared_after_initiative_is_rolled_for_first() -> None:
    """A berserker whose declaration the GM turns into a berserk attack after the
    initiative rolls owes the berserk roll before its attack (RULES 1.9): next_step
    asks for it, and not again once it is rolled, as the test over every fighter
    does."""
    log = classic_melee(1)
    log.push(AddCombatant(id="ragnar", name="Ragnar", side="party", character=classic(
        "Ragnar", strength=13, stamina=16, will=6, advantages=("Berserker",),
        skills={"Single weapon": 100}, weapons=(LONG_SWORD,))))
    rng = random.Random(1)
    while (step := next_step(log.state)).kind != "action":
        _same_answers(log.state)
        for e in auto_events(log.state, step, rng):
            log.push(e)
    ragnar = log.state.fighters["ragnar"]
    assert ragnar.initiative is not None and ragnar.declaration is not None
    log.push(ragnar.declaration.model_copy(update={"special": "berserk"}))
    _same_answers(log.state)
    step = next_step(log.state)
    assert step.kind == "check" and step.pending is not None
    assert (step.fighter, step.pending.kind) == ("ragnar", "berserk")
    while log.state.round == 1:  # the roll made, the index lets go of it: as a scan
        for e in auto_events(log.state, next_step(log.state), rng):
            log.push(e)
        _same_answers(log.state)


def test_a_declared_shot_is_taken_in_its_phase_through_the_steps() -> None:
    """0.8: while someone has declared a missile attack, next_step ranks everyone
    (a shot's phase depends on the others near its target); the archer shoots in
    its slow phase, and each step answers as worked out from every fighter."""
    log = v08_archers()
    shoot(log, range_m=30, shot="careful")
    rng = random.Random(3)
    shots = []
    while log.state.round == 1:
        _same_answers(log.state)
        step = next_step(log.state)
        if step.fighter == "archer" and step.kind == "action":
            shots.append((step.phase, step.action, step.target))
        for e in auto_events(log.state, step, rng):
            log.push(e)
    assert shots == [("slow", "attack", "orc")]


@dataclasses.dataclass(frozen=True)
class _Version:
    """A stand-in fighter: the map reads only ``id``; ``n`` tells versions apart."""

    id: str
    n: int


class _Reader:
    """An index that only reads the journal (FighterMap.changes / changed_now)."""

    def __init__(self, fm: FighterMap) -> None:
        self.mark = fm.mark()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_journal_tells_each_index_what_changed_since_it_last_asked(seed: int) -> None:
    """FighterMap.changes and changed_now (issue 18: every index reads the changed
    fighters from them) answer, for each index, exactly the fighters changed since
    it last asked, each once, with its version before the first of those changes
    (None: it joined since) and its version in the map asked, which always holds it.
    Through single and batched changes, a fighter changed twice in one batch, new
    fighters, a fighter passed again unchanged, other maps branching off older ones
    (which must not reach the indexes), and gaps long enough for the journal to let
    go of the changes (then, and only then, None: the index starts afresh)."""
    r = random.Random(seed)
    fm = FighterMap().updated(_Version(f"f{i}", 0) for i in range(6))
    readers = {name: fm.index(name, _Reader) for name in ("often", "seldom", "now")}
    # What each reader has not yet been told: id -> version before the first change.
    owed: dict[str, dict[str, _Version | None]] = {name: {} for name in readers}
    older: list[FighterMap] = []
    made = afresh = 0

    def note(fid: str, old: _Version | None) -> None:
        for pending in owed.values():
            pending.setdefault(fid, old)

    def ask(name: str) -> None:
        nonlocal afresh
        reader = readers[name]
        indexes = fm._indexes
        assert indexes is not None and indexes.by_name[name] is reader
        lost = reader.mark < indexes.dropped  # changes it has not read are gone
        got = fm.changed_now(reader) if name == "now" else fm.changes(reader)
        assert reader.mark == fm.mark()
        if got is None:
            assert lost
            afresh += 1
        else:
            assert not lost
            expected = owed[name]
            if name == "now":
                assert sorted(f.id for f in got) == sorted(expected)
                assert all(f is fm[f.id] for f in got)
            else:
                assert sorted(new.id for _, new in got) == sorted(expected)
                for old, new in got:
                    assert new is fm[new.id] and old is expected[new.id]
        owed[name] = {}

    for step in range(6000):
        k = r.random()
        ids = list(fm)
        if k < 0.6:  # one fighter changes (most events)
            fid = r.choice(ids)
            made += 1
            old = fm[fid]
            fm = fm.with_fighter(_Version(fid, made))
            note(fid, old)
        elif k < 0.75:  # several at once, one of them twice, maybe a newcomer
            batch = [_Version(r.choice(ids), made + i) for i in range(r.randint(1, 4))]
            batch.append(_Version(batch[0].id, made + 9))
            if r.random() < 0.1:
                batch.append(_Version(f"n{step}", 0))
            made += 10
            for f in batch:
                note(f.id, fm.get(f.id))
            fm = fm.updated(batch)
        elif k < 0.8:  # passed again as it is: the same map, nothing to tell
            same = fm.with_fighter(fm[r.choice(ids)])
            assert same is fm
        elif k < 0.85 and older and older[-1] is not fm:  # a branch off an older map
            branch = r.choice(older).updated([_Version(f"b{step}", 0),
                                              _Version(r.choice(ids), -1)])
            branch.index("often", _Reader)
            assert FighterMap.changes(branch, branch.index("often", _Reader)) == []
        else:
            older.append(fm)
        # Asked at every step, now and then, or after some thousands of changes.
        ask("often")
        if step % 3 == 0 or r.random() < 0.2:
            ask("now")
        if step % 2500 == 0:
            ask("seldom")
    assert afresh > 0  # the seldom one lost its changes at least once
    for name in readers:
        ask(name)


@pytest.mark.parametrize("edition", ["classic", "0.8"])
def test_fights_do_not_depend_on_the_order_the_journal_tells_changes(
        edition: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """FighterMap.changes and changed_now tell the changed fighters in no particular
    order (issue 18); every index takes them in so that its answers do not depend on
    it: fights played with the order shuffled make the same events."""

    def fight() -> list[object]:
        log = classic_melee(8) if edition == "classic" else v08_melee(8)
        rng = random.Random(11)
        while log.state.round < 12 and not fight_over(log.state):
            state = log.state
            for e in auto_events(state, next_step(state), rng):
                log.push(e)
        return list(log.events)

    plain = fight()
    changes, changed_now = FighterMap.changes, FighterMap.changed_now
    shuffle = random.Random(5).shuffle
    shuffled = 0

    def mixed(told: list[object] | None) -> list[object] | None:
        nonlocal shuffled
        if told is not None and len(told) > 1:
            shuffle(told)
            shuffled += 1
        return told

    monkeypatch.setattr(FighterMap, "changes", lambda fm, index: mixed(changes(fm, index)))
    monkeypatch.setattr(FighterMap, "changed_now",
                        lambda fm, index: mixed(changed_now(fm, index)))
    assert fight() == plain
    assert shuffled > 30 and len(plain) > 100
