/**
 * Reads the end-to-end server's local D1 database and R2 bucket (kept by scripts/e2e-server.mjs in the layout `wrangler dev` uses) with
 * `wrangler d1 execute`, so tests check what really landed.
 */
import { execFileSync } from "node:child_process";

const E2E_STATE = ".wrangler/e2e";

/** Runs one SQL query and returns its rows. */
export function queryD1<Row = Record<string, unknown>>(sql: string): Row[] {
  const output = execFileSync(
    "node_modules/.bin/wrangler",
    ["d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--json", "--command", sql],
    { encoding: "utf8", env: { ...process.env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
  const results = JSON.parse(output) as Array<{ results: Row[] }>;
  return results[0]?.results ?? [];
}

/** The bytes of one object in the local R2 bucket bound as UPLOADS. */
export function readR2Object(key: string): Buffer {
  return execFileSync(
    "node_modules/.bin/wrangler",
    ["r2", "object", "get", `montego-bay-cleaning-uploads/${key}`, "--local", "--persist-to", E2E_STATE, "--pipe"],
    { env: { ...process.env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
}
