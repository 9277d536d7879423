"""Layers import downward only (DESIGN.md "Layers", docs/architecture.md): every module's imports, read with ``ast``.

Each part of the package has a rank; a module may import its own part and
parts of a lower rank, and of the same rank except ``physics`` and ``rules``,
which never import each other. Imports inside functions count too, and so does
a lookup by name (``importlib.import_module``). There are no exceptions:
``game/`` knows nothing of ``ai/`` (the layers above hand a match its players,
``ai.registry.make_player``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "poolhall"

#: Part of the package -> rank. ``poolhall`` itself (``__init__.py``) re-exports the simulator's
#: public API, so only the layers above physics may import it.
RANK = {
    "equipment": 0,
    "layout": 0,
    "racking": 0,
    "parallel": 0,
    "physics": 1,
    "rules": 1,
    "poolhall": 2,
    "game": 2,
    "render": 2,
    "ai": 3,
    "web": 4,
    "gym_env": 4,
    "tournament": 4,
    "bench": 5,
    "commands": 5,
    "cli": 5,
}
#: Same-rank parts that must not import each other.
APART = {frozenset({"physics", "rules"})}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _part(module: str) -> str:
    """``poolhall.game.match`` -> ``game``; the package itself is ``poolhall``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "poolhall"


def _is_module(name: str) -> bool:
    relative = Path(*name.split(".")[1:])
    return (PACKAGE / relative).with_suffix(".py").exists() or (PACKAGE / relative / "__init__.py").exists()


def _string_constants(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "text"`` assignments, to resolve ``import_module(NAME)``."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            out.update({t.id: node.value.value for t in node.targets if isinstance(t, ast.Name)})
    return out


def imports_of(path: Path) -> list[tuple[str, int]]:
    """Every ``poolhall`` module ``path`` imports, with the line (``imports_in``)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    return imports_in(path.read_text(encoding="utf-8"), package)


def imports_in(source: str, package: str) -> list[tuple[str, int]]:
    """Every ``poolhall`` module ``source`` (a module of ``package``) imports: ``import``, ``from ... import``
    (relative ones resolved; ``from poolhall import racking`` is the module ``poolhall.racking``) and
    ``import_module(...)`` of a constant or of a module-level string name."""
    tree = ast.parse(source)
    constants = _string_constants(tree)
    found: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if _is_module(sub) else base, node.lineno))
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((arg.value, node.lineno))
            elif isinstance(arg, ast.Name) and arg.id in constants:
                found.append((constants[arg.id], node.lineno))
    return [(name, line) for name, line in found if name == "poolhall" or name.startswith("poolhall.")]


def upward(module: str, target: str) -> bool:
    """Whether ``module`` importing ``target`` goes against the layers."""
    mine, theirs = _part(module), _part(target)
    if mine == theirs:
        return False
    if frozenset({mine, theirs}) in APART:
        return True
    return RANK[theirs] > RANK[mine]


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_part_has_a_rank() -> None:
    """A new top-level module or package must be placed in the layers before it is imported anywhere."""
    parts = {_part(_module_name(p)) for p in MODULES}
    assert parts <= set(RANK), sorted(parts - set(RANK))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: _module_name(p))
def test_no_upward_import(path: Path) -> None:
    module = _module_name(path)
    wrong = [f"line {line}: {target}" for target, line in imports_of(path) if upward(module, target)]
    assert wrong == [], f"{module} imports a higher layer: {wrong}"


def test_the_checker_sees_each_kind_of_import() -> None:
    """Lookups by name are read as imports, and every upward kind is caught (``game`` may not look up ``ai``)."""
    lookup = 'import importlib\nNAME = "poolhall.ai.registry"\nimportlib.import_module(NAME)\n'
    assert imports_in(lookup, "poolhall.game") == [("poolhall.ai.registry", 3)]
    assert imports_in('importlib.import_module("poolhall.web.app")', "poolhall.ai") == [("poolhall.web.app", 1)]
    assert upward("poolhall.game.players", "poolhall.ai.registry")
    assert upward("poolhall.game.players", "poolhall.ai.player")
    assert not upward("poolhall.web.players", "poolhall.ai.registry")
    assert upward("poolhall.rules.contract", "poolhall.physics.result")
    assert upward("poolhall.physics.simulate", "poolhall.rules.model")
    assert upward("poolhall.rules.eight_ball", "poolhall")  # the package re-exports the simulator
    assert upward("poolhall.ai.player", "poolhall.web.app")
    assert upward("poolhall.racking", "poolhall.game.state")
    assert not upward("poolhall.rules.eight_ball", "poolhall.racking")
    assert not upward("poolhall.game.transitions", "poolhall.physics")
    assert {target for target, _ in imports_of(PACKAGE / "racking.py")} == {"poolhall.equipment", "poolhall.layout"}
    assert any(target == "poolhall.racking" for target, _ in imports_of(PACKAGE / "rules" / "eight_ball.py"))
