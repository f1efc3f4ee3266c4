/** Building blocks of the admin lists (table from `lg`, cards below) and detail views. */
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { SERVICE_TYPES, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/domain/limits";
import { ADMIN_MESSAGES } from "~/domain/messages";
import type { BadgeVariant, Step } from "~/domain/status";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";
import { listSearch, type ListFilters } from "~/forms/admin-list";
import { readResult, type FormResult } from "~/forms/result";
import { FormStatus } from "./form-field";
import { Icon } from "./icon";

const BADGE_CLASS: Record<BadgeVariant, string> = {
  outline: "border border-slate-400 text-slate-800 bg-white",
  secondary: "bg-slate-200 text-slate-900",
  default: "bg-brand-800 text-white",
  destructive: "bg-red-700 text-white",
};

/** A status badge styled as docs/product.md §4 "Badge styles" says. */
export function StatusBadge({ status, variant }: { status: string; variant: BadgeVariant }) {
  return (
    <span
      data-badge={variant}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE_CLASS[variant]}`}
    >
      {status}
    </span>
  );
}

/** The next-step button of a record, as a plain POST form (works without JavaScript); disabled while a request is under way. */
export function StepButton({ id, step }: { id: string; step: Step<string> | undefined }) {
  const busy = useNavigation().state !== "idle";
  if (!step) return null;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="to" value={step.to} />
      <button
        type="submit"
        disabled={busy}
        className="rounded-full bg-brand-700 px-3 py-1.5 text-xs font-semibold whitespace-nowrap text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {step.label}
      </button>
    </Form>
  );
}

/** Status filter links: All and each status, keeping the other filters. */
function StatusFilter({ statuses, filters, base }: { statuses: readonly string[]; filters: ListFilters; base: string }) {
  const items = [null, ...statuses];
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {items.map((status) => {
        const active = status === filters.status;
        return (
          <Link
            key={status ?? "all"}
            to={`${base}${listSearch({ ...filters, status })}`}
            aria-current={active ? "page" : undefined}
            className={`inline-flex min-h-9 items-center rounded-full px-3 py-1 text-sm font-medium capitalize ${active ? "bg-brand-800 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            {status ?? "All"}
          </Link>
        );
      })}
    </nav>
  );
}

/** Previous/next page links for lists longer than one page, keeping the filters. */
function Pagination({ page, total, base, filters }: { page: number; total: number; base: string; filters: ListFilters }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (pages === 1) return null;
  const href = (target: number) => `${base}${listSearch(filters, target) || "?page=1"}`;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-semibold text-brand-700 hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="font-semibold text-brand-700 hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const INPUT =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
const LABEL = "text-xs font-semibold tracking-wide text-slate-600 uppercase";

/**
 * The search and filter form (a GET form: the filters live in the URL, so a view can be
 * bookmarked and shared, and it works without JavaScript). 'Search' is always in view; the
 * other filters fold into "Filters" (a <details>, open while any is set), so on a phone the
 * records start near the top. The status tab is kept.
 */
function ListFilterForm({ base, filters, serviceFilter }: { base: string; filters: ListFilters; serviceFilter: boolean }) {
  const set = [filters.service, filters.from || filters.to, filters.overdue].filter(Boolean).length;
  const active = Boolean(filters.q) || set > 0;
  return (
    <Form method="get" action={base} role="search" className="rounded-xl border border-slate-200 bg-white p-4">
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      <div className="flex items-end gap-2">
        <label className="block min-w-0 flex-1">
          <span className={LABEL}>Search</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={TEXT_LIMITS.search}
            placeholder="Name, email, phone, address or words"
            className={INPUT}
          />
        </label>
        <button
          type="submit"
          className="min-h-11 shrink-0 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Apply
        </button>
      </div>
      <details open={set > 0} className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 text-sm font-semibold text-brand-800">
          <Icon name="chevronDown" className="size-4 transition group-open:rotate-180" />
          Filters{set > 0 ? ` (${set})` : ""}
        </summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr_auto] lg:items-end">
          {serviceFilter ? (
            <label className="block">
              <span className={LABEL}>Service type</span>
              <select name="service" defaultValue={filters.service ?? ""} className={INPUT}>
                <option value="">All services</option>
                {SERVICE_TYPES.map((service) => (
                  <option key={service} value={service}>
                    {SERVICE_TYPE_LABELS[service]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="block">
            <span className={LABEL}>From</span>
            <input type="date" name="from" defaultValue={filters.from} className={INPUT} />
          </label>
          <label className="block">
            <span className={LABEL}>To</span>
            <input type="date" name="to" defaultValue={filters.to} className={INPUT} />
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue} className="size-4 accent-brand-700" />
            Overdue only
          </label>
        </div>
      </details>
      {active ? (
        <Link
          to={`${base}${listSearch({ ...filters, q: "", service: null, from: "", to: "", overdue: false })}`}
          className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline"
        >
          Clear search and filters
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * The frame of an admin list: heading and status tabs, the search and filter form, 'Export
 * CSV' of the filtered list, the failure and filter texts, the product's empty state (or "no
 * matches" when filters are set), the records as a table from `lg` and as cards below it
 * (no horizontal scrolling on a phone), and paging. The route supplies rows and cards.
 */
export function AdminListFrame(props: {
  title: string;
  base: string;
  statuses: readonly string[];
  /** What the list's loader (listPageLoader) returned. */
  list: { filters: ListFilters; page: number; total: number; error: string | null; problems: string[]; rows: readonly unknown[] };
  /** Offer the service type filter (quote requests). */
  serviceFilter: boolean;
  emptyText: string;
  columns: readonly string[];
  /** Table rows (`<tr>`), shown from `lg`. */
  children: ReactNode;
  /** One RecordCard per row, shown below `lg`. */
  cards: ReactNode;
}) {
  const { filters, page, total, error, problems } = props.list;
  const isEmpty = props.list.rows.length === 0;
  // A refused status step's text (the list's action, listPageAction).
  const actionError = readResult(useActionData<FormResult>()).error("");
  const headingId = `${props.base.replaceAll("/", "-").slice(1)}-heading`;
  // The status tab alone keeps the product's empty text ("No quote requests yet.").
  const filtered = Boolean(filters.q || filters.service || filters.from || filters.to || filters.overdue);
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id={headingId} className="font-display text-2xl font-bold text-slate-900">
          {props.title}
        </h1>
        <StatusFilter statuses={props.statuses} filters={filters} base={props.base} />
      </div>
      <ListFilterForm base={props.base} filters={filters} serviceFilter={props.serviceFilter} />
      {problems.map((problem) => (
        <FormStatus key={problem} tone="error">
          {problem}
        </FormStatus>
      ))}
      {actionError ? <FormStatus tone="error">{actionError}</FormStatus> : null}
      {error ? <FormStatus tone="error">{error}</FormStatus> : null}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
        <p data-testid="list-total">
          {total.toLocaleString("en-US")} {total === 1 ? "record" : "records"}
          {filtered ? " match" : ""}
        </p>
        {/* A document download, not a client navigation. */}
        <a
          href={`${props.base}.csv${listSearch({ ...filters })}`}
          download
          className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 hover:underline"
        >
          Export CSV
        </a>
      </div>
      {isEmpty && !error ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {filtered ? ADMIN_MESSAGES.noMatches : props.emptyText}
        </p>
      ) : (
        <>
          <ul className="space-y-3 lg:hidden" data-testid="record-cards">
            {props.cards}
          </ul>
          <div className="hidden rounded-xl border border-slate-200 bg-white lg:block">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {props.columns.map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-3">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">{props.children}</tbody>
            </table>
          </div>
        </>
      )}
      <Pagination page={page} total={total} base={props.base} filters={filters} />
    </section>
  );
}

/** "Overdue": the record has waited past the reply promise in its attention status. */
export function OverdueMark() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200"
      data-overdue
    >
      <Icon name="clock" className="size-3.5" /> Overdue
    </span>
  );
}

const TAP = "inline-flex size-11 items-center justify-center rounded-full border border-brand-200 text-brand-800 hover:bg-brand-50";

/**
 * One record as a card on a phone: name (to the record), status badge, what and when, an
 * excerpt, the next step, and one-tap call, WhatsApp and e-mail.
 */
export function RecordCard(props: {
  id: string;
  href: string;
  name: string;
  status: string;
  badge: BadgeVariant;
  step: Step<string> | undefined;
  /** e.g. the service type; shown before the date. */
  what: string | null;
  date: string;
  overdue: boolean;
  excerpt: string | null;
  email: string;
  phone: string | null;
}) {
  const whatsapp = props.phone ? whatsappNumber(props.phone) : null;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="record-card">
      <div className="flex items-start justify-between gap-3">
        <Link to={props.href} className="min-w-0 text-base font-semibold break-words text-brand-800 hover:underline">
          {props.name}
        </Link>
        <StatusBadge status={props.status} variant={props.badge} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {props.what ? `${props.what} · ` : ""}
        {props.date}
      </p>
      {props.overdue ? (
        <p className="mt-2">
          <OverdueMark />
        </p>
      ) : null}
      {props.excerpt ? <p className="mt-2 line-clamp-2 text-sm break-words text-slate-700">{props.excerpt}</p> : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <StepButton id={props.id} step={props.step} />
        <div className="flex gap-2">
          {props.phone ? (
            <a href={telHref(props.phone)} className={TAP} aria-label={`Call ${props.name}`}>
              <Icon name="phone" className="size-5" />
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsappHref(whatsapp)} className={TAP} aria-label={`WhatsApp ${props.name}`}>
              <Icon name="chat" className="size-5" />
            </a>
          ) : null}
          <a href={`mailto:${props.email}`} className={TAP} aria-label={`Email ${props.name}`}>
            <Icon name="mail" className="size-5" />
          </a>
        </div>
      </div>
    </li>
  );
}

/** The cells every admin list starts with: date, name (to the detail view), e-mail and phone. */
export function RecordCells({
  row,
  detailHref,
}: {
  row: { date: string; name: string; email: string; phone: string | null };
  detailHref: string;
}) {
  return (
    <>
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{row.date}</td>
      <td className="px-4 py-3 font-semibold">
        <Link to={detailHref} className="text-brand-800 hover:underline">
          {row.name}
        </Link>
      </td>
      <td className="px-4 py-3">
        <a href={`mailto:${row.email}`} className="block text-brand-700 hover:underline">
          {row.email}
        </a>
        {row.phone ? (
          <a href={telHref(row.phone)} className="block text-slate-700 hover:underline">
            {row.phone}
          </a>
        ) : null}
      </td>
    </>
  );
}
