/** Building blocks of the admin tables and detail views. */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import type { BadgeVariant, Step } from "~/domain/status";
import { telHref } from "~/domain/phone";
import { FormStatus } from "./form-field";

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

/** The next-step button of a record, as a plain POST form (works without JavaScript). */
export function StepButton({ id, step, busy }: { id: string; step: Step<string> | undefined; busy: boolean }) {
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

/** Status filter links: All and each status. */
function StatusFilter({ statuses, current, base }: { statuses: readonly string[]; current: string | null; base: string }) {
  const items = [null, ...statuses];
  return (
    <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
      {items.map((status) => {
        const active = status === current;
        return (
          <Link
            key={status ?? "all"}
            to={status ? `${base}?status=${status}` : base}
            aria-current={active ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium capitalize ${active ? "bg-brand-800 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            {status ?? "All"}
          </Link>
        );
      })}
    </nav>
  );
}

/** Previous/next page links for lists longer than one page. */
function Pagination({
  page,
  total,
  pageSize,
  base,
  status,
}: {
  page: number;
  total: number;
  pageSize: number;
  base: string;
  status: string | null;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const href = (target: number) => `${base}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(target) })}`;
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

/**
 * The frame of an admin list: heading and status filter, the failure texts, the product's empty
 * state, the table head, and paging. The route supplies the rows.
 */
export function AdminListFrame(props: {
  title: string;
  base: string;
  statuses: readonly string[];
  status: string | null;
  page: number;
  total: number;
  /** The load failure text, or null. */
  error: string | null;
  /** A refused status step's text, or null. */
  actionError: string | null;
  emptyText: string;
  columns: readonly string[];
  isEmpty: boolean;
  children: ReactNode;
}) {
  const headingId = `${props.base.replaceAll("/", "-").slice(1)}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id={headingId} className="font-display text-2xl font-bold text-slate-900">
          {props.title}
        </h1>
        <StatusFilter statuses={props.statuses} current={props.status} base={props.base} />
      </div>
      {props.actionError ? <FormStatus tone="error">{props.actionError}</FormStatus> : null}
      {props.error ? <FormStatus tone="error">{props.error}</FormStatus> : null}
      {props.isEmpty && !props.error ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{props.emptyText}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
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
      )}
      <Pagination page={props.page} total={props.total} pageSize={ADMIN_PAGE_SIZE} base={props.base} status={props.status} />
    </section>
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
