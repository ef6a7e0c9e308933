"""The project's settings: constants, read where they are imported."""

DEBUG = False
