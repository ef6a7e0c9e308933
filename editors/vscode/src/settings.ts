// What the extension passes to the server: the lint settings of the `portlint` section, in the
// keys of `[tool.portlint]`. The server owns their meaning; this only drops what is the editor's
// business and what the user left empty (empty means "the project's configuration applies").

/** The part of `vscode.WorkspaceConfiguration` this needs (so tests need no VS Code). */
export interface ConfigurationReader {
  get<T>(key: string): T | undefined;
}

/** Keys forwarded to the server, as lists of strings. */
const LIST_KEYS = ["targets", "select", "ignore", "include"] as const;

/** Keys that configure the extension itself, never sent. */
export const CLIENT_KEYS = ["interpreter", "importStrategy", "serverArgs", "trace"] as const;

/** Keys whose change needs a new server process (the others are re-sent to the running one). */
export const RESTART_KEYS = [
  "portlint.interpreter", "portlint.importStrategy", "portlint.serverArgs",
] as const;

export type ServerSettings = Record<string, string[] | Record<string, string>>;

export function serverSettings(config: ConfigurationReader): ServerSettings {
  const out: ServerSettings = {};
  for (const key of LIST_KEYS) {
    const value = config.get<unknown>(key);
    if (Array.isArray(value)) {
      const items = value.filter((v): v is string => typeof v === "string" && v.trim() !== "");
      if (items.length > 0) {
        out[key] = items.map((v) => v.trim());
      }
    }
  }
  const severity = config.get<unknown>("severity");
  if (severity !== null && typeof severity === "object" && !Array.isArray(severity)) {
    const entries = Object.entries(severity as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === "string",
    );
    if (entries.length > 0) {
      out.severity = Object.fromEntries(entries);
    }
  }
  return out;
}

export function serverArgs(config: ConfigurationReader): string[] {
  const value = config.get<unknown>("serverArgs");
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
