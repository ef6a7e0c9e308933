"""The constants the server's tools use, bound once here."""

from enum import Enum

PAGE_SIZE = 25
MAX_PAGE = 100
FLOOR = -3
RATIO = 0.25
STRICT = False
NOTHING = None
UNIT = "rows"
NOTE = "Dates are ISO 8601."
HEADER = "Listing"
LIST_TOOL = "list_" + UNIT


class Mode(str, Enum):
    FAST = "fast"
    FULL = "full"
