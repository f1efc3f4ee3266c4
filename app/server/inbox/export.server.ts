/**
 * 'Export CSV' of an admin list (docs/product.md §10 "Export CSV"): every record the list's
 * filters select (all pages), newest first, with every field and the status (a quote request's
 * stage too, read through app/server/lifecycle as the list reads it, and its next visit). One
 * export for both kinds of record; what differs is each kind's file name and its own columns
 * (`EXPORTS`).
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
import { type AuditedEntity, FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { formatExportDateTime } from "~/domain/dates";
import { type ExportCursor, exportRecords, type ListQuery, type ListRowFacts } from "./records.server";
import { type Database, logFailure, type RecordRow } from "~/server/platform";

/** Rows read from D1 per batch: far below D1's result limits, a few hundred kB of CSV. */
const EXPORT_BATCH = 500;

/** A column of the CSV: its header and its cell of a row (a record with its ListRowFacts). */
type Column<Row> = readonly [header: string, cell: (row: Row & ListRowFacts) => string | null];

/** The columns every export starts with: who, when, and how to find the record again. */
const RECORD_COLUMNS: Array<Column<RecordRow<AuditedEntity>>> = [
  ["Reference", (row) => row.reference],
  ["ID", (row) => row.id],
  ["Received (Jamaica time)", (row) => formatExportDateTime(row.createdAt.getTime())],
  ["Updated (Jamaica time)", (row) => formatExportDateTime(row.updatedAt.getTime())],
  ["Name", (row) => row.name],
  ["Email", (row) => row.email],
  ["Phone", (row) => row.phone],
];

/** The column every export ends with. */
const STATUS_COLUMN: Column<RecordRow<AuditedEntity>> = ["Status", (row) => row.status];

/**
 * A quote request's columns after its status: its stage (one of JOB_STAGES, as the list's
 * `?stage=` names it) and its next scheduled visit ("YYYY-MM-DD HH:MM", Jamaica), if any.
 */
const STAGE_COLUMNS: Array<Column<RecordRow<"quote_request">>> = [
  ["Stage", (row) => row.stage?.stage ?? null],
  ["Next visit", (row) => (row.stage?.nextVisitDay ? `${row.stage.nextVisitDay} ${row.stage.nextVisitStart ?? ""}`.trim() : null)],
];

/** Each kind's file name, the columns only it has (between RECORD_COLUMNS and STATUS_COLUMN), and those after the status. */
const EXPORTS: { [E in AuditedEntity]: { file: string; columns: Array<Column<RecordRow<E>>>; after: Array<Column<RecordRow<E>>> } } = {
  quote_request: {
    file: "quote-requests",
    columns: [
      ["Property address", (row) => row.address],
      ["Service type", (row) => SERVICE_TYPE_LABELS[row.serviceType]],
      ["Property size", (row) => (row.propertySize ? PROPERTY_SIZE_LABELS[row.propertySize] : null)],
      ["Frequency", (row) => (row.frequency ? FREQUENCY_LABELS[row.frequency] : null)],
      ["Preferred date", (row) => row.preferredDate],
      ["Additional information", (row) => row.additionalInfo],
    ],
    after: STAGE_COLUMNS,
  },
  contact_message: {
    file: "contact-messages",
    columns: [["Message", (row) => row.message]],
    after: [],
  },
};

/** Records as CSV lines (RFC 4180, CRLF, formulas neutralised). */
function csvLines(records: Array<Array<string | null>>): string {
  return stringify(records, { record_delimiter: "windows", escape_formulas: true });
}

/** The name of a kind's CSV file without its date and extension, e.g. "quote-requests". */
export function csvFileStem(entity: AuditedEntity): string {
  return EXPORTS[entity].file;
}

/**
 * The CSV of the records of `entity` matching `query` (its page ignored), as a stream: the
 * byte order mark and the header, then the rows in batches. A D1 failure mid-stream ends
 * it with an error (logged), since the answer's status was already sent.
 */
export function csvStream<E extends AuditedEntity>(db: Database, entity: E, query: ListQuery): ReadableStream<Uint8Array> {
  const own = EXPORTS[entity] as { columns: Array<Column<RecordRow<E>>>; after: Array<Column<RecordRow<E>>> };
  const columns = [...RECORD_COLUMNS, ...own.columns, STATUS_COLUMN, ...own.after] as Array<Column<RecordRow<E>>>;
  const encoder = new TextEncoder();
  let cursor: ExportCursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${csvLines([columns.map(([header]) => header)])}`));
          return;
        }
        const rows = await exportRecords(db, entity, query, cursor, EXPORT_BATCH);
        if (rows.length > 0) controller.enqueue(encoder.encode(csvLines(rows.map((row) => columns.map(([, cell]) => cell(row))))));
        const last = rows.at(-1);
        if (rows.length < EXPORT_BATCH || !last) controller.close();
        else cursor = { createdAt: last.createdAt, id: last.id };
      } catch (error) {
        logFailure("csv_export_failed", error);
        controller.error(error);
      }
    },
  });
}
