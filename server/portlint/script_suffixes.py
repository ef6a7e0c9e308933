"""The file suffixes of TypeScript and JavaScript sources: the ones the reader is registered for
(readers.py) and the ones module resolution tries (typescript/project.py). One list, kept in the
base layer below both and importing nothing, so a JSON check that asks the registry loads
nothing of the TypeScript reader."""

SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".mjs", ".cjs", ".jsx")
JAVASCRIPT_SUFFIXES = (".js", ".mjs", ".cjs", ".jsx")  # the JavaScript ones among them
