"""Re-exports a constant of its `limits` module."""

from .limits import PAGE_SIZE as PAGE_SIZE
