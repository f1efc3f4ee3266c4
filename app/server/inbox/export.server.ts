/**
 * 'Export CSV' of an admin list (docs/product.md §10 "Export CSV"): every record the list's
 * filters select (all pages), newest first, with every field and the status.
 *
 * CSV per RFC 4180 (fields with a comma, quote or line break quoted, quotes doubled, CRLF
 * between records) written by csv-stringify, with its `escape_formulas`: a cell starting
 * with =, +, -, @, a tab or a carriage return gets a leading `'`, so a spreadsheet shows it as
 * text instead of running it (OWASP "CSV Injection"). A UTF-8 byte order mark comes first
 * so spreadsheet programs read accents right.
 *
 * The body is streamed in batches of EXPORT_BATCH rows read by keyset (arrival, id), so an
 * export of any size runs in bounded memory and never re-reads a row.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import {
  CONTACT_STATUSES,
  FREQUENCY_LABELS,
  PROPERTY_SIZE_LABELS,
  QUOTE_STATUSES,
  SERVICE_TYPE_LABELS,
  type AuditedEntity,
} from "~/domain/enumerations";
import { formatExportDateTime, todayInJamaica } from "~/domain/dates";
import { PRIVATE } from "~/cache-control";
import type { ContactMessage, QuoteRequest } from "../../../drizzle/schema";
import { exportContactMessages, exportQuoteRequests, type ExportCursor } from "./records.server";
import { readListQuery } from "./routes.server";
import type { Database } from "../platform/db.server";
import { logFailure } from "~/server/platform/log.server";

/** Rows read from D1 per batch: far below D1's result limits, a few hundred kB of CSV. */
const EXPORT_BATCH = 500;

interface ExportKind<Row> {
  file: string;
  header: string[];
  cells: (row: Row) => Array<string | null>;
  read: (db: Database, url: URL, cursor: ExportCursor | null, limit: number) => Promise<Row[]>;
}

/** The columns every export starts with: who, when, and how to find the record again. */
const RECORD_HEADER = ["Reference", "ID", "Received (Jamaica time)", "Updated (Jamaica time)", "Name", "Email", "Phone"];
function recordCells(row: QuoteRequest | ContactMessage): Array<string | null> {
  return [
    row.reference,
    row.id,
    formatExportDateTime(row.createdAt.getTime()),
    formatExportDateTime(row.updatedAt.getTime()),
    row.name,
    row.email,
    row.phone,
  ];
}

const QUOTE_EXPORT: ExportKind<QuoteRequest> = {
  file: "quote-requests",
  header: [
    ...RECORD_HEADER,
    "Property address",
    "Service type",
    "Property size",
    "Frequency",
    "Preferred date",
    "Additional information",
    "Status",
  ],
  cells: (row) => [
    ...recordCells(row),
    row.address,
    SERVICE_TYPE_LABELS[row.serviceType],
    row.propertySize ? PROPERTY_SIZE_LABELS[row.propertySize] : null,
    row.frequency ? FREQUENCY_LABELS[row.frequency] : null,
    row.preferredDate,
    row.additionalInfo,
    row.status,
  ],
  read: (db, url, cursor, limit) => exportQuoteRequests(db, readListQuery(url, "quote_request", QUOTE_STATUSES).query, cursor, limit),
};

const CONTACT_EXPORT: ExportKind<ContactMessage> = {
  file: "contact-messages",
  header: [...RECORD_HEADER, "Message", "Status"],
  cells: (row) => [...recordCells(row), row.message, row.status],
  read: (db, url, cursor, limit) => exportContactMessages(db, readListQuery(url, "contact_message", CONTACT_STATUSES).query, cursor, limit),
};

/** Records as CSV lines (RFC 4180, CRLF, formulas neutralised). */
function csvLines(records: Array<Array<string | null>>): string {
  return stringify(records, { record_delimiter: "windows", escape_formulas: true });
}

/**
 * The CSV file of a list. In: the database, the request's URL (its list filters, as the
 * list page reads them) and the kind of record. Out: a streamed 200 `text/csv` attachment
 * named e.g. `quote-requests-2026-11-23.csv`, never cached. A D1 failure mid-stream ends the
 * download early (logged), since the status was already sent.
 */
export function csvExport(db: Database, url: URL, entity: AuditedEntity): Response {
  return entity === "quote_request" ? streamCsv(db, url, QUOTE_EXPORT) : streamCsv(db, url, CONTACT_EXPORT);
}

function streamCsv<Row extends { id: string; createdAt: Date }>(db: Database, url: URL, kind: ExportKind<Row>): Response {
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLines([kind.header])}`));
          return;
        }
        const rows = await kind.read(db, url, cursor, EXPORT_BATCH);
        if (rows.length > 0) controller.enqueue(encoder.encode(csvLines(rows.map(kind.cells))));
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) controller.close();
        else cursor = { createdAt: last.createdAt, id: last.id };
      } catch (error) {
        logFailure("csv_export_failed", error);
        controller.error(error);
      }
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${kind.file}-${todayInJamaica()}.csv"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
