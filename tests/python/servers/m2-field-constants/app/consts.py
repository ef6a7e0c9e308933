"""Constants the fields are written with."""

DEFAULT_LANGUAGE = "en"
MAX_RESULTS = 100
