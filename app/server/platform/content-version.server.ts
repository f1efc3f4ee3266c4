/**
 * The content version (docs/architecture.md §4.18): one D1 row, bumped in the same batch as
 * every change to what public pages show (reviews, the gallery), and part of the page cache's
 * key (server.ts, app/worker/page-cache.ts), so the next anonymous request gets the new page.
 */
import { and, eq, sql } from "drizzle-orm";
import { contentVersion } from "../../../drizzle/schema";
import type { Database } from "./db.server";
import { logFailure } from "~/server/platform/log.server";

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
export async function readContentVersion(db: Database): Promise<number | null> {
  try {
    const row = await db.select({ version: contentVersion.version }).from(contentVersion).where(THE_ROW).get();
    return row?.version ?? 0;
  } catch (error) {
    logFailure("content_version_failed", error);
    return null;
  }
}
