/**
 * /admin/schedule/sheet (docs/product.md §12 "Day sheets"): the day's visits printed for the
 * crews, one page per crew (A4 or Letter: the page size is the printer's, app/tailwind.css
 * `@page`): the window, the customer and phone, the address, the service, what is included, the
 * customer's own note from the quote form and the staff's notes (a gate code, a dog), with a box
 * to tick. Outside the admin frame, so the print is
 * only the sheets; on screen a bar links back and prints.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/admin/kit";
import { CUSTOMER_NOTE_LABEL } from "~/domain/schedule";
import { daySheetLoader } from "./schedule-sheet.server";
import { ADMIN_HEADERS } from "~/cache-control";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Day sheets: ${data.label}` : "Day sheets" },
  { name: "robots", content: "noindex" },
];
export const headers = () => ADMIN_HEADERS;
export const loader = (args: LoaderFunctionArgs) => daySheetLoader(args);

export default function DaySheets() {
  const { label, day, crew, company, sheets } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl bg-white p-4 text-slate-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3 print:hidden">
        <Link
          to={`/admin/schedule?day=${day}${crew ? `&crew=${crew}` : ""}`}
          className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
        >
          ← Back to the schedule
        </Link>
        {/* 'Print' needs JavaScript; without it the bar says how to print. */}
        <button type="button" onClick={() => window.print()} className={`${buttonClass("primary", "sm")} noscript:hidden`}>
          Print
        </button>
        <p className="hidden text-sm text-slate-700 noscript:block">{"Use your browser's Print (Ctrl+P, or Share → Print on a phone)."}</p>
      </div>
      {sheets.length === 0 ? (
        <p className="text-slate-700">{`No visits are scheduled on ${label}${crew ? " for this crew" : ""}.`}</p>
      ) : (
        sheets.map((sheet) => (
          <article key={sheet.crewId ?? "none"} className="mb-10 break-after-page last:break-after-auto print:mb-0" data-sheet={sheet.name}>
            <header className="flex flex-wrap items-end justify-between gap-2 border-b-2 border-slate-900 pb-2">
              <div>
                <h1 className="text-2xl font-bold">{sheet.name}</h1>
                {sheet.members ? <p className="text-sm">{sheet.members}</p> : null}
              </div>
              <div className="text-right text-sm">
                <p className="text-lg font-semibold">{label}</p>
                <p>{`${company.name} · ${company.phone}`}</p>
              </div>
            </header>
            <ol className="mt-2">
              {sheet.visits.map((visit) => (
                <li
                  key={visit.id}
                  className="grid grid-cols-[5.5rem_1fr_1.5rem] sm:grid-cols-[9rem_1fr_1.5rem] gap-3 border-b border-slate-300 py-3 break-inside-avoid"
                >
                  <p className="font-bold">{visit.window}</p>
                  <div className="min-w-0 space-y-1 text-sm">
                    <p className="text-base font-semibold">
                      {visit.name}
                      {visit.reference ? <span className="font-normal">{` · ${visit.reference}`}</span> : null}
                      <span className="font-normal">{` · ${visit.phone}`}</span>
                    </p>
                    <p className="wrap-anywhere">{visit.address}</p>
                    <p>{`${visit.service} · ${visit.price}`}</p>
                    {visit.awaitingDeposit ? (
                      <p className="font-semibold" data-deposit>
                        {visit.awaitingDeposit}
                      </p>
                    ) : null}
                    {visit.included ? <p className="whitespace-pre-line">{`Included: ${visit.included}`}</p> : null}
                    {visit.customerNote ? (
                      <p
                        className="font-semibold whitespace-pre-line wrap-anywhere"
                        data-customer-note
                      >{`${CUSTOMER_NOTE_LABEL}: ${visit.customerNote}`}</p>
                    ) : null}
                    {visit.notes ? <p className="font-semibold whitespace-pre-line">{`Notes: ${visit.notes}`}</p> : null}
                  </div>
                  <span className="mt-1 size-5 border-2 border-slate-900" aria-hidden="true" />
                </li>
              ))}
            </ol>
            <p className="mt-3 text-xs text-slate-600">{`${sheet.visits.length} ${sheet.visits.length === 1 ? "visit" : "visits"}. Tick each box when done; call the office on ${company.phone} if anything is wrong.`}</p>
          </article>
        ))
      )}
    </main>
  );
}
