/**
 * A customer's data, erased (the Data Protection Act, 2020's right to erasure; docs/product.md §14
 * "Their data, erased"; what is kept and why: docs/decisions/024-erasure.md). One D1 batch (one
 * transaction) replaces every personal field of the customer and of everything written about them
 * with a marker (CUSTOMER_ERASE_MESSAGES.erasedName, "" or NULL as the column allows): the customer,
 * their quote requests and contact messages (status page tokens removed: those links, and the
 * visit's calendar file, answer 404), staff notes, status reasons, replies sent, the outbox mails
 * about them or their invoices, their visits' and series' addresses and notes, their visits'
 * reviews (unpublished) and review links (deleted), the photos' file names; draft invoices are
 * deleted; issued invoices and credit notes keep the bill-to name (six years, Tax Administration
 * Jamaica) and lose the bill-to e-mail, phone and address (the one exception
 * migrations/0023_customer_erasure.sql makes to the invoices' guards). The search indexes follow
 * through their triggers (migrations/0003_search_index.sql, 0013_customers_search.sql) and are
 * then optimised, so no old segment keeps the old words. The same batch notes the erasure on each
 * record (who, when, the customer's id: the page's history) and sets `customers.erased_at`.
 *
 * Then the photos go from R2 (env.UPLOADS): every object under each record's prefix (the
 * attachments' keys and anything derived from them), then their attachment rows. If R2 fails, the
 * D1 erasure stands, the keys are logged (`customer_erase_photos_left`), and the rows stay (their
 * file names erased): the daily retention job (app/server/retention) deletes the photos of erased
 * records, R2 first, and erasing again retries at once. Erasing twice changes nothing more.
 */
import { and, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  attachments,
  contactMessages,
  customerReplies,
  customers,
  invoiceLines,
  invoices,
  mailDeliveries,
  quoteRequests,
  recordNotes,
  reviewRequests,
  reviews,
  statusChanges,
  visits,
  visitSeries,
} from "../../../drizzle/schema";
import type { AuditedEntity } from "~/domain/enumerations";
import { CUSTOMER_ERASE_MESSAGES } from "~/domain/texts/staff-messages";
import { insertWhere, logEvent, logFailure, type Database } from "~/server/platform";

/** The marker an erased name becomes. */
const ERASED = CUSTOMER_ERASE_MESSAGES.erasedName;

/**
 * The R2 prefixes of a record's photos, as app/server/uploads/attachments.server.ts names them
 * (`<prefix>/<owner id>/<attachment id>`): everything under `<prefix>/<owner id>/` is the record's.
 */
const PHOTO_PREFIX: Record<AuditedEntity, string> = { quote_request: "quote-requests", contact_message: "contact-messages" };

/** The attachments' owner kind of each record. */
const OWNER_KIND = { quote_request: "quote", contact_message: "contact" } as const;

/** Who erases, for the audit note and the log line. */
interface EraseActor {
  userId: string;
  email: string;
}

/** The outcome of an erasure: `photosLeft` counts the R2 objects that could not be deleted now. */
type EraseOutcome = { status: "erased"; already: boolean; photosLeft: number } | { status: "not-found" };

/** The customer's name and when they were erased, or undefined: what the confirmation page shows and checks. */
export async function readCustomerForErasure(db: Database, id: string) {
  return db
    .select({ id: customers.id, name: customers.name, erasedAt: customers.erasedAt })
    .from(customers)
    .where(eq(customers.id, id))
    .get();
}

/**
 * Erases customer `customerId` (see the header). In: the database, R2 (UPLOADS), the customer's id,
 * who erases, `now`. Out: "not-found" when there is no such customer, else "erased" with `already`
 * (they had been erased before: nothing more was noted) and `photosLeft` (R2 objects left for the
 * daily job; 0 when all went). Throws when D1 fails (the batch is atomic: nothing changed).
 */
export async function eraseCustomer(
  db: Database,
  bucket: R2Bucket,
  input: { customerId: string; actor: EraseActor },
  now: Date = new Date(),
): Promise<EraseOutcome> {
  const { customerId: id, actor } = input;
  const [customerRows, requestRows, messageRows] = await db.batch([
    db.select({ erasedAt: customers.erasedAt }).from(customers).where(eq(customers.id, id)),
    db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.customerId, id)),
    db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.customerId, id)),
  ]);
  const customer = customerRows[0];
  if (!customer) return { status: "not-found" };
  await db.batch(erasureStatements(db, id, { requests: requestRows, messages: messageRows }, actor, now));
  const records = [
    ...requestRows.map((row) => ({ entity: "quote_request" as const, id: row.id })),
    ...messageRows.map((row) => ({ entity: "contact_message" as const, id: row.id })),
  ];
  const photosLeft = await erasePhotos(db, bucket, id, records);
  logEvent("customer_erased", {
    customer: id,
    records: records.length,
    photosLeft,
    already: customer.erasedAt !== null,
    actor: actor.userId,
  });
  return { status: "erased", already: customer.erasedAt !== null, photosLeft };
}

/** The batch of the erasure in D1 (see the header), in order: the records' texts, the audit notes, the customer last. */
function erasureStatements(
  db: Database,
  id: string,
  records: { requests: Array<{ id: string }>; messages: Array<{ id: string }> },
  actor: EraseActor,
  now: Date,
): [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] {
  const requestIds = db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.customerId, id));
  const messageIds = db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.customerId, id));
  const invoiceIds = db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, id));
  const visitIds = db.select({ id: visits.id }).from(visits).where(inArray(visits.quoteRequestId, requestIds));
  /** Rows written about one of their records (`entity`, `entity_id`). */
  const about = (table: typeof recordNotes | typeof statusChanges | typeof customerReplies | typeof mailDeliveries) =>
    or(
      and(eq(table.entity, "quote_request"), inArray(table.entityId, requestIds)),
      and(eq(table.entity, "contact_message"), inArray(table.entityId, messageIds)),
    )!;
  const notErasedYet = sql`EXISTS (SELECT 1 FROM ${customers} WHERE ${customers.id} = ${id} AND ${customers.erasedAt} IS NULL)`;
  // Every note but the erasure's own audit notes (on a second run, the first run's stay; a note
  // written since, or merged in, is erased like the others).
  const auditPrefix = CUSTOMER_ERASE_MESSAGES.note(id, "\u0000").split("\u0000")[0]!;
  const beforeErasure = sql`substr(${recordNotes.body}, 1, ${auditPrefix.length}) <> ${auditPrefix}`;
  const auditNote = (entity: AuditedEntity, recordId: string) =>
    insertWhere(
      db,
      recordNotes,
      {
        id: crypto.randomUUID(),
        entity,
        entityId: recordId,
        body: CUSTOMER_ERASE_MESSAGES.note(id, actor.email),
        authorUserId: actor.userId,
        createdAt: now,
      },
      notErasedYet,
    );
  return [
    db
      .update(quoteRequests)
      .set({ name: ERASED, email: "", phone: "", address: "", additionalInfo: null, statusToken: null })
      .where(eq(quoteRequests.customerId, id)),
    db
      .update(contactMessages)
      .set({ name: ERASED, email: "", phone: null, message: "", statusToken: null })
      .where(eq(contactMessages.customerId, id)),
    db
      .update(recordNotes)
      .set({ body: CUSTOMER_ERASE_MESSAGES.erasedText })
      .where(and(about(recordNotes), beforeErasure)),
    db
      .update(statusChanges)
      .set({ note: null })
      .where(and(about(statusChanges), isNotNull(statusChanges.note))),
    db.update(customerReplies).set({ message: "", included: null }).where(about(customerReplies)),
    db
      .update(mailDeliveries)
      .set({ toAddress: "", replyTo: null, subject: CUSTOMER_ERASE_MESSAGES.erasedText, bodyText: null, links: null, lastError: null })
      .where(or(about(mailDeliveries), and(eq(mailDeliveries.entity, "invoice"), inArray(mailDeliveries.entityId, invoiceIds)))),
    db.update(visits).set({ address: "", notes: null }).where(inArray(visits.quoteRequestId, requestIds)),
    db.update(visitSeries).set({ address: "", notes: null }).where(inArray(visitSeries.quoteRequestId, requestIds)),
    db.update(reviews).set({ author: ERASED, area: null, body: "", published: false }).where(inArray(reviews.visitId, visitIds)),
    db.delete(reviewRequests).where(inArray(reviewRequests.visitId, visitIds)),
    db
      .update(attachments)
      .set({ fileName: CUSTOMER_ERASE_MESSAGES.erasedText })
      .where(
        or(
          and(eq(attachments.ownerKind, "quote"), inArray(attachments.ownerId, requestIds)),
          and(eq(attachments.ownerKind, "contact"), inArray(attachments.ownerId, messageIds)),
        ),
      ),
    // Drafts go (their lines first); issued and void ones keep the name only.
    db.delete(invoiceLines).where(
      inArray(
        invoiceLines.invoiceId,
        db
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.customerId, id), eq(invoices.status, "draft"))),
      ),
    ),
    db.delete(invoices).where(and(eq(invoices.customerId, id), eq(invoices.status, "draft"))),
    ...records.requests.map((row) => auditNote("quote_request", row.id)),
    ...records.messages.map((row) => auditNote("contact_message", row.id)),
    db
      .update(customers)
      .set({ name: ERASED, email: null, phone: null, notes: null, erasedAt: sql`coalesce(${customers.erasedAt}, ${now.getTime()})` })
      .where(eq(customers.id, id)),
    // After the customer's erased_at: the one change migrations/0023_customer_erasure.sql lets an issued invoice take.
    db
      .update(invoices)
      .set({ billToEmail: null, billToPhone: null, billToAddress: null })
      .where(
        and(
          eq(invoices.customerId, id),
          ne(invoices.status, "draft"),
          or(isNotNull(invoices.billToEmail), isNotNull(invoices.billToPhone), isNotNull(invoices.billToAddress)),
        ),
      ),
    ...searchIndexesOptimised(db),
  ];
}

/** Every R2 object under `prefix`, page by page. */
async function keysUnder(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix, cursor });
    keys.push(...listing.objects.map((object) => object.key));
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Deletes the records' photos from R2 (the attachments' keys and every object under each record's
 * prefix), then their attachment rows. Out: how many objects are left (0, or all of them when R2
 * failed: the rows then stay for the daily job, and the keys are logged). Throws when D1 fails.
 */
async function erasePhotos(db: Database, bucket: R2Bucket, customerId: string, records: Array<{ entity: AuditedEntity; id: string }>) {
  if (records.length === 0) return 0;
  const owned: SQL[] = records.map((record) =>
    and(eq(attachments.ownerKind, OWNER_KIND[record.entity]), eq(attachments.ownerId, record.id))!,
  );
  const rowsOf = (chunk: SQL[]) => or(...chunk)!;
  const chunks: SQL[][] = [];
  // Two bound parameters per record: under D1's 100 per statement.
  for (let start = 0; start < owned.length; start += 40) chunks.push(owned.slice(start, start + 40));
  const rows = (
    await Promise.all(chunks.map((chunk) => db.select({ key: attachments.r2Key }).from(attachments).where(rowsOf(chunk))))
  ).flat();
  let keys = rows.map((row) => row.key);
  try {
    for (const record of records) keys.push(...(await keysUnder(bucket, `${PHOTO_PREFIX[record.entity]}/${record.id}/`)));
    keys = [...new Set(keys)];
    // One delete call takes at most 1,000 keys.
    for (let start = 0; start < keys.length; start += 1000) await bucket.delete(keys.slice(start, start + 1000));
  } catch (error) {
    logFailure("customer_erase_photos_left", error, { customer: customerId, count: keys.length, keys: keys.slice(0, 50) });
    return keys.length;
  }
  const [first, ...rest] = chunks.map((chunk) => db.delete(attachments).where(rowsOf(chunk)));
  if (rows.length > 0 && first) await db.batch([first, ...rest]);
  return 0;
}

/**
 * The statements that merge the three full-text search indexes' segments (FTS5 'optimize'), so
 * that words just replaced in the rows (an erasure, a retention run's anonymising) no longer
 * survive in an older segment of the index's own data table (docs/decisions/024-erasure.md).
 * Out: statements for the caller's batch.
 */
export function searchIndexesOptimised(db: Database): BatchItem<"sqlite">[] {
  return ["quote_requests_search", "contact_messages_search", "customers_search"].map((table) =>
    db.run(sql.raw(`INSERT INTO \`${table}\`(\`${table}\`) VALUES ('optimize')`)),
  );
}
