/**
 * Small helpers for the project's scripts: run a command with inherited output and fail
 * loudly with its exit code.
 */
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";

/**
 * Runs `command args…`, resolving when it exits with 0, rejecting otherwise. `input`, when
 * given, is written to its standard input (then closed); the other options are spawn's.
 */
export function run(command, args, { input, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
    if (input !== undefined) child.stdin.end(input);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(" ")} exited with ${signal ?? code}`));
    });
  });
}

/** The local binaries of node_modules/.bin, so scripts do not depend on npx. */
export function bin(name) {
  return new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
}

/**
 * Bundles the production Worker into `outdir` (emptied first) exactly as a deploy would:
 * `wrangler deploy --dry-run --outdir`, with NODE_ENV=production (React's production build)
 * whatever the caller runs under (vitest sets "test"). Out: `<outdir>/server.js`. Throws when
 * wrangler fails; its errors are shown.
 */
export function bundleWorker(outdir) {
  rmSync(outdir, { recursive: true, force: true });
  execFileSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
