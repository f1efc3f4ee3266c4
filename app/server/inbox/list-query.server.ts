/**
 * An admin list's query from its URL's parameters (docs/product.md §10): what /admin/quotes,
 * /admin/messages and their CSV exports select. Pure: no database, no request.
 */
import { CONTACT_STATUSES, QUOTE_STATUSES, SERVICE_TYPES, type AuditedEntity } from "~/domain/enumerations";
import { DAY_MS, jamaicaDayStart } from "~/domain/dates";
import { JOB_STAGES } from "~/domain/lifecycle";
import { TEXT_LIMITS } from "~/domain/limits";
import { readReference } from "~/domain/reference";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import type { ListFilters } from "~/forms/admin-list";
import type { ListQuery } from "./records.server";
import { matchExpression } from "./search.server";

/** The statuses a list may filter on, per kind of record. */
const STATUSES: Record<AuditedEntity, readonly string[]> = { quote_request: QUOTE_STATUSES, contact_message: CONTACT_STATUSES };

/**
 * A list's query from its URL parameters: `status` (one of the kind's statuses, else all),
 * `page` (1 to 100,000, else 1), `q` (search, cut to TEXT_LIMITS.search characters), `service`
 * (quote requests only, one of SERVICE_TYPES, else none), `stage` (quote requests only, one of
 * JOB_STAGES, else none; `quoted` is the "Quotes waiting" view), `from`/`to` (ISO dates, inclusive,
 * Jamaica's days) and `overdue=1`. Out: the query for listRecords/csvStream, the filters as the
 * filter form shows them, and `problems` (a sentence per value that could not be used and was
 * left out). Never throws.
 */
export function readListQuery(
  params: URLSearchParams,
  entity: AuditedEntity,
): { query: ListQuery; filters: ListFilters; problems: string[] } {
  const problems: string[] = [];
  const status = STATUSES[entity].find((candidate) => candidate === params.get("status")) ?? null;
  const page = Number(params.get("page"));
  let q = (params.get("q") ?? "").trim();
  if (Array.from(q).length > TEXT_LIMITS.search) {
    q = Array.from(q).slice(0, TEXT_LIMITS.search).join("");
    problems.push(ADMIN_MESSAGES.searchTooLong(TEXT_LIMITS.search));
  }
  const service = entity === "quote_request" ? (SERVICE_TYPES.find((candidate) => candidate === params.get("service")) ?? null) : null;
  const stage = entity === "quote_request" ? (JOB_STAGES.find((candidate) => candidate === params.get("stage")) ?? null) : null;
  const day = (name: "from" | "to", label: string) => {
    const value = (params.get(name) ?? "").trim();
    if (!value) return { value: "", start: null };
    const start = jamaicaDayStart(value);
    if (start === null) problems.push(ADMIN_MESSAGES.badDate(label));
    return { value: start === null ? "" : value, start };
  };
  const from = day("from", "'From'");
  const to = day("to", "'To'");
  const overdue = params.get("overdue") === "1";
  // "MB-7K4Q2" (or "mb 7k4q2") is a reference: that one request, not a word search.
  const reference = /^mb/i.test(q) ? readReference(q) : null;
  const match = q && !reference ? matchExpression(q) : null;
  if (q && !reference && !match) problems.push(ADMIN_MESSAGES.searchHasNoWords);
  return {
    query: {
      status,
      service,
      stage,
      fromMs: from.start,
      // `to` is inclusive: up to the start of the next day in Jamaica (no daylight saving there).
      toMs: to.start === null ? null : to.start + DAY_MS,
      overdue,
      match,
      reference,
      page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    },
    filters: { status, q, service, stage, from: from.value, to: to.value, overdue },
    problems,
  };
}
