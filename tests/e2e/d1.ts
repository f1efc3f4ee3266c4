/**
 * The end-to-end tests' handle on the e2e server's D1 database, R2 bucket and KV namespace, so
 * tests check what really landed and set up what they need. Every call is one request to the
 * test-only store Worker that scripts/e2e-server.mjs runs beside the site in the same Miniflare
 * (its address is in .wrangler/e2e/store-url): the one runtime that holds the database file
 * runs every statement, so a test never meets `SQLITE_BUSY` from a second process opening it.
 * Moving the content version after a change made here, in D1 and in KV's copy, is as a staff
 * change does.
 */
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const STORE_URL_FILE = ".wrangler/e2e/store-url";

/** One SQL statement and the values bound to its `?` placeholders (numbers, strings, null). */
export interface Statement {
  sql: string;
  params?: Array<string | number | null>;
}

let storeUrl: string | undefined;

/**
 * The store Worker's origin, read once from STORE_URL_FILE; waits up to 10 s for the server to
 * write it, then throws naming the file.
 */
async function store(): Promise<string> {
  for (let waited = 0; storeUrl === undefined; waited += 100) {
    try {
      storeUrl = readFileSync(STORE_URL_FILE, "utf8").trim();
    } catch (error) {
      if (waited >= 10_000) throw new Error(`No ${STORE_URL_FILE}: is scripts/e2e-server.mjs running?`, { cause: error });
      await sleep(100);
    }
  }
  return storeUrl;
}

/** The store's answer to `path` with `init`; throws with its message when it is not 2xx. */
async function call(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(`${await store()}${path}`, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * Runs `statements` in order as one D1 batch (all or nothing). Out: each statement's rows, in
 * order. Throws D1's error message when one fails.
 */
export async function runD1(statements: Statement[]): Promise<Array<Array<Record<string, unknown>>>> {
  const response = await call("/d1", { method: "POST", body: JSON.stringify({ statements }) });
  return ((await response.json()) as { results: Array<Array<Record<string, unknown>>> }).results;
}

/** Runs one SQL statement and resolves to its rows (none for a write without RETURNING). */
export async function queryD1<Row = Record<string, unknown>>(sql: string): Promise<Row[]> {
  const [rows] = await runD1([{ sql }]);
  return (rows ?? []) as Row[];
}

/** The bytes of one object in the R2 bucket bound as UPLOADS; throws when there is none. */
export async function readR2Object(key: string): Promise<Buffer> {
  const response = await call(`/r2/${encodeURIComponent(key)}`);
  return Buffer.from(await response.arrayBuffer());
}

/**
 * Bumps the content version in D1 and copies it to the KV namespace the edge reads
 * (EDGE_VERSION, app/server/platform/content-version.server.ts), as a staff POST does: after a
 * change written here, the next anonymous request renders the pages anew.
 */
export async function bumpContentVersion(): Promise<void> {
  const [row] = await queryD1<{ version: number }>("UPDATE content_version SET version = version + 1 WHERE id = 1 RETURNING version");
  await call(`/kv/content-version`, { method: "PUT", body: String(row!.version) });
}
