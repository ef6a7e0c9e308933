// End-to-end in real VS Code (code-server in headless Chromium): install the built .vsix, open a
// tool-schema document with a bare `true`, see the diagnostic in the Problems panel, apply the
// preferred quick fix, save, and check the file on disk. Exit 0 on success.
//
// Environment: PORTLINT_CODE_SERVER, PORTLINT_NODE24, PORTLINT_PLAYWRIGHT, PORTLINT_VSIX,
// PORTLINT_PYTHON (the interpreter the extension is given: for the bundled mode, one without
// portlint), PORTLINT_WORK (a scratch folder);
// PORTLINT_SCREENSHOT (optional): where to save a screenshot of the diagnostic and its quick fix.
"use strict";
const { spawn, execFileSync } = require("node:child_process");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const codeServer = env("PORTLINT_CODE_SERVER");
const node24 = env("PORTLINT_NODE24");
const { chromium } = require(env("PORTLINT_PLAYWRIGHT"));
const vsix = env("PORTLINT_VSIX");
const python = env("PORTLINT_PYTHON");
const work = env("PORTLINT_WORK");

const TOOLS = '{\n  "name": "get_temp",\n  "inputSchema": {"type": "object", "properties": {}},\n' +
  '  "outputSchema": {"type": "object", "properties": {"data": true}}\n}\n';
const FIXED = TOOLS.replace('"data": true', '"data": {}');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

// The lines the extension wrote to its output channel (which portlint it started, and how).
function extensionLog(userData) {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/portlint/i.test(full) && entry.name.endsWith(".log")) found.push(full);
    }
  };
  walk(path.join(userData, "logs"));
  return found.flatMap((file) => fs.readFileSync(file, "utf8").split("\n"))
    .filter((line) => line.includes("portlint:"));
}

// Put the editor's cursor at line:column (both 1-based) and wait until the status bar says so.
async function placeCursor(page, line, column) {
  await page.click(".editor-instance .monaco-editor .view-lines");
  await page.keyboard.press("Control+G");
  await page.waitForSelector(".quick-input-widget .quick-input-box input", { state: "visible" });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`.statusbar-item:has-text("Ln ${line}, Col ${column}")`,
    { timeout: 10000 });
}

// Open the quick-fix menu at line:column and return its row titled `title`; up to four tries.
async function quickFix(page, line, column, title) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await placeCursor(page, line, column);
      await page.keyboard.press("Control+.");
      return await page.waitForSelector(
        `.action-widget .monaco-list-row:has-text("${title}")`, { timeout: 15000 });
    } catch (error) {
      if (attempt >= 4) throw error;
      await page.keyboard.press("Escape");
      await page.waitForTimeout(1000);
    }
  }
}

async function main() {
  const started = Date.now();
  const log = (what) => console.log(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
  const userData = path.join(work, "user-data");
  const extensions = path.join(work, "extensions");
  const folder = path.join(work, "workspace");
  for (const dir of [path.join(userData, "User"), extensions, folder]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  const document = path.join(folder, "tools.json");
  fs.writeFileSync(document, TOOLS);
  fs.writeFileSync(path.join(userData, "User", "settings.json"), JSON.stringify({
    "portlint.interpreter": python,
    "security.workspace.trust.enabled": false,
    "workbench.startupEditor": "none",
    "extensions.autoUpdate": false,
    "extensions.autoCheckUpdates": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "chat.disableAIFeatures": true,
    "workbench.secondarySideBar.defaultVisibility": "hidden",
  }, null, 2));
  const config = path.join(work, "code-server.yaml");
  fs.writeFileSync(config, "auth: none\ncert: false\n");
  const nodeDir = path.dirname(node24);
  const childEnv = { ...process.env, PATH: `${nodeDir}:${process.env.PATH}` };
  const common = ["--config", config, "--user-data-dir", userData, "--extensions-dir", extensions];
  execFileSync(codeServer, [...common, "--install-extension", vsix], { env: childEnv, stdio: "pipe" });
  log("extension installed");

  const port = await freePort();
  const server = spawn(codeServer, [...common, "--bind-addr", `127.0.0.1:${port}`, "--auth", "none",
    "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust",
    "--disable-getting-started-override", folder], { env: childEnv, detached: true, stdio: "ignore" });
  let browser;
  try {
    browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    for (let attempt = 0; ; attempt += 1) {
      try {
        await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}`);
        break;
      } catch (error) {
        if (attempt > 60) throw error;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    await page.waitForSelector(".monaco-workbench", { timeout: 90000 });
    log("workbench up");
    await page.waitForTimeout(2000);
    await page.click('.explorer-folders-view .monaco-list-row:has-text("tools.json")', { timeout: 60000 });
    await page.waitForSelector('.tabs-container .tab:has-text("tools.json")');
    log("document open");
    await page.waitForSelector(".squiggly-error", { timeout: 90000 });
    log("diagnostic shown");
    await page.keyboard.press("Control+Shift+M");
    const row = await page.waitForSelector(
      '.markers-panel .monaco-list-row:has-text("A bare `true` stands where a schema object is expected")',
      { timeout: 30000 });
    const rowText = await row.innerText();
    if (!rowText.includes("boolean-schema")) throw new Error(`problem row without the rule: ${rowText}`);
    log(`problems panel: ${rowText.replace(/\s+/g, " ")}`);
    // The quick fix is asked for at the problem's place. The cursor is put there with Go to
    // Line/Column and read back from the status bar; a busy machine may answer the first Ctrl+.
    // before the server's code actions arrive ("No code actions available"), so it is asked again.
    const fix = await quickFix(page, 4, 61, "Replace `true` with `{}` (same contract)");
    if (process.env.PORTLINT_SCREENSHOT) {
      await page.screenshot({ path: process.env.PORTLINT_SCREENSHOT });
    }
    await fix.click();
    // saved until the file on disk is the fixed text: a save pressed before a slow machine has
    // applied the edit writes the old text, so it is pressed again (a save writes the same bytes)
    for (let save = 0; save < 4 && fs.readFileSync(document, "utf8") !== FIXED; save += 1) {
      await page.waitForTimeout(500);
      await page.keyboard.press("Control+S");
      for (let i = 0; i < 20 && fs.readFileSync(document, "utf8") !== FIXED; i += 1) {
        await page.waitForTimeout(250);
      }
    }
    const onDisk = fs.readFileSync(document, "utf8");
    if (onDisk !== FIXED) throw new Error(`file on disk not fixed:\n${onDisk}`);
    log("fixed and saved");
    await page.waitForSelector(".squiggly-error", { state: "detached", timeout: 30000 });
    log(`extension log: ${extensionLog(userData).join(" | ")}`);
    log("E2E OK");
  } catch (error) {
    if (browser) {
      const pages = browser.contexts().flatMap((c) => c.pages());
      if (pages[0]) await pages[0].screenshot({ path: path.join(work, "failure.png") }).catch(() => {});
    }
    throw error;
  } finally {
    if (browser) await browser.close().catch(() => {});
    try { process.kill(-server.pid, "SIGTERM"); } catch { /* already gone */ }
  }
}

main().then(() => process.exit(0), (error) => {
  console.error(`E2E FAILED: ${error && error.stack ? error.stack : error}`);
  process.exit(1);
});
