"""A model deriving from one of schemas.py, itself derived from in server.py."""

from typing import Optional

from app.schemas import ToolResponse as Response


class CountedResponse(Response):
    """Counts what was found."""

    count: Optional[int] = None
