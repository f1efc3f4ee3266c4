/**
 * Contact messages: storing a visitor's message with its photos.
 */
import { contactMessages } from "../../../drizzle/schema";
import type { ContactInput } from "~/forms/contact";
import { storeSubmission } from "../uploads/attachments.server";
import type { Database } from "../platform/db.server";
import { newStatusToken, withNewReference } from "./reference.server";

/**
 * Stores a validated contact message and its photos (whole or nothing) with status `unread`.
 * In: the bindings and the parsed form. Out: the new record's id (UUID), its reference
 * (app/domain/reference.ts) and its status page's token.
 * Throws when D1 or R2 fails; nothing is left behind then.
 */
export async function createContactMessage(
  db: Database,
  bucket: R2Bucket,
  input: ContactInput,
  now: Date = new Date(),
): Promise<{ id: string; reference: string; statusToken: string }> {
  const id = crypto.randomUUID();
  const statusToken = newStatusToken();
  const { reference } = await withNewReference((reference) =>
    storeSubmission({
      db,
      bucket,
      ownerKind: "contact",
      ownerId: id,
      photos: input.photos,
      now,
      insertRecord: db.insert(contactMessages).values({
        id,
        createdAt: now,
        updatedAt: now,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        message: input.message,
        status: "unread",
        reference,
        statusToken,
      }),
    }),
  );
  return { id, reference, statusToken };
}
