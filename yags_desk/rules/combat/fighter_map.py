"""The fighters of a combat state: an immutable mapping that changes cheaply.

Every event replaces one or two fighters. Copying a dict of every fighter for
that made each event cost as much as the whole roster (dead and removed
fighters included) and kept a full copy per event in the log (issue 18).
:class:`FighterMap` keeps its fighters in small chunks: replacing one copies
one chunk and the list of chunks, and unchanged chunks are shared between the
states of a log. Iteration follows board order (the order fighters joined).

It also carries indexes that the procedures would otherwise rebuild by
scanning every fighter at every step (who may act next, whom to attack, who
still has something of the round to clear). An index is built on first use and
then handed on from a map to the map made from it by :meth:`FighterMap.updated`.
The map it leaves no longer has it and builds it again if asked; so the indexes
never change what a query answers, only how long it takes.

The indexes learn which fighters changed from a journal the maps keep with
them: each change adds the fighter's id and its version before, and an index
reads what was added since it last looked (:meth:`FighterMap.changes`) when it
is next asked. A fighter changes several times between two questions, and a
call to every index at every change cost more than the questions (issue 18).
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from itertools import chain, islice
from typing import Any, Protocol, TypeVar

# A combat state's fighter (state.FighterState). state.py builds on this module,
# so the type is not imported here (no import circles, not even for type checks):
# the map only reads a fighter's ``id``; what else it holds is state.py's concern.
_Fighter = Any

__all__ = ["FighterIndex", "FighterMap", "Where", "where"]

_CHUNK = 32
_TRACKED = 16  # at most this many changed ids are remembered since the last seal
# The journal of changes is trimmed past this many (or this many per fighter): a
# round of a big fight makes some six changes per fighter.
_JOURNAL = 2048
_PER_FIGHTER = 16


class FighterIndex(Protocol):
    """Something kept up to date as fighters change (see FighterMap.index): it
    keeps in ``mark`` how far it has read the map's journal (FighterMap.changes)."""

    mark: int


IndexT = TypeVar("IndexT", bound=FighterIndex)
# Changed fighters: each one's version before the first change (None: it joined), and now.
Changes = list[tuple[_Fighter | None, _Fighter]]


class _Indexes:
    __slots__ = ("by_name", "dropped", "journal", "touched")

    def __init__(self, touched: set[str]) -> None:
        self.touched = touched  # ids that may hold something of this round
        self.by_name: dict[str, FighterIndex] = {}
        # Each change since: the id and the fighter's version before (None: it joined).
        self.journal: list[tuple[str, _Fighter | None]] = []
        self.dropped = 0  # changes let go from the journal's front

    def add(self, changes: list[tuple[str, _Fighter | None]], size: int) -> None:
        """Note ``changes`` (in a map of ``size`` fighters), and let go of old ones."""
        journal = self.journal
        journal += changes
        if len(journal) > _JOURNAL and len(journal) > _PER_FIGHTER * size:
            self.trim(size)

    def trim(self, size: int) -> None:
        """Let go of the changes every index has read; when an index not asked for
        a long while holds them back, of them all (it starts afresh if asked)."""
        journal = self.journal
        read = min((index.mark for index in self.by_name.values()),
                   default=self.dropped + len(journal))
        drop = max(0, read - self.dropped)
        if len(journal) - drop > max(_JOURNAL, _PER_FIGHTER * size) // 2:
            drop = len(journal)
        del journal[:drop]
        self.dropped += drop


class _Values(ValuesView[_Fighter]):
    _mapping: FighterMap

    def __iter__(self) -> Iterator[_Fighter]:
        return self._mapping._iter_values()


class _Items(ItemsView[str, _Fighter]):
    _mapping: FighterMap

    def __iter__(self) -> Iterator[tuple[str, _Fighter]]:
        m = self._mapping
        return zip(islice(m._ids, m._len), m._iter_values(), strict=False)


class FighterMap(Mapping[str, _Fighter]):
    """An immutable id -> _Fighter mapping in board order."""

    __slots__ = ("_base", "_changed", "_chunks", "_ids", "_indexes", "_len", "_pos")

    def __init__(self) -> None:
        self._ids: list[str] = []  # shared, append-only
        self._pos: dict[str, int] = {}  # shared, append-only
        self._len = 0
        self._chunks: tuple[tuple[_Fighter, ...], ...] = ()
        self._indexes: _Indexes | None = None
        # The map this one was made from by updates since it was sealed, and the ids
        # changed since then (None: not known).
        self._base: FighterMap | None = None
        self._changed: tuple[str, ...] | None = ()

    @classmethod
    def of(cls, fighters: Mapping[str, _Fighter]) -> FighterMap:
        if type(fighters) is FighterMap:  # not isinstance: Mapping's check is slow
            return fighters
        return cls().updated(fighters.values())

    # -- Mapping --------------------------------------------------------------------

    def __getitem__(self, fid: str) -> _Fighter:
        # state.CombatState.fighter repeats these lines (one call less: issue 18).
        p = self._pos.get(fid)
        if p is None or p >= self._len:
            raise KeyError(fid)
        return self._chunks[p // _CHUNK][p % _CHUNK]

    def get(self, fid: str, default: object = None) -> _Fighter | None:
        p = self._pos.get(fid)
        if p is None or p >= self._len:
            return default
        return self._chunks[p // _CHUNK][p % _CHUNK]

    def __contains__(self, fid: object) -> bool:
        p = self._pos.get(fid)  # type: ignore[call-overload]
        return p is not None and p < self._len

    def __iter__(self) -> Iterator[str]:
        return islice(self._ids, self._len)

    def __len__(self) -> int:
        return self._len

    def _iter_values(self) -> Iterator[_Fighter]:
        return chain.from_iterable(self._chunks)

    def values(self) -> ValuesView[_Fighter]:
        return _Values(self)

    def items(self) -> ItemsView[str, _Fighter]:
        return _Items(self)

    def __repr__(self) -> str:
        return f"FighterMap({dict(self.items())!r})"

    def position(self, fid: str) -> int:
        """The fighter's place in board order (0 for the first to join)."""
        return self._pos[fid]

    # -- changing -------------------------------------------------------------------

    def updated(self, fighters: Iterable[_Fighter],
                touched: set[str] | None = None) -> FighterMap:
        """A map with ``fighters`` replacing those of the same id (new ids join at the
        end). ``touched``: the ids that may hold something of the round afterwards
        (the end of a round gives it); by default every changed id joins them."""
        ids, pos, n = self._ids, self._pos, self._len
        chunks = list(self._chunks)
        copied: dict[int, list[_Fighter]] = {}
        olds: list[tuple[_Fighter | None, _Fighter]] = []
        for f in fighters:
            p = pos.get(f.id)
            if p is not None and p < n:
                c = p // _CHUNK
                chunk = copied.get(c)
                if chunk is None:
                    chunk = copied[c] = list(chunks[c])
                olds.append((chunk[p % _CHUNK], f))
                chunk[p % _CHUNK] = f
                continue
            if len(ids) != n:  # an older map gains a fighter: stop sharing the id lists
                ids, pos = ids[:n], {fid: i for i, fid in enumerate(islice(ids, n))}
            ids.append(f.id)
            pos[f.id] = n
            c = n // _CHUNK
            if c == len(chunks):
                chunks.append(())
            chunk = copied.get(c)
            if chunk is None:
                chunk = copied[c] = list(chunks[c])
            chunk.append(f)
            n += 1
            olds.append((None, f))
        for c, chunk in copied.items():
            chunks[c] = tuple(chunk)
        new = FighterMap.__new__(FighterMap)
        new._ids, new._pos, new._len, new._chunks = ids, pos, n, tuple(chunks)
        base = self if self._base is None else self._base
        changed = self._changed
        if changed is not None and len(changed) + len(olds) <= _TRACKED:
            new._base, new._changed = base, changed + tuple(f.id for _, f in olds)
        else:
            new._base, new._changed = None, None
        indexes, self._indexes = self._indexes, None
        new._indexes = indexes
        if indexes is not None:
            changes = [(f.id, old) for old, f in olds]
            indexes.touched.update(fid for fid, _ in changes)
            indexes.add(changes, n)
            if touched is not None:
                indexes.touched = touched
        return new

    def with_fighter(self, f: _Fighter) -> FighterMap:
        """This map with ``f`` replacing the fighter of its id (or joining at the
        end); this very map when ``f`` is already there."""
        p = self._pos.get(f.id)
        if p is None or p >= self._len:
            return self.updated((f,))
        # One fighter replaced (most events): the short way through updated().
        c, i = p // _CHUNK, p % _CHUNK
        chunks = list(self._chunks)
        chunk = list(chunks[c])
        old = chunk[i]
        if old is f:
            return self
        chunk[i] = f
        chunks[c] = tuple(chunk)
        new = FighterMap.__new__(FighterMap)
        new._ids, new._pos, new._len = self._ids, self._pos, self._len
        new._chunks = tuple(chunks)
        changed = self._changed
        if changed is not None and len(changed) < _TRACKED:
            new._base = self if self._base is None else self._base
            new._changed = (*changed, f.id)
        else:
            new._base, new._changed = None, None
        indexes, self._indexes = self._indexes, None
        new._indexes = indexes
        if indexes is not None:
            indexes.touched.add(f.id)
            journal = indexes.journal
            journal.append((f.id, old))
            if len(journal) > _JOURNAL and len(journal) > _PER_FIGHTER * self._len:
                indexes.trim(self._len)
        return new

    # -- what changed ---------------------------------------------------------------

    def seal(self) -> None:
        """Start remembering changes afresh from this map (the reducer seals each
        state it returns, so ``changed_since`` answers for one event)."""
        self._base, self._changed = None, ()

    def changed_since(self, before: Mapping[str, _Fighter]) -> tuple[str, ...] | None:
        """Ids possibly changed since ``before`` (a superset), or None when not known."""
        if before is self:
            return ()
        if self._base is before:
            return self._changed
        return None

    def replaced_since(self, before: Mapping[str, _Fighter]) -> list[_Fighter]:
        """The fighters of this map that are not those of ``before`` (new ids too),
        in the order of ``changed_since`` (board order when it is not known), each
        once: what a step after each event looks at (the dying clock, issue 18)."""
        changed = self.changed_since(before)
        ids: Iterable[str]
        if changed is None:
            ids = islice(self._ids, self._len)
        elif not changed:
            return []
        else:
            ids = changed if len(changed) == 1 else dict.fromkeys(changed)
        pos, n, chunks = self._pos, self._len, self._chunks
        get = before.get
        out = []
        for fid in ids:
            p = pos[fid]
            f = chunks[p // _CHUNK][p % _CHUNK] if p < n else None
            if f is not None and f is not get(fid):
                out.append(f)
        return out

    # -- indexes --------------------------------------------------------------------

    def _own(self) -> _Indexes:
        if self._indexes is None:
            self._indexes = _Indexes(set(self))
        return self._indexes

    def touched(self) -> set[str]:
        """Ids that may hold something of this round (a superset; see _end_round)."""
        return self._own().touched

    def index(self, name: str, build: Callable[[FighterMap], IndexT]) -> IndexT:
        """The index called ``name``, built by ``build(self)`` when this map has none."""
        indexes = self._own()
        index = indexes.by_name.get(name)
        if index is None:
            index = indexes.by_name[name] = build(self)
        return index  # type: ignore[return-value]

    def mark(self) -> int:
        """How far the journal of changes goes now: an index built or brought up to
        date from this map keeps it, and reads the changes made after it."""
        indexes = self._own()
        return indexes.dropped + len(indexes.journal)

    def changes(self, index: FighterIndex) -> Changes | None:
        """The fighters changed since ``index`` (an index of this map) last read the
        journal (its ``mark``, moved on to now): for each, once, its version before
        the first of those changes (None: it joined since) and its version now, in
        no particular order; None when they are no longer known (read too long ago:
        the index starts afresh).

        Every id in the journal is in this map, so it is looked up without a test:
        a change is journaled by the map it makes, the journal goes on only to maps
        made from that one (``updated``, ``with_fighter``), and those keep every
        fighter (a removed one is flagged, never deleted)."""
        indexes = self._indexes
        assert indexes is not None  # the index lives in them
        journal = indexes.journal
        start = index.mark - indexes.dropped
        end = len(journal)
        index.mark = indexes.dropped + end
        if start < 0:
            return None
        if start >= end:
            return []
        pos, chunks = self._pos, self._chunks
        if start == end - 1:
            fid, old = journal[start]
            p = pos[fid]
            return [(old, chunks[p // _CHUNK][p % _CHUNK])]
        out = []
        # The first change of each id: the earlier entries win (a C loop).
        for fid, old in dict(reversed(journal[start:])).items():
            p = pos[fid]
            out.append((old, chunks[p // _CHUNK][p % _CHUNK]))
        return out

    def changed_now(self, index: FighterIndex) -> list[_Fighter] | None:
        """changes() for an index that reads only the fighters as they are now: each
        fighter changed since it last read the journal, once, in no particular
        order; None when they are no longer known. Without a call per fighter to
        look it up (a question at every step of a round, issue 18).

        [decision] Its first lines repeat changes()'s on purpose: a shared helper
        (a call and a slice per question) cost 4.5 M instructions in a 200-fighter
        round the board plays (cachegrind), a quarter of what these two saved."""
        indexes = self._indexes
        assert indexes is not None  # the index lives in them
        journal = indexes.journal
        start = index.mark - indexes.dropped
        end = len(journal)
        index.mark = indexes.dropped + end
        if start < 0:
            return None
        if start >= end:
            return []
        pos, chunks = self._pos, self._chunks
        if start == end - 1:
            p = pos[journal[start][0]]
            return [chunks[p // _CHUNK][p % _CHUNK]]
        now = []
        for fid in dict(journal[start:]):  # each id once
            p = pos[fid]
            now.append(chunks[p // _CHUNK][p % _CHUNK])
        return now


class Where:
    """The fighters for which ``test`` holds (a test of the fighter alone), kept as
    fighters change: a step that asks "who still has to declare?" looks at those
    few instead of every fighter (FighterMap.where). A changed fighter is tested
    again when the index is next asked (``current``)."""

    def __init__(self, fm: FighterMap, test: Callable[[_Fighter], bool]) -> None:
        self.test = test
        self.mark = fm.mark()
        self.ids = {f.id for f in fm.values() if test(f)}

    def current(self, fm: FighterMap) -> set[str]:
        """The ids passing the test in ``fm`` (the map holding this index)."""
        changed = fm.changed_now(self)
        if changed is None:
            self.__init__(fm, self.test)  # type: ignore[misc]  # too long ago: afresh
            return self.ids
        if changed:
            test, ids = self.test, self.ids
            for f in changed:
                if test(f):
                    ids.add(f.id)
                else:
                    ids.discard(f.id)
        return self.ids


def where(fm: FighterMap, name: str, test: Callable[[_Fighter], bool]) -> list[_Fighter]:
    """The fighters of ``fm`` passing ``test`` (one test per ``name``), in board order."""
    ids = fm.index(f"where:{name}", lambda m: Where(m, test)).current(fm)
    return [fm[fid] for fid in sorted(ids, key=fm.position)]
