/**
 * The overview's Today and Needs you cards (docs/product.md §16 "Today and Needs you"): the day's
 * visits by crew with their arrival windows and states, tomorrow's count, and one line a kind of
 * work waiting for the owner, each a link to the page that deals with it. Plain links and lists:
 * no JavaScript needed, one column on a phone.
 */
import { Link } from "@remix-run/react";
import { format, parseISO } from "date-fns";
import type { ReactNode } from "react";
import { Badge, Card, textLinkClass } from "~/components/admin/kit";
import { formatCents } from "~/domain/billing";
import { windowLabel } from "~/domain/booking";
import { SERVICE_TYPE_LABELS, VISIT_STATUS_LABELS, type VisitStatus } from "~/domain/enumerations";
import type { TabCounts } from "~/components/admin/frame";
import type { NeedsYou, TodayVisit, TodayWork } from "~/server/overview";
import type { RetentionSummary } from "~/server/retention";

/** A visit's state badge, in the schedule's tones (app/routes/admin/schedule/route.tsx). */
const STATUS_TONES = {
  scheduled: "outline",
  done: "positive",
  no_show: "waiting",
  skipped: "waiting",
  cancelled: "waiting",
} as const satisfies Record<VisitStatus, "outline" | "positive" | "waiting">;

/** "1 visit", "12 visits". */
const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The day's visits grouped by crew in the order they come (crew position, unassigned last). */
function byCrew(visits: TodayVisit[]): Array<{ key: string; name: string; visits: TodayVisit[] }> {
  const groups: Array<{ key: string; name: string; visits: TodayVisit[] }> = [];
  for (const visit of visits) {
    const key = visit.crewId ?? "unassigned";
    const last = groups.at(-1);
    if (last?.key === key) last.visits.push(visit);
    else groups.push({ key, name: visit.crewId ? (visit.crewName ?? "Crew") : "Unassigned", visits: [visit] });
  }
  return groups;
}

/** Up to this many visits, the list by crew is open when the page loads; a busier day shows its counts and opens on a tap. */
const OPEN_UP_TO = 12;

/**
 * Today: "Today, Saturday 28 Nov", the day's counts by state, the visits by crew (each a line:
 * its window, the customer linked to the request, its state; a grid of crews from `sm`), then
 * tomorrow's count and the schedule's link. "No visits today." when there is none.
 */
export function TodayPanel({ today }: { today: TodayWork }) {
  const groups = byCrew(today.visits);
  const states = (["scheduled", "done", "no_show"] as const)
    .map((status) => ({ status, n: today.visits.filter((visit) => visit.status === status).length }))
    .filter((entry) => entry.n > 0);
  return (
    <Card title={`Today, ${format(parseISO(today.day), "EEEE d MMM")}`} titleId="today-heading" data-today>
      {groups.length === 0 ? (
        <p className="text-slate-700">No visits today.</p>
      ) : (
        <details open={today.visits.length <= OPEN_UP_TO} className="group">
          <summary className="cursor-pointer text-slate-800">
            <span className="font-semibold">{counted(today.visits.length, "visit")}</span>
            {" by "}
            {counted(groups.length, "crew")}
            {": "}
            {states.map((entry) => `${entry.n} ${VISIT_STATUS_LABELS[entry.status].toLowerCase()}`).join(", ")}
          </summary>
          <div className="mt-3 grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`today-crew-${group.key}`} data-crew={group.key} className="min-w-0">
                <h3 id={`today-crew-${group.key}`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
                  {group.name}
                </h3>
                <ul className="mt-1 divide-y divide-slate-100">
                  {group.visits.map((visit) => (
                    <li key={visit.id} className="flex items-center justify-between gap-3 py-1.5" data-visit={visit.id}>
                      <p className="min-w-0 text-sm text-slate-900">
                        <span className="mr-2 whitespace-nowrap text-slate-700">
                          {windowLabel({ start: visit.windowStart, end: visit.windowEnd })}
                        </span>
                        <Link
                          to={`/admin/quotes/${visit.quoteRequestId}`}
                          className={textLinkClass("brand", "break-words")}
                          title={`${SERVICE_TYPE_LABELS[visit.serviceType]} · ${visit.address}`}
                        >
                          {visit.customerName}
                        </Link>
                      </p>
                      <Badge tone={STATUS_TONES[visit.status]} data-status={visit.status}>
                        {VISIT_STATUS_LABELS[visit.status]}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </details>
      )}
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2 border-t border-slate-100 pt-4 text-sm">
        <Link to={`/admin/schedule?day=${today.tomorrow}`} className={textLinkClass()} data-tomorrow>
          Tomorrow: {counted(today.tomorrowCount, "visit")}
        </Link>
        <Link to="/admin/schedule" className={textLinkClass()}>
          Open the schedule
        </Link>
      </p>
    </Card>
  );
}

/** Overdue words in red (the words say it, not the colour alone). */
function Overdue({ children }: { children: ReactNode }) {
  return (
    <span className="font-semibold text-red-800" data-overdue>
      {children}
    </span>
  );
}

/** One line of Needs you: its link's text and where it leads, and an overdue part when there is one. */
interface NeedLine {
  key: string;
  to: string;
  text: string;
  overdue: string | null;
}

/** The admin frame's tab counts (app/routes/admin/layout/), which the requests' and messages' lines show; null when the frame's loader failed. */
export type FrameTabs = { quotes: TabCounts; messages: TabCounts } | null;

/** The lines of `needsYou` and the frame's `tabs` with something to do, in the order the owner deals with them. */
function needLines(needsYou: NeedsYou, tabs: FrameTabs): NeedLine[] {
  const waiting = (tab: TabCounts | undefined) => ({ due: tab?.attention ?? 0, overdue: tab?.overdue ?? 0 });
  const requests = waiting(tabs?.quotes);
  const messages = waiting(tabs?.messages);
  const lines: Array<NeedLine & { count: number }> = [
    {
      key: "requests",
      count: requests.due,
      to: "/admin/quotes?status=pending",
      text: `${counted(requests.due, "quote request")} to answer`,
      overdue: requests.overdue > 0 ? `${requests.overdue} overdue` : null,
    },
    {
      key: "messages",
      count: messages.due,
      to: "/admin/messages?status=unread",
      text: `${counted(messages.due, "contact message")} unread`,
      overdue: messages.overdue > 0 ? `${messages.overdue} overdue` : null,
    },
    {
      key: "quotes",
      count: needsYou.quotesWaiting,
      to: "/admin/quotes?stage=quoted",
      text: `${counted(needsYou.quotesWaiting, "quote")} waiting for the customer`,
      overdue: null,
    },
    {
      key: "visits",
      count: needsYou.visitsToMarkDone,
      to: needsYou.oldestVisitToMarkDone ? `/admin/schedule?day=${needsYou.oldestVisitToMarkDone}` : "/admin/schedule",
      text: `${counted(needsYou.visitsToMarkDone, "visit")} to mark done`,
      overdue: null,
    },
    {
      key: "invoices",
      count: needsYou.unpaid.count,
      to: "/admin/invoices/unpaid",
      text: `${counted(needsYou.unpaid.count, "unpaid invoice")} · ${formatCents(needsYou.unpaid.cents)}`,
      overdue: needsYou.overdue.count > 0 ? `${needsYou.overdue.count} overdue (${formatCents(needsYou.overdue.cents)})` : null,
    },
    {
      key: "reviews",
      count: needsYou.reviewsToPublish,
      to: "/admin/reviews",
      text: `${counted(needsYou.reviewsToPublish, "review")} to publish`,
      overdue: null,
    },
  ];
  return lines.filter((line) => line.count > 0);
}

/**
 * The retention job's last run in words (docs/product.md §17): "Last run 28 Nov: 3 photos deleted,
 * 2 records anonymised, 40 e-mail texts cleared", "nothing was due", or "not run yet".
 */
function retentionWords(retention: RetentionSummary): string {
  if (!retention.lastRunDay) return "Data retention has not run yet.";
  const anonymised = retention.requestsAnonymised + retention.messagesAnonymised;
  const done = [
    retention.photosDeleted > 0 ? `${counted(retention.photosDeleted, "photo")} deleted` : null,
    anonymised > 0 ? `${counted(anonymised, "record")} anonymised` : null,
    retention.mailBodiesCleared > 0 ? `${counted(retention.mailBodiesCleared, "e-mail text")} cleared` : null,
  ].filter(Boolean);
  const day = format(parseISO(retention.lastRunDay), "d MMM");
  return `Data retention, last run ${day}: ${done.length > 0 ? done.join(", ") : "nothing was due"}.`;
}

/**
 * Needs you: a link a kind of work waiting, with its count (and amount), overdue parts in red
 * words; or "Nothing needs you right now". Under it, what the retention job did on its last run.
 */
export function NeedsYouPanel({ needsYou, tabs, retention }: { needsYou: NeedsYou; tabs: FrameTabs; retention: RetentionSummary }) {
  const lines = needLines(needsYou, tabs);
  return (
    <Card title="Needs you" titleId="needs-you-heading" data-needs-you>
      {lines.length === 0 ? (
        <p className="text-slate-700">Nothing needs you right now.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {lines.map((line) => (
            <li key={line.key} className="py-2" data-need={line.key}>
              <Link to={line.to} className={textLinkClass("brand", "break-words")}>
                <span>
                  {line.text}
                  {line.overdue ? (
                    <>
                      {" · "}
                      <Overdue>{line.overdue}</Overdue>
                    </>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-600" data-retention>
        {retentionWords(retention)}{" "}
        <Link to="/admin/retention" className={textLinkClass("brand")}>
          Retention settings
        </Link>
      </p>
    </Card>
  );
}
