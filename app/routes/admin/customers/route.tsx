/**
 * /admin/customers (docs/product.md §14): every customer once, newest activity first, 50 a
 * page, with a search box (`q`: name, e-mail or phone, as in the inbox). Each customer shows
 * their e-mail and phone, how many requests and messages they sent ("Repeat" from two), their
 * last activity and total booked. A table from `lg`, a card per customer below; the search is a
 * GET form, so it works without JavaScript and every view has its URL.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Button, Card, PageHeader, PageLinks } from "~/components/admin/kit";
import { CELL, RepeatMark } from "~/components/admin/list";
import { FormStatus } from "~/components/form-status";
import { ADMIN_PAGE_SIZE, TEXT_LIMITS } from "~/domain/limits";
import { phoneLabel, telHref } from "~/domain/phone";
import { customersPageLoader } from "./customers.server";

export const loader = (args: LoaderFunctionArgs) => customersPageLoader(args);

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const LINK = "font-semibold text-brand-800 hover:underline";

export default function CustomersPage() {
  const list = useLoaderData<typeof loader>();
  const pages = Math.max(1, Math.ceil(list.total / ADMIN_PAGE_SIZE));
  const href = (page: number) => `/admin/customers?${new URLSearchParams({ ...(list.q ? { q: list.q } : {}), page: String(page) })}`;
  return (
    <section aria-labelledby="customers-heading" className="space-y-5">
      <PageHeader
        id="customers-heading"
        title="Customers"
        lead="Everyone who asked for a quote or wrote to you, once each: matched by e-mail, else by phone. Open a customer to see their requests, visits and notes, or to merge two."
      />
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-0 flex-1 basis-64">
          <span className="mb-1 block text-xs font-semibold tracking-wide text-slate-600 uppercase">Search</span>
          <input
            type="search"
            name="q"
            defaultValue={list.q}
            maxLength={TEXT_LIMITS.search}
            placeholder="Name, e-mail or phone"
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
        </label>
        <Button>Search</Button>
        {list.q ? (
          <Link to="/admin/customers" className={`${LINK} inline-flex min-h-11 items-center`}>
            Show all
          </Link>
        ) : null}
      </Form>
      {list.problems.map((problem) => (
        <FormStatus key={problem} tone="error" kind="state">
          {problem}
        </FormStatus>
      ))}
      {list.error ? (
        <FormStatus tone="error" kind="state">
          {list.error}
        </FormStatus>
      ) : null}
      <p className="text-sm text-slate-600" data-testid="list-total">
        {list.total.toLocaleString("en-US")} {list.total === 1 ? "customer" : "customers"}
        {list.q ? " match" : ""}
      </p>
      {list.rows.length === 0 && !list.error ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
          {list.q ? "No customers match this search." : "No customers yet: they appear with their first request or message."}
        </p>
      ) : (
        <>
          <ul className="space-y-3 lg:hidden" data-testid="customer-cards">
            {list.rows.map((row) => (
              <CustomerCard key={row.id} row={row} />
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
            <table className="w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  {["Name", "Contact", "Requests", "Last activity", "Total booked"].map((heading) => (
                    <th key={heading} scope="col" className={CELL}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.rows.map((row) => (
                  <tr key={row.id} className="align-top" data-customer={row.id}>
                    <td className={`${CELL} min-w-40`}>
                      <Link to={`/admin/customers/${row.id}`} className={`${LINK} wrap-anywhere`}>
                        {row.name}
                      </Link>
                      {row.repeat ? (
                        <span className="ml-2 align-middle">
                          <RepeatMark />
                        </span>
                      ) : null}
                    </td>
                    <td className={`${CELL} min-w-48 text-slate-700`}>
                      <Contact row={row} />
                    </td>
                    <td className={`${CELL} whitespace-nowrap text-slate-700`}>{counts(row)}</td>
                    <td className={`${CELL} whitespace-nowrap text-slate-700`}>{row.lastActivityLabel}</td>
                    <td className={`${CELL} whitespace-nowrap font-semibold text-slate-900`}>{row.booked}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <PageLinks page={list.page} pages={pages} href={href} />
    </section>
  );
}

/** "2 requests · 1 message". */
function counts(row: Row): string {
  const parts = [`${row.requests} ${row.requests === 1 ? "request" : "requests"}`];
  if (row.messages > 0) parts.push(`${row.messages} ${row.messages === 1 ? "message" : "messages"}`);
  return parts.join(" · ");
}

/** The customer's e-mail (mailto:) and phone (tel:, E.164), each on its line. */
function Contact({ row }: { row: Row }) {
  return (
    <>
      {row.email ? (
        <a href={`mailto:${row.email}`} className="block break-all hover:underline">
          {row.email}
        </a>
      ) : null}
      {row.phone ? (
        <a href={telHref(row.phone)} className="block whitespace-nowrap hover:underline">
          {phoneLabel(row.phone)}
        </a>
      ) : null}
    </>
  );
}

/** A customer on a phone or a tablet: the same facts as a table row. */
function CustomerCard({ row }: { row: Row }) {
  return (
    <Card as="li" compact data-customer={row.id}>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/customers/${row.id}`} className={`${LINK} inline-flex min-h-6 items-center wrap-anywhere`}>
          {row.name}
        </Link>
        {row.repeat ? <RepeatMark /> : null}
      </div>
      <div className="mt-1 text-sm text-slate-700">
        <Contact row={row} />
      </div>
      <p className="mt-2 text-sm text-slate-600">{`${counts(row)} · last ${row.lastActivityLabel} · booked ${row.booked}`}</p>
    </Card>
  );
}
