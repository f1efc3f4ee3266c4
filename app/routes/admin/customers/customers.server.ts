/**
 * The server side of /admin/customers (docs/product.md §14): admins only. Reads `q` (a search
 * over name, e-mail and phone, the inbox's MATCH expression) and `page` from the URL, and
 * answers one page of customers (app/server/customers `listCustomers`) with each row's last
 * activity as the admin reads dates and its total booked as "J$18,000". A URL with an empty
 * `q` is redirected to its short form; a value that cannot be used is left out with a message.
 */
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatAdminDate } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { requireAdmin } from "~/http/permissions.server";
import { jmdLabel, listCustomers, type CustomerRow } from "~/server/customers";
import { matchExpression } from "~/server/inbox";
import { logFailure } from "~/server/platform";

/** The highest page number read from the URL (as the inbox's lists). */
const MAX_PAGE = 100_000;

/**
 * The loader of /admin/customers. Out: `q` and `page` as used, `problems` (sentences about
 * values left out), `total`, `rows` (CustomerRow with `lastActivityLabel`, `booked` and
 * `repeat`: two or more requests and messages in all), `error` when D1 failed.
 */
export async function customersPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const url = new URL(request.url);
  const params = [...url.searchParams];
  if (params.some(([, value]) => value === "")) {
    // The search form sends an empty `q` too: the same view at its short URL.
    const short = new URLSearchParams(params.filter(([, value]) => value)).toString();
    throw redirect(short ? `${url.pathname}?${short}` : url.pathname);
  }
  const problems: string[] = [];
  let q = (url.searchParams.get("q") ?? "").trim();
  if (Array.from(q).length > TEXT_LIMITS.search) {
    q = Array.from(q).slice(0, TEXT_LIMITS.search).join("");
    problems.push(ADMIN_MESSAGES.searchTooLong(TEXT_LIMITS.search));
  }
  const match = q ? matchExpression(q) : null;
  if (q && !match) problems.push(ADMIN_MESSAGES.searchHasNoWords);
  const asked = Number(url.searchParams.get("page"));
  const page = Number.isInteger(asked) && asked >= 1 && asked <= MAX_PAGE ? asked : 1;
  try {
    const { rows, total } = await listCustomers(context.db, match, page);
    return { q, page, problems, total, error: null, rows: rows.map(rowView) };
  } catch (error) {
    logFailure("customers_list_failed", error);
    return { q, page, problems, total: 0, error: "The customers could not be loaded. Please reload the page.", rows: [] as RowView[] };
  }
}

type RowView = ReturnType<typeof rowView>;

/** A row as the page shows it. */
function rowView(row: CustomerRow) {
  return {
    ...row,
    lastActivityLabel: formatAdminDate(row.lastActivity),
    booked: jmdLabel(row.bookedJmd),
    repeat: row.requests + row.messages >= 2,
  };
}
