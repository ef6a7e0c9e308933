"""Decorators a server puts on its tools. Most keep the function's signature with
`functools.wraps`; one hands the framework a function of its own."""

import asyncio
import functools
from functools import wraps

REGISTRY: list[str] = []


def handle_errors(func):
    """Turn an exception into a message."""
    tool_name = func.__name__

    @functools.wraps(func)
    async def wrapper(*args, **kwargs):
        try:
            return await func(*args, **kwargs)
        except Exception as error:
            return f"{tool_name} failed: {error}"

    return wrapper


def retried(times: int = 3):
    """Try again on failure."""

    def decorate(func):
        @wraps(func)
        async def wrapper(*args, **kwargs):
            for _ in range(times - 1):
                try:
                    return await func(*args, **kwargs)
                except Exception:
                    pass
            return await func(*args, **kwargs)

        return wrapper

    return decorate


def retried_twice(times: int = 2):
    """Another factory's decorator, handed back as it makes it."""
    return retried(times=times)


def either(func):
    """Wrap a function the way it is written: async or not."""
    if asyncio.iscoroutinefunction(func):
        @wraps(func)
        async def run_async(*args, **kwargs):
            return await func(*args, **kwargs)

        return run_async

    @wraps(func)
    def run(*args, **kwargs):
        return func(*args, **kwargs)

    return run


def registered(func):
    """Remember the function's name; the function itself is handed back."""
    REGISTRY.append(func.__name__)
    return func


def guarded(func):
    """A wrapper that is itself decorated."""

    @handle_errors
    @wraps(func)
    async def wrapper(*args, **kwargs):
        return await func(*args, **kwargs)

    return wrapper


def fixed_query(func):
    """Not `wraps`: the framework is handed `search_text`, its name, words and parameters."""

    async def search_text(query: str, limit: int = 5) -> list[str]:
        """Search the text."""
        return await func(query, limit)

    return search_text
