"""Classes whose instances' methods the server module registers."""

from typing import Optional


class Store:
    def __init__(self, root: str) -> None:
        self.root = root

    def lookup(self, key: str, default: Optional[str] = None) -> Optional[str]:
        """Look a key up.

        Args:
            key: The key to find.
            default: What to answer when it is missing.
        """
        return default

    def count(self, prefix: str = "") -> int:
        """Count the keys under a prefix."""
        return len(prefix)


class ReportStore(Store):
    async def summary(self, days: int = 30, *, verbose: bool = False) -> str:
        """Summarise the reports of the last days."""
        return str(days)
