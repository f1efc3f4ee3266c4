/**
 * Storing a visitor's request, a quote request or a contact message, with its photos, whole or
 * nothing (app/server/uploads/attachments.server.ts), under a fresh reference and status-page
 * token (reference.server.ts). One path for both kinds; what differs per kind (its table, its
 * first status, its own columns, where its photos go) is stated in SUBMISSIONS. Each request is
 * linked to its customer (app/server/customers) in the batch that stores it.
 */
import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { contactMessages, quoteRequests } from "../../../drizzle/schema";
import type { AttachmentOwnerKind, AuditedEntity } from "~/domain/enumerations";
import type { ContactInput } from "~/forms/contact";
import type { QuoteInput } from "~/forms/quote";
import { linkToCustomer } from "~/server/customers";
import type { Database } from "~/server/platform";
import { storeSubmission } from "~/server/uploads";
import { newStatusToken, withNewReference } from "./reference.server";

/** The parsed form of each kind of request: the quote form's or the contact form's. */
export type SubmissionInput<Kind extends AuditedEntity> = { quote_request: QuoteInput; contact_message: ContactInput }[Kind];

/** A stored request: its record's id (UUID), its reference ("MB-7K4Q2") and its status page's token. */
export interface StoredSubmission {
  id: string;
  reference: string;
  statusToken: string;
}

/** The columns every request has, filled the same way for both kinds. */
type CommonColumns = Pick<
  typeof quoteRequests.$inferInsert & typeof contactMessages.$inferInsert,
  "id" | "createdAt" | "updatedAt" | "name" | "email" | "reference" | "statusToken"
> & { customerId: SQL<string | null> };

interface SubmissionKind<Input> {
  /** Where the request's photos are filed (R2 key prefix, attachment rows). */
  ownerKind: AttachmentOwnerKind;
  /** The statement inserting the record: the common columns, the kind's own, its first status. */
  insert: (db: Database, common: CommonColumns, input: Input) => BatchItem<"sqlite">;
}

/** What differs per kind of request (first statuses: docs/product.md §4). */
const SUBMISSIONS: { [Kind in AuditedEntity]: SubmissionKind<SubmissionInput<Kind>> } = {
  quote_request: {
    ownerKind: "quote",
    insert: (db, common, input) =>
      db.insert(quoteRequests).values({
        ...common,
        phone: input.phone,
        address: input.address,
        serviceType: input.serviceType,
        propertySize: input.propertySize ?? null,
        frequency: input.frequency ?? null,
        preferredDate: input.preferredDate ?? null,
        additionalInfo: input.additionalInfo ?? null,
        status: "pending",
      }),
  },
  contact_message: {
    ownerKind: "contact",
    insert: (db, common, input) =>
      db.insert(contactMessages).values({ ...common, phone: input.phone ?? null, message: input.message, status: "unread" }),
  },
};

/**
 * Stores a validated request of `kind` and its photos (whole or nothing) with its kind's
 * first status (quote request `pending`, contact message `unread`). In: the database, the
 * bucket, the kind and its parsed form. Out: the new record's id, reference and status token.
 * Throws when D1 or R2 fails; nothing is left behind then.
 */
export async function createSubmission<Kind extends AuditedEntity>(
  db: Database,
  bucket: R2Bucket,
  kind: Kind,
  input: SubmissionInput<Kind>,
  now: Date = new Date(),
): Promise<StoredSubmission> {
  const submission: SubmissionKind<SubmissionInput<Kind>> = SUBMISSIONS[kind];
  const id = crypto.randomUUID();
  const statusToken = newStatusToken();
  // The request's customer, found or made in the same batch (app/server/customers/match.server.ts).
  const customer = linkToCustomer(db, { name: input.name, email: input.email, phone: input.phone }, now);
  const { reference } = await withNewReference((reference) =>
    storeSubmission({
      db,
      bucket,
      ownerKind: submission.ownerKind,
      ownerId: id,
      photos: input.photos,
      now,
      before: customer.before,
      insertRecord: submission.insert(
        db,
        {
          id,
          createdAt: now,
          updatedAt: now,
          name: input.name,
          email: input.email,
          reference,
          statusToken,
          customerId: customer.customerId,
        },
        input,
      ),
    }),
  );
  return { id, reference, statusToken };
}
