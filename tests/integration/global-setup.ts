/**
 * Bundles the production Worker once for all integration tests, exactly as a deploy would
 * (`wrangler deploy --dry-run --outdir`), from the Remix build in build/ (made by `npm test`
 * before vitest runs; built here when missing).
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { bundleWorker } from "../../scripts/run.mjs";
import { WORKER_BUNDLE_DIR } from "./worker";

export default function setup() {
  if (!existsSync("build/server/index.js")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  // vitest sets NODE_ENV=test; bundleWorker makes the production bundle all the same.
  bundleWorker(WORKER_BUNDLE_DIR);
}
