"""No two files of YAGS Desk import each other, directly or around a circle
(issue 13 item 1): a part reaches the part that holds it through a protocol or a
signal. Imports for type checking only and imports inside functions count too:
they are the same dependency, just later."""

from __future__ import annotations

import sys

import grimp


def _cycles(package: str) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    graph = grimp.build_graph(package, exclude_type_checking_imports=False)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(module: str) -> None:
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph.find_modules_directly_imported_by(module)):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for module in sorted(graph.modules):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_module_imports_another_in_a_circle() -> None:
    assert _cycles("yags_desk") == []


def test_the_check_sees_a_circle(tmp_path: object) -> None:
    # Guard against a check that cannot fail: two modules importing each other.
    import pathlib

    root = pathlib.Path(str(tmp_path)) / "circle_pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("from typing import TYPE_CHECKING\n"
                               "if TYPE_CHECKING:\n    from circle_pkg import b\n")
    (root / "b.py").write_text("def f():\n    from circle_pkg import a\n")
    sys.path.insert(0, str(root.parent))
    try:
        assert _cycles("circle_pkg") == [["circle_pkg.a", "circle_pkg.b"]]
    finally:
        sys.path.remove(str(root.parent))
