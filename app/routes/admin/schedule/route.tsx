/**
 * /admin/schedule (docs/product.md §12 "Schedule"): who cleans where. The day view is an agenda
 * of the day's visits in time order, each with the customer, the address (and a map link), the
 * service, the window, the crew, the price, what is included, the customer's note from the quote
 * form and the staff's notes, one tap to call or
 * WhatsApp, and 'Mark done', 'No-show', 'Move' and its crew. The week view sets the crews as
 * rows and the days as columns on a wide screen, and lists the week day by day on a phone.
 * 'Previous', 'Today', 'Next', a date and a crew: all in the URL (`?day=&view=&crew=`), so a
 * view can be bookmarked and works without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import {
  AdminSelect,
  Badge,
  Button,
  buttonClass,
  Card,
  chipClass,
  Disclosure,
  PageHeader,
  PostButton,
  useBusy,
  ResultForm,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { CUSTOMER_NOTE_LABEL } from "~/domain/schedule";
import { readResult, type FormResult } from "~/forms/result";
import type { VisitCard } from "../+shared/schedule-view.server";
import { VisitSlotForm } from "../+shared/visit-slot-form";
import { StartInvoice } from "../invoice-new/start-invoice";
import { schedulePageAction, schedulePageLoader, type WeekEntry } from "./schedule.server";

export const loader = (args: LoaderFunctionArgs) => schedulePageLoader(args);
export const action = (args: ActionFunctionArgs) => schedulePageAction(args);

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

/** A schedule URL: the current query with some values changed ("" drops one). */
function scheduleHref(data: Pick<Data, "day" | "view" | "crew">, change: Partial<Record<"day" | "view" | "crew", string>>): string {
  const query = new URLSearchParams();
  const next = { day: data.day, view: data.view, crew: data.crew, ...change };
  if (next.day) query.set("day", next.day);
  if (next.view && next.view !== "day") query.set("view", next.view);
  if (next.crew) query.set("crew", next.crew);
  return `/admin/schedule?${query.toString()}`;
}

export default function SchedulePage() {
  const data = useLoaderData<typeof loader>();
  const { error } = readResult(useActionData<FormResult>());
  const crewName = data.crews.find((crew) => crew.id === data.crew)?.name ?? (data.crew === "none" ? "No crew yet" : null);
  return (
    <section aria-labelledby="schedule-heading" className="space-y-6">
      <PageHeader
        id="schedule-heading"
        title="Schedule"
        lead="Who cleans where, in Jamaica time. Pick a day or a week and a crew; print the day sheets for the crews."
        actions={
          <>
            <Link
              to={`/admin/schedule/sheet?day=${data.day}${data.crew ? `&crew=${data.crew}` : ""}`}
              className={buttonClass("outline", "sm")}
            >
              Print day sheets
            </Link>
            <Link to="/admin/crews" className={buttonClass("secondary", "sm")}>
              Crews
            </Link>
            <Link to="/admin/calendar-feeds" className={buttonClass("secondary", "sm")}>
              Calendar feeds
            </Link>
          </>
        }
      />
      <Toolbar data={data} />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <h2 className="text-lg font-semibold text-slate-900" data-testid="schedule-title">
        {data.title}
        {crewName ? <span className="font-normal text-slate-600">{` · ${crewName}`}</span> : null}
      </h2>
      {data.crews.length === 0 ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          No crews yet: every visit is on no crew.{" "}
          <Link to="/admin/crews" className="font-semibold underline">
            Add your crews
          </Link>{" "}
          to assign visits and let each window take one visit per crew.
        </p>
      ) : null}
      {data.view === "day" ? <DayAgenda data={data} /> : <WeekView data={data} />}
    </section>
  );
}

/** The view's links and the GET form that picks a date and a crew. */
function Toolbar({ data }: { data: Data }) {
  return (
    <nav aria-label="Schedule view" className="space-y-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={scheduleHref(data, { view: "day" })}
          className={chipClass(data.view === "day")}
          aria-current={data.view === "day" ? "page" : undefined}
        >
          Day
        </Link>
        <Link
          to={scheduleHref(data, { view: "week" })}
          className={chipClass(data.view === "week")}
          aria-current={data.view === "week" ? "page" : undefined}
        >
          Week
        </Link>
        <span className="mx-1 h-6 w-px bg-slate-200" aria-hidden="true" />
        <Link to={scheduleHref(data, { day: data.previous })} className={buttonClass("secondary", "xs")} rel="prev">
          {data.view === "day" ? "← Previous day" : "← Previous week"}
        </Link>
        <Link to={scheduleHref(data, { day: data.today })} className={buttonClass("secondary", "xs")}>
          Today
        </Link>
        <Link to={scheduleHref(data, { day: data.next })} className={buttonClass("secondary", "xs")} rel="next">
          {data.view === "day" ? "Next day →" : "Next week →"}
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        {data.view !== "day" ? <input type="hidden" name="view" value={data.view} /> : null}
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">Date</span>
          <input
            type="date"
            name="day"
            defaultValue={data.day}
            key={data.day}
            className="mt-1 block rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <AdminSelect
          id="crew-filter"
          name="crew"
          label="Crew"
          defaultValue={data.crew}
          key={data.crew}
          options={[["", "Every crew"], ...data.crews.map((crew) => [crew.id, crew.name] as const), ["none", "No crew yet"]]}
        />
        <Button size="sm" variant="secondary">
          Show
        </Button>
      </Form>
    </nav>
  );
}

/** The day's visits in time order, each a card; a word when there is none. */
function DayAgenda({ data }: { data: Data }) {
  if (data.visits.length === 0) return <p className="text-slate-600">No visits this day.</p>;
  return (
    <ol className="space-y-4" aria-label="Visits">
      {data.visits.map((visit) => (
        <VisitItem key={visit.id} visit={visit} data={data} />
      ))}
    </ol>
  );
}

/** One visit: what the crew needs, the ways to reach the customer, and the staff's forms. */
function VisitItem({ visit, data }: { visit: VisitCard; data: Data }) {
  const result = readResult(useActionData<FormResult>(), { visitId: visit.id });
  return (
    <Card as="li" compact data-visit={visit.id} className={visit.status === "scheduled" ? undefined : "bg-slate-50"}>
      <div id={`visit-${visit.id}`} className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-display text-lg font-bold text-slate-900">{visit.window}</p>
          <p className="font-semibold text-slate-900">
            <Link to={`/admin/quotes/${visit.quoteRequestId}`} className="inline-flex min-h-6 items-center text-brand-800 underline">
              {visit.name}
            </Link>
            {visit.reference ? <span className="font-normal text-slate-600">{` · ${visit.reference}`}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {visit.status === "done" ? (
            <StartInvoice source={{ from: "visit", visitId: visit.id }} label="Invoice" size="xs" subject={visit.name} />
          ) : null}
          {visit.regular ? <Badge tone="secondary">Regular</Badge> : null}
          {visit.awaitingDeposit ? (
            <Badge tone="waiting" data-deposit>
              Awaiting deposit
            </Badge>
          ) : null}
          <Badge
            tone={visit.status === "scheduled" ? "outline" : visit.status === "done" ? "positive" : "waiting"}
            data-status={visit.status}
          >
            {visit.statusLabel}
          </Badge>
        </div>
      </div>
      {visit.awaitingDeposit ? <p className="mt-2 text-sm font-semibold text-amber-900">{visit.awaitingDeposit}</p> : null}
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold text-slate-800">Address</dt>
        <dd className="wrap-anywhere">
          {visit.address}{" "}
          <a
            href={visit.map}
            className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
            target="_blank"
            rel="noreferrer"
          >
            Map
          </a>
        </dd>
        <dt className="font-semibold text-slate-800">Service</dt>
        <dd>{visit.service}</dd>
        <dt className="font-semibold text-slate-800">Crew</dt>
        <dd>{visit.crewName ?? "No crew yet"}</dd>
        <dt className="font-semibold text-slate-800">Price</dt>
        <dd>{visit.price}</dd>
        {visit.included ? (
          <>
            <dt className="font-semibold text-slate-800">Included</dt>
            <dd className="whitespace-pre-line">{visit.included}</dd>
          </>
        ) : null}
        {visit.customerNote ? (
          <>
            <dt className="font-semibold text-slate-800">{CUSTOMER_NOTE_LABEL}</dt>
            <dd className="whitespace-pre-line wrap-anywhere" data-customer-note>
              {visit.customerNote}
            </dd>
          </>
        ) : null}
        {visit.notes ? (
          <>
            <dt className="font-semibold text-slate-800">Notes</dt>
            <dd className="whitespace-pre-line">{visit.notes}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={visit.tel} className={buttonClass("outline", "sm")}>
          {`Call ${visit.phone}`}
        </a>
        {visit.whatsapp ? (
          <a href={visit.whatsapp} className={buttonClass("outline", "sm")} target="_blank" rel="noreferrer">
            WhatsApp
          </a>
        ) : null}
      </div>
      {result.error("") ? (
        <div className="mt-3">
          <FormStatus tone="error">{result.error("")}</FormStatus>
        </div>
      ) : null}
      {visit.status === "scheduled" ? <VisitForms visit={visit} data={data} /> : null}
    </Card>
  );
}

/** A scheduled visit's forms: its crew, 'Mark done' and 'No-show' (from its day on), 'Move'. */
function VisitForms({ visit, data }: { visit: VisitCard; data: Data }) {
  const busy = useBusy();
  const moved = readResult(useActionData<FormResult>(), { intent: "move-visit", visitId: visit.id });
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
      {data.crews.length > 0 ? (
        <ResultForm preventScrollReset className="flex items-end gap-2">
          <input type="hidden" name="intent" value="assign-crew" />
          <input type="hidden" name="visitId" value={visit.id} />
          <AdminSelect
            id={`crew-${visit.id}`}
            name="crewId"
            label="Crew"
            defaultValue={visit.crewId ?? ""}
            options={[["", "No crew yet"], ...data.crews.filter((crew) => crew.active).map((crew) => [crew.id, crew.name] as const)]}
          />
          <Button size="sm" variant="secondary" disabled={busy}>
            Save crew<span className="sr-only">{`: ${visit.name}`}</span>
          </Button>
        </ResultForm>
      ) : null}
      {visit.canMark ? (
        <>
          <PostButton fields={{ intent: "visit-done", visitId: visit.id }} subject={visit.name}>
            Mark done
          </PostButton>
          <PostButton fields={{ intent: "visit-no-show", visitId: visit.id }} variant="secondary" subject={visit.name}>
            No-show
          </PostButton>
        </>
      ) : null}
      <Disclosure summary="Move" subject={visit.name} open={moved.value("intent") !== undefined} className="min-h-10 content-center">
        <VisitSlotForm
          intent="move-visit"
          visitId={visit.id}
          windows={data.windows}
          submit="Move the visit"
          current={{ day: visit.day, windowStart: visit.windowStart }}
          compact
          showError={false}
        />
      </Disclosure>
    </div>
  );
}

/**
 * The week, in one markup for both screens: each day a section of cells, one cell per crew (and
 * 'No crew yet'). Below 1024 px the days stack, each cell labelled with its crew (empty cells
 * hidden); from 1024 px the sections dissolve (`display: contents`) into one grid with the
 * crews as rows and the days as columns. A week can hold thousands of visits, so each is a
 * compact link to its day.
 */
function WeekView({ data }: { data: Data }) {
  const rows = [
    ...data.crews.map((crew) => ({ id: crew.id, name: crew.name, members: crew.members })),
    { id: "", name: "No crew yet", members: null },
  ].filter((row) => !data.crew || data.crew === (row.id || "none"));
  const cells = new Map<string, WeekEntry[]>();
  for (const entry of data.week) {
    const key = `${entry[1]} ${entry[4]}`;
    const cell = cells.get(key);
    if (cell) cell.push(entry);
    else cells.set(key, [entry]);
  }
  const dayHref = (day: string) => scheduleHref(data, { view: "day", day });
  return (
    <div
      className="space-y-4 lg:grid lg:gap-0 lg:space-y-0 lg:overflow-hidden lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white"
      style={{ gridTemplateColumns: `9rem repeat(${data.days.length}, minmax(0, 1fr))` }}
      data-testid="week-grid"
    >
      <p
        className="hidden border-b border-slate-200 p-2 text-sm font-semibold text-slate-700 lg:block"
        style={{ gridRow: 1, gridColumn: 1 }}
      >
        Crew
      </p>
      {rows.map((row, r) => (
        <p
          key={row.id || "none"}
          className="hidden border-b border-slate-200 p-2 text-sm lg:block"
          style={{ gridRow: r + 2, gridColumn: 1 }}
          data-crew-row
        >
          <span className="block font-semibold text-slate-900">{row.name}</span>
          {row.members ? <span className="block text-xs text-slate-600">{row.members}</span> : null}
        </p>
      ))}
      {data.days.map((day, d) => {
        const count = rows.reduce((sum, row) => sum + (cells.get(`${day.day} ${row.id}`)?.length ?? 0), 0);
        return (
          <section key={day.day} aria-label={day.long} className="rounded-xl border border-slate-200 bg-white p-3 lg:contents">
            <h3
              className={`text-sm font-semibold lg:border-b lg:border-l lg:border-slate-200 lg:p-2 ${day.today ? "text-brand-800 lg:bg-brand-50" : "text-slate-900"}`}
              style={{ gridRow: 1, gridColumn: d + 2 }}
            >
              <Link to={dayHref(day.day)} className="inline-flex min-h-6 items-center underline lg:no-underline lg:hover:underline">
                <span className="lg:hidden">{day.long}</span>
                <span className="hidden lg:inline">{day.label}</span>
              </Link>
              <span className="font-normal text-slate-600 lg:hidden">{` · ${count} ${count === 1 ? "visit" : "visits"}`}</span>
            </h3>
            {rows.map((row, r) => {
              const entries = cells.get(`${day.day} ${row.id}`) ?? [];
              return (
                <div
                  key={row.id || "none"}
                  className={`${entries.length === 0 ? "hidden lg:block" : "mt-2 lg:mt-0"} lg:border-b lg:border-l lg:border-slate-200 lg:p-1.5 ${day.today ? "lg:bg-brand-50/50" : ""}`}
                  style={{ gridRow: r + 2, gridColumn: d + 2 }}
                >
                  <p className="text-xs font-semibold text-slate-600 lg:sr-only">{`${row.name}${entries.length ? "" : ": no visits"}`}</p>
                  <ul className="week-cell">
                    {entries.map(([id, , start, name, , status]) => (
                      <li key={id}>
                        <a href={`?day=${day.day}#visit-${id}`} className={status ? "week-entry is-past" : "week-entry"}>
                          <b>{start}</b> {name}
                          {status ? <small>{` (${status})`}</small> : null}
                        </a>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
