/**
 * The admin lists' search and filter form (a GET form: docs/product.md §10): the values as
 * the URL carries them, and the query string that carries them. Read and checked on the
 * server by readListQuery in app/server/inbox/list-query.server.ts.
 */
import type { ServiceType } from "~/domain/enumerations";
import type { JobStage } from "~/domain/lifecycle";

/** The query names an admin list and its CSV export read (the input gate allows only these). */
export const LIST_QUERY_NAMES = ["status", "stage", "page", "q", "service", "from", "to", "overdue"] as const;

/** A list's filters as the URL carries them: to refill the filter form and build links. */
export interface ListFilters {
  status: string | null;
  /** What was typed in 'Search' (trimmed), or "". */
  q: string;
  service: ServiceType | null;
  /** Quote requests only: one stage (app/domain/lifecycle.ts), or null; `?stage=quoted` is the "Quotes waiting" view. */
  stage: JobStage | null;
  /** ISO dates (YYYY-MM-DD), inclusive, or "". */
  from: string;
  to: string;
  overdue: boolean;
}

/**
 * The query string of a list URL with `filters` and `page` (empty parts left out), e.g.
 * `?status=pending&stage=quoted&q=jane&page=2`; "" when nothing is set.
 */
export function listSearch(filters: ListFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.stage) params.set("stage", filters.stage);
  if (filters.q) params.set("q", filters.q);
  if (filters.service) params.set("service", filters.service);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.overdue) params.set("overdue", "1");
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `?${search}` : "";
}
