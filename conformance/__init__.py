"""portlint's client conformance harness: real MCP clients, run against fake servers and model
APIs, and the committed observations of what each did with each case. See README.md."""
