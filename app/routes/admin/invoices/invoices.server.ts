/**
 * The server side of /admin/invoices (docs/product.md §15): admins only. Reads `state` (a filter:
 * `draft`, `unpaid` = issued and partly paid, `overdue`, `paid`, `void`, `credit` = credit notes;
 * absent: all), `q` (a number, name or e-mail) and `page` from the URL, and answers one page of
 * invoices and credit notes, newest first (app/server/billing `listInvoices`), with the amounts
 * as "J$18,000.00" and the days as the admin reads them, and the total still owed
 * (`unpaidReport`). A URL with an empty value is redirected to its short form; a value that cannot
 * be used is left out with a message.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatCents, INVOICE_STATE_LABELS } from "~/domain/billing";
import { formatAdminDate, todayInJamaica } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { requireAdmin } from "~/http/permissions.server";
import { listInvoices, unpaidReport, type InvoiceSummary } from "~/server/billing";
import { logFailure } from "~/server/platform";
import { isInvoiceFilter, type InvoiceFilter } from "./schema";

/** The highest page number read from the URL (as the other lists). */
const MAX_PAGE = 100_000;

/** An ISO day as the admin reads it ("Nov 28, 2026"). */
export const dayText = (day: string) => formatAdminDate(Date.parse(`${day}T12:00:00Z`));

/**
 * The loader of /admin/invoices. Out: `state`, `q` and `page` as used, `problems` (sentences
 * about values left out), `total`, `rows` (InvoiceSummary with the labels the page shows),
 * `unpaid` (the total owed and how many invoices, for the link to the Unpaid view), `error`
 * when D1 failed.
 */
export async function invoicesPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  // The search form sends an empty `q` too: the same view at its short URL.
  const sent = [...url.searchParams];
  const kept = sent.filter(([, value]) => value !== "");
  if (kept.length < sent.length) throw redirect(kept.length ? `${url.pathname}?${new URLSearchParams(kept)}` : url.pathname);
  const problems: string[] = [];
  const asked = url.searchParams.get("state") ?? "";
  const state = isInvoiceFilter(asked) ? asked : null;
  if (asked && !state) problems.push("That filter is not known, so every invoice is shown.");
  const typed = Array.from((url.searchParams.get("q") ?? "").trim());
  const q = typed.slice(0, TEXT_LIMITS.search).join("");
  if (typed.length > TEXT_LIMITS.search) problems.push(ADMIN_MESSAGES.searchTooLong(TEXT_LIMITS.search));
  const askedPage = Number(url.searchParams.get("page"));
  const page = Number.isInteger(askedPage) && askedPage >= 1 && askedPage <= MAX_PAGE ? askedPage : 1;
  const today = todayInJamaica();
  const view = { state: state ?? "", q, page, problems };
  try {
    const [{ rows, total }, report] = await Promise.all([
      listInvoices(context.db, { ...listFilter(state), ...(q ? { q } : {}), page }, today),
      unpaidReport(context.db, today),
    ]);
    return {
      ...view,
      total,
      error: null,
      rows: rows.map(rowView),
      unpaid: { total: formatCents(report.totalCents), count: report.rows.length },
      today,
    };
  } catch (error) {
    logFailure("invoices_list_failed", error);
    return {
      ...view,
      total: 0,
      error: "The invoices could not be loaded. Please reload the page.",
      rows: [] as RowView[],
      unpaid: null,
      today,
    };
  }
}

/** What `listInvoices` is asked for a filter of the page: "Paid" is of invoices only (a credit note owes nothing too). */
function listFilter(state: InvoiceFilter | null) {
  switch (state) {
    case null:
      return {};
    case "credit":
      return { kind: "credit_note" as const };
    case "paid":
      return { state: "paid" as const, kind: "invoice" as const };
    default:
      return { state };
  }
}

type RowView = ReturnType<typeof rowView>;

/** An invoice as the list shows it. */
function rowView(row: InvoiceSummary) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    number: row.number,
    billToName: row.billToName,
    customerId: row.customerId,
    state: row.state,
    stateLabel: row.kind === "credit_note" && row.status !== "draft" ? "Credit note" : INVOICE_STATE_LABELS[row.state],
    overdue: row.overdue,
    issueDate: row.issueDate ? dayText(row.issueDate) : null,
    dueDate: row.kind === "credit_note" ? null : dayText(row.dueDate),
    total: formatCents(row.kind === "credit_note" ? -row.totalCents : row.totalCents),
    balance: row.kind === "credit_note" || row.status !== "issued" ? null : formatCents(row.balanceCents),
  };
}
