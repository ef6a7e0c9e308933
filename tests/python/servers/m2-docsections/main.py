from mcp.server.mcpserver import MCPServer as FastMCP

mcp = FastMCP("docsections")


@mcp.tool()
def returns_only() -> str:
    """List the stored items.

    Secrets are never shown.

    Returns:
        JSON with every item
    """
    return ""


@mcp.tool()
def summary_only(limit: int = 3) -> str:
    """Count the stored items."""
    return ""


@mcp.tool()
def paragraphs_only(limit: int = 3) -> str:
    """Count the stored items.

    A second paragraph
    that runs on.
    """
    return ""


@mcp.tool()
def continuation_indents(first: str, second: str = "", third: str = "", fourth: str = "") -> str:
    """Continuation lines at several depths.

    Args:
        first: Twice the entry indent.
            Second line.
        second: Deeper than twice the entry indent.
                  Second line.
        third: Between the entry indent and twice it.
              Second line.
        fourth: A blank line inside.

            After the blank line.

    Returns:
        Text.
    """
    return ""


@mcp.tool()
def typed_entries(a: int, b: str = "", c: str = "", d: str = "", e: str = "") -> str:
    """Entries written with types.

    Args:
        a (int): With a type.
        b (str, optional): Optional type.
        c : A space before the colon.
        d:
        e:Right after the colon.
    """
    return ""


@mcp.tool()
def note_with_args(path: str) -> str:
    """Read a file.

    Note:
        Only text files.

    Args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def custom_heading_with_args(path: str) -> str:
    """Read a file.

    Rules:
        - no binaries
        - no links

    Args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def custom_heading_only(path: str) -> str:
    """Read a file.

    Rules:
        - no binaries
        - no links
    """
    return ""


@mcp.tool()
def note_only(path: str) -> str:
    """Read a file.

    Note:
        Only text files.
    """
    return ""


@mcp.tool()
def titled_admonition(path: str) -> str:
    """Read a file.

    IMPORTANT: only text files
        and never binaries.
    """
    return ""


@mcp.tool()
def example_heading(path: str) -> str:
    """Read a file.

    Example:
        read_file("a.txt")
    """
    return ""


@mcp.tool()
def raises_only(path: str) -> str:
    """Read a file.

    Raises:
        ValueError: When the path is empty.
    """
    return ""


@mcp.tool()
def raises_without_colon(path: str) -> str:
    """Read a file.

    Raises:
        ValueError when the path is empty.
    """
    return ""


@mcp.tool()
def examples_only(path: str) -> str:
    """Read a file.

    Examples:
        >>> read("a.txt")
        'text'
    """
    return ""


@mcp.tool()
def keyword_args_only(path: str, mode: str = "r") -> str:
    """Read a file.

    Keyword Args:
        mode: How to open it.
    """
    return ""


@mcp.tool()
def args_and_keyword_args(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        path: Where the file is.

    Keyword Args:
        mode: How to open it.
    """
    return ""


@mcp.tool()
def no_blank_line_above(path: str) -> str:
    """Read a file.
    Args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def blank_line_below(path: str) -> str:
    """Read a file.

    Args:

        path: Where the file is.
    """
    return ""


@mcp.tool()
def lowercase_heading(path: str) -> str:
    """Read a file.

    args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def starts_with_args(path: str) -> str:
    """Args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def text_after_sections(path: str) -> str:
    """Read a file.

    Args:
        path: Where the file is.

    A closing paragraph.
    """
    return ""


@mcp.tool()
def fenced_heading(path: str) -> str:
    """Read a file.

    ```
    Args:
        path: not a section inside a fence
    ```
    """
    return ""


@mcp.tool()
def titled_returns(path: str) -> str:
    """Read a file.

    Returns: the text
        of the file.
    """
    return ""


@mcp.tool()
def repeated_args(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        path: First.
        path: Second.

    Arguments:
        mode: How to open it.
    """
    return ""


@mcp.tool()
def entry_without_colon(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        path is where the file is
            and more.
        mode: How to open it.
    """
    return ""


@mcp.tool()
def tab_indented(path: str, mode: str = "r") -> str:
	"""Read a file.

	Args:
		path: Where the file is,
			and more.
		mode: How to open it.
	"""
	return ""


@mcp.tool()
def numpy_style(path: str, mode: str = "r") -> str:
    """Read a file.

    Parameters
    ----------
    path : str
        Where the file is.
        Second line.
    mode : str, optional
        How to open it.

    Returns
    -------
    str
        The text.
    """
    return ""


@mcp.tool()
def numpy_returns_only(path: str) -> str:
    """Read a file.

    Returns
    -------
    str
        The text.
    """
    return ""


@mcp.tool()
def numpy_notes_only(path: str) -> str:
    """Read a file.

    Notes
    -----
    Only text files.
    """
    return ""


@mcp.tool()
def underlined_heading(path: str) -> str:
    """Read a file.

    Usage
    -----
    Give it a path.
    """
    return ""


@mcp.tool()
def sphinx_style(path: str, mode: str = "r") -> str:
    """Read a file.

    :param path: Where the file is,
        and more.
    :type path: str
    :param str mode: How to open it.
    :returns: The text.
    """
    return ""


@mcp.tool()
def sphinx_returns_only(path: str) -> str:
    """Read a file.

    :returns: The text.
    :rtype: str
    """
    return ""


@mcp.tool()
def sphinx_trailing_text(path: str) -> str:
    """Read a file.

    :param path: Where the file is.

    A closing paragraph.
    """
    return ""


@mcp.tool()
def opens_with_heading(path: str) -> str:
    """
    Args:
        path: Where the file is.
    """
    return ""


@mcp.tool()
def see_also_heading(path: str) -> str:
    """Read a file.

    See Also:
        write_file
    """
    return ""


@mcp.tool()
def warning_heading(path: str) -> str:
    """Read a file.

    Warning:
        Large files are slow.
    """
    return ""


@mcp.tool()
def numpy_warnings_only(path: str) -> str:
    """Read a file.

    Warnings
    --------
    Large files are slow.
    """
    return ""


@mcp.tool()
def described_and_documented(path: str, mode: str = "r") -> str:
    """Read a file.

    Args:
        path: Where the file is.
        mode: How to open it.
        missing: Not a parameter.
    """
    return ""


if __name__ == "__main__":
    mcp.run()
