"""Whether the conditions around a registration call keep it from running, read from the values
portlint already knows: a constant of the module (`const EXPERIMENTAL = false; if
(EXPERIMENTAL) server.tool(...)`), or an item of a loop it unrolls (`if (!tool.enabled)
continue;`, `if (tool.annotations) server.tool(..., tool.annotations, cb) else server.tool(...,
cb)` — @circleci/mcp-server-circleci 0.20.0 registers each tool once, by one branch). A call a
condition surely keeps from running registers nothing, and the server lists no tool for it.

Read between the call and the function holding it (a condition outside a function says nothing
of when the function is called): the `if` and the conditional expression it is a branch of, the
`&&`/`||` it is the right side of, and the statements before it in its blocks that leave the
block when their condition holds (`if (...) continue;`, `return`, `break`, `throw`). A condition
portlint cannot evaluate (a value known at run time) keeps the call, as before: the tool is
derived and linted."""

from __future__ import annotations

import math

from portlint.typescript.evaluate import Evaluator, ModuleInfo
from portlint.typescript.syntax import FUNCTION_TYPES, Node
from portlint.typescript.values import Arr, Function, Instance, Lit, Obj, Undefined, Value
from portlint.typescript.zod import Z

_LEAVING = frozenset(("continue_statement", "return_statement", "break_statement",
                      "throw_statement"))


class Guards:
    """What the conditions of one module say with one set of bound values, read once: a
    module of thousands of registrations each after thousands of `if (...) return;` costs
    one reading of each condition, not one per registration."""

    def __init__(self, evaluator: Evaluator, module: ModuleInfo) -> None:
        self.evaluator = evaluator
        self.module = module
        self._truths: dict[int, bool | None] = {}
        self._leaving: dict[int, int | None] = {}  # a block → where it surely leaves (byte)

    def kept_from_running(self, call: Node) -> bool:
        """Whether a condition between ``call`` and the function holding it surely keeps it
        from running."""
        node = call
        while node.parent is not None and node.type not in FUNCTION_TYPES:
            parent = node.parent
            if self._branch_not_taken(parent, node):
                return True
            if parent.type in ("statement_block", "program", "switch_case",
                               "switch_default"):
                leaves = self._leaves_at(parent)
                if leaves is not None and leaves < node.start_byte:
                    return True
            node = parent
        return False

    def _truth(self, node: Node) -> bool | None:
        if node.id not in self._truths:
            self._truths[node.id] = truth(self.evaluator, self.module, node)
        return self._truths[node.id]

    def _branch_not_taken(self, parent: Node, child: Node) -> bool:
        if parent.type in ("if_statement", "ternary_expression"):
            condition = parent.child_by_field_name("condition")
            if condition is None or condition.id == child.id:
                return False
            consequence = parent.child_by_field_name("consequence")
            alternative = parent.child_by_field_name("alternative")
            if consequence is not None and consequence.id == child.id:
                return self._truth(condition) is False
            if alternative is not None and alternative.id == child.id:
                return self._truth(condition) is True
            return False
        if parent.type == "binary_expression":
            operator = parent.child_by_field_name("operator")
            left = parent.child_by_field_name("left")
            right = parent.child_by_field_name("right")
            if operator is None or left is None or right is None or right.id != child.id:
                return False
            op = self.module.syntax.source(operator)
            if op == "&&":
                return self._truth(left) is False
            if op == "||":
                return self._truth(left) is True
        return False

    def _leaves_at(self, block: Node) -> int | None:
        """Where the first statement of ``block`` that surely leaves it starts: an `if`
        without `else` whose consequence is only a `continue`, `return`, `break` or `throw`,
        and whose condition holds (None: none does)."""
        if block.id in self._leaving:
            return self._leaving[block.id]
        found: int | None = None
        for statement in block.named_children:
            if statement.type != "if_statement" or statement.child_by_field_name(
                    "alternative") is not None:
                continue
            consequence = statement.child_by_field_name("consequence")
            condition = statement.child_by_field_name("condition")
            if consequence is None or condition is None or not _only_leaves(consequence):
                continue
            if self._truth(condition) is True:
                found = statement.start_byte
                break
        self._leaving[block.id] = found
        return found


def _only_leaves(statement: Node) -> bool:
    if statement.type in _LEAVING:
        return True
    if statement.type == "statement_block":
        inner = [c for c in statement.named_children if c.type != "comment"]
        return len(inner) == 1 and inner[0].type in _LEAVING
    return False


MAX_DEPTH = 64  # operators read one inside the other in a condition: past it, not told


def truth(evaluator: Evaluator, module: ModuleInfo, node: Node, depth: int = 0) -> bool | None:
    """Whether ``node`` is truthy as JavaScript tests it; None when portlint cannot tell."""
    if depth > MAX_DEPTH:
        return None
    if node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        return truth(evaluator, module, inner[0], depth + 1) if len(inner) == 1 else None
    if node.type == "unary_expression":
        operator = node.child_by_field_name("operator")
        argument = node.child_by_field_name("argument")
        if operator is not None and argument is not None and module.syntax.source(
                operator) == "!":
            held = truth(evaluator, module, argument, depth + 1)
            return None if held is None else not held
        return None
    if node.type == "binary_expression":
        operator = node.child_by_field_name("operator")
        op = module.syntax.source(operator) if operator is not None else ""
        if op in ("&&", "||"):
            left = truth(evaluator, module, node.child_by_field_name("left"),  # type: ignore
                         depth + 1)
            right = truth(evaluator, module, node.child_by_field_name("right"),  # type: ignore
                          depth + 1)
            decided, undecided = (False, True) if op == "&&" else (True, False)
            if decided in (left, right):
                return decided
            return undecided if left is undecided and right is undecided else None
        if op in ("===", "!==", "==", "!="):
            same = _equal(evaluator.evaluate(node.child_by_field_name("left"), module),  # type: ignore[arg-type]
                          evaluator.evaluate(node.child_by_field_name("right"), module),  # type: ignore[arg-type]
                          strict=op in ("===", "!=="))
            return None if same is None else same == (op in ("===", "=="))
    return _value_truth(evaluator.evaluate(node, module))


def _equal(left: Value, right: Value, strict: bool) -> bool | None:
    """Whether two primitives are equal as JavaScript compares them (None: not two primitives
    portlint knows, or a loose comparison of two types, which converts)."""
    nothing = (Undefined,)
    if isinstance(left, nothing) or isinstance(right, nothing):
        other = right if isinstance(left, nothing) else left
        if isinstance(other, nothing):
            return True
        if isinstance(other, Lit):
            return not (strict or other.value is not None)
        return False if isinstance(other, (Obj, Arr, Function, Instance, Z)) else None
    if not (isinstance(left, Lit) and isinstance(right, Lit)):
        return None
    a, b = left.value, right.value
    kinds = {_kind(a), _kind(b)}
    if len(kinds) > 1:
        return False if strict else None
    return a == b


def _kind(value: str | int | float | bool | None) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "string" if isinstance(value, str) else "null"


def _value_truth(value: Value) -> bool | None:
    if isinstance(value, Undefined):
        return False
    if isinstance(value, Lit):
        held = value.value
        if isinstance(held, float) and math.isnan(held):
            return False
        return bool(held)
    if isinstance(value, (Obj, Arr, Function, Instance, Z)):
        return True  # an object is truthy, whatever it holds
    return None
