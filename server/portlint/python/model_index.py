"""The classes and aliases a module defines, and what kind each class is."""

from __future__ import annotations

import ast
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NamedTuple

from portlint.python.constants import MAX_IMPORT_HOPS, MISSING, ModuleConstants
from portlint.python.field_constants import field_calls, relocated, self_contained
from portlint.python.names import Names

if TYPE_CHECKING:
    from portlint.python.modules import Module, ModuleFinder

ClassKind = Literal["model", "root-model", "typeddict", "dataclass", "enum", "namedtuple",
                    "other"]

_MODEL_BASES = {"pydantic.BaseModel"}
_ROOT_MODEL = {"pydantic.RootModel"}
_TYPEDDICT = {"typing.TypedDict"}
_ENUMS = {"enum.Enum", "enum.IntEnum", "enum.StrEnum"}
_NAMEDTUPLE = {"typing.NamedTuple"}
_DATACLASS_DECORATORS = {"dataclasses.dataclass", "pydantic.dataclasses.dataclass"}


class BaseRef(NamedTuple):
    """A base of a class that is a class of the project, as the class statement names it."""

    name: str
    module: Path | None  # the module defining it, when it is not the class's own
    node: ast.expr  # the base as written


class ClassInfo(NamedTuple):
    name: str
    node: ast.ClassDef
    kind: ClassKind
    bases: tuple[BaseRef, ...]  # the project's classes it inherits from, in the written order


class ModuleIndex:
    """Top-level classes and type aliases of one module."""

    def __init__(self, tree: ast.Module, names: Names, finder: ModuleFinder | None = None,
                 path: Path | None = None) -> None:
        self.tree = tree
        self.names = names
        self.finder = finder  # reads the project's other modules (their constants)
        self.path = path  # where this module is (relative imports start there)
        self.classes: dict[str, ClassInfo] = {}
        self.aliases: dict[str, ast.expr] = {}
        self.functions: dict[str, ast.FunctionDef | ast.AsyncFunctionDef] = {}
        # each base naming a class of another module, by its node: that class (read once)
        self._imported: dict[int, tuple[Path, ClassInfo] | None] = {}
        nodes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
        pending = {n.name: n for n in nodes}
        # classes may derive from classes defined later in the file: resolve to a fixed point
        for _ in range(len(nodes) + 1):
            for name, node in list(pending.items()):
                kind = self._kind(node, pending)
                if kind is not None:
                    bases = tuple(ref for ref in map(self._base_ref, node.bases)
                                  if ref is not None)
                    self.classes[name] = ClassInfo(name, node, kind, bases)
                    del pending[name]
        for name, node in pending.items():
            self.classes[name] = ClassInfo(name, node, "other", ())
        for statement in tree.body:
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(
                    statement.targets[0], ast.Name):
                self.aliases[statement.targets[0].id] = statement.value
            elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) \
                    and statement.value is not None:
                qualified = names.qualified(statement.annotation) or ""
                if qualified.endswith("TypeAlias"):
                    self.aliases[statement.target.id] = statement.value
            elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions[statement.name] = statement

    @cached_property
    def constants(self) -> ModuleConstants:
        """The module's constants (read once, when a name first asks), with those it imports
        from the project's other modules."""
        return ModuleConstants(self.tree, self._imported_constant if self.finder else None)

    @cached_property
    def doc_assignments(self) -> dict[str, ast.Attribute]:
        """The names whose `__doc__` the module sets or deletes anywhere (`fn.__doc__ = ...`),
        each with the first place it does."""
        found: dict[str, ast.Attribute] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute) and node.attr == "__doc__" and isinstance(
                    node.ctx, (ast.Store, ast.Del)) and isinstance(node.value, ast.Name):
                found.setdefault(node.value.id, node)
        return found

    def _imported_constant(self, module: str, name: str, hops: int) -> object:
        """The constant ``module`` (a module of the project, found from this one) binds to
        ``name``; a module portlint does not find (an installed package) has none."""
        assert self.finder is not None
        found = self.finder.find(module, self.path)
        if found is None:
            return MISSING
        return found.classes.constants.named(name, hops)

    @cached_property
    def _field_calls(self) -> dict[str, ast.Call]:
        """The module's `NAME = Field(...)` constants, their arguments' constants substituted;
        those whose arguments are not all constants are left out."""
        calls = field_calls(self.tree, self.names, self.constants.binding_counts)
        substituted = {name: self.constants.substituted(call) for name, call in calls.items()}
        return {name: call for name, call in substituted.items()
                if isinstance(call, ast.Call) and self_contained(call)}

    def field_constant(self, node: ast.expr, hops: int = 0) -> ast.Call | None:
        """The `Field(...)` call a constant ``node`` names (:mod:`portlint.python.field_constants`):
        this module's, or one another module of the project binds (imported by name or read
        through the module, re-exports followed), placed at ``node`` then."""
        if isinstance(node, ast.Name) and node.id not in self.names.imported:
            return self._field_calls.get(node.id)
        imported = self.imported_from(node) if hops < MAX_IMPORT_HOPS and not (
            isinstance(node, ast.Attribute) and self.constants.patched(node)) else None
        if imported is None:
            return None
        module, name = imported
        call = module.classes.field_constant(ast.Name(id=name), hops + 1)
        return relocated(call, node) if call is not None else None

    def imported_from(self, target: ast.expr) -> tuple[Module, str] | None:
        """The module of the project a name this module imports comes from (`X` of `from .m
        import X`, `m.X` of `from . import m`), and its name there."""
        return imported_from(self.names, self.finder, self.path, target)

    def _base_name(self, base: ast.expr) -> str:
        target = base.value if isinstance(base, ast.Subscript) else base
        return target.id if isinstance(target, ast.Name) else ""

    def _base_ref(self, base: ast.expr) -> BaseRef | None:
        """``base`` as a class of the project: of this module, or imported from another one
        (`from .schemas import ToolResponse`, `schemas.ToolResponse`); None for anything else."""
        local = self._base_name(base)
        if local and local in self.classes:
            return BaseRef(local, None, base)
        imported = self._imported_class(base)
        return BaseRef(imported[1].name, imported[0], base) if imported is not None else None

    def _imported_class(self, base: ast.expr) -> tuple[Path, ClassInfo] | None:
        """The class another module of the project defines that ``base`` names through this
        module's imports, and that module's path. A module being read when it is asked (two
        modules deriving from each other's classes), or one past a chain of
        :data:`~portlint.python.modules.MAX_BASE_MODULES` modules read for their bases, gives
        none. Resolved once per base (classifying a class may ask again)."""
        if id(base) not in self._imported:
            self._imported[id(base)] = self._find_imported_class(base)
        return self._imported[id(base)]

    def _find_imported_class(self, base: ast.expr) -> tuple[Path, ClassInfo] | None:
        target = base.value if isinstance(base, ast.Subscript) else base
        if self.finder is None or not self.finder.may_read_further:
            return None
        imported = self.imported_from(target)
        if imported is None:
            return None
        found, name = imported
        if name in found.names.imported:
            return None
        info = found.classes.classes.get(name)
        return (found.path, info) if info is not None else None

    def _kind(self, node: ast.ClassDef, pending: dict[str, ast.ClassDef]) -> ClassKind | None:
        """The class's kind, or None while a local base is not classified yet."""
        for decorator in node.decorator_list:
            target = decorator.func if isinstance(decorator, ast.Call) else decorator
            if self.names.qualified(target) in _DATACLASS_DECORATORS:
                return "dataclass"
        for base in node.bases:
            target = base.value if isinstance(base, ast.Subscript) else base
            qualified = self.names.qualified(target) or ""
            if qualified in _ROOT_MODEL:
                return "root-model"
            if qualified in _MODEL_BASES:
                return "model"
            if qualified in _TYPEDDICT:
                return "typeddict"
            if qualified in _NAMEDTUPLE:
                return "namedtuple"
            if qualified in _ENUMS:
                return "enum"
            local = self._base_name(base)
            if local and local in self.classes:
                inherited = self.classes[local].kind
                if inherited != "other":
                    return inherited
            elif local and local in pending and local != node.name:
                return None  # classified once its base is
            else:
                imported = self._imported_class(base)
                if imported is not None and imported[1].kind != "other":
                    return imported[1].kind
        return "other"


def imported_from(names: Names, finder: ModuleFinder | None, path: Path | None,
                  target: ast.expr) -> tuple[Module, str] | None:
    """The module of the project a name the module at ``path`` (with ``names``) imports comes
    from (`X` of `from .m import X`, `m.X` of `from . import m`), and its name there."""
    if finder is None or not isinstance(target, (ast.Name, ast.Attribute)):
        return None
    if isinstance(target, ast.Name) and target.id not in names.imported:
        return None
    qualified = names.qualified(target) or ""
    if "." not in qualified.lstrip("."):
        return None
    module, name = qualified.rsplit(".", 1)
    found = finder.find(module, path)
    return (found, name) if found is not None else None
