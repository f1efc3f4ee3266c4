/**
 * Small helpers for the project's scripts: run a command with inherited output and fail
 * loudly with its exit code.
 */
import { spawn } from "node:child_process";

/** Runs `command args…`, resolving when it exits with 0, rejecting otherwise. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", ...options });
    child.on("error", reject);
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
