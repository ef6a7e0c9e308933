"""Annotations the server module imports."""
READ_ONLY: dict[str, bool] = {"readOnlyHint": True}
READ_ONLY_PLAIN = {"readOnlyHint": True}
TITLED = {"title": "Titled by its annotations", "readOnlyHint": True}
