/**
 * /admin, the owner's overview (docs/product.md §16): what happens today, what needs the owner,
 * and the business's numbers for a period, as charts drawn on the server. The period picker is
 * plain links and a GET form, so every view has its URL and works without JavaScript; the
 * inbox's lists stay one tap away in the tabs above.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFrameCounts } from "~/components/admin/frame";
import { Button, chipClass, PageHeader, SectionTitle } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { OVERVIEW_PERIOD_LABELS, OVERVIEW_PERIODS, periodSearch, type OverviewPeriod } from "~/domain/overview";
import { NeedsYouPanel, TodayPanel } from "./board";
import { OverviewChart } from "./chart";
import { overviewLoader } from "./overview.server";

export const loader = (args: LoaderFunctionArgs) => overviewLoader(args);

export const meta: MetaFunction = () => [{ title: "Overview · Admin" }];

export default function OverviewPage() {
  const { period, message, board, charts, error } = useLoaderData<typeof loader>();
  const tabs = useFrameCounts();
  const search = periodSearch(period);
  return (
    <div className="space-y-8">
      <PageHeader id="overview-heading" title="Overview" lead="What needs you, today's work, and how the business is doing." />
      {error ? (
        <FormStatus tone="error" kind="state">
          {error}
        </FormStatus>
      ) : null}
      {board ? (
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <NeedsYouPanel needsYou={board.needsYou} tabs={tabs} retention={board.retention} />
          <div className="lg:col-span-2">
            <TodayPanel today={board.today} />
          </div>
        </div>
      ) : null}
      <section aria-labelledby="numbers-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <SectionTitle id="numbers-heading">The numbers: {period.label}</SectionTitle>
          <p className="text-sm text-slate-600">Changes are against {period.previousLabel}.</p>
        </div>
        <PeriodPicker period={period} />
        {message ? (
          <FormStatus tone="error" kind="state">
            {message}
          </FormStatus>
        ) : null}
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {charts.map((chart) => (
            <li key={chart.id} className="min-w-0">
              <OverviewChart chart={chart} csvHref={`/admin/overview.csv${search ? `${search}&` : "?"}chart=${chart.id}`} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The period's choices as links, and a custom range as a GET form of two dates. */
function PeriodPicker({ period }: { period: OverviewPeriod }) {
  return (
    <nav aria-label="Period" className="flex flex-wrap items-end gap-x-4 gap-y-3">
      <ul className="flex flex-wrap gap-2">
        {OVERVIEW_PERIODS.filter((kind) => kind !== "custom").map((kind) => (
          <li key={kind}>
            <Link
              to={`/admin${periodSearch({ kind, from: period.from, to: period.to })}`}
              className={chipClass(period.kind === kind)}
              aria-current={period.kind === kind ? "page" : undefined}
            >
              {OVERVIEW_PERIOD_LABELS[kind]}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="get" action="/admin" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="period" value="custom" />
        <label className="text-xs font-semibold text-slate-700">
          From
          <input
            type="date"
            name="from"
            required
            defaultValue={period.from}
            className="mt-1 block min-h-9 rounded-lg border border-slate-300 px-2 text-sm"
          />
        </label>
        <label className="text-xs font-semibold text-slate-700">
          To
          <input
            type="date"
            name="to"
            required
            defaultValue={period.to}
            className="mt-1 block min-h-9 rounded-lg border border-slate-300 px-2 text-sm"
          />
        </label>
        <Button variant={period.kind === "custom" ? "primary" : "secondary"} size="sm">
          Show range
        </Button>
      </Form>
    </nav>
  );
}
