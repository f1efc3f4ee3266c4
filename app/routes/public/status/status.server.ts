/**
 * The server side of /status/:token, the customer's private status page (docs/product.md §10
 * "Status page"): `statusPageLoader` answers at most 30 views a minute per client (429), looks
 * the request up by its token (app/server/customer `findStatusRequest`; 404 when none has it), and
 * shapes what the page shows: where the request stands (a quote request by its stage, read with
 * it from app/server/lifecycle, never worked out here), its steps and dates in Jamaica time, the
 * latest quote or reply. Every answer carries STATUS_HEADERS: never cached, never indexed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { STATUS_HEADERS } from "~/cache-control";
import { formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { SERVICE_TYPE_LABELS, type AuditedEntity } from "~/domain/enumerations";
import { formatDollars, quoteValidUntil } from "~/server/mail";
import { dayLabel, quoteBookable, visitLabel } from "~/domain/booking";
import { seriesWindowLabel } from "~/domain/series";
import { awaitingDeposits, type AwaitingDeposit } from "~/server/billing";
import { beforeCutoff, seriesOverview, type SeriesOverview } from "~/server/booking";
import { allowStatusView } from "~/http/rate-limit.server";
import type { JobStage, StageFacts } from "~/domain/lifecycle";
import { findStatusRequest, type StatusRequest } from "~/server/customer";
import { expiredNext, headlineOf, STATUS_HEADLINES, UNPRICED_NEXT } from "./stage-texts";
import { statusInvoices, type StatusInvoice } from "./status-invoices.server";

/** One step of the timeline: its label, whether it is reached, and when (Jamaica time) or what it waits for. */
interface StatusStep {
  label: string;
  done: boolean;
  at: string | null;
  /** A step not reached yet may say what it waits for ("Your price comes by phone or e-mail"). */
  note?: string | null;
}

/** What the status page shows of one request. */
export interface StatusView {
  kind: AuditedEntity;
  reference: string;
  receivedAt: string;
  /** Quote requests: the service's label and the preferred date (or null). */
  service: string | null;
  preferredDate: string | null;
  /** A quote request's stage (app/server/lifecycle; null for a contact message). */
  stage: JobStage | null;
  /** A short sentence: where the request stands now. */
  headline: string;
  /** What happens next, when the headline needs it (an unpriced quote, an expired one), or null. */
  next: string | null;
  steps: StatusStep[];
  quote: {
    price: string;
    usd: string | null;
    included: string | null;
    validUntil: string;
    expired: boolean;
    /** A visit took it: the page says so, and the message (written to be accepted) is not shown. */
    booked: boolean;
    /** The quote's message, or null once booked. */
    message: string | null;
    sentAt: string;
  } | null;
  reply: { message: string; sentAt: string } | null;
  /** The booked visit, e.g. "Thursday, Dec 3, 2026, arrival 9:00 AM-11:00 AM", or null. */
  booked: string | null;
  /** Whether 'Accept and book' is offered: quoted with a price, the quote valid, nothing booked yet. */
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

type StatusData = {
  view: StatusView | null;
  problem: "not-found" | "rate-limited" | null;
  /** The booked visit's deposit while it is awaited (app/server/billing `awaitingDeposits`), else null. */
  deposit?: AwaitingDeposit | null;
  /** The request's issued and void invoices and credit notes (status-invoices.server.ts). */
  invoices?: StatusInvoice[];
};

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
  const now = new Date();
  const found = await findStatusRequest(context.db, params.token ?? "", now);
  if (!found) return answer({ view: null, problem: "not-found" }, 404);
  const series = found.kind === "quote_request" ? await seriesOverview(context.db, found.record.id) : null;
  const visitId = found.kind === "quote_request" ? found.visit?.id : undefined;
  const deposit = visitId ? ((await awaitingDeposits(context.db, [visitId])).get(visitId) ?? null) : null;
  const invoices = found.kind === "quote_request" ? await statusInvoices(context.db, found.record.id, now) : [];
  return answer({ view: statusView(found, now, series), problem: null, deposit, invoices });
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

/** The latest quote as the page shows it (null when the latest message sent is not a quote with a price). */
function quoteView(latest: StatusRequest["latest"], stage: StageFacts): StatusView["quote"] {
  if (latest?.kind !== "quote" || latest.amountJmd === null || latest.validDays === null) return null;
  const booked = stage.stage === "booked" || stage.stage === "visit_done" || stage.stage === "reviewed";
  return {
    price: formatDollars(latest.amountJmd, "JMD"),
    usd: latest.amountUsd ? formatDollars(latest.amountUsd, "USD") : null,
    included: latest.included,
    validUntil: quoteValidUntil(latest.createdAt.getTime(), latest.validDays),
    expired: stage.stage === "expired",
    booked,
    // Written to be accepted ("To book, …"): once a visit took the quote, it would say the opposite of the page.
    message: booked ? null : latest.message,
    sentAt: formatAdminDate(latest.createdAt.getTime()),
  };
}

/**
 * The steps of a quote request: Received, Quoted (with a price: an unpriced 'Mark Quoted' says
 * the price is coming), Booked (with the next visit), Visit done; a request closed without a
 * visit ends with Closed, a cancelled one with Cancelled.
 */
function quoteSteps(found: StatusRequest & { kind: "quote_request" }, stage: StageFacts, booked: string | null): StatusStep[] {
  const { record, changes } = found;
  const after = (...stages: JobStage[]) => stages.includes(stage.stage);
  const visited = after("visit_done", "reviewed");
  const quotedAt = stage.priced || visited || after("booked") ? (record.firstReplyAt?.getTime() ?? reachedAt(changes, "quoted")) : null;
  const quoted = step("Quoted", quotedAt, stage.priced || visited || after("booked"));
  if (stage.stage === "quoted" && !stage.priced) quoted.note = "Your price comes by phone or e-mail.";
  const steps = [step("Received", record.createdAt.getTime()), quoted];
  if (stage.stage === "closed") return [...steps, step("Closed", reachedAt(changes, "completed"), true)];
  if (stage.stage === "cancelled") return [...steps, step("Cancelled", reachedAt(changes, "cancelled"), true)];
  const bookedStep = step("Booked", null, after("booked") || visited);
  if (booked) bookedStep.at = booked;
  return [...steps, bookedStep, step("Visit done", null, visited)];
}

/**
 * Where the request stands. A quote request: by its stage (app/server/lifecycle, read with the
 * request), its steps, the latest quote, the booked visit and the regular cleaning. A contact
 * message: received or answered (with the latest reply).
 */
function statusView(found: StatusRequest, now: Date, series: SeriesOverview | null): StatusView {
  const { latest, changes } = found;
  const received = found.record.createdAt.getTime();
  const base = { kind: found.kind, reference: found.reference, receivedAt: formatAdminDate(received) };

  if (found.kind === "quote_request") {
    const { record } = found;
    // A request always has a stage; "new" only if its row vanished between the two reads.
    const stage = found.stage ?? { stage: "new", priced: false, nextVisitDay: null, nextVisitStart: null };
    const quote = quoteView(latest, stage);
    const booked = found.visit ? visitLabel(found.visit) : null;
    const headline =
      stage.stage !== "booked" && stage.stage !== "quoted" && stage.stage !== "expired"
        ? STATUS_HEADLINES[headlineOf(stage)]
        : series?.series.status === "paused"
          ? "Your regular cleaning is paused."
          : series
            ? "Your regular cleaning is booked."
            : STATUS_HEADLINES[headlineOf(stage)];
    return {
      ...base,
      stage: stage.stage,
      headline,
      next:
        stage.stage === "quoted" && !stage.priced && !series
          ? UNPRICED_NEXT
          : stage.stage === "expired" && !series
            ? expiredNext(quote?.validUntil ?? null)
            : null,
      booked,
      canBook:
        stage.stage === "quoted" &&
        stage.priced &&
        quoteBookable({
          status: record.status,
          quote,
          // A paused regular cleaning is resumed, not booked again.
          scheduled: found.visit !== undefined || series !== null,
          accepted: latest?.kind === "quote" && found.acceptedQuoteIds.has(latest.id),
        }),
      canChange: found.visit ? beforeCutoff(found.visit, found.settings, now) : false,
      series: series && seriesView(series, found.settings, now),
      service: SERVICE_TYPE_LABELS[record.serviceType],
      preferredDate: record.preferredDate ? formatAdminDate(Date.parse(`${record.preferredDate}T12:00:00Z`)) : null,
      steps: quoteSteps(found, stage, booked),
      quote,
      reply: null,
    };
  }

  const { record } = found;
  const answered = record.status === "responded";
  const answeredAt = record.firstReplyAt?.getTime() ?? reachedAt(changes, "responded");
  return {
    ...base,
    stage: null,
    next: null,
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
