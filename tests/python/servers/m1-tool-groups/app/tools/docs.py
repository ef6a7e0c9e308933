def search_docs(query: str, k: int = 5) -> list[str]:
    """Search the documentation."""
    return [query] * k
