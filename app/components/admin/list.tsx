/**
 * The inbox lists (quote requests, contact messages): their frame with the status tabs (and
 * for quote requests the "Quotes waiting" view), the search and filter form (a stage filter for
 * quote requests), paging, and each record as a table row from `lg` and as a card below it,
 * with its stage beside its status and a repeat customer marked. Drawn with the admin kit
 * (./admin-kit.tsx).
 */
import { Form, Link, useActionData } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import { SERVICE_TYPES, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { JOB_STAGES, JOB_STAGE_LABELS, type JobStage } from "~/domain/lifecycle";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/domain/limits";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import type { BadgeVariant, Step } from "~/domain/status";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";
import { listSearch, type ListFilters } from "~/forms/admin-list";
import { readResult, type FormResult } from "~/forms/result";
import {
  ADMIN_INPUT,
  Badge,
  Button,
  buttonClass,
  Card,
  chipClass,
  OverdueMark,
  PageHeader,
  StatusBadge,
  StepButton,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { Icon, IconSymbols, SymbolIcon, type IconName } from "~/components/icon";

/**
 * Status filter links: All and each status, keeping the other filters; with `waitingView`, the
 * "Quotes waiting" view after them (stage quoted: a price sent or marked quoted, not yet booked).
 */
function StatusFilter({
  statuses,
  filters,
  base,
  waitingView,
}: {
  statuses: readonly string[];
  filters: ListFilters;
  base: string;
  waitingView: boolean;
}) {
  const items = [null, ...statuses];
  const waiting = filters.stage === "quoted" && !filters.status;
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {items.map((status) => {
        const active = status === filters.status && !waiting;
        return (
          <Link
            key={status ?? "all"}
            to={`${base}${listSearch({ ...filters, status, stage: status === null ? null : filters.stage })}`}
            aria-current={active ? "page" : undefined}
            className={`${chipClass(active)} capitalize`}
          >
            {status ?? "All"}
          </Link>
        );
      })}
      {waitingView ? (
        <Link
          to={`${base}${listSearch({ ...filters, status: null, stage: "quoted" })}`}
          aria-current={waiting ? "page" : undefined}
          className={chipClass(waiting)}
        >
          Quotes waiting
        </Link>
      ) : null}
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
        <Link to={href(page - 1)} className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className="inline-flex min-h-6 items-center font-semibold text-brand-700 hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** The filters' compact label, above its control. */
function FilterLabel({ children }: { children: ReactNode }) {
  return <span className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">{children}</span>;
}

/**
 * The search and filter form (a GET form: the filters live in the URL, so a view can be
 * bookmarked and shared, and it works without JavaScript). 'Search' is always in view; the
 * other filters fold into "Filters" (a <details>, open while any is set), so on a phone the
 * records start near the top. The status tab is kept.
 */
function ListFilterForm({ base, filters, serviceFilter }: { base: string; filters: ListFilters; serviceFilter: boolean }) {
  const set = [filters.service, filters.stage, filters.from || filters.to, filters.overdue].filter(Boolean).length;
  const active = Boolean(filters.q) || set > 0;
  return (
    <Form method="get" action={base} role="search" className="rounded-xl border border-slate-200 bg-white p-4">
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      <div className="flex items-end gap-2">
        <label className="block min-w-0 flex-1">
          <FilterLabel>Search</FilterLabel>
          <input
            type="search"
            name="q"
            defaultValue={filters.q}
            maxLength={TEXT_LIMITS.search}
            placeholder="Name, email, phone, address or words"
            className={ADMIN_INPUT}
          />
        </label>
        <Button className="shrink-0">Apply</Button>
      </div>
      <details open={set > 0} className="group mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center gap-1.5 text-sm font-semibold text-brand-800">
          <Icon name="chevronDown" className="size-4 transition group-open:rotate-180" />
          Filters{set > 0 ? ` (${set})` : ""}
        </summary>
        <div
          className={`mt-2 grid gap-3 sm:grid-cols-2 lg:items-end ${serviceFilter ? "lg:grid-cols-[1.4fr_1.2fr_1fr_1fr_auto]" : "lg:grid-cols-[1fr_1fr_auto]"}`}
        >
          {serviceFilter ? (
            <label className="block">
              <FilterLabel>Service type</FilterLabel>
              <select name="service" defaultValue={filters.service ?? ""} className={ADMIN_INPUT}>
                <option value="">All services</option>
                {SERVICE_TYPES.map((service) => (
                  <option key={service} value={service}>
                    {SERVICE_TYPE_LABELS[service]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          {serviceFilter ? (
            <label className="block">
              <FilterLabel>Stage</FilterLabel>
              <select name="stage" defaultValue={filters.stage ?? ""} className={ADMIN_INPUT}>
                <option value="">All stages</option>
                {JOB_STAGES.map((stage) => (
                  <option key={stage} value={stage}>
                    {JOB_STAGE_LABELS[stage]}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label className="block">
            <FilterLabel>From</FilterLabel>
            <input type="date" name="from" defaultValue={filters.from} className={ADMIN_INPUT} />
          </label>
          <label className="block">
            <FilterLabel>To</FilterLabel>
            <input type="date" name="to" defaultValue={filters.to} className={ADMIN_INPUT} />
          </label>
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" name="overdue" value="1" defaultChecked={filters.overdue} className="size-4 accent-brand-700" />
            Overdue only
          </label>
        </div>
      </details>
      {active ? (
        <Link
          to={`${base}${listSearch({ ...filters, q: "", service: null, stage: null, from: "", to: "", overdue: false })}`}
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
 *
 * The table is as wide as its box. Date and the next step keep their width (the step's button
 * never wraps); the contact is two lines (the e-mail address breaks before its "@" and dots,
 * the phone never); name, address and message wrap, anywhere if they must, and keep a least
 * width, so no column shrinks to a sliver; stage and status share one column. Every column fits
 * from 1024 px as at 1280 px (tests/e2e/inbox.spec.ts), with the narrower padding of CELL.
 * Should one still not fit, the box scrolls sideways, not the page.
 */
export function AdminListFrame(props: {
  title: string;
  base: string;
  statuses: readonly string[];
  /** What the list's loader (listPageLoader) returned. */
  list: { filters: ListFilters; page: number; total: number; error: string | null; problems: string[]; rows: readonly unknown[] };
  /** Offer the service type and stage filters and the "Quotes waiting" view (quote requests). */
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
  const filtered = Boolean(filters.q || filters.service || filters.stage || filters.from || filters.to || filters.overdue);
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <PageHeader
        id={headingId}
        title={props.title}
        actions={<StatusFilter statuses={props.statuses} filters={filters} base={props.base} waitingView={props.serviceFilter} />}
      />
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
          <IconSymbols names={CARD_ICONS} />
          <ul className="space-y-3 lg:hidden" data-testid="record-cards">
            {props.cards}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
            <table className="w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {props.columns.map((heading) => (
                    <th key={heading} scope="col" className={CELL}>
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

/** A table cell's padding: narrower on the narrowest screens that show the table (`lg`, 1024 px), where every column must still fit. */
export const CELL = "px-2 py-3 xl:px-4";

/** A quote request's stage as a list row and the record carry it (app/routes/admin/+shared/record-list.server.ts `stageView`). */
export interface RowStage {
  stage: JobStage;
  /** "Booked · Tue, Dec 1, 8:00 AM", "Quoted, no price", "Visit done", … */
  label: string;
  priced: boolean;
}

const STAGE_TONES: Record<JobStage, Parameters<typeof Badge>[0]["tone"]> = {
  new: "outline",
  quoted: "waiting",
  expired: "destructive",
  booked: "positive",
  visit_done: "positive",
  reviewed: "default",
  closed: "secondary",
  cancelled: "secondary",
};

/** A quote request's stage as a badge (`data-stage` names it for the tests). */
export function StageBadge({ stage }: { stage: RowStage }) {
  return (
    <Badge tone={STAGE_TONES[stage.stage]} data-stage={stage.stage}>
      {stage.label}
    </Badge>
  );
}

/** "Repeat": another request or message of the same customer exists. */
export function RepeatMark() {
  return (
    <Badge tone="secondary" data-repeat="">
      Repeat
    </Badge>
  );
}

/**
 * A record's next step: a one-tap button, or for a step that asks for confirmation (`confirm`:
 * 'Complete') a link to the record's confirmation panel, which works without JavaScript.
 */
export function NextStep({ id, step, detailHref }: { id: string; step: Step<string> | undefined; detailHref: string }) {
  if (step?.confirm) {
    return (
      <Link to={`${detailHref}?confirm=${step.confirm}`} className={buttonClass("primary", "xs")}>
        {step.label}
      </Link>
    );
  }
  return <StepButton id={id} step={step} />;
}

/** The one-tap links' icons on a RecordCard, drawn once a page (IconSymbols in AdminListFrame). */
const CARD_ICONS: readonly IconName[] = ["phone", "chat", "mail"];

/**
 * One record as a card on a phone: name (to the record), status badge (and a quote request's
 * stage, a repeat customer's mark), what and when, an excerpt, the next step, and one-tap
 * call, WhatsApp and e-mail.
 */
export function RecordCard({
  row,
  href,
  badge,
  step,
  what,
  excerpt,
}: {
  row: ListRow;
  href: string;
  badge: BadgeVariant;
  step: Step<string> | undefined;
  /** e.g. the service type; shown before the date. */
  what: string | null;
  excerpt: string | null;
}) {
  const whatsapp = row.phone ? whatsappNumber(row.phone) : null;
  return (
    <Card as="li" compact data-testid="record-card">
      <div className="flex items-start justify-between gap-3">
        <Link to={href} className="min-w-0 text-base font-semibold break-words text-brand-800 hover:underline">
          {row.name}
        </Link>
        <StatusBadge status={row.status} variant={badge} />
      </div>
      {row.stage || row.repeat ? (
        <p className="mt-1.5 flex flex-wrap items-center gap-1.5">
          {row.stage ? <StageBadge stage={row.stage} /> : null}
          {row.repeat ? <RepeatMark /> : null}
          {row.stage?.stage === "quoted" && !row.stage.priced ? (
            <Link to={`${href}#phone-price`} className="inline-flex min-h-6 items-center text-xs font-semibold text-brand-700 underline">
              Add price
            </Link>
          ) : null}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">
        {what ? `${what} · ` : ""}
        {row.date}
      </p>
      {row.overdue ? (
        <p className="mt-2">
          <OverdueMark />
        </p>
      ) : null}
      {excerpt ? <p className="mt-2 line-clamp-2 text-sm break-words text-slate-700">{excerpt}</p> : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <NextStep id={row.id} step={step} detailHref={href} />
        <div className="flex gap-2">
          {row.phone ? (
            <a href={telHref(row.phone)} className="tap-round" aria-label={`Call ${row.name}`}>
              <SymbolIcon name="phone" className="size-5" />
            </a>
          ) : null}
          {whatsapp ? (
            <a href={whatsappHref(whatsapp)} className="tap-round" aria-label={`WhatsApp ${row.name}`}>
              <SymbolIcon name="chat" className="size-5" />
            </a>
          ) : null}
          <a href={`mailto:${row.email}`} className="tap-round" aria-label={`Email ${row.name}`}>
            <SymbolIcon name="mail" className="size-5" />
          </a>
        </div>
      </div>
    </Card>
  );
}

/** What every row of an inbox list has (docs/product.md §10). */
interface ListRow {
  id: string;
  name: string;
  status: string;
  date: string;
  overdue: boolean;
  email: string;
  phone: string | null;
  /** A quote request's stage (null or absent for a contact message). */
  stage?: RowStage | null;
  /** Whether another request or message of the same customer exists. */
  repeat?: boolean;
}

/** An e-mail address that may break before its "@" and its dots, where a reader expects a break. */
function Breakable({ text }: { text: string }) {
  return text.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** The cells every admin list starts with: date, name (to the detail view), e-mail and phone. */
export function RecordCells({ row, detailHref }: { row: ListRow; detailHref: string }) {
  return (
    <>
      <td className={`${CELL} whitespace-nowrap text-slate-700`}>{row.date}</td>
      <td className={`${CELL} min-w-28 font-semibold wrap-anywhere`}>
        <Link to={detailHref} className="text-brand-800 hover:underline">
          {row.name}
        </Link>
      </td>
      <td className={`${CELL} w-1/5 min-w-52`}>
        {/* Breaks before its "@" and dots; mid-word only for a part longer than the column. */}
        <a href={`mailto:${row.email}`} className="block wrap-anywhere text-brand-700 hover:underline">
          <Breakable text={row.email} />
        </a>
        {row.phone ? (
          <a href={telHref(row.phone)} className="block whitespace-nowrap text-slate-700 hover:underline">
            {row.phone}
          </a>
        ) : null}
      </td>
    </>
  );
}

/**
 * The cells every admin list ends with: one column with the stage (a quote request's), the
 * status badge, the overdue and repeat marks; and the next step, which never wraps.
 */
export function StatusCells({
  row,
  badge,
  step,
  detailHref,
}: {
  row: ListRow;
  badge: BadgeVariant;
  step: Step<string> | undefined;
  detailHref: string;
}) {
  return (
    <>
      <td className={`${CELL} min-w-24`}>
        <div className="flex flex-col items-start gap-1.5">
          {row.stage ? <StageBadge stage={row.stage} /> : null}
          <StatusBadge status={row.status} variant={badge} />
          {row.overdue ? <OverdueMark /> : null}
          {row.repeat ? <RepeatMark /> : null}
          {row.stage?.stage === "quoted" && !row.stage.priced ? (
            <Link
              to={`${detailHref}#phone-price`}
              className="inline-flex min-h-6 items-center text-xs font-semibold text-brand-700 underline"
            >
              Add price
            </Link>
          ) : null}
        </div>
      </td>
      <td className={`${CELL} whitespace-nowrap`}>
        <NextStep id={row.id} step={step} detailHref={detailHref} />
      </td>
    </>
  );
}
