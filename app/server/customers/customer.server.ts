/**
 * One customer (/admin/customers/<id>, docs/product.md §14): what the page shows (their quote
 * requests with each one's stage from app/server/lifecycle, contact messages, visits, series,
 * reviews, total booked and the history of merges and splits), staff's notes, and the two
 * corrections staff make by hand: merging another customer into this one, and moving one
 * request or message to a new customer of its own. Both are one D1 batch whose statements are
 * guarded by what was read, so a repeated or concurrent click changes nothing twice; each
 * leaves a note on every record it moves (record_notes, "Customer: …", the page's history)
 * and a log line (docs/decisions/021-customers.md).
 */
import { and, desc, eq, exists, inArray, like, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { contactMessages, customers, invoices, quoteRequests, recordNotes, reviews, visits, visitSeries } from "../../../drizzle/schema";
import type { AuditedEntity } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { stageColumns, stageFacts } from "~/server/lifecycle";
import { insertWhere, logEvent, RECORDS, type Database } from "~/server/platform";
import { BOOKED_VISIT, customerFigures } from "./list.server";
import { customerKeys } from "./match.server";

/** How many of each kind of item the page shows (a customer with more is rare; the newest are shown). */
const PAGE_ITEMS = 100;

/** The prefix of the record notes a merge or a split writes: the customer page's history reads them back. */
const HISTORY_PREFIX = "Customer: ";

/** The customer's row, or undefined. */
function customerById(db: Database, id: string) {
  return db.select().from(customers).where(eq(customers.id, id));
}

/**
 * Everything the customer's page shows. In: the database, the customer's id, `now` (for the
 * stages). Out: null when there is no such customer, else the customer, its figures and its
 * items, newest first. Throws when D1 fails.
 */
export async function readCustomer(db: Database, id: string, now: Date = new Date()) {
  const ofCustomer = eq(quoteRequests.customerId, id);
  const [customerRows, figures, requests, messages, visitRows, seriesRows, reviewRows] = await db.batch([
    customerById(db, id),
    db.select(customerFigures()).from(customers).where(eq(customers.id, id)),
    db
      .select({
        id: quoteRequests.id,
        reference: quoteRequests.reference,
        createdAt: quoteRequests.createdAt,
        serviceType: quoteRequests.serviceType,
        status: quoteRequests.status,
        name: quoteRequests.name,
        email: quoteRequests.email,
        phone: quoteRequests.phone,
        address: quoteRequests.address,
        ...stageColumns(now),
      })
      .from(quoteRequests)
      .where(ofCustomer)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(PAGE_ITEMS),
    db
      .select({
        id: contactMessages.id,
        reference: contactMessages.reference,
        createdAt: contactMessages.createdAt,
        status: contactMessages.status,
        name: contactMessages.name,
        email: contactMessages.email,
        phone: contactMessages.phone,
        message: contactMessages.message,
      })
      .from(contactMessages)
      .where(eq(contactMessages.customerId, id))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(PAGE_ITEMS),
    db
      .select({
        id: visits.id,
        quoteRequestId: visits.quoteRequestId,
        day: visits.day,
        windowStart: visits.windowStart,
        windowEnd: visits.windowEnd,
        status: visits.status,
        amountJmd: visits.amountJmd,
        booked: sql<number>`${BOOKED_VISIT}`,
      })
      .from(visits)
      .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
      .where(ofCustomer)
      .orderBy(desc(visits.day), desc(visits.windowStart))
      .limit(PAGE_ITEMS),
    db
      .select({
        id: visitSeries.id,
        quoteRequestId: visitSeries.quoteRequestId,
        rrule: visitSeries.rrule,
        dtstart: visitSeries.dtstart,
        until: visitSeries.until,
        windowStart: visitSeries.windowStart,
        windowEnd: visitSeries.windowEnd,
        status: visitSeries.status,
        amountJmd: visitSeries.amountJmd,
      })
      .from(visitSeries)
      .innerJoin(quoteRequests, eq(quoteRequests.id, visitSeries.quoteRequestId))
      .where(ofCustomer)
      .orderBy(desc(visitSeries.createdAt))
      .limit(PAGE_ITEMS),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        body: reviews.body,
        reviewedOn: reviews.reviewedOn,
        published: reviews.published,
        visitDay: visits.day,
      })
      .from(reviews)
      .innerJoin(visits, eq(visits.id, reviews.visitId))
      .innerJoin(quoteRequests, eq(quoteRequests.id, visits.quoteRequestId))
      .where(ofCustomer)
      .orderBy(desc(reviews.reviewedOn))
      .limit(PAGE_ITEMS),
  ]);
  const customer = customerRows[0];
  if (!customer) return null;
  const history = await customerHistory(db, id);
  return {
    customer,
    requestCount: figures[0]?.requests ?? 0,
    messageCount: figures[0]?.messages ?? 0,
    bookedJmd: figures[0]?.bookedJmd ?? 0,
    requests: requests.map(({ stage, priced, nextVisit, ...request }) => ({ ...request, stage: stageFacts({ stage, priced, nextVisit }) })),
    messages,
    visits: visitRows.map((visit) => ({ ...visit, booked: Boolean(visit.booked) })),
    series: seriesRows,
    reviews: reviewRows,
    history,
  };
}

/**
 * The merge and split notes on the customer's requests and messages, newest first, at most
 * PAGE_ITEMS. The records are named by subqueries, not by a list of ids: a customer may have
 * more records than D1 binds values in one statement (100).
 */
async function customerHistory(db: Database, customerId: string) {
  const ofRecords = or(
    and(
      eq(recordNotes.entity, "quote_request"),
      inArray(
        recordNotes.entityId,
        db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.customerId, customerId)),
      ),
    ),
    and(
      eq(recordNotes.entity, "contact_message"),
      inArray(
        recordNotes.entityId,
        db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.customerId, customerId)),
      ),
    ),
  );
  return db
    .select({ id: recordNotes.id, body: recordNotes.body, createdAt: recordNotes.createdAt })
    .from(recordNotes)
    .where(and(ofRecords, like(recordNotes.body, `${HISTORY_PREFIX}%`)))
    .orderBy(desc(recordNotes.createdAt))
    .limit(PAGE_ITEMS);
}

/**
 * Saves staff's notes on a customer (empty: none). Does not change the last activity. Out:
 * "saved", or "not-found" when the customer is gone (merged away). Throws when D1 fails.
 */
export async function saveCustomerNotes(db: Database, id: string, notes: string): Promise<"saved" | "not-found"> {
  const result = await db
    .update(customers)
    .set({ notes: notes.trim() || null })
    .where(eq(customers.id, id));
  return result.meta.changes > 0 ? "saved" : "not-found";
}

/** Who made a change, for its notes and its log line. */
interface CustomerActor {
  userId: string;
  email: string;
}

/** A customer named in a note: "Jane Brown (jane@example.com)". */
const described = (customer: { name: string; email: string | null; phone: string | null }) =>
  `${customer.name} (${customer.email ?? customer.phone ?? "no e-mail or phone"})`;

/** A note's text, cut to the notes' limit. */
const noteText = (text: string) => `${HISTORY_PREFIX}${text}`.slice(0, TEXT_LIMITS.note);

/** The outcome of a merge. */
type MergeOutcome = { status: "merged"; moved: number } | { status: "same" } | { status: "not-found" } | { status: "gone" };

/**
 * Merges customer `fromId` into `intoId`: every request and message of `fromId` moves to
 * `intoId`, which keeps its own name, e-mail and phone (filling in those it lacks), gets
 * `fromId`'s notes after its own and the later of the two last activities; `fromId` is deleted.
 * Each moved record gets a note saying so; `fromId`'s invoices and credit notes move too.
 * Out: "merged" (with how many records moved),
 * "same" (a customer into itself), "not-found" (no customer `intoId`), "gone" (no customer
 * `fromId`: already merged, so a second click changes nothing). Throws when D1 fails.
 */
export async function mergeCustomers(
  db: Database,
  input: { intoId: string; fromId: string; actor: CustomerActor },
  now: Date = new Date(),
): Promise<MergeOutcome> {
  const { intoId, fromId, actor } = input;
  if (intoId === fromId) return { status: "same" };
  const [intoRows, fromRows, requestIds, messageIds] = await db.batch([
    customerById(db, intoId),
    customerById(db, fromId),
    db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.customerId, fromId)),
    db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.customerId, fromId)),
  ]);
  const into = intoRows[0];
  const from = fromRows[0];
  if (!into) return { status: "not-found" };
  if (!from) return { status: "gone" };
  const fromStillThere = exists(
    db
      .select({ one: sql`1` })
      .from(customers)
      .where(eq(customers.id, fromId)),
  );
  // Both still there: a merge of this one into a third that landed first leaves nothing pointing at a deleted customer.
  const bothStillThere = and(
    fromStillThere,
    exists(
      db
        .select({ one: sql`1` })
        .from(customers)
        .where(eq(customers.id, intoId)),
    ),
  )!;
  const body = noteText(`${described(from)} was merged into ${described(into)} by ${actor.email}.`);
  const notes = (entity: AuditedEntity, ids: Array<{ id: string }>) =>
    ids.map(({ id }) =>
      insertWhere(
        db,
        recordNotes,
        { id: crypto.randomUUID(), entity, entityId: id, body, authorUserId: actor.userId, createdAt: now },
        bothStillThere,
      ),
    );
  const mergedNotes = [into.notes, from.notes].filter(Boolean).join("\n\n") || null;
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
    db
      .update(customers)
      .set({
        email: into.email ?? from.email,
        phone: into.phone ?? from.phone,
        notes: mergedNotes,
        updatedAt: new Date(Math.max(into.updatedAt.getTime(), from.updatedAt.getTime())),
      })
      .where(and(eq(customers.id, intoId), fromStillThere)),
    ...notes("quote_request", requestIds),
    ...notes("contact_message", messageIds),
    db
      .update(quoteRequests)
      .set({ customerId: intoId })
      .where(and(eq(quoteRequests.customerId, fromId), bothStillThere)),
    db
      .update(contactMessages)
      .set({ customerId: intoId })
      .where(and(eq(contactMessages.customerId, fromId), bothStillThere)),
    // Invoices and credit notes follow (the one change an issued one allows: migrations/0016_billing_guards.sql).
    db
      .update(invoices)
      .set({ customerId: intoId, updatedAt: now })
      .where(and(eq(invoices.customerId, fromId), bothStillThere)),
    db.delete(customers).where(and(eq(customers.id, fromId), bothStillThere)),
  ];
  const results = await db.batch(statements);
  const deleted = results.at(-1) as D1Result;
  if (deleted.meta.changes === 0) return { status: "gone" };
  const moved = requestIds.length + messageIds.length;
  logEvent("customers_merged", { into: intoId, from: fromId, moved, actor: actor.userId });
  return { status: "merged", moved };
}

/** The outcome of moving a record to a new customer. */
type SplitOutcome = { status: "split"; customerId: string } | { status: "not-found" } | { status: "moved" } | { status: "only-record" };

/**
 * Moves one request or message of customer `customerId` to a new customer made from its own
 * contact fields (name, e-mail, phone in E.164), whose last activity is the record's date; the
 * record gets a note saying so; a request's invoices and credit notes move with it (a month's
 * invoice of several requests stays). Out: "split" with the new customer's id; "not-found" (no such
 * record); "moved" (the record is no longer this customer's: a second click changes nothing);
 * "only-record" (it is the customer's one record: nothing to split). Throws when D1 fails.
 */
export async function splitRecord(
  db: Database,
  input: { customerId: string; entity: AuditedEntity; recordId: string; actor: CustomerActor },
  now: Date = new Date(),
): Promise<SplitOutcome> {
  const { customerId, entity, recordId, actor } = input;
  const table = RECORDS[entity];
  const [recordRows, figures, customerRows] = await db.batch([
    db
      .select({ customerId: table.customerId, name: table.name, email: table.email, phone: table.phone, createdAt: table.createdAt })
      .from(table)
      .where(eq(table.id, recordId)),
    db.select(customerFigures()).from(customers).where(eq(customers.id, customerId)),
    customerById(db, customerId),
  ]);
  const record = recordRows[0];
  const old = customerRows[0];
  if (!record) return { status: "not-found" };
  if (record.customerId !== customerId || !old) return { status: "moved" };
  if ((figures[0]?.requests ?? 0) + (figures[0]?.messages ?? 0) <= 1) return { status: "only-record" };
  const keys = customerKeys({ name: record.name, email: record.email, phone: record.phone });
  const newId = crypto.randomUUID();
  const stillOld = exists(
    db
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(table.id, recordId), eq(table.customerId, customerId))),
  );
  await db.batch([
    insertWhere(
      db,
      customers,
      {
        id: newId,
        createdAt: now,
        updatedAt: record.createdAt,
        ...keys,
        notes: null,
        searchRowid: null,
        firstDoneDay: null,
        erasedAt: null,
      },
      stillOld,
    ),
    insertWhere(
      db,
      recordNotes,
      {
        id: crypto.randomUUID(),
        entity,
        entityId: recordId,
        body: noteText(`moved from ${described(old)} to a new customer of its own by ${actor.email}.`),
        authorUserId: actor.userId,
        createdAt: now,
      },
      stillOld,
    ),
    db
      .update(table)
      .set({ customerId: newId })
      .where(and(eq(table.id, recordId), eq(table.customerId, customerId))),
    // A request's invoices and credit notes go with it (only once it has moved, just above).
    db
      .update(invoices)
      .set({ customerId: newId, updatedAt: now })
      .where(
        and(
          eq(invoices.quoteRequestId, entity === "quote_request" ? recordId : ""),
          eq(invoices.customerId, customerId),
          exists(
            db
              .select({ one: sql`1` })
              .from(table)
              .where(and(eq(table.id, recordId), eq(table.customerId, newId))),
          ),
        ),
      ),
  ]);
  const after = await db.select({ customerId: table.customerId }).from(table).where(eq(table.id, recordId)).get();
  if (after?.customerId !== newId) return { status: "moved" };
  logEvent("customer_split", { from: customerId, to: newId, entity, record: recordId, actor: actor.userId });
  return { status: "split", customerId: newId };
}
