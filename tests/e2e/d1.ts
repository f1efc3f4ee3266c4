/**
 * Reads the end-to-end server's local D1 database and R2 bucket (kept by scripts/e2e-server.mjs in the layout `wrangler dev` uses) with
 * `wrangler d1 execute`, so tests check what really landed; and moves the content version after
 * a change made here, in D1 and in KV's copy, as a staff change does.
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

/**
 * Bumps the content version in D1 and copies it to the KV namespace the edge reads
 * (EDGE_VERSION, app/server/platform/content-version.server.ts), as a staff POST does: after a
 * change written here, the next anonymous request renders the pages anew.
 */
export function bumpContentVersion(): void {
  const [row] = queryD1<{ version: number }>("UPDATE content_version SET version = version + 1 WHERE id = 1 RETURNING version");
  execFileSync(
    "node_modules/.bin/wrangler",
    ["kv", "key", "put", "content-version", String(row!.version), "--binding", "EDGE_VERSION", "--local", "--persist-to", E2E_STATE],
    { env: { ...process.env, CI: "true" }, stdio: ["ignore", "pipe", "pipe"] },
  );
}
