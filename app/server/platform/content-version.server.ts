/**
 * The content version (docs/architecture.md §4.18): one D1 row, bumped in the same batch as
 * every change to what public pages show (reviews, the gallery), and part of the page cache's
 * key (server.ts, app/worker/page-cache.ts), so the next anonymous request gets the new page.
 */
import type { Database } from "./db.server";
import { logFailure } from "~/server/platform/log.server";

/**
 * The statement that bumps the content version; put it in the batch of every change to what
 * public pages show. `onlyIfChanged`: only when the statement before it changed a row.
 */
export function bumpContentVersion(db: Database, { onlyIfChanged = false } = {}): D1PreparedStatement {
  return db.$client.prepare(`UPDATE content_version SET version = version + 1 WHERE id = 1${onlyIfChanged ? " AND changes() > 0" : ""}`);
}

/**
 * The content version, part of the page cache's key (server.ts). Out: the number, or null when
 * D1 cannot be read (pages are then cached under their own key until it can). Never throws.
 */
export async function readContentVersion(db: Database): Promise<number | null> {
  try {
    const row = await db.$client.prepare("SELECT version FROM content_version WHERE id = 1").first<{ version: number }>();
    return row?.version ?? 0;
  } catch (error) {
    logFailure("content_version_failed", error);
    return null;
  }
}
