import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * The e2e server's port: E2E_PORT when set (Playwright then says so if it is taken), else one
 * the system has free now, asked for once in the main process; the test workers, which load
 * this file again, inherit it through the environment.
 */
if (!process.env.E2E_PORT) {
  const askFreePort = `const s = require("node:net").createServer(); s.listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });`;
  process.env.E2E_PORT = execFileSync(process.execPath, ["-e", askFreePort], { encoding: "utf8" }).trim();
}
const PORT = Number(process.env.E2E_PORT);

/**
 * Debian's Chromium when it is installed (CI and the project's machines have no browser
 * downloads), else Playwright's own browser. Flags keep Chromium off the network.
 */
const SYSTEM_CHROMIUM = "/usr/bin/chromium";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: a test that fails once and then passes is reported as flaky by the
  // list reporter, to be looked into; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 60_000,
  use: {
    // localhost, not 127.0.0.1: a passkey's relying party must be a domain name (WebAuthn §5.1.3).
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    env: { PORT: String(PORT) },
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
