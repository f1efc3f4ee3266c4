/**
 * The server side of /status/:token, the customer's private status page (docs/product.md §10
 * "Status page"): `statusPageLoader` answers at most 30 views a minute per client (429), looks
 * the request up by its token (app/server/customer `findStatusRequest`; 404 when none has it), and
 * shapes what the page shows: where the request stands, its steps and dates in Jamaica time, the
 * latest quote or reply. Every answer carries STATUS_HEADERS: never cached, never indexed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { formatAdminDate, formatAdminDateTime, quoteExpired } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type AuditedEntity } from "~/domain/enumerations";
import { formatDollars, quoteValidUntil } from "~/server/mail";
import { dayLabel, quoteBookable, visitLabel } from "~/domain/booking";
import { seriesWindowLabel } from "~/domain/series";
import { beforeCutoff, seriesOverview, type SeriesOverview } from "~/server/booking";
import { allowStatusView } from "~/http/rate-limit.server";
import { findStatusRequest, type StatusRequest } from "~/server/customer";

/** One step of the timeline: its label, whether it is reached, and when (Jamaica time). */
interface StatusStep {
  label: string;
  done: boolean;
  at: string | null;
}

/** What the status page shows of one request. */
export interface StatusView {
  kind: AuditedEntity;
  reference: string;
  receivedAt: string;
  /** Quote requests: the service's label and the preferred date (or null). */
  service: string | null;
  preferredDate: string | null;
  /** A short sentence: where the request stands now. */
  headline: string;
  steps: StatusStep[];
  quote: {
    price: string;
    usd: string | null;
    included: string | null;
    validUntil: string;
    expired: boolean;
    message: string;
    sentAt: string;
  } | null;
  reply: { message: string; sentAt: string } | null;
  /** The booked visit, e.g. "Thursday, Dec 3, 2026, arrival 9:00 AM-11:00 AM", or null. */
  booked: string | null;
  /** Whether 'Accept and book' is offered: quoted, the quote valid, nothing booked yet. */
  canBook: boolean;
  /** Whether the booked visit can still be cancelled online (before the cut-off). */
  canChange: boolean;
  /** The regular cleaning (an active or paused series), or null. */
  series: {
    /** How it repeats, with its window: "Every week on Tuesday, arrival 9:00 AM-11:00 AM". */
    label: string;
    paused: boolean;
    /** Its visits of the next 60 days (labelled by their day, and their window when it is not the series'): scheduled ones (skippable until the cut-off) and skipped ones. */
    visits: Array<{ id: string; label: string; skipped: boolean; canSkip: boolean }>;
    /** The scheduled visits a pause would keep (within the cut-off), as labels. */
    pauseKeeps: string[];
  } | null;
}

type StatusData = { view: StatusView | null; problem: "not-found" | "rate-limited" | null };

/**
 * The status page's loader. In: Remix's args (`params.token`). Out: the page's view with 200,
 * or no view with 429 (too many views from this client) or 404 (no request has the token).
 * Throws when D1 fails.
 */
export async function statusPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: StatusData, status = 200) => data<StatusData>(body, { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) {
    return answer({ view: null, problem: "rate-limited" }, 429);
  }
  const found = await findStatusRequest(context.db, params.token ?? "");
  if (!found) return answer({ view: null, problem: "not-found" }, 404);
  const series = found.kind === "quote_request" ? await seriesOverview(context.db, found.record.id) : null;
  return answer({ view: statusView(found, new Date(), series), problem: null });
}

/** The time of the first change of the record to `to`, or null. */
function reachedAt(changes: StatusRequest["changes"], to: string): number | null {
  const times = changes.filter((change) => change.to === to).map((change) => change.at.getTime());
  return times.length > 0 ? Math.min(...times) : null;
}

/** A step for the timeline. */
const step = (label: string, atMs: number | null, done = atMs !== null): StatusStep => ({
  label,
  done,
  at: atMs === null ? null : formatAdminDateTime(atMs),
});

/**
 * Where the request stands: received, quoted (with the latest quote, expired once its last
 * valid day is over while still quoted) or completed for a quote request; received or answered
 * (with the latest reply) for a contact message.
 */
function statusView(found: StatusRequest, now: Date, series: SeriesOverview | null): StatusView {
  const { latest, changes } = found;
  const received = found.record.createdAt.getTime();
  const base = { kind: found.kind, reference: found.reference, receivedAt: formatAdminDate(received) };

  if (found.kind === "quote_request") {
    const { record } = found;
    const quotedAt = record.firstReplyAt?.getTime() ?? reachedAt(changes, "quoted");
    const completedAt = reachedAt(changes, "completed");
    const status = record.status;
    const quoted = status === "quoted" || status === "completed";
    const headline = {
      pending: "We have your request and are preparing your quote.",
      quoted: "Your quote is ready.",
      completed: "The job is done. Thank you for choosing us!",
      cancelled: "This request was cancelled. Call or WhatsApp us if that is a surprise.",
    }[status];
    const quote =
      latest?.kind === "quote" && latest.amountJmd !== null && latest.validDays !== null
        ? {
            price: formatDollars(latest.amountJmd, "JMD"),
            usd: latest.amountUsd ? formatDollars(latest.amountUsd, "USD") : null,
            included: latest.included,
            validUntil: quoteValidUntil(latest.createdAt.getTime(), latest.validDays),
            expired: quoteExpired(latest.createdAt.getTime(), latest.validDays, now) && status === "quoted",
            message: latest.message,
            sentAt: formatAdminDate(latest.createdAt.getTime()),
          }
        : null;
    const booked = found.visit ? visitLabel(found.visit) : null;
    return {
      ...base,
      headline:
        status !== "quoted"
          ? headline
          : series?.series.status === "paused"
            ? "Your regular cleaning is paused."
            : series
              ? "Your regular cleaning is booked."
              : booked
                ? "Your visit is booked."
                : headline,
      booked,
      canBook: quoteBookable({
        status,
        quote,
        // A paused regular cleaning is resumed, not booked again.
        scheduled: found.visit !== undefined || series !== null,
        accepted: latest?.kind === "quote" && found.acceptedQuoteIds.has(latest.id),
      }),
      canChange: found.visit ? beforeCutoff(found.visit, found.settings, now) : false,
      series: series && seriesView(series, found.settings, now),
      service: SERVICE_TYPE_LABELS[record.serviceType],
      preferredDate: record.preferredDate ? formatAdminDate(Date.parse(`${record.preferredDate}T12:00:00Z`)) : null,
      steps: [step("Received", received), step("Quoted", quotedAt, quoted), step("Completed", completedAt, status === "completed")],
      quote,
      reply: null,
    };
  }

  const { record } = found;
  const answered = record.status === "responded";
  const answeredAt = record.firstReplyAt?.getTime() ?? reachedAt(changes, "responded");
  return {
    ...base,
    booked: null,
    canBook: false,
    canChange: false,
    series: null,
    service: null,
    preferredDate: null,
    headline: answered
      ? "We have answered your message."
      : record.status === "read"
        ? "We have read your message and will get back to you soon."
        : "We have your message and will get back to you soon.",
    steps: [step("Received", received), step("Answered", answeredAt, answered)],
    quote: null,
    reply: latest?.kind === "reply" ? { message: latest.message, sentAt: formatAdminDate(latest.createdAt.getTime()) } : null,
  };
}

/** The regular cleaning as the status page shows it: how it repeats, whether paused, its visits and which can still be skipped. */
function seriesView({ series, visits }: SeriesOverview, settings: StatusRequest["settings"], now: Date): NonNullable<StatusView["series"]> {
  const changeable = (visit: SeriesOverview["visits"][number]) => visit.status === "scheduled" && beforeCutoff(visit, settings, now);
  // The series' label says its window: a visit in it is named by its day alone, one moved to another window with that window.
  const label = (visit: SeriesOverview["visits"][number]) =>
    visit.windowStart === series.windowStart && visit.windowEnd === series.windowEnd ? dayLabel(visit.day) : visitLabel(visit);
  return {
    label: seriesWindowLabel(series),
    paused: series.status === "paused",
    visits: visits.map((visit) => ({
      id: visit.id,
      label: label(visit),
      skipped: visit.status === "skipped",
      canSkip: changeable(visit),
    })),
    pauseKeeps: visits.filter((visit) => visit.status === "scheduled" && !changeable(visit)).map(label),
  };
}
