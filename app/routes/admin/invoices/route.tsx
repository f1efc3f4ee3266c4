/**
 * /admin/invoices (docs/product.md §15): every invoice and credit note, newest first, 50 a page.
 * Filter links by state (All, Drafts, Unpaid, Overdue, Paid, Void, Credit notes) and a search
 * (`q`: number, name or e-mail) as a GET form, so it works without JavaScript and every view has
 * its URL. Each row: the number (or "Draft"), the customer, the issue and due dates, the total,
 * the balance and the state. A table from `lg`, a card per invoice below. At the top: what is
 * still owed, with the link to the Unpaid view, 'New invoice', and 'Export for the accountant'
 * (the CSV of a period, /admin/invoices.csv).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AdminInput, Badge, Button, buttonClass, Card, chipClass, PageHeader, textLinkClass } from "~/components/admin/kit";
import { CELL } from "~/components/admin/list";
import { FormStatus } from "~/components/form-status";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/domain/limits";
import { invoicesPageLoader } from "./invoices.server";
import { INVOICE_FILTERS } from "./schema";

export const loader = (args: LoaderFunctionArgs) => invoicesPageLoader(args);

type List = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = List["rows"][number];

const LINK = "font-semibold text-brand-800 hover:underline";

/** The table's columns and their alignment. */
const COLUMNS = [
  ["Number", ""],
  ["Customer", ""],
  ["Issued", ""],
  ["Due", ""],
  ["Total", "text-right"],
  ["Balance", "text-right"],
  ["State", ""],
] as const;
/** The URL of the list with `state`, `q` and `page` (each left out when empty or the first page). */
function listHref(state: string, q: string, page = 1): string {
  const query = new URLSearchParams({ ...(state ? { state } : {}), ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) });
  const text = query.toString();
  return text ? `/admin/invoices?${text}` : "/admin/invoices";
}

export default function InvoicesPage() {
  const list = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="invoices-heading" className="space-y-5">
      <PageHeader
        id="invoices-heading"
        title="Invoices"
        lead="Every invoice and credit note, newest first. Open one to record a payment, send it, or correct it with a credit note."
        actions={
          <Link to="/admin/invoices/new" className={buttonClass("primary", "sm")}>
            New invoice
          </Link>
        }
      />
      <Summary list={list} />
      <nav aria-label="Filter by state" className="flex flex-wrap gap-2">
        {INVOICE_FILTERS.map((filter) => (
          <Link
            key={filter.state || "all"}
            to={listHref(filter.state, list.q)}
            className={chipClass(list.state === filter.state)}
            aria-current={list.state === filter.state ? "page" : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        {list.state ? <input type="hidden" name="state" value={list.state} /> : null}
        <AdminInput
          id="invoice-search"
          className="min-w-0 flex-1 basis-64"
          label="Search"
          type="search"
          name="q"
          defaultValue={list.q}
          maxLength={TEXT_LIMITS.search}
          placeholder="Number, name or e-mail"
        />
        <Button>Search</Button>
        {list.q ? (
          <Link to={listHref(list.state, "")} className={textLinkClass("brand", "min-h-11")}>
            Show all
          </Link>
        ) : null}
      </Form>
      {(list.error ? [...list.problems, list.error] : list.problems).map((problem) => (
        <FormStatus key={problem} tone="error" kind="state">
          {problem}
        </FormStatus>
      ))}
      <p className="text-sm text-slate-600" data-testid="list-total">
        {`${list.total.toLocaleString("en-US")} ${list.total === 1 ? "document" : "documents"}${list.q ? " match" : ""}`}
      </p>
      {list.rows.length === 0 && !list.error ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {list.q || list.state
            ? "No invoices match this search or filter."
            : "No invoices yet: make one from a visit, a quote or a month of visits, or with 'New invoice'."}
        </p>
      ) : (
        <>
          <InvoiceTable rows={list.rows} />
          <ul className="space-y-3 lg:hidden" data-testid="invoice-cards">
            {list.rows.map((row) => (
              <InvoiceCard key={row.id} row={row} />
            ))}
          </ul>
        </>
      )}
      <Pages list={list} />
    </section>
  );
}

/** The invoices as a table, from `lg`. */
function InvoiceTable({ rows }: { rows: readonly Row[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
      <table className="w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {COLUMNS.map(([heading, align]) => (
              <th key={heading} scope="col" className={`${CELL} ${align}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className="align-top" data-invoice={row.id}>
              <td className={`${CELL} whitespace-nowrap`}>
                <Link to={`/admin/invoices/${row.id}`} className={LINK}>
                  {row.number ?? "Draft"}
                </Link>
              </td>
              <td className={`${CELL} min-w-40`}>
                <Link to={`/admin/customers/${row.customerId}`} className="wrap-anywhere text-slate-800 hover:underline">
                  {row.billToName}
                </Link>
              </td>
              <td className={`${CELL} whitespace-nowrap text-slate-700`}>{row.issueDate ?? "—"}</td>
              <td className={`${CELL} whitespace-nowrap text-slate-700`}>{row.dueDate ?? "—"}</td>
              <td className={`${CELL} text-right whitespace-nowrap text-slate-900 tabular-nums`}>{row.total}</td>
              <td className={`${CELL} text-right whitespace-nowrap font-semibold text-slate-900 tabular-nums`}>{row.balance ?? "—"}</td>
              <td className={`${CELL} whitespace-nowrap`}>
                <StateBadge row={row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** 'Newer' and 'Older' around "Page 2 of 7", keeping the filter and the search; nothing for one page. */
function Pages({ list }: { list: List }) {
  const count = Math.ceil(list.total / ADMIN_PAGE_SIZE);
  if (count <= 1) return null;
  const step = (to: number, text: string) =>
    to >= 1 && to <= count ? (
      <Link to={listHref(list.state, list.q, to)} className={textLinkClass()}>
        {text}
      </Link>
    ) : (
      <span aria-hidden="true" />
    );
  return (
    <nav aria-label="Pages" className="grid grid-cols-3 items-center text-sm">
      {step(list.page - 1, "← Newer")}
      <span className="text-center text-slate-600">{`Page ${list.page} of ${count.toLocaleString("en-US")}`}</span>
      <span className="justify-self-end">{step(list.page + 1, "Older →")}</span>
    </nav>
  );
}

/** What is still owed (with the link to the Unpaid view) and the accountant's export of a period. */
function Summary({ list }: { list: List }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card compact>
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Unpaid</p>
        <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums" data-testid="unpaid-total">
          {list.unpaid ? list.unpaid.total : "—"}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {list.unpaid ? `${list.unpaid.count} ${list.unpaid.count === 1 ? "invoice" : "invoices"} with money owed. ` : ""}
          <Link to="/admin/invoices/unpaid" className={LINK}>
            See who owes what, by age
          </Link>
        </p>
      </Card>
      <Card compact>
        {/* A plain GET of the CSV file: the browser downloads it. */}
        <Form method="get" action="/admin/invoices.csv" reloadDocument className="flex flex-wrap items-end gap-3">
          <p className="w-full text-xs font-semibold tracking-wide text-slate-600 uppercase">Export for the accountant</p>
          <AdminInput
            id="export-from"
            className="min-w-36 flex-1"
            label="From"
            type="date"
            name="from"
            required
            defaultValue={`${list.today.slice(0, 8)}01`}
          />
          <AdminInput id="export-to" className="min-w-36 flex-1" label="To" type="date" name="to" required defaultValue={list.today} />
          <Button variant="secondary">Download CSV</Button>
        </Form>
      </Card>
    </div>
  );
}

/** The state as a badge: paid and credit notes positive, overdue red, unpaid waiting, draft and void plain. */
function StateBadge({ row }: { row: Row }) {
  if (row.overdue)
    return (
      <Badge tone="destructive" data-state="overdue">
        Overdue
      </Badge>
    );
  const tone =
    row.state === "paid"
      ? "positive"
      : row.state === "issued" || row.state === "partly_paid"
        ? "waiting"
        : row.state === "draft"
          ? "outline"
          : "secondary";
  return (
    <Badge tone={row.stateLabel === "Credit note" ? "secondary" : tone} data-state={row.state}>
      {row.stateLabel}
    </Badge>
  );
}

/** An invoice on a phone or a tablet: the same facts as a table row. */
function InvoiceCard({ row }: { row: Row }) {
  return (
    <Card as="li" compact data-invoice={row.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/admin/invoices/${row.id}`} className={`${LINK} inline-flex min-h-6 items-center`}>
          {row.number ?? "Draft"}
        </Link>
        <StateBadge row={row} />
      </div>
      <p className="mt-1 text-sm wrap-anywhere text-slate-800">{row.billToName}</p>
      <p className="mt-2 text-sm text-slate-600">
        {[row.issueDate ? `Issued ${row.issueDate}` : null, row.dueDate ? `due ${row.dueDate}` : null].filter(Boolean).join(" · ")}
      </p>
      <p className="mt-1 text-sm text-slate-900 tabular-nums">
        {`Total ${row.total}`}
        {row.balance ? <span className="font-semibold">{` · balance ${row.balance}`}</span> : null}
      </p>
    </Card>
  );
}
