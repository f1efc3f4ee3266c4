/**
 * /admin/invoices/unpaid (docs/product.md §15): who owes what, by age. The four age buckets
 * (current, 1-30, 31-60 and over 60 days past the due date) as cards with their count and total,
 * then the issued invoices still owing, 50 a page, longest overdue first: the number, the customer (the
 * phone as a tel: link), the due date and days overdue, the balance, when they were last
 * reminded, and 'Send reminder' (one tap: the customer gets an e-mail with the invoice's link).
 * A table from `lg`, a card per invoice below. Every button is a plain POST, so it works without
 * JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, Card, PageHeader, PageLinks, PostButton } from "~/components/admin/kit";
import { CELL } from "~/components/admin/list";
import { FormStatus } from "~/components/form-status";
import { phoneLabel, telHref } from "~/domain/phone";
import type { FormResult } from "~/forms/result";
import { unpaidPageAction, unpaidPageLoader } from "./invoices-unpaid.server";

export const loader = (args: LoaderFunctionArgs) => unpaidPageLoader(args);
export const action = (args: ActionFunctionArgs) => unpaidPageAction(args);

type Report = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Report["rows"][number];

const LINK = "font-semibold text-brand-800 hover:underline";

/** "12 days overdue", "Due today", "Not due yet". */
function lateness(row: Row): string {
  if (row.daysOverdue > 0) return `${row.daysOverdue} ${row.daysOverdue === 1 ? "day" : "days"} overdue`;
  return row.daysOverdue === 0 ? "Due today" : "Not due yet";
}

/** The banner of the last 'Send reminder': sent (naming the invoice), or why not. */
function answer(result: FormResult | undefined, rows: readonly Row[]): { tone: "success" | "error"; text: string } | null {
  if (!result) return null;
  const row = rows.find((candidate) => candidate.id === result.initialValue?.id);
  if (result.status === "success") return { tone: "success", text: `Reminder sent${row?.number ? ` for ${row.number}` : ""}.` };
  const message = result.error?.[""]?.[0] ?? result.error?.id?.[0] ?? "The reminder could not be sent.";
  return { tone: "error", text: row?.number ? `${row.number}: ${message}` : message };
}

export default function UnpaidPage() {
  const report = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  const banner = answer(result, report.rows);
  return (
    <section aria-labelledby="unpaid-heading" className="space-y-5">
      <PageHeader
        id="unpaid-heading"
        title="Unpaid"
        lead="Every issued invoice with money still owed, longest overdue first. 'Send reminder' e-mails the customer the invoice's link and how to pay."
        actions={
          <Link to="/admin/invoices" className={LINK}>
            All invoices
          </Link>
        }
      />
      {banner ? <FormStatus tone={banner.tone}>{banner.text}</FormStatus> : null}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="aging-buckets">
        {report.buckets.map((bucket) => (
          <Card as="li" compact key={bucket.bucket} data-bucket={bucket.bucket}>
            <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{bucket.label}</p>
            <p className="mt-1 text-xl font-bold text-slate-900 tabular-nums">{bucket.total}</p>
            <p className="text-sm text-slate-600">{`${bucket.count} ${bucket.count === 1 ? "invoice" : "invoices"}`}</p>
          </Card>
        ))}
      </ul>
      <p className="text-sm text-slate-700" data-testid="unpaid-total">
        {`Owed in all: ${report.total}, on ${report.count.toLocaleString("en-US")} ${report.count === 1 ? "invoice" : "invoices"}`}
      </p>
      {report.rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          Nothing is owed: every issued invoice is paid.
        </p>
      ) : (
        <>
          <ul className="space-y-3 lg:hidden" data-testid="unpaid-cards">
            {report.rows.map((row) => (
              <UnpaidCard key={row.id} row={row} />
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
            <table className="w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {["Number", "Customer", "Due", "Balance", "Last reminded", "Reminder"].map((heading) => (
                    <th key={heading} scope="col" className={`${CELL}${heading === "Balance" ? " text-right" : ""}`}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.rows.map((row) => (
                  <tr key={row.id} className="align-top" data-invoice={row.id} data-bucket={row.bucket}>
                    <td className={`${CELL} whitespace-nowrap`}>
                      <Link to={`/admin/invoices/${row.id}`} className={LINK}>
                        {row.number}
                      </Link>
                    </td>
                    <td className={`${CELL} min-w-40`}>
                      <Customer row={row} />
                    </td>
                    <td className={`${CELL} whitespace-nowrap text-slate-700`}>
                      {row.due}
                      <Lateness row={row} />
                    </td>
                    <td className={`${CELL} text-right font-semibold whitespace-nowrap text-slate-900 tabular-nums`}>{row.balance}</td>
                    <td className={`${CELL} whitespace-nowrap text-slate-700`}>{row.remindedAt ?? "Never"}</td>
                    <td className={CELL}>
                      <RemindButton row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <PageLinks page={report.page} pages={report.pages} href={(to) => `/admin/invoices/unpaid?page=${to}`} />
    </section>
  );
}

function Lateness({ row }: { row: Row }) {
  return (
    <span className="mt-1 block">
      {row.daysOverdue > 0 ? <Badge tone="destructive">{lateness(row)}</Badge> : <Badge tone="secondary">{lateness(row)}</Badge>}
    </span>
  );
}

/** The customer's name (their page), their phone (tel:) and e-mail. */
function Customer({ row }: { row: Row }) {
  return (
    <>
      <Link
        to={`/admin/customers/${row.customerId}`}
        className="flex min-h-6 items-center font-semibold wrap-anywhere text-slate-900 hover:underline"
      >
        {row.billToName}
      </Link>
      {row.phone ? (
        <a href={telHref(row.phone)} className="flex min-h-6 items-center whitespace-nowrap text-slate-700 hover:underline">
          {phoneLabel(row.phone)}
        </a>
      ) : null}
      {row.email ? <span className="block break-all text-slate-600">{row.email}</span> : null}
    </>
  );
}

/** 'Send reminder'; without an e-mail address, a note to call instead. */
function RemindButton({ row }: { row: Row }) {
  return row.email ? (
    <PostButton fields={{ intent: "remind", id: row.id }} size="xs" variant="secondary" subject={row.number ?? row.billToName}>
      Send reminder
    </PostButton>
  ) : (
    <p className="text-xs text-slate-600">No e-mail address: call instead.</p>
  );
}

/** An unpaid invoice on a phone or a tablet: the same facts as a table row. */
function UnpaidCard({ row }: { row: Row }) {
  return (
    <Card as="li" compact data-invoice={row.id} data-bucket={row.bucket}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/admin/invoices/${row.id}`} className={`${LINK} inline-flex min-h-6 items-center`}>
          {row.number}
        </Link>
        <span className="font-semibold text-slate-900 tabular-nums">{row.balance}</span>
      </div>
      <div className="mt-1 text-sm">
        <Customer row={row} />
      </div>
      <p className="mt-2 text-sm text-slate-600">{`Due ${row.due} · ${lateness(row)} · last reminded ${row.remindedAt ?? "never"}`}</p>
      <div className="mt-3">
        <RemindButton row={row} />
      </div>
    </Card>
  );
}
