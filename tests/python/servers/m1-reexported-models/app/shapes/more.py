from pydantic import BaseModel, Field

from .point import Point


class Area(BaseModel):
    """A closed region."""

    corners: list[Point] = Field(min_length=3)
