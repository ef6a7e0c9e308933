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

/** The message shown once when portlint cannot be imported by the chosen interpreter. */
export function notInstalledMessage(interpreter: Interpreter, detail: string): string {
  const where = interpreter.source === "setting" ? "the interpreter set in portlint.interpreter"
    : interpreter.source === "python extension" ? "the Python extension's interpreter"
      : "python3 on PATH";
  const reason = detail.trim() === "" ? "" : ` (${detail.trim().split("\n").pop()})`;
  return `portlint is not installed for ${where}, ${interpreter.command}${reason}. ` +
    `Install it with \`${interpreter.command} -m pip install portlint\`, ` +
    "or point portlint.interpreter at a Python that has it.";
}
