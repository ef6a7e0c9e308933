from typing import Optional
from pydantic import BaseModel


class Report(BaseModel):
    """A weather report."""
    city: str
    celsius: float
    wind: Optional[float] = None
