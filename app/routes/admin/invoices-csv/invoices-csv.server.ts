/**
 * The server side of /admin/invoices.csv?from=YYYY-MM-DD&to=YYYY-MM-DD, the accountant's export
 * (docs/product.md §15): admins only. One row per invoice and credit note issued, and per
 * payment and refund received, in the period (both days included, Jamaica), from app/server/billing
 * `accountingRows`, oldest first; amounts plain ("18000.00", app/domain/billing.ts `centsToPlain`),
 * a credit note's and a refund's negative, so each column sums to the period's figure.
 *
 * CSV per RFC 4180 with CRLF, a UTF-8 byte order mark first (spreadsheets then read accents
 * right), written by csv-stringify as the lists' export (app/server/inbox/export.server.ts). Text
 * cells are guarded against CSV injection as there: one starting with =, +, -, @, a tab or a
 * carriage return gets a leading `'`; amounts are numbers this module writes, so a negative one
 * stays a number. A missing, impossible or reversed period answers 400 with a short page that
 * says so, never a file and never a 500.
 */
import { stringify } from "csv-stringify/browser/esm/sync";
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PRIVATE } from "~/cache-control";
import { centsToPlain } from "~/domain/billing";
import { PAYMENT_METHOD_LABELS } from "~/domain/enumerations";
import { requireAdmin } from "~/http/permissions.server";
import { accountingRows, type AccountingRow } from "~/server/billing";
import { logFailure } from "~/server/platform";

/** The CSV's columns, in order. */
const ACCOUNTING_COLUMNS = [
  "Type",
  "Date",
  "Number",
  "Customer",
  "Description",
  "Net (J$)",
  "GCT (J$)",
  "Total (J$)",
  "Method",
  "Reference",
  "Invoice",
] as const;

/** What each kind of row is called in the Type column. */
const TYPE_LABELS: Record<AccountingRow["type"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
  refund: "Refund",
};

/** A day typed as YYYY-MM-DD that exists on the calendar. */
function isDay(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The period of the URL, or the sentence saying what is wrong with it. */
function readPeriod(query: URLSearchParams): { ok: true; from: string; to: string } | { ok: false; problem: string } {
  const from = query.get("from");
  const to = query.get("to");
  if (!from || !to) return { ok: false, problem: "Choose the first and the last day of the period to export." };
  if (!isDay(from) || !isDay(to)) return { ok: false, problem: "The period's days must be real dates, written YYYY-MM-DD." };
  if (from > to)
    return { ok: false, problem: `The period ends (${to}) before it starts (${from}): choose a last day on or after the first.` };
  return { ok: true, from, to };
}

/** A text cell as a spreadsheet shows it, never run: a leading `'` before =, +, -, @, a tab or a carriage return. */
function textCell(value: string | null | undefined): string {
  if (!value) return "";
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** An amount cell: plain with two decimals, negative for a credit note or a refund; empty when the row has none. */
function amountCell(cents: number | null, negative: boolean): string {
  return cents === null ? "" : centsToPlain(negative ? -cents : cents);
}

/** One row of the file. */
function csvRecord(row: AccountingRow): string[] {
  const negative = row.type === "credit_note" || row.type === "refund";
  return [
    TYPE_LABELS[row.type],
    row.date,
    textCell(row.number),
    textCell(row.customer),
    textCell(row.description),
    amountCell(row.netCents, negative),
    amountCell(row.taxCents, negative),
    amountCell(row.totalCents, negative),
    row.method ? PAYMENT_METHOD_LABELS[row.method] : "",
    textCell(row.reference),
    textCell(row.invoiceNumber),
  ];
}

/** The answer to a period that cannot be exported: a small page (no scripts) saying why, and the way back. */
function periodRefused(problem: string): Response {
  const safe = problem.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  const body = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    "<title>The export needs a period</title></head>",
    '<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">',
    `<h1 style="font-size:1.5rem">The export needs a period</h1><p>${safe}</p>`,
    '<p><a href="/admin/invoices" style="color:#0f524f;font-weight:600">Back to the invoices</a></p></body></html>',
  ].join("");
  return new Response(body, { status: 400, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": PRIVATE } });
}

/**
 * GET /admin/invoices.csv: admins only (the redirect of `requireAdmin` otherwise). Out: 200
 * `text/csv` attachment named `invoices-<from>-to-<to>.csv`, never cached; 400 (a short page)
 * for a missing, impossible or reversed period; 503 (plain text) when D1 failed.
 */
export async function invoicesCsvLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const period = readPeriod(new URL(request.url).searchParams);
  if (!period.ok) return periodRefused(period.problem);
  let rows: AccountingRow[];
  try {
    rows = await accountingRows(context.db, period.from, period.to);
  } catch (error) {
    logFailure("invoices_csv_failed", error);
    return new Response("The export could not be made. Please try again.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE },
    });
  }
  const csv = stringify([[...ACCOUNTING_COLUMNS], ...rows.map(csvRecord)], { record_delimiter: "windows" });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="invoices-${period.from}-to-${period.to}.csv"`,
      "Cache-Control": PRIVATE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
