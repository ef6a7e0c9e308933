// How the server process is started. vscode-languageclient appends `--stdio` for the stdio
// transport; `portlint serve` accepts it.

export interface ServerCommand {
  command: string;
  args: string[];
}

export function serverCommand(interpreter: string, extraArgs: string[]): ServerCommand {
  return { command: interpreter, args: ["-m", "portlint", "serve", ...extraArgs] };
}

/** The arguments that check, without starting a server, that portlint can be imported. */
export function importCheck(interpreter: string): ServerCommand {
  return { command: interpreter, args: ["-c", "import portlint.cli.main"] };
}

/** Documents the server is given: the tool-schema languages, on disk or unsaved. */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "json" },
  { scheme: "file", language: "jsonc" },
  { scheme: "file", language: "yaml" },
  { scheme: "file", language: "python" },
  { scheme: "file", language: "typescript" },
  { scheme: "file", language: "javascript" },
  { scheme: "untitled", language: "json" },
  { scheme: "untitled", language: "yaml" },
];

/** The status bar text for the number of portlint problems in the current file. */
export function statusText(state: "starting" | "running" | "stopped", problems: number | undefined):
  string {
  if (state === "starting") {
    return "$(sync~spin) portlint";
  }
  if (state === "stopped") {
    return "$(circle-slash) portlint";
  }
  if (problems === undefined) {
    return "$(check) portlint";
  }
  return problems === 0 ? "$(check) portlint" : `$(warning) portlint: ${problems}`;
}
