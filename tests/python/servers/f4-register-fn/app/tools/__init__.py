from .search import register_search_tools

__all__ = ["register_search_tools"]
