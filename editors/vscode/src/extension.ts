// The VS Code face of portlint: choose a Python, start the bundled portlint (or the one in that
// Python's environment) as `portlint serve`, pass the settings, and offer the server's commands.
// No lint logic lives here.

import { execFile } from "node:child_process";
import * as os from "node:os";
import * as vscode from "vscode";
import {
  CloseAction,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  TransportKind,
} from "vscode-languageclient/node";
import {
  cannotRunMessage, expandPath, fallbackMessage, Interpreter, resolveInterpreter,
} from "./interpreter";
import {
  DOCUMENT_SELECTOR, importCheck, importStrategy, launchPlan, serverCommand, ServerCommand,
  statusText,
} from "./server";
import { RESTART_KEYS, serverArgs, serverSettings } from "./settings";

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let status: vscode.StatusBarItem;
let starting: Promise<void> | undefined;

function section(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration("portlint");
}

function workspaceFolder(): vscode.WorkspaceFolder | undefined {
  const active = vscode.window.activeTextEditor?.document.uri;
  return (active && vscode.workspace.getWorkspaceFolder(active)) ?? vscode.workspace.workspaceFolders?.[0];
}

async function pythonExtensionInterpreter(): Promise<string | undefined> {
  const extension = vscode.extensions.getExtension("ms-python.python");
  if (extension === undefined) {
    return undefined;
  }
  const api = extension.isActive ? extension.exports : await extension.activate();
  const resource = workspaceFolder()?.uri;
  const environments = api?.environments;
  if (environments?.getActiveEnvironmentPath) {
    const active = environments.getActiveEnvironmentPath(resource);
    const resolved = await environments.resolveEnvironment?.(active);
    return resolved?.executable?.uri?.fsPath ?? active?.path;
  }
  const details = api?.settings?.getExecutionDetails?.(resource);
  return Array.isArray(details?.execCommand) ? details.execCommand[0] : undefined;
}

async function chooseInterpreter(): Promise<Interpreter> {
  const folder = workspaceFolder()?.uri.fsPath;
  return resolveInterpreter({
    configured: section().get<string>("interpreter") ?? "",
    fromPythonExtension: pythonExtensionInterpreter,
    expand: (path) => expandPath(path, folder, os.homedir()),
  });
}

function problemRunning(check: ServerCommand): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(check.command, check.args, { timeout: 20000 }, (error, _stdout, stderr) => {
      resolve(error ? (stderr || error.message) : undefined);
    });
  });
}

function updateStatus(): void {
  const state = client === undefined ? "stopped" : client.isRunning() ? "running" : "starting";
  const document = vscode.window.activeTextEditor?.document;
  const problems = document === undefined ? undefined
    : vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === "portlint").length;
  status.text = statusText(state, problems);
  status.tooltip = state === "running"
    ? "portlint is running. Click for its logs." : "portlint is not running. Click for its logs.";
}

async function start(context: vscode.ExtensionContext): Promise<void> {
  const interpreter = await chooseInterpreter();
  const strategy = importStrategy(section().get<string>("importStrategy"));
  output.appendLine(`portlint: ${strategy}, with ${interpreter.command} (${interpreter.source})`);
  const environmentProblem = strategy === "fromEnvironment"
    ? await problemRunning(importCheck(interpreter.command)) : "not asked";
  const plan = launchPlan(strategy, environmentProblem === undefined);
  const bundled = plan.kind === "bundled" ? { extensionDir: context.extensionPath } : undefined;
  if (plan.kind === "bundled") {
    if (plan.fallback) {
      output.warn(fallbackMessage(interpreter, environmentProblem ?? ""));
    }
    const problem = await problemRunning(importCheck(interpreter.command, bundled));
    if (problem !== undefined) {
      output.error(problem);
      const message = cannotRunMessage(interpreter, problem);
      void vscode.window.showErrorMessage(message, "Open settings", "Show logs").then((choice) => {
        if (choice === "Open settings") {
          void vscode.commands.executeCommand("workbench.action.openSettings", "portlint.");
        } else if (choice === "Show logs") {
          output.show();
        }
      });
      updateStatus();
      return;
    }
  }
  output.appendLine(`portlint: running the ${plan.kind === "bundled" ? "bundled" : "environment's"} ` +
    "portlint");
  const command = serverCommand(interpreter.command, serverArgs(section()), bundled);
  const serverOptions: ServerOptions = { ...command, transport: TransportKind.stdio };
  let restarts = 0;
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    traceOutputChannel: output,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: { settings: serverSettings(section()) },
    synchronize: { configurationSection: "portlint" },
    middleware: {
      workspace: {
        // the server asks for section "portlint": answer with the lint settings only
        configuration: (params) => params.items.map((item) =>
          item.section === "portlint" ? serverSettings(section()) : null),
      },
    },
    errorHandler: {
      error: () => ({ action: ErrorAction.Continue }),
      closed: () => {
        // one restart after a crash; a server that keeps dying is reported, not looped
        restarts += 1;
        if (restarts <= 1) {
          return { action: CloseAction.Restart };
        }
        return {
          action: CloseAction.DoNotRestart,
          message: "The portlint server stopped twice. See the portlint output for why, then run " +
            "'portlint: Restart the server'.",
        };
      },
    },
  };
  client = new LanguageClient("portlint", "portlint", serverOptions, clientOptions);
  client.onDidChangeState(() => updateStatus());
  context.subscriptions.push(client);
  await client.start();
  updateStatus();
}

async function stop(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined) {
    await running.stop();
    running.dispose();
  }
}

async function restart(context: vscode.ExtensionContext): Promise<void> {
  if (starting !== undefined) {
    await starting;
  }
  await stop();
  starting = start(context).finally(() => { starting = undefined; });
  await starting;
}

async function executeOnServer(command: string, args: unknown[]): Promise<unknown> {
  if (client === undefined || !client.isRunning()) {
    void vscode.window.showWarningMessage("portlint is not running. See 'portlint: Show logs'.");
    return undefined;
  }
  return client.sendRequest(ExecuteCommandRequest.type, { command, arguments: args });
}

async function fixAll(): Promise<void> {
  const document = vscode.window.activeTextEditor?.document;
  if (document === undefined) {
    return;
  }
  const applied = await executeOnServer("portlint.applyFixAll", [document.uri.toString()]);
  if (applied === false) {
    void vscode.window.showInformationMessage("portlint: nothing to fix safely in this file.");
  }
}

interface Found {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

async function revealPath(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || client === undefined) {
    return;
  }
  const written = await vscode.window.showInputBox({
    title: "portlint: reveal a path",
    prompt: "A path as a client printed it",
    placeHolder: '["tools",7,"outputSchema","properties","data"]  or  tools[7].outputSchema.properties.data',
  });
  if (written === undefined || written.trim() === "") {
    return;
  }
  const found = await executeOnServer("portlint.locatePath",
    [editor.document.uri.toString(), written.trim()]) as Found | null | undefined;
  if (found === null || found === undefined) {
    return; // the server has said why
  }
  const range = client.protocol2CodeConverter.asRange(found.range);
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  output = vscode.window.createOutputChannel("portlint", { log: true });
  status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Right, 100);
  status.command = "portlint.showLogs";
  status.show();
  context.subscriptions.push(
    output,
    status,
    vscode.commands.registerCommand("portlint.restart", () => restart(context)),
    vscode.commands.registerCommand("portlint.showLogs", () => output.show()),
    vscode.commands.registerCommand("portlint.fixAll", fixAll),
    vscode.commands.registerCommand("portlint.revealPath", revealPath),
    vscode.languages.onDidChangeDiagnostics(() => updateStatus()),
    vscode.window.onDidChangeActiveTextEditor(() => updateStatus()),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (RESTART_KEYS.some((key) => event.affectsConfiguration(key))) {
        void restart(context);
      }
    }),
  );
  updateStatus();
  await restart(context);
}

export async function deactivate(): Promise<void> {
  await stop();
}
