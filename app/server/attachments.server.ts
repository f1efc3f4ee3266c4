/**
 * Stores a submission whole or not at all (DESIGN.md "Rules that cross modules"):
 * photos go to R2 first, then the record and its attachment rows in one D1 batch (one
 * transaction); if anything fails, the uploaded objects are deleted and the error rethrown.
 * A batch error that may still have committed (a lost connection) is checked against D1
 * before anything is deleted.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { attachments, contactMessages, quoteRequests } from "../../drizzle/schema";
import type { AttachmentOwnerKind } from "~/domain/enumerations";
import type { AcceptedImageType } from "~/domain/limits";
import type { Database } from "./db.server";

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
  now: Date;
}

/** Throws whatever R2 or D1 threw, after removing every object this call stored. */
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
    await db.batch(statements);
  } catch (error) {
    if (await recordExists(db, ownerKind, ownerId).catch(() => false)) return;
    if (stored.length > 0) {
      await bucket.delete(stored).catch((cleanupError: unknown) => {
        console.error(
          JSON.stringify({ event: "r2_cleanup_failed", keys: stored, error: String(cleanupError) }),
        );
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
