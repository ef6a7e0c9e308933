"""A second hop: re-exports one constant of `limits`, adds one of its own."""

from .limits import UNIT as UNIT

SUFFIX = " per page"
