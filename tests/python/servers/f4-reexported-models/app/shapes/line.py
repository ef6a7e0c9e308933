from pydantic import BaseModel

from .point import Point


class Line(BaseModel):
    """From one point to another."""

    start: Point
    end: Point
