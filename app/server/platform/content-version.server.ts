/**
 * The content version (docs/architecture.md §4.18): one D1 row, bumped in the same batch as
 * every change to what public pages show (reviews, the gallery, the site content), and part of
 * the edge cache's keys (server.ts, app/worker/page-cache.ts), so the next anonymous request
 * gets the new page. D1 holds the truth; Workers KV holds the copy every location reads
 * (`EDGE_VERSION`), so that a page or photo the cache answers costs no D1 query
 * (docs/decisions/019-edge-cache.md).
 */
import { and, eq, sql } from "drizzle-orm";
import { contentVersion } from "../../../drizzle/schema";
import type { Database } from "./db.server";
import { logEvent, logFailure } from "./log.server";

/** The content version's one row (its CHECK constraint allows no other). */
const THE_ROW = eq(contentVersion.id, 1);

/**
 * The statement that bumps the content version; put it in the batch of every change to what
 * public pages show. `onlyIfChanged`: only when the statement just before it in the batch
 * changed a row (SQLite's `changes()`, which counts the rows of the last statement).
 */
export function bumpContentVersion(db: Database, { onlyIfChanged = false } = {}) {
  return db
    .update(contentVersion)
    .set({ version: sql`${contentVersion.version} + 1` })
    .where(onlyIfChanged ? and(THE_ROW, sql`changes() > 0`) : THE_ROW);
}

/**
 * The content version, part of the page cache's key (server.ts). Out: the number, or null when
 * D1 cannot be read (pages are then cached under their own key until it can). Never throws.
 */
async function readContentVersion(db: Database): Promise<number | null> {
  try {
    const row = await db.select({ version: contentVersion.version }).from(contentVersion).where(THE_ROW).get();
    return row?.version ?? 0;
  } catch (error) {
    logFailure("content_version_failed", error);
    return null;
  }
}

/** The KV key of the content version in `EDGE_VERSION`. */
const EDGE_KEY = "content-version";

/**
 * How long a location keeps a KV read of the content version, in seconds: Workers KV's `cacheTtl`
 * at its minimum (30 s, https://developers.cloudflare.com/kv/api/read-key-value-pairs/).
 */
const EDGE_VERSION_CACHE_TTL_S = 30;

/**
 * The most a staff change to public content takes to reach an anonymous visitor anywhere, in
 * seconds: a location's cached read (EDGE_VERSION_CACHE_TTL_S) plus KV's propagation of the
 * write to its regional tiers ("within seconds"), rounded up. Where the change was made, the
 * next request already gets it. docs/decisions/019-edge-cache.md.
 */
export const STAFF_CHANGE_BOUND_S = 60;

const asVersion = (text: string | null) => (text !== null && /^\d{1,15}$/.test(text) ? Number(text) : null);

/**
 * The content version as this location sees it, for the edge cache's keys: KV's copy (no D1
 * query). When KV has none yet (the first request after a deploy) or cannot be read, D1's
 * (`readContentVersion`); copied to KV after the response (`ctx.waitUntil`) only when KV had
 * none, never over a copy it failed to read. Out: the number,
 * or null when neither can be read. Never throws.
 */
export async function readEdgeContentVersion(
  env: Pick<CloudflareBindings, "EDGE_VERSION">,
  db: Database,
  ctx: ExecutionContext,
): Promise<number | null> {
  let absent = false;
  try {
    const kept = asVersion(await env.EDGE_VERSION.get(EDGE_KEY, { cacheTtl: EDGE_VERSION_CACHE_TTL_S }));
    if (kept !== null) return kept;
    absent = true;
  } catch (error) {
    logFailure("edge_version_read_failed", error);
  }
  const version = await readContentVersion(db);
  // Written only where KV said it has none, never over a copy it merely failed to read.
  if (version !== null && absent) ctx.waitUntil(writeEdgeVersion(env, version));
  return version;
}

async function writeEdgeVersion(env: Pick<CloudflareBindings, "EDGE_VERSION">, version: number): Promise<void> {
  try {
    await env.EDGE_VERSION.put(EDGE_KEY, String(version));
  } catch (error) {
    logFailure("edge_version_write_failed", error, { version });
  }
}

/**
 * Copies D1's content version to KV when KV's is older (or absent): run after every staff
 * write (server.ts) and by the daily cron, so KV never stays behind D1 for long even if a copy
 * was lost. One D1 query and one KV read; a KV write only when behind. Never throws.
 * Out: the version now in KV, or null when D1 could not be read.
 */
export async function syncEdgeContentVersion(env: Pick<CloudflareBindings, "EDGE_VERSION">, db: Database): Promise<number | null> {
  const version = await readContentVersion(db);
  if (version === null) return null;
  try {
    const kept = asVersion(await env.EDGE_VERSION.get(EDGE_KEY));
    if (kept !== null && kept >= version) return kept;
    // KV takes about one write a second per key: a second change within it is written once more a moment later.
    await env.EDGE_VERSION.put(EDGE_KEY, String(version)).catch(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await env.EDGE_VERSION.put(EDGE_KEY, String(version));
    });
    logEvent("edge_version_published", { version, previous: kept });
  } catch (error) {
    logFailure("edge_version_write_failed", error, { version });
  }
  return version;
}
