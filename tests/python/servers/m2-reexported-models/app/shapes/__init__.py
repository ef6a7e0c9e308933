"""Models re-exported by a package: by name, by `*`, and under another name."""

from .point import Point
from .line import *
from .more import Area as Region
