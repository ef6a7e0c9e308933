"""Registrations written once and run for several values: in a loop over a literal list
(``for (const tool of tools)``, ``tools.forEach((tool) => ...)``, ``.map``,
``Object.entries(byName)``) or in a helper the module calls (``function register(name, shape)
{ server.registerTool(name, ...) }`` and its calls). Each value the code gives the loop or the
helper is one registration, read with the names bound to that value — the values are literals
of the module, read as any other, never run.

:func:`environments` says, for a registration call, the sets of values its enclosing loops and
helpers bind (one set per registration the code makes), or None when they cannot be known (a
list computed at run time, a helper no call of the module gives values): the registration is
then read once, its bound names unknown, and says so.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from portlint.typescript.evaluate import Evaluator, ModuleInfo
from portlint.typescript.syntax import FUNCTION_TYPES, Node, Syntax
from portlint.typescript.values import Arr, Lit, Obj, Undefined, Value

Bound = dict[tuple[str, int], dict[str, Value]]  # (module, binding node) -> names -> values
_Binding = Callable[[Value], "dict[str, Value] | None"]  # an item's values for the names
MAX_SETS = 256  # registrations one call may stand for: past it, the call is read once
MAX_DEPTH = 4  # helpers calling helpers, loops in loops
MAX_STEPS = 4096  # values read for one call in all: a cost bounded whatever the code


def environments(evaluator: Evaluator, module: ModuleInfo, call: Node) -> list[Bound] | None:
    """The sets of values the loops and helpers around ``call`` bind, when its arguments use
    one of those names; ``[{}]`` when nothing around it binds a name they use."""
    return _Unroller(evaluator, module).around(call, used_names(module.syntax, call), 0)


class _Unroller:
    def __init__(self, evaluator: Evaluator, module: ModuleInfo) -> None:
        self.evaluator = evaluator
        self.module = module
        self.syntax = module.syntax
        self.steps = 0

    def _spend(self) -> bool:
        """Count one value read; False once the call has cost :data:`MAX_STEPS`."""
        self.steps += 1
        return self.steps <= MAX_STEPS

    def around(self, node: Node, used: set[str], depth: int) -> list[Bound] | None:
        binder = _binder(node)
        while binder is not None and not (_bound_names(self.syntax, binder) & used):
            binder = _binder(binder)
        if binder is None:
            return [{}]
        if depth >= MAX_DEPTH:
            return None
        if binder.type == "for_in_statement":
            return self._loop(binder, depth)
        return self._function(binder, depth)

    def _loop(self, loop: Node, depth: int) -> list[Bound] | None:
        """``for (const PATTERN of LIST)``, or ``for (const KEY in OBJECT)``."""
        pattern, listed = loop.child_by_field_name("left"), loop.child_by_field_name("right")
        operator = loop.child_by_field_name("operator")
        if pattern is None or listed is None or operator is None:
            return None
        keys = self.syntax.source(operator) == "in"
        return self._each(loop, listed, depth, lambda item: _destructure(
            self.syntax, pattern, item, self.evaluator.evaluate), keys=keys)

    def _function(self, function: Node, depth: int) -> list[Bound] | None:
        parameters = _parameter_patterns(function)
        holder = function.parent
        call = holder.parent if holder is not None and holder.type == "arguments" else None
        method = _method(self.syntax, call) if call is not None else None
        if call is not None and method in ("forEach", "map", "flatMap") and \
                holder is not None and holder.named_children[:1] == [function]:
            target = call.child_by_field_name("function")
            listed = target.child_by_field_name("object") if target is not None else None
            if listed is None or not parameters:
                return None
            return self._each(function, listed, depth, lambda item: _destructure(
                self.syntax, parameters[0], item))
        name = _function_name(self.syntax, function)
        if name is None or _exported(self.syntax, function, name):
            return None  # (other modules' calls of an exported helper are not all seen here)
        found: list[Bound] = []
        for caller in self.syntax.searched("call_expression"):
            callee = caller.child_by_field_name("function")
            if callee is None or callee.type != "identifier" or \
                    self.syntax.source(callee) != name:
                continue
            arguments = caller.child_by_field_name("arguments")
            given = [a for a in (arguments.named_children if arguments is not None else [])
                     if a.type != "comment"]
            if any(a.type == "spread_element" for a in given):
                return None
            outer = self.around(caller, used_names(self.syntax, caller), depth + 1)
            if outer is None:
                return None
            for bound in outer:
                if not self._spend():
                    return None
                names: dict[str, Value] = {}
                with self.evaluator.bindings(bound):
                    for index, pattern in enumerate(parameters):
                        argument = self._argument(pattern, given[index] if index < len(given)
                                                  else None, caller)
                        destructured = _destructure(self.syntax, pattern, argument)
                        if destructured is None:
                            return None
                        names.update(destructured)
                found.append({(self.module.key, function.id): names})
                if len(found) > MAX_SETS:
                    return None
        return found or None

    def _argument(self, parameter: Node, given: Node | None, caller: Node) -> Value:
        """What a parameter is bound to by a call: the argument, else its default (read where
        it is written), else undefined — as JavaScript binds it."""
        value = self.evaluator.evaluate(given, self.module) if given is not None else None
        if value is None or isinstance(value, Undefined):
            default = parameter.child_by_field_name("value")
            if default is not None:
                return self.evaluator.evaluate(default, self.module)
        return value if value is not None else Undefined(self.syntax.span(caller),
                                                         self.evaluator.key_of(self.module))

    def _each(self, binder: Node, listed: Node, depth: int,
              bind: _Binding, keys: bool = False) -> list[Bound] | None:
        """One set per item of the list ``listed`` reads as, under each set of the loops and
        helpers around ``binder``."""
        outer = self.around(binder, used_names(self.syntax, listed), depth + 1)
        if outer is None:
            return None
        found: list[Bound] = []
        for bound in outer:
            if not self._spend():
                return None
            with self.evaluator.bindings(bound):
                value = self.evaluator.evaluate(listed, self.module)
                items = _items(value, keys)
                if items is None:
                    return None
                for item in items:
                    names = bind(item)
                    if names is None:
                        return None
                    found.append({**bound, (self.module.key, binder.id): names})
                    if len(found) > MAX_SETS:
                        return None
        return found


def _items(value: Value, keys: bool) -> list[Value] | None:
    if keys:
        if not isinstance(value, Obj):
            return None
        return [Lit(entry.key, entry.key_span, value.module) for entry in value.entries()]
    return list(value.items) if isinstance(value, Arr) else None


def _destructure(syntax: Syntax, pattern: Node, value: Value,
                 default: Callable[[Node], Value] | None = None) -> dict[str, Value] | None:
    """The names ``pattern`` binds to ``value``'s parts (None: a pattern or a value this does
    not take apart — a rest element, a value that is not a literal, a default the value leaves
    to apply when ``default``, which computes one, is not given)."""
    if pattern.type in ("required_parameter", "optional_parameter"):
        inner = pattern.child_by_field_name("pattern")  # (a default is the caller's business)
        if inner is None:
            return None
        pattern = inner
    if pattern.type == "identifier":
        return {syntax.source(pattern): value}
    if pattern.type == "array_pattern" and isinstance(value, Arr):
        found: dict[str, Value] = {}
        for index, element in enumerate(pattern.named_children):
            if index >= len(value.items):
                return None
            part = _destructure(syntax, element, value.items[index])
            if part is None:
                return None
            found.update(part)
        return found
    if pattern.type == "object_pattern" and isinstance(value, Obj):
        found = {}
        for element in pattern.named_children:
            if element.type == "shorthand_property_identifier_pattern":
                # a key the object lacks is undefined, as JavaScript destructures it
                part_value = value.get(syntax.source(element))
                found[syntax.source(element)] = part_value if part_value is not None else \
                    Undefined(syntax.span(element), value.module)
            elif element.type == "pair_pattern":
                key, alias = (element.child_by_field_name("key"),
                              element.child_by_field_name("value"))
                if key is None or alias is None or key.type != "property_identifier":
                    return None
                part_value = value.get(syntax.source(key))
                nested = _destructure(syntax, alias, part_value if part_value is not None else
                                      Undefined(syntax.span(key), value.module))
                if nested is None:
                    return None
                found.update(nested)
            elif element.type == "object_assignment_pattern":
                # `{ defaults = {} }`: the object's own value where it has the key; where it
                # has not (or it is undefined), the default
                left = element.child_by_field_name("left")
                if left is None or left.type != "shorthand_property_identifier_pattern":
                    return None
                part_value = value.get(syntax.source(left))
                if part_value is None or isinstance(part_value, Undefined):
                    right = element.child_by_field_name("right")
                    if default is None or right is None:
                        return None
                    part_value = default(right)
                found[syntax.source(left)] = part_value
            else:
                return None
        return found
    return None


def _binder(node: Node) -> Node | None:
    """The innermost ``for ... of/in`` statement or function holding ``node``."""
    holder = node.parent
    while holder is not None and holder.type != "for_in_statement" and \
            holder.type not in FUNCTION_TYPES:
        holder = holder.parent
    return holder


def _bound_names(syntax: Syntax, binder: Node) -> set[str]:
    """The names a loop's variable or a function's parameters bind."""
    patterns = [binder.child_by_field_name("left")] if binder.type == "for_in_statement" \
        else _parameter_patterns(binder)
    names: set[str] = set()
    for pattern in patterns:
        if pattern is None:
            continue
        pending = [pattern]
        while pending:
            node = pending.pop()
            if node.type in ("identifier", "shorthand_property_identifier_pattern"):
                names.add(syntax.source(node))
            elif node.type != "type_annotation":
                pending.extend(node.named_children)
    return names


def _parameter_patterns(function: Node) -> list[Node]:
    single = function.child_by_field_name("parameter")
    if single is not None:
        return [single]
    parameters = function.child_by_field_name("parameters")
    return [p for p in (parameters.named_children if parameters is not None else [])
            if p.type != "comment"]


def used_names(syntax: Syntax, node: Node) -> set[str]:
    """The names ``node``'s arguments (or the node itself) read, outside the functions written
    in them (a handler's body does not decide what is listed)."""
    names: set[str] = set()
    start = node.child_by_field_name("arguments") if node.type == "call_expression" else node
    pending = [start] if start is not None else []
    receiver = node.child_by_field_name("function") if node.type == "call_expression" else None
    if receiver is not None:
        pending.append(receiver)
    while pending:
        current = pending.pop()
        if current.type in FUNCTION_TYPES:
            continue
        if current.type in ("identifier", "shorthand_property_identifier"):
            names.add(syntax.source(current))
        pending.extend(current.named_children)
    return names


def _method(syntax: Syntax, call: Node) -> str | None:
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None
    name = function.child_by_field_name("property")
    return syntax.source(name) if name is not None else None


def _exported(syntax: Syntax, function: Node, name: str) -> bool:
    """Whether other modules may call the function: an export of it, by declaration, by an
    export clause or through ``module.exports``/``exports``."""
    holder: Node | None = function
    while holder is not None:
        if holder.type == "export_statement":
            return True
        holder = holder.parent
    word = re.compile(r"\b" + re.escape(name) + r"\b")
    if any(statement.type == "export_statement" and word.search(syntax.source(statement))
           for statement in syntax.root.named_children):
        return True
    for assignment in syntax.searched("assignment_expression"):
        left = assignment.child_by_field_name("left")
        if left is not None and syntax.source(left).split(".")[0] in ("module", "exports") \
                and word.search(syntax.source(assignment)):
            return True
    return False


def _function_name(syntax: Syntax, function: Node) -> str | None:
    """The name a module-level call uses for ``function``: its declaration's, or the
    variable's it is assigned to."""
    if function.type == "function_declaration":
        name = function.child_by_field_name("name")
        return syntax.source(name) if name is not None else None
    holder = function.parent
    if holder is not None and holder.type == "variable_declarator":
        name = holder.child_by_field_name("name")
        return syntax.source(name) if name is not None and name.type == "identifier" else None
    return None
