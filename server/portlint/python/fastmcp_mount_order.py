"""What each recorded release of fastmcp does with a mount given the prefix first
(`main.mount("jira", sub)`): None when it lists the tools under the prefix
(`jira_ping`), else what the server raises before it answers anything. Written by
tests/python/record_mount_order.py from the releases installed (do not edit)."""

PREFIX_FIRST: dict[str, str | None] = {
    '2.10.6': None,
    '2.13.3': None,
    '2.14.0': "AttributeError: 'str' object has no attribute '_lifespan'",
    '2.14.7': "AttributeError: 'str' object has no attribute '_lifespan'",
    '3.0.0': "AttributeError: 'str' object has no attribute '_lifespan'",
    '3.4.11': "AttributeError: 'str' object has no attribute '_lifespan_manager'",
    '4.0.0': "AttributeError: 'str' object has no attribute '_lifespan_manager'",
    '4.2.3': "AttributeError: 'str' object has no attribute 'required_extensions'",
}
