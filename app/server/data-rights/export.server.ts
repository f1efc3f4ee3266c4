/**
 * A customer's data, exported (docs/product.md §14 "Their data, exported"; the Data Protection
 * Act, 2020: a person's right to a copy): every record the site keeps about one customer, as a
 * ZIP streamed to the admin who asked, and a note of the export on each of their records.
 *
 * The tables that hold or reference a customer (drizzle/schema.ts), all read in one D1 batch
 * (one transaction, so the files agree with each other):
 * - `customers` (the row itself);
 * - `quote_requests`, `contact_messages` (`customer_id`);
 * - `attachments` (`owner_kind` quote/contact, `owner_id`): the photos' metadata; their bytes from
 *   R2 (`UPLOADS`) by `r2_key`;
 * - `status_changes`, `record_notes` (staff notes, and the merge and split history: the notes
 *   starting "Customer: ", app/server/customers/customer.server.ts), `customer_replies` (quotes and
 *   replies sent): by `entity`/`entity_id` of their requests and messages;
 * - `visits`, `visit_series` (`quote_request_id` of their requests), `visit_changes`,
 *   `reviews`, `review_requests` (`visit_id` of those visits);
 * - `invoices` (`customer_id`: invoices and credit notes), `invoice_lines`, `payments`,
 *   `card_checkouts` (`invoice_id`);
 * - `mail_deliveries`: the e-mails about their requests, messages and invoices (`entity`/`entity_id`)
 *   and any other mail to their e-mail address but account mails (which belong to staff accounts).
 * Left out on purpose: the secret tokens of links (`status_token`, `invoices.token`,
 * `review_requests.token_hash`) and the search index's row numbers; `open_invoices`,
 * `overview_days` and the FTS tables are copies derived from the rows above.
 *
 * The archive (fflate's streaming `Zip`): `photos/<request or message id>/<file name>` first,
 * stored as they are (no recompression), one photo at a time, read from R2 chunk by chunk only
 * when the response asks for more (a pull stream), so memory stays at a chunk or two whatever
 * the photos weigh; then `customer.json` (every kind of record, keyed by kind), one CSV per kind
 * (csv-stringify as the other exports: RFC 4180, CRLF, a byte order mark, formulas neutralised)
 * and `README.txt`.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import { and, eq, getTableColumns, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import {
  attachments,
  cardCheckouts,
  contactMessages,
  customerReplies,
  customers,
  invoiceLines,
  invoices,
  mailDeliveries,
  payments,
  quoteRequests,
  recordNotes,
  reviewRequests,
  reviews,
  statusChanges,
  visitChanges,
  visits,
  visitSeries,
} from "../../../drizzle/schema";
import { formatExportDateTime, todayInJamaica } from "~/domain/dates";
import { CUSTOMER_EXPORT_MESSAGES } from "~/domain/texts/staff-messages";
import { type Database, logEvent, logFailure } from "~/server/platform";

/** Columns never exported: links' secret tokens and the search index's row numbers. */
const SECRET_COLUMNS = new Set(["status_token", "token", "token_hash", "search_rowid"]);

/** The prefix of the customer page's history notes (app/server/customers/customer.server.ts). */
const HISTORY_PREFIX = "Customer: ";

/** Each kind of record: its key in customer.json, its CSV file and its table. */
const KINDS = [
  { key: "customer", file: "customer.csv", table: customers },
  { key: "requests", file: "requests.csv", table: quoteRequests },
  { key: "messages", file: "messages.csv", table: contactMessages },
  { key: "attachments", file: "attachments.csv", table: attachments },
  { key: "statusChanges", file: "status-changes.csv", table: statusChanges },
  { key: "notes", file: "notes.csv", table: recordNotes },
  { key: "replies", file: "replies.csv", table: customerReplies },
  { key: "visits", file: "visits.csv", table: visits },
  { key: "visitChanges", file: "visit-changes.csv", table: visitChanges },
  { key: "series", file: "series.csv", table: visitSeries },
  { key: "reviews", file: "reviews.csv", table: reviews },
  { key: "reviewRequests", file: "review-requests.csv", table: reviewRequests },
  { key: "invoices", file: "invoices.csv", table: invoices },
  { key: "invoiceLines", file: "invoice-lines.csv", table: invoiceLines },
  { key: "payments", file: "payments.csv", table: payments },
  { key: "cardCheckouts", file: "card-checkouts.csv", table: cardCheckouts },
  { key: "mails", file: "mails.csv", table: mailDeliveries },
] as const;

type KindKey = (typeof KINDS)[number]["key"];

/** A row as exported: the database's column names (snake_case), secrets left out, times as ISO 8601 UTC. */
type ExportRow = Record<string, string | number | boolean | null>;

/** A photo of the customer's: where it is in R2 and where it goes in the archive. */
interface ExportPhoto {
  attachmentId: string;
  r2Key: string;
  path: string;
}

/** Everything read for an export: each kind's rows, the photos to add, the records to note it on. */
export interface CustomerExportData {
  customerId: string;
  name: string;
  rows: Record<KindKey, ExportRow[]>;
  photos: ExportPhoto[];
  records: Array<{ entity: "quote_request" | "contact_message"; id: string }>;
}

/** A row of `table` as exported (see ExportRow). */
function exportRow(table: SQLiteTable, row: Record<string, unknown>): ExportRow {
  const out: ExportRow = {};
  for (const [key, column] of Object.entries(getTableColumns(table) as Record<string, SQLiteColumn>)) {
    if (SECRET_COLUMNS.has(column.name)) continue;
    const value = row[key];
    out[column.name] = value instanceof Date ? value.toISOString() : value === undefined ? null : (value as ExportRow[string]);
  }
  return out;
}

/** The header of a kind's CSV: its table's exported columns, in the schema's order. */
function csvHeader(table: SQLiteTable): string[] {
  return Object.values(getTableColumns(table) as Record<string, SQLiteColumn>)
    .map((column) => column.name)
    .filter((name) => !SECRET_COLUMNS.has(name));
}

/**
 * A photo's file name as it may stand in the archive: no folder separators, control or reserved
 * characters (a name such as "../../x" stays inside its folder), no leading dots, at most 100
 * characters; `fallback` when nothing is left. Names already `taken` in the folder get "-2",
 * "-3", … before their extension.
 */
function archiveFileName(fileName: string, fallback: string, taken: Set<string>): string {
  const cleaned =
    fileName
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed.
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
      .replace(/^[.\s]+/, "")
      .trim()
      .slice(0, 100) || fallback;
  const dot = cleaned.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [cleaned.slice(0, dot), cleaned.slice(dot)] : [cleaned, ""];
  let name = cleaned;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${stem}-${n}${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/**
 * Reads every record of customer `customerId` (the tables listed in the header) in one D1 batch.
 * Out: null when there is no such customer; else the rows of each kind (oldest first), the photos
 * with their place in the archive, and the requests and messages to note the export on. Throws
 * when D1 fails.
 */
export async function readCustomerExport(db: Database, customerId: string): Promise<CustomerExportData | null> {
  const requestIds = db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.customerId, customerId));
  const messageIds = db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.customerId, customerId));
  const visitIds = db.select({ id: visits.id }).from(visits).where(inArray(visits.quoteRequestId, requestIds));
  const invoiceIds = db.select({ id: invoices.id }).from(invoices).where(eq(invoices.customerId, customerId));
  /**
   * The rows of a table that name their record by a kind and an id (`kinds`: how the table calls a
   * quote request and a contact message) and belong to the customer's requests and messages.
   */
  const ofRecords = (kind: SQLiteColumn, recordId: SQLiteColumn, kinds: [string, string] = ["quote_request", "contact_message"]): SQL =>
    or(and(eq(kind, kinds[0]), inArray(recordId, requestIds)), and(eq(kind, kinds[1]), inArray(recordId, messageIds)))!;
  const email = sql`(SELECT ${customers.email} FROM ${customers} WHERE ${customers.id} = ${customerId})`;
  const [
    customerRows,
    requestRows,
    messageRows,
    attachmentRows,
    statusRows,
    noteRows,
    replyRows,
    visitRows,
    visitChangeRows,
    seriesRows,
    reviewRows,
    reviewRequestRows,
    invoiceRows,
    lineRows,
    paymentRows,
    checkoutRows,
    mailRows,
  ] = await db.batch([
    db.select().from(customers).where(eq(customers.id, customerId)),
    db.select().from(quoteRequests).where(eq(quoteRequests.customerId, customerId)).orderBy(quoteRequests.createdAt, quoteRequests.id),
    db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.customerId, customerId))
      .orderBy(contactMessages.createdAt, contactMessages.id),
    db
      .select()
      .from(attachments)
      .where(ofRecords(attachments.ownerKind, attachments.ownerId, ["quote", "contact"]))
      .orderBy(attachments.ownerId, attachments.createdAt, attachments.id),
    db
      .select()
      .from(statusChanges)
      .where(ofRecords(statusChanges.entity, statusChanges.entityId))
      .orderBy(statusChanges.createdAt, statusChanges.id),
    db.select().from(recordNotes).where(ofRecords(recordNotes.entity, recordNotes.entityId)).orderBy(recordNotes.createdAt, recordNotes.id),
    db
      .select()
      .from(customerReplies)
      .where(ofRecords(customerReplies.entity, customerReplies.entityId))
      .orderBy(customerReplies.createdAt, customerReplies.id),
    db.select().from(visits).where(inArray(visits.quoteRequestId, requestIds)).orderBy(visits.day, visits.windowStart, visits.id),
    db.select().from(visitChanges).where(inArray(visitChanges.visitId, visitIds)).orderBy(visitChanges.createdAt, visitChanges.id),
    db.select().from(visitSeries).where(inArray(visitSeries.quoteRequestId, requestIds)).orderBy(visitSeries.createdAt, visitSeries.id),
    db.select().from(reviews).where(inArray(reviews.visitId, visitIds)).orderBy(reviews.createdAt, reviews.id),
    db.select().from(reviewRequests).where(inArray(reviewRequests.visitId, visitIds)).orderBy(reviewRequests.createdAt, reviewRequests.id),
    db.select().from(invoices).where(eq(invoices.customerId, customerId)).orderBy(invoices.createdAt, invoices.id),
    db
      .select()
      .from(invoiceLines)
      .where(inArray(invoiceLines.invoiceId, invoiceIds))
      .orderBy(invoiceLines.invoiceId, invoiceLines.position),
    db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds)).orderBy(payments.createdAt, payments.id),
    db.select().from(cardCheckouts).where(inArray(cardCheckouts.invoiceId, invoiceIds)).orderBy(cardCheckouts.createdAt, cardCheckouts.id),
    db
      .select()
      .from(mailDeliveries)
      .where(
        or(
          ofRecords(mailDeliveries.entity, mailDeliveries.entityId),
          and(eq(mailDeliveries.entity, "invoice"), inArray(mailDeliveries.entityId, invoiceIds)),
          and(ne(mailDeliveries.kind, "account"), sql`lower(${mailDeliveries.toAddress}) = ${email}`),
        ),
      )
      .orderBy(mailDeliveries.createdAt, mailDeliveries.id),
  ]);
  const customer = customerRows[0];
  if (!customer) return null;
  const folders = new Map<string, Set<string>>();
  const photos = attachmentRows.map((row) => {
    const taken = folders.get(row.ownerId) ?? new Set<string>();
    folders.set(row.ownerId, taken);
    return {
      attachmentId: row.id,
      r2Key: row.r2Key,
      path: `photos/${row.ownerId}/${archiveFileName(row.fileName, `photo-${row.id}`, taken)}`,
    };
  });
  const rows = (table: SQLiteTable, list: Array<Record<string, unknown>>) => list.map((row) => exportRow(table, row));
  return {
    customerId,
    name: customer.name,
    rows: {
      customer: rows(customers, [customer]),
      requests: rows(quoteRequests, requestRows),
      messages: rows(contactMessages, messageRows),
      attachments: rows(attachments, attachmentRows),
      statusChanges: rows(statusChanges, statusRows),
      notes: rows(recordNotes, noteRows),
      replies: rows(customerReplies, replyRows),
      visits: rows(visits, visitRows),
      visitChanges: rows(visitChanges, visitChangeRows),
      series: rows(visitSeries, seriesRows),
      reviews: rows(reviews, reviewRows),
      reviewRequests: rows(reviewRequests, reviewRequestRows),
      invoices: rows(invoices, invoiceRows),
      invoiceLines: rows(invoiceLines, lineRows),
      payments: rows(payments, paymentRows),
      cardCheckouts: rows(cardCheckouts, checkoutRows),
      mails: rows(mailDeliveries, mailRows),
    },
    photos,
    records: [
      ...requestRows.map((row) => ({ entity: "quote_request" as const, id: row.id })),
      ...messageRows.map((row) => ({ entity: "contact_message" as const, id: row.id })),
    ],
  };
}

/** The archive's file name: "customer-<id>-<YYYY-MM-DD>.zip", the day in Jamaica. */
export function customerExportFileName(customerId: string, now: Date): string {
  return `customer-${customerId}-${todayInJamaica(now)}.zip`;
}

/**
 * Notes the export on each of the customer's requests and messages (record_notes, shown in their
 * page's history, beside the merges and splits), in one D1 batch, and logs it. In: the data read,
 * the staff account, the archive's file name. Throws when D1 fails.
 */
export async function recordCustomerExport(
  db: Database,
  input: { data: CustomerExportData; actor: { userId: string; email: string }; fileName: string },
  now: Date = new Date(),
): Promise<void> {
  const { data, actor, fileName } = input;
  const body = CUSTOMER_EXPORT_MESSAGES.note(actor.email, fileName);
  const [first, ...rest] = data.records.map((record) =>
    db.insert(recordNotes).values({
      id: crypto.randomUUID(),
      entity: record.entity,
      entityId: record.id,
      body,
      authorUserId: actor.userId,
      createdAt: now,
    }),
  );
  if (first) await db.batch([first, ...rest]);
  logEvent("customer_data_exported", {
    customer: data.customerId,
    records: data.records.length,
    photos: data.photos.length,
    actor: actor.userId,
  });
}

/** Rows as CSV under `header` (a byte order mark, a header row, CRLF, formulas neutralised as the other exports). */
function rowsCsv(header: string[], list: ExportRow[]): string {
  const records = list.map((row) => header.map((name) => row[name] ?? null));
  return `\uFEFF${stringify([header, ...records], { record_delimiter: "windows", escape_formulas: true, cast: { boolean: String } })}`;
}

/**
 * The ZIP of a customer's data (see the header) as a byte stream that reads R2 only as fast as
 * it is read. In: the data read, R2 (`UPLOADS`), when it was made, the staff account's e-mail.
 * A photo whose object is missing from R2 is left out and `in_archive` is false on its
 * attachment row. The stream errors if R2 fails mid-way (the download then fails).
 */
export function customerExportZip(
  data: CustomerExportData,
  bucket: R2Bucket,
  madeAt: Date,
  staffEmail: string,
): ReadableStream<Uint8Array> {
  return zipStream(async function* (zip) {
    const found = new Set<string>();
    for (const photo of data.photos) {
      const object = await bucket.get(photo.r2Key);
      if (!object) continue;
      found.add(photo.attachmentId);
      // Photos are already compressed (JPEG, WebP, …): stored as they are, level 0.
      const file = new ZipPassThrough(photo.path);
      zip.add(file);
      const reader = object.body.getReader();
      let complete = false;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          file.push(value, false);
          yield;
        }
        complete = true;
      } finally {
        // A download stopped half-way (the stream cancelled) lets go of R2's body at once.
        if (!complete) await reader.cancel().catch(() => undefined);
      }
      file.push(new Uint8Array(0), true);
      yield;
    }
    const paths = new Map(data.photos.filter((photo) => found.has(photo.attachmentId)).map((photo) => [photo.attachmentId, photo.path]));
    const attachmentRows = data.rows.attachments.map((row) => ({
      ...row,
      in_archive: paths.has(String(row.id)),
      archive_path: paths.get(String(row.id)) ?? null,
    }));
    const rows = { ...data.rows, attachments: attachmentRows };
    const history = data.rows.notes.filter((note) => String(note.body).startsWith(HISTORY_PREFIX));
    addText(zip, "customer.json", JSON.stringify({ exportedAt: madeAt.toISOString(), exportedBy: staffEmail, ...rows, history }, null, 2));
    yield;
    for (const kind of KINDS) {
      const header = csvHeader(kind.table);
      addText(zip, kind.file, rowsCsv(kind.key === "attachments" ? [...header, "in_archive", "archive_path"] : header, rows[kind.key]));
      yield;
    }
    addText(
      zip,
      "README.txt",
      CUSTOMER_EXPORT_MESSAGES.readme({
        customerId: data.customerId,
        name: data.name,
        madeAt: formatExportDateTime(madeAt.getTime()),
        staffEmail,
        missingPhotos: data.photos.length - found.size,
      }),
    );
  });
}

/** Adds a small text file, deflated. */
function addText(zip: Zip, name: string, text: string): void {
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  file.push(strToU8(text), true);
}

/**
 * A ZIP as a pull stream: `produce` adds files to the archive and yields after each piece of
 * data it pushed; the stream runs it one step further only when its reader wants more and
 * nothing is waiting, so at most the output of one step is held. When `produce` returns, the
 * archive is ended (its central directory written) and the stream closes; when it throws, the
 * stream errors; a cancelled stream stops it.
 */
function zipStream(produce: (zip: Zip) => AsyncGenerator<void, void, void>): ReadableStream<Uint8Array> {
  const waiting: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else if (chunk.length > 0) waiting.push(chunk);
    if (final) finished = true;
  });
  const steps = produce(zip);
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (waiting.length === 0 && !finished) {
            const step = await steps.next();
            if (failure) throw failure;
            if (step.done) zip.end();
          }
        } catch (error) {
          logFailure("customer_export_stream_failed", error);
          throw error;
        }
        for (const chunk of waiting.splice(0)) controller.enqueue(chunk);
        if (finished && waiting.length === 0) controller.close();
      },
      async cancel() {
        await steps.return();
      },
    },
    { highWaterMark: 0 },
  );
}
