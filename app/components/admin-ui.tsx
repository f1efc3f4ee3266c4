/** Building blocks of the admin tables and detail views. */
import { Form, Link } from "@remix-run/react";
import type { BadgeVariant, Step } from "~/domain/status";

const BADGE_CLASS: Record<BadgeVariant, string> = {
  outline: "border border-slate-400 text-slate-800 bg-white",
  secondary: "bg-slate-200 text-slate-900",
  default: "bg-brand-800 text-white",
  destructive: "bg-red-700 text-white",
};

/** A status badge styled as the spec says (§4 "Badge styles"). */
export function StatusBadge({ status, variant }: { status: string; variant: BadgeVariant }) {
  return (
    <span data-badge={variant} className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ${BADGE_CLASS[variant]}`}>
      {status}
    </span>
  );
}

/** The next-step button of a record, as a plain POST form (works without JavaScript). */
export function StepButton({ id, step, action, busy }: { id: string; step: Step<string> | undefined; action?: string; busy: boolean }) {
  if (!step) return null;
  return (
    <Form method="post" action={action} preventScrollReset>
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
export function StatusFilter({ statuses, current, base }: { statuses: readonly string[]; current: string | null; base: string }) {
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
export function Pagination({ page, total, pageSize, base, status }: { page: number; total: number; pageSize: number; base: string; status: string | null }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const href = (target: number) => `${base}?${new URLSearchParams({ ...(status ? { status } : {}), page: String(target) })}`;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm">
      {page > 1 ? <Link to={href(page - 1)} className="font-semibold text-brand-700 hover:underline">← Newer</Link> : <span />}
      <span className="text-slate-600">
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)} className="font-semibold text-brand-700 hover:underline">Older →</Link> : <span />}
    </nav>
  );
}
