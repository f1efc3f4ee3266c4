/**
 * Quote requests: storing a visitor's request with its photos.
 */
import { quoteRequests } from "../../../drizzle/schema";
import type { QuoteInput } from "~/forms/quote";
import { storeSubmission } from "../uploads/attachments.server";
import type { Database } from "../platform/db.server";
import { newStatusToken, withNewReference } from "./reference.server";

/**
 * Stores a validated quote request and its photos (whole or nothing) with status `pending`.
 * In: the bindings and the parsed form. Out: the new record's id (UUID), its reference
 * (app/domain/reference.ts) and its status page's token.
 * Throws when D1 or R2 fails; nothing is left behind then.
 */
export async function createQuoteRequest(
  db: Database,
  bucket: R2Bucket,
  input: QuoteInput,
  now: Date = new Date(),
): Promise<{ id: string; reference: string; statusToken: string }> {
  const id = crypto.randomUUID();
  const statusToken = newStatusToken();
  const { reference } = await withNewReference((reference) =>
    storeSubmission({
      db,
      bucket,
      ownerKind: "quote",
      ownerId: id,
      photos: input.photos,
      now,
      insertRecord: db.insert(quoteRequests).values({
        id,
        createdAt: now,
        updatedAt: now,
        name: input.name,
        email: input.email,
        phone: input.phone,
        address: input.address,
        serviceType: input.serviceType,
        propertySize: input.propertySize ?? null,
        frequency: input.frequency ?? null,
        preferredDate: input.preferredDate ?? null,
        additionalInfo: input.additionalInfo ?? null,
        status: "pending",
        reference,
        statusToken,
      }),
    }),
  );
  return { id, reference, statusToken };
}
