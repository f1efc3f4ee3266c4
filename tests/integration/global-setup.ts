/**
 * Bundles the production Worker once for all integration tests, exactly as a deploy would
 * (`wrangler deploy --dry-run --outdir`), from the Remix build in build/ (made by `npm test`
 * before vitest runs; built here when missing).
 */
import { execFileSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { WORKER_BUNDLE_DIR } from "./worker";

export default function setup() {
  const bin = (name: string) => `node_modules/.bin/${name}`;
  if (!existsSync("build/server/index.js")) execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  rmSync(WORKER_BUNDLE_DIR, { recursive: true, force: true });
  // vitest sets NODE_ENV=test; the bundle must be the production one (React's production
  // build), as `wrangler deploy` makes it.
  execFileSync(bin("wrangler"), ["deploy", "--dry-run", "--outdir", WORKER_BUNDLE_DIR], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
}
