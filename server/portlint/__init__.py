"""portlint: tool-schema portability linter."""

__version__ = "0.1.0"
