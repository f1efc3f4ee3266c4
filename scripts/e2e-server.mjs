/**
 * The server Playwright tests run against: the built app under `wrangler dev` on a fresh
 * local D1/R2 kept in .wrangler/e2e (deleted first), migrated like production.
 * PORT sets the port (default 8790). Builds the app when build/ is missing.
 */
import { existsSync, rmSync } from "node:fs";
import { bin, run } from "./run.mjs";

export const E2E_STATE = ".wrangler/e2e";
const port = process.env.PORT ?? "8790";

if (!existsSync("build/server/index.js")) await run("npm", ["run", "build"]);
rmSync(E2E_STATE, { recursive: true, force: true });
await run("node", ["scripts/db-migrate.mjs", "--persist-to", E2E_STATE]);
await run(bin("wrangler"), ["dev", "--ip", "127.0.0.1", "--port", port, "--persist-to", E2E_STATE]);
