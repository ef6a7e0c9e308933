// Which Python runs `portlint serve`: the `portlint.interpreter` setting, else the Python
// extension's interpreter for the workspace (when that extension is installed), else `python3`
// on PATH. Dependencies are passed in, so the order is tested without VS Code.

export type Source = "setting" | "python extension" | "PATH";

export interface Interpreter {
  command: string;
  source: Source;
}

export interface InterpreterSources {
  /** The `portlint.interpreter` setting ("" when unset). */
  configured: string;
  /** The Python extension's interpreter for the workspace, if the extension is there. */
  fromPythonExtension: () => Promise<string | undefined>;
  /** Expand `${workspaceFolder}` and `~` in a configured path. */
  expand: (path: string) => string;
}

export async function resolveInterpreter(sources: InterpreterSources): Promise<Interpreter> {
  const configured = sources.configured.trim();
  if (configured !== "") {
    return { command: sources.expand(configured), source: "setting" };
  }
  let fromExtension: string | undefined;
  try {
    fromExtension = await sources.fromPythonExtension();
  } catch {
    fromExtension = undefined; // the extension is there but not ready: fall back to PATH
  }
  if (fromExtension !== undefined && fromExtension.trim() !== "") {
    return { command: fromExtension, source: "python extension" };
  }
  return { command: "python3", source: "PATH" };
}

export function expandPath(path: string, workspaceFolder: string | undefined, home: string): string {
  let out = path;
  if (workspaceFolder !== undefined) {
    out = out.split("${workspaceFolder}").join(workspaceFolder);
  }
  if (out === "~" || out.startsWith("~/")) {
    out = home + out.slice(1);
  }
  return out;
}

function where(interpreter: Interpreter): string {
  return interpreter.source === "setting" ? "the interpreter set in portlint.interpreter"
    : interpreter.source === "python extension" ? "the Python extension's interpreter"
      : "python3 on PATH";
}

function lastLine(detail: string): string {
  return detail.trim() === "" ? "" : ` (${detail.trim().split("\n").pop()})`;
}

/** The message shown once when the bundled portlint cannot run on the chosen interpreter. */
export function cannotRunMessage(interpreter: Interpreter, detail: string): string {
  return `The bundled portlint cannot run with ${where(interpreter)}, ${interpreter.command}` +
    `${lastLine(detail)}. It needs CPython 3.11 or later: point portlint.interpreter at one, ` +
    "or set portlint.importStrategy to fromEnvironment and install portlint there.";
}

/** The log line when `fromEnvironment` finds no portlint and the bundled copy runs instead. */
export function fallbackMessage(interpreter: Interpreter, detail: string): string {
  return `portlint is not installed for ${where(interpreter)}, ${interpreter.command}` +
    `${lastLine(detail)}: using the portlint bundled with the extension.`;
}
