from pydantic import BaseModel


class Point(BaseModel):
    """A point."""

    x: float
    y: float
