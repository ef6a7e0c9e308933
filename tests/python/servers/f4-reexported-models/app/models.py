"""Everything the shapes package exports, again (a re-export of re-exports)."""

from app.shapes import *
