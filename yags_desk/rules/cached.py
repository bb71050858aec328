"""A cached property without functools' lock, for the rules' immutable values.

Python 3.11's functools.cached_property takes a lock on every first read, which
costs more than the flags and sums it caches; this one puts the value straight
into the instance's __dict__, where later reads find it without calling the
descriptor (issue 18). Only for immutable objects: the value is never worked out
again. ``CACHED`` lists each class's cached names (state.replace drops them from
a changed copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__all__ = ["CACHED", "cached_property"]

CACHED: dict[type, list[str]] = {}  # the cached_property names of each class

if TYPE_CHECKING:
    from functools import cached_property
else:
    class cached_property:  # noqa: N801
        """functools.cached_property without its lock (see the module docstring)."""

        def __init__(self, fn: Any) -> None:
            self.fn = fn
            self.name = fn.__name__

        def __set_name__(self, owner: type, name: str) -> None:
            self.name = name
            CACHED.setdefault(owner, []).append(name)

        def __get__(self, obj: Any, cls: Any = None) -> Any:
            if obj is None:
                return self
            value = obj.__dict__[self.name] = self.fn(obj)
            return value
