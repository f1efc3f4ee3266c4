/**
 * Stores a submission whole or not at all (docs/architecture.md, "Rules that cross modules"):
 * photos go to R2 first, then the record and its attachment rows in one D1 batch (one
 * transaction); if anything fails, the uploaded objects are deleted and the error rethrown.
 * A batch error that may still have committed (a lost connection) is checked against D1
 * before anything is deleted, and when that check fails too, nothing is deleted.
 */
import { eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { attachments, contactMessages, quoteRequests } from "../../../drizzle/schema";
import type { AttachmentOwnerKind } from "~/domain/enumerations";
import type { AcceptedImageType } from "~/domain/limits";
import { type Database, logEvent, logFailure } from "~/server/platform";

/** R2 key prefix per owner kind: `<prefix>/<owner id>/<attachment id>`. */
const KEY_PREFIX: Record<AttachmentOwnerKind, string> = {
  quote: "quote-requests",
  contact: "contact-messages",
};

export interface StoreSubmissionInput {
  db: Database;
  bucket: R2Bucket;
  ownerKind: AttachmentOwnerKind;
  ownerId: string;
  /** The validated photos; each File's `type` is the sniffed image type. */
  photos: File[];
  /** The statement that inserts the record itself; runs in the same batch. */
  insertRecord: BatchItem<"sqlite">;
  /** Statements to run first in the same batch (the record's customer: app/server/customers). */
  before?: BatchItem<"sqlite">[];
  now: Date;
}

/**
 * Stores `photos` in R2 under the owner's prefix, then runs `insertRecord` and the photos'
 * attachment rows in one D1 batch (see above). Returns once all is stored, also when the batch
 * failed after D1 committed it. Otherwise throws what R2 or D1 threw: after removing every
 * object this call stored when D1 says the record is not there, leaving them to the daily
 * sweep when D1 cannot say.
 */
export async function storeSubmission(input: StoreSubmissionInput): Promise<void> {
  const { db, bucket, ownerKind, ownerId, photos, insertRecord, now } = input;
  const stored: string[] = [];
  try {
    const rows = [];
    for (const photo of photos) {
      const id = crypto.randomUUID();
      const key = `${KEY_PREFIX[ownerKind]}/${ownerId}/${id}`;
      // Recorded before the put: a put that fails after writing still gets cleaned up.
      stored.push(key);
      await bucket.put(key, photo, { httpMetadata: { contentType: photo.type } });
      rows.push({
        id,
        ownerKind,
        ownerId,
        r2Key: key,
        fileName: photo.name,
        contentType: photo.type as AcceptedImageType,
        sizeBytes: photo.size,
        createdAt: now,
      });
    }
    const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [insertRecord];
    if (rows.length > 0) statements.push(db.insert(attachments).values(rows));
    statements.unshift(...(input.before ?? []));
    await db.batch(statements);
  } catch (error) {
    // Whether the batch committed is asked of D1; only its answer "no record" frees the
    // photos. If D1 cannot answer, they stay: the daily sweep removes them later, once a
    // working D1 says that no attachment row names them.
    let exists: boolean;
    try {
      exists = await recordExists(db, ownerKind, ownerId);
    } catch (checkError) {
      logFailure("r2_cleanup_deferred", checkError, { keys: stored });
      throw error;
    }
    if (exists) return;
    if (stored.length > 0) {
      await bucket.delete(stored).catch((cleanupError: unknown) => {
        logFailure("r2_cleanup_failed", cleanupError, { keys: stored });
      });
    }
    throw error;
  }
}

/** The table of each owner kind's records. */
const OWNER_TABLE = { quote: quoteRequests, contact: contactMessages } as const;

/** True when the record is in D1: asked after a batch error that may still have committed. */
async function recordExists(db: Database, kind: AttachmentOwnerKind, id: string): Promise<boolean> {
  const table = OWNER_TABLE[kind];
  return (await db.select({ id: table.id }).from(table).where(eq(table.id, id)).get()) !== undefined;
}

/**
 * How old an R2 object must be before the sweep may call it an orphan: a submission puts its
 * photos and writes its rows within one request (seconds), so an hour leaves a wide margin.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
/**
 * How far back the daily sweep looks: a week, so six missed runs in a row still lose nothing
 * to it, while the D1 lookups stay proportional to a week of photos rather than to every
 * photo ever stored (a Worker run may make at most 1,000 D1 queries).
 */
const ORPHAN_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
/** Keys looked up in D1 per query: D1 binds at most 100 parameters per statement. */
const KEYS_PER_LOOKUP = 90;
/** Deleted keys named in each log line; the rest are counted. */
const LOGGED_KEYS = 20;

export interface SweepResult {
  /** Objects listed under the attachment prefixes. */
  listed: number;
  /** Of those, uploaded within the window: looked up in D1. */
  considered: number;
  /** Objects deleted: in the window, and no attachment row names them. */
  deleted: number;
}

/**
 * Deletes photos that no attachment row refers to: what is left in R2 when a Worker stops
 * between its puts and its D1 batch, the one case `storeSubmission` cannot clean up itself.
 * Run daily by the cron trigger (wrangler.toml `[triggers]`, `server.ts` `scheduled`).
 *
 * In: the database, the bucket, `now`, and optionally the R2 listing page size (1-1,000,
 * default 1,000). Only objects uploaded between `now - ORPHAN_WINDOW_MS` and
 * `now - ORPHAN_GRACE_MS` are considered, so a submission still in flight is never touched.
 * Each delete is logged (`orphan_uploads_deleted`: count and the first keys) before the next
 * page is read, so a run that fails part way leaves a record of what it removed. A D1 error is
 * thrown before anything of that listing page is deleted.
 */
export async function sweepOrphanUploads(input: { db: Database; bucket: R2Bucket; now: Date; pageSize?: number }): Promise<SweepResult> {
  const { db, bucket, now, pageSize = 1000 } = input;
  const newest = now.getTime() - ORPHAN_GRACE_MS;
  const oldest = now.getTime() - ORPHAN_WINDOW_MS;
  const result: SweepResult = { listed: 0, considered: 0, deleted: 0 };
  for (const prefix of Object.values(KEY_PREFIX)) {
    let cursor: string | undefined;
    do {
      const listing = await bucket.list({ prefix: `${prefix}/`, cursor, limit: pageSize });
      result.listed += listing.objects.length;
      const candidates = listing.objects
        .filter((object) => object.uploaded.getTime() >= oldest && object.uploaded.getTime() < newest)
        .map((object) => object.key);
      result.considered += candidates.length;
      const orphans: string[] = [];
      for (let start = 0; start < candidates.length; start += KEYS_PER_LOOKUP) {
        const chunk = candidates.slice(start, start + KEYS_PER_LOOKUP);
        const known = await db.select({ key: attachments.r2Key }).from(attachments).where(inArray(attachments.r2Key, chunk));
        const knownKeys = new Set(known.map((row) => row.key));
        orphans.push(...chunk.filter((key) => !knownKeys.has(key)));
      }
      if (orphans.length > 0) {
        // A listing page holds at most 1,000 keys, as one delete call may.
        await bucket.delete(orphans);
        result.deleted += orphans.length;
        logEvent("orphan_uploads_deleted", { count: orphans.length, keys: orphans.slice(0, LOGGED_KEYS) });
      }
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor);
  }
  return result;
}
