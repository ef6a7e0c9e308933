"""Tools that are bound methods of the project's classes (`mcp.tool()(self.get_alarms)`,
`list_tables = _metadata.list_tables`), read without running them.

The frameworks read a bound method through `inspect.signature`, which leaves out its first
parameter (`self`); its docstring is the function's. A method is followed only when nothing
can change which function the attribute gives: the class and each of its bases are classes of
the project (deriving, in a single line, from `object` at last), undecorated, given no
metaclass, defining no `__getattr__`, `__getattribute__`, `__setattr__` or `__new__`, calling
no `setattr`; the name is bound once in the class defining it, to an undecorated `def` (a
`@property`, `@staticmethod`, `@classmethod`, `@wraps(...)` or any decorator stays unknown);
no class of the line assigns the attribute (`self.run = ...`), and neither does the module
registering it. Anything else is said as the reason the tool is not derived."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from portlint.python.bindings import body_nodes, receiver_of
from portlint.python.modules import Module, ModuleFinder
from portlint.python.names import Names
from portlint.python.shown import shown_code

Function = ast.FunctionDef | ast.AsyncFunctionDef
_MAX_BASES = 8
_MAX_HOPS = 4
_FORBIDDEN = ("__getattr__", "__getattribute__", "__setattr__", "__new__")


# bases that give an instance no attribute and no method a tool reads: `abc.ABC` only adds its
# metaclass (the abstract methods are the project's own), as `object` adds nothing
_NOTHING_TO_INSTANCES = frozenset(("abc.ABC",))


class Place(NamedTuple):
    """The module a class is written in."""
    names: Names
    tree: ast.Module
    path: Path | None
    module: Module | None  # None: the module being read


class Found(NamedTuple):
    cls: ast.ClassDef
    place: Place


class Method(NamedTuple):
    function: Function
    module: Module | None  # where it is defined, when not the module being read


class FoundFunction(NamedTuple):
    function: Function
    place: Place


class Assignment(NamedTuple):
    """An assignment (or deletion) of an attribute, and the module it is written in."""
    node: ast.Attribute
    module: Module | None  # None: the module being read
    on_self: ast.ClassDef | None  # the module-level class whose method sets it on `self`


class Setters(NamedTuple):
    """Where the project (its tests aside) sets one attribute: on `self` in the methods of a
    module-level class, by class; anywhere else; and which classes' instances a class's
    setting may reach (the classes of its line), or None when its line cannot be followed."""

    on_self: dict[int, list[Assignment]]  # by the id of the class whose method sets it
    elsewhere: list[Assignment]
    # the id of a class -> the classes setting it whose line holds that class
    holding: dict[int, list[ast.ClassDef]]
    unfollowed: list[ast.ClassDef]  # classes setting it whose line cannot be followed


class Classes:
    """Finds the project's classes and the methods their instances are bound to."""

    def __init__(self, finder: ModuleFinder | None, here: Path | None) -> None:
        self.finder = finder
        self.here = here.resolve() if here is not None else None
        # how many times a module binds each name, by its tree: counted once
        self._bindings: dict[int, dict[str, int]] = {}
        self._classes_by_tree: dict[int, dict[str, list[ast.ClassDef]]] = {}
        # read once per tree or class: the attributes it assigns (by name, in walk order) and
        # those set on `self` by its classes' methods; what stops a class being followed
        self._stores: dict[int, dict[str, list[ast.Attribute]]] = {}
        self._on_self: dict[int, dict[int, ast.ClassDef]] = {}
        self._problems: dict[int, str | None] = {}
        self._class_names: dict[int, dict[str, list[ast.stmt]]] = {}
        self._setattrs: dict[int, list[tuple[int, str]]] = {}
        self._setters: dict[str, Setters] = {}
        self._by_base_name: dict[int, dict[str, list[ast.ClassDef]]] = {}

    def find(self, node: ast.expr, place: Place, hops: int = 0) -> Found | None:
        """The class of the project ``node`` (read in ``place``) names."""
        if isinstance(node, ast.Name) and node.id not in place.names.imported:
            defined = self.module_classes(place.tree).get(node.id, [])
            return Found(defined[0], place) if len(defined) == 1 and self._bound(
                place.tree, node.id) == 1 else None
        followed = self._imported(node, place, hops)
        return self.find(followed[0], followed[1], hops + 1) if followed is not None else None

    def _imported(self, node: ast.expr, place: Place, hops: int) -> tuple[ast.Name, Place] | None:
        """The name ``node`` stands for in the module of the project it is imported from, and
        that module (None: not such a name, or followed too far)."""
        qualified = place.names.qualified(node)
        if qualified is None or self.finder is None or hops > _MAX_HOPS:
            return None
        module_name, _, name = qualified.rpartition(".")
        if not module_name or not name:
            return None
        module = self.finder.find(module_name, place.path)
        if module is None:
            return None
        return ast.Name(id=name), Place(module.names, module.tree, module.path, None if (
            self.here is not None and module.path.resolve() == self.here) else module)

    def function(self, node: ast.expr, place: Place, hops: int = 0) -> FoundFunction | None:
        """The function of the project ``node`` (read in ``place``) names: a `def` at the top
        level of its module, the name bound there once — here, or through the imports of
        ``place`` (a module's attribute, `from .x import f`, a package re-exporting it)."""
        if isinstance(node, ast.Name) and node.id not in place.names.imported:
            if self._bound(place.tree, node.id) != 1:
                return None
            defined = next((s for s in place.tree.body if isinstance(s, (
                ast.FunctionDef, ast.AsyncFunctionDef)) and s.name == node.id), None)
            return FoundFunction(defined, place) if defined is not None else None
        root = node
        while isinstance(root, ast.Attribute):
            root = root.value
        if not (isinstance(root, ast.Name) and root.id in place.names.imported) or (
                self._bound(place.tree, root.id) != 1):
            return None  # a local object's attribute, or an import bound again
        followed = self._imported(node, place, hops)
        return self.function(followed[0], followed[1], hops + 1) if followed is not None else None

    def module_binds(self, tree: ast.Module, name: str) -> int:
        """How many times a module binds ``name`` at its top level (read once per module)."""
        return self._bound(tree, name)

    def _bound(self, tree: ast.Module, name: str) -> int:
        counts = self._bindings.get(id(tree))
        if counts is None:
            counts = self._bindings[id(tree)] = _module_bindings(tree)
        return counts.get(name, 0)

    def module_classes(self, tree: ast.Module) -> dict[str, list[ast.ClassDef]]:
        """The classes a module defines at its top level, by name (read once per module)."""
        found = self._classes_by_tree.get(id(tree))
        if found is None:
            found = self._classes_by_tree[id(tree)] = {}
            for statement in tree.body:
                if isinstance(statement, ast.ClassDef):
                    found.setdefault(statement.name, []).append(statement)
        return found

    def assigned_anywhere(self, name: str, tree: ast.Module) -> str | None:
        """Where an attribute ``name`` is assigned in ``tree`` or in any module of the project
        but its tests (`self.read = ...`, `tools.read = ...`), said as `x.read` (file, line);
        None when nowhere."""
        first = next(self.assignments(name, tree), None)
        return self.assigned_at(first) if first is not None else None

    def assignments(self, name: str, tree: ast.Module) -> Iterator[Assignment]:
        """Each assignment (or deletion) of an attribute ``name`` in ``tree`` (its path None)
        and in the modules of the project but its tests."""
        modules: list[tuple[ast.Module, Module | None]] = [(tree, None)]
        if self.finder is not None:
            modules += [(m.tree, m) for m in self.finder.mentioning(name)
                        if not is_test(m.path)]
        for module_tree, module in modules:
            stores = self.stores(module_tree).get(name, ())
            if not stores:
                continue
            on_self = self._on_self.get(id(module_tree))
            if on_self is None:
                on_self = self._on_self[id(module_tree)] = _set_on_self(module_tree)
            for node in stores:
                yield Assignment(node, module, on_self.get(id(node)))

    def setters(self, attribute: str, here: Place) -> Setters:
        """Where ``attribute`` is set, from :meth:`assignments` (worked out once per
        attribute: a module of thousands of classes asks for each); ``here``: the module
        being read."""
        found = self._setters.get(attribute)
        if found is not None:
            return found
        on_self: dict[int, list[Assignment]] = {}
        elsewhere: list[Assignment] = []
        classes: dict[int, Found] = {}
        for assigned in self.assignments(attribute, here.tree):
            cls = assigned.on_self
            if cls is None:
                elsewhere.append(assigned)
                continue
            on_self.setdefault(id(cls), []).append(assigned)
            module = assigned.module
            classes[id(cls)] = Found(cls, Place(
                module.names, module.tree, module.path, module) if module is not None else here)
        holding: dict[int, list[ast.ClassDef]] = {}
        unfollowed: list[ast.ClassDef] = []
        for setter in classes.values():
            line = self.line(setter)
            if isinstance(line, str):
                unfollowed.append(setter.cls)
                continue
            for owner in line:
                holding.setdefault(id(owner.cls), []).append(setter.cls)
        found = self._setters[attribute] = Setters(on_self, elsewhere, holding, unfollowed)
        return found

    def derived_by_name(self, place: Place) -> dict[str, list[ast.ClassDef]]:
        """The classes a module defines, at any depth, by each name a base of theirs may be
        asked about: as written (`Handler`, `handlers.Handler`, `Handler[T]`) and as imported
        (`Handler` of `from .handlers import Handler as H`) — read once per module."""
        found = self._by_base_name.get(id(place.tree))
        if found is None:
            found = self._by_base_name[id(place.tree)] = {}
            for node in ast.walk(place.tree):
                if not isinstance(node, ast.ClassDef):
                    continue
                words: set[str] = set()
                for base in node.bases:
                    written = base.value if isinstance(base, ast.Subscript) else base
                    if isinstance(written, (ast.Name, ast.Attribute)):
                        words.add(written.id if isinstance(written, ast.Name) else written.attr)
                        qualified = place.names.qualified(written)
                        if qualified is not None:
                            words.add(qualified.rsplit(".", 1)[-1])
                for word in words:
                    found.setdefault(word, []).append(node)
        return found

    def stores(self, root: ast.AST) -> dict[str, list[ast.Attribute]]:
        """The attributes ``root`` (a module or a class) assigns or deletes, by name, each in
        the order `ast.walk` meets them (read once per node)."""
        found = self._stores.get(id(root))
        if found is None:
            found = self._stores[id(root)] = {}
            for node in ast.walk(root):
                if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
                    found.setdefault(node.attr, []).append(node)
        return found

    def setattr_line(self, instance: ast.expr, tree: ast.Module) -> int | None:
        """The line of a `setattr(instance, ...)` in the module, or None (the module's
        `setattr` calls read once: a module registering thousands of bound methods asks for
        each)."""
        calls = self._setattrs.get(id(tree))
        if calls is None:
            calls = self._setattrs[id(tree)] = [
                (node.lineno, ast.dump(node.args[0])) for node in ast.walk(tree)
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "setattr" and node.args]
        wanted = ast.dump(instance)
        return next((line for line, first in calls if first == wanted), None)

    def assigned_at(self, assignment: Assignment) -> str:
        """An assignment, said as `x.read` is assigned (file, line)."""
        node = assignment.node
        path = assignment.module.path if assignment.module is not None else None
        where = f"{path.name}, " if path is not None and path.resolve() != self.here else ""
        return f"`{shown_code(node)}` is assigned ({where}line {node.lineno})"

    def bound_in(self, cls: ast.ClassDef) -> dict[str, list[ast.stmt]]:
        """The statements of a class body binding each name (read once per class)."""
        found = self._class_names.get(id(cls))
        if found is None:
            found = self._class_names[id(cls)] = {}
            for statement in cls.body:
                for name in _names_bound_by(statement):
                    found.setdefault(name, []).append(statement)
        return found

    def line(self, found: Found) -> list[Found] | str:
        """The class and its bases, nearest first (its method resolution order without
        `object`), or why portlint does not follow it."""
        chain: list[Found] = []
        current: Found | None = found
        while current is not None:
            if len(chain) > _MAX_BASES or any(c.cls is current.cls for c in chain):
                return f"`{found.cls.name}` has too many bases to follow"
            if id(current.cls) not in self._problems:
                self._problems[id(current.cls)] = _class_problem(current.cls)
            problem = self._problems[id(current.cls)]
            if problem is not None:
                return problem
            chain.append(current)
            bases = [b for b in current.cls.bases if not (
                isinstance(b, ast.Name) and b.id == "object") and (
                current.place.names.qualified(b) not in _NOTHING_TO_INSTANCES)]
            if len(bases) > 1:
                return f"`{current.cls.name}` derives from several classes"
            if not bases:
                current = None
                continue
            current = self.find(bases[0], current.place)
            if current is None:
                return (f"`{found.cls.name}` derives from `{shown_code(bases[0])}`, which is "
                        "not a class of the project portlint can read")
        return chain

    def method(self, found: Found, name: str, tool: bool = True) -> Method | str:
        """The function an instance of the class is bound to as ``name``, or why portlint
        cannot tell (``tool``: the method is a tool, whose description fastmcp reads from the
        docstring — a constructor is not)."""
        chain = self.line(found)
        if isinstance(chain, str):
            return chain
        for owner in chain:
            assigned = next(iter(self.stores(owner.cls).get(name, ())), None)
            if assigned is not None:
                return (f"`{shown_code(assigned)}` is assigned in `{owner.cls.name}` (line "
                        f"{assigned.lineno}): the method it gives is known at run time only")
        defining = [(owner, self.bound_in(owner.cls).get(name, [])) for owner in chain]
        defining = [(owner, bound) for owner, bound in defining if bound]
        if not defining:
            return f"`{found.cls.name}` has no method `{name}` portlint can find"
        owner, bound = defining[0]
        where = f"`{owner.cls.name}.{name}`"
        if len(bound) != 1 or not isinstance(bound[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
            return f"{where} is not bound once to a `def` in its class"
        function = bound[0]
        if function.decorator_list:
            return (f"{where} is decorated (`@{shown_code(function.decorator_list[0])}`): "
                    "the decorator decides what the attribute gives")
        if not (function.args.posonlyargs or function.args.args):
            return f"{where} takes no `self`"
        if tool and ast.get_docstring(function) is None and len(defining) > 1:
            return (f"{where} has no docstring and overrides `{defining[1][0].cls.name}."
                    f"{name}`: fastmcp describes the tool with the docstring it inherits")
        return Method(function, owner.place.module)


def _class_problem(cls: ast.ClassDef) -> str | None:
    if cls.decorator_list:
        return f"the class `{cls.name}` is decorated"
    if cls.keywords:
        return f"the class `{cls.name}` is given `{shown_code(cls.keywords[0])}`"
    for statement in cls.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                statement.name in _FORBIDDEN:
            return f"the class `{cls.name}` defines `{statement.name}`"
    for node in ast.walk(cls):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "setattr":
            return f"the class `{cls.name}` calls `setattr` (line {node.lineno})"
    return None


def is_test(path: Path) -> bool:
    """Whether a module is a test (pytest's, unittest's), which the server does not run."""
    name = path.name
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py" or any(
        part in ("tests", "test") for part in path.parts[:-1])


def _module_bindings(tree: ast.Module) -> dict[str, int]:
    """How many times a module binds each name at its top level (definitions, assignments,
    imports, `global` declarations in its functions), in one pass."""
    counts: dict[str, int] = {}
    for statement in tree.body:
        declared = [name for node in ast.walk(statement)
                    if isinstance(node, (ast.Global, ast.Nonlocal)) for name in node.names]
        for name in [*declared, *_statement_bindings(statement)]:
            counts[name] = counts.get(name, 0) + 1
    return counts


def _names_bound_by(statement: ast.stmt) -> set[str]:
    """The names one statement of a module or class body binds (:func:`_statement_bindings`)."""
    return set(_statement_bindings(statement))


def _statement_bindings(statement: ast.stmt) -> list[str]:
    """Each binding one statement of a module or class body makes: a definition's name (its
    body is another scope), each assignment target, each import."""
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return [statement.name]
    names = [n.id for n in ast.walk(statement) if isinstance(n, ast.Name) and not isinstance(
        n.ctx, ast.Load)]
    if isinstance(statement, (ast.Import, ast.ImportFrom)):
        names += [(a.asname or a.name).split(".")[0] for a in statement.names]
    return names


def _set_on_self(tree: ast.Module) -> dict[int, ast.ClassDef]:
    """The attributes set on `self` in the methods of the module's top-level classes (by the
    node assigned), with the class: `self` being the method's first parameter."""
    found: dict[int, ast.ClassDef] = {}
    for cls in tree.body:
        if not isinstance(cls, ast.ClassDef):
            continue
        for method in cls.body:
            if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            receiver = receiver_of(method)
            for node in body_nodes(method.body):
                if isinstance(node, ast.Attribute) and isinstance(
                        node.value, ast.Name) and node.value.id == receiver and not isinstance(
                        node.ctx, ast.Load):
                    found[id(node)] = cls
    return found
