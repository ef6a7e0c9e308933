// How the server process is started. vscode-languageclient appends `--stdio` for the stdio
// transport; `portlint serve` accepts it.
//
// `portlint.importStrategy` chooses which portlint runs, as the ruff, pylint and black
// extensions do: `useBundled` (the default) runs the copy bundled in the extension
// (`bundled/libs`, with every dependency) with the chosen interpreter; `fromEnvironment` runs the
// portlint installed in the chosen interpreter's environment, and falls back to the bundled copy
// (saying so) when that environment has none.

export interface ServerCommand {
  command: string;
  args: string[];
}

export type ImportStrategy = "useBundled" | "fromEnvironment";

export function importStrategy(value: unknown): ImportStrategy {
  return value === "fromEnvironment" ? "fromEnvironment" : "useBundled";
}

/** The bundled launcher, run isolated (`-I`: no PYTHONPATH, no user site, not the cwd). */
export function bundledLauncher(extensionDir: string): string {
  return `${extensionDir}/bundled/tool/launch.py`;
}

export function serverCommand(interpreter: string, extraArgs: string[],
  bundled?: { extensionDir: string }): ServerCommand {
  if (bundled !== undefined) {
    return { command: interpreter,
      args: ["-I", bundledLauncher(bundled.extensionDir), "serve", ...extraArgs] };
  }
  // `-P`: the workspace folder (the server's cwd) is not put first on the import path, so a
  // project's own `ast.py` or `json.py` is never imported in place of the standard library's
  return { command: interpreter, args: ["-P", "-m", "portlint", "serve", ...extraArgs] };
}

/** The arguments that check, without starting a server, that portlint can be imported. */
export function importCheck(interpreter: string, bundled?: { extensionDir: string }):
  ServerCommand {
  if (bundled !== undefined) {
    return { command: interpreter, args: ["-I", bundledLauncher(bundled.extensionDir),
      "check-bundle"] };
  }
  return { command: interpreter, args: ["-P", "-c", "import portlint.cli.main"] };
}

/** What to start, given the strategy and whether the environment's portlint imports. */
export type LaunchPlan =
  | { kind: "environment" }
  | { kind: "bundled"; fallback: boolean };

export function launchPlan(strategy: ImportStrategy, environmentHasPortlint: boolean): LaunchPlan {
  if (strategy === "fromEnvironment" && environmentHasPortlint) {
    return { kind: "environment" };
  }
  return { kind: "bundled", fallback: strategy === "fromEnvironment" };
}

/** Documents the server is given: the tool-schema languages, on disk or unsaved. */
export const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "json" },
  { scheme: "file", language: "jsonc" },
  { scheme: "file", language: "yaml" },
  { scheme: "file", language: "python" },
  { scheme: "file", language: "typescript" },
  { scheme: "file", language: "typescriptreact" },
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
