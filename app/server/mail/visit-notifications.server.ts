/**
 * The e-mails of a change to a booked visit or to a regular cleaning (docs/decisions/016-booking.md,
 * 017-series.md): the customer's (customer-mails.server.ts; a booked or moved visit, and the
 * visit a series' news starts with, carry its calendar event as visit.ics, with the same UID so
 * the calendar updates it) and the staff's notification to NOTIFY_EMAIL, through the mail queue
 * (queue.server.ts `queueMail`), recorded as mails about the request. The booking feature says
 * what happened (app/server/booking/visit-changes.server.ts) and hands over what these texts need
 * that this feature does not read itself: the company, the site's URL, the change cut-off and
 * the calendar event.
 */
import { visitLabel } from "~/domain/booking";
import { ruleFrequency, seriesWindowLabel, skippedDayText, type SkipReason } from "~/domain/series";
import type { QuoteRequest, Visit, VisitSeries } from "../../../drizzle/schema";
import { readNotifyEmail, type Company, type Database } from "~/server/platform";
import {
  bookingMail,
  formatPrice,
  seriesMail,
  visitCancelledMail,
  visitMovedMail,
  visitSkippedMail,
  type BookedVisit,
  type SeriesNews,
} from "./customer-mails.server";
import type { Mail } from "./mailer.server";
import { queueMail, type MailQueueEnv } from "./queue.server";

/** Who made the change: the customer (online) or a staff member. */
type By = { by: "customer" | "staff" };

/** What a change that made visits of a series came to: the series, the days booked and those skipped (with why). */
interface SeriesDays {
  series: VisitSeries;
  booked: string[];
  skipped: { day: string; reason: SkipReason }[];
}

/**
 * What happened, for its e-mails. One visit (`of: "visit"`): booked, moved (from where),
 * cancelled, or skipped (one visit of a series). A regular cleaning (`of: "series"`): booked,
 * resumed or changed (this and all later visits), with what the series made, the visit the news
 * starts with (`first`: the first booked, the one moved) and the old visits cancelled; paused,
 * with the visits skipped and kept; ended from a visit on, with the visits cancelled.
 */
export type BookingNews = By &
  (
    | ({ of: "visit"; visit: Visit } & ({ kind: "booked" } | { kind: "moved"; from: Visit } | { kind: "cancelled" | "skipped" }))
    | ({ of: "series"; kind: "booked" | "resumed" | "changed"; first: Visit | null; cancelled: Visit[] } & SeriesDays)
    | { of: "series"; kind: "paused"; series: VisitSeries; skipped: Visit[]; kept: Visit[] }
    | { of: "series"; kind: "ended"; series: VisitSeries; cancelled: Visit[] }
  );

/** Where and about what the e-mails go, and what their texts need beyond the news. */
export interface BookingMailSetting {
  /** The load context's bindings, execution context and database (the mails go after the response). */
  context: { cloudflare: { env: CloudflareBindings & MailQueueEnv; ctx: ExecutionContext }; db: Database };
  record: Pick<QuoteRequest, "id" | "name" | "email" | "reference" | "statusToken">;
  company: Company;
  siteUrl: string;
  /** The change cut-off the customer's mail states, in hours. */
  cutoffHours: number;
  /** A visit as a calendar event (its .ics text), or null when none can be made (the mail goes without it). */
  calendarEvent: (visit: Visit) => string | null;
}

/** Queues the customer's e-mail and the staff's notification of `news`, sent after the response (`queueMail`). */
export function queueBookingMails(setting: BookingMailSetting, news: BookingNews): void {
  if (news.of === "visit") queueVisitMails(setting, news);
  else queueSeriesMails(setting, news);
}

/** The attachment of a calendar event, or none. */
const icsAttachment = (event: string | null) => (event ? [{ filename: "visit.ics", type: "text/calendar", content: event }] : undefined);

function queueVisitMails(setting: BookingMailSetting, news: Extract<BookingNews, { of: "visit" }>) {
  const { context, record, company, siteUrl } = setting;
  const { visit } = news;
  const when = visitLabel(visit);
  const about = { entity: "quote_request" as const, entityId: record.id };
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    const booked: BookedVisit = { ...visit, when, cutoffHours: setting.cutoffHours };
    const mail: Mail =
      news.kind === "booked"
        ? bookingMail(to, booked, company, siteUrl)
        : news.kind === "moved"
          ? visitMovedMail(to, visitLabel(news.from), booked, company, siteUrl)
          : news.kind === "skipped"
            ? visitSkippedMail(to, when, company, siteUrl)
            : visitCancelledMail(to, when, company, siteUrl);
    // The visit as a calendar event, or its cancellation.
    queueMail(context, { ...mail, attachments: icsAttachment(setting.calendarEvent(visit)) }, { kind: "confirmation", ...about });
  }
  const link = `${siteUrl}/admin/quotes/${record.id}`;
  const how = news.by === "customer" ? "online" : "by the staff";
  const reference = record.reference ?? record.name;
  const lines: Record<typeof news.kind, [string, string]> = {
    booked: [`Visit booked: ${reference}, ${when}`, `${record.name}'s visit was booked ${how}.`],
    moved: [
      `Visit moved: ${reference}, now ${when}`,
      `${record.name}'s visit was moved ${how}, from ${news.kind === "moved" ? visitLabel(news.from) : ""}.`,
    ],
    cancelled: [`Visit cancelled: ${reference}, ${when}`, `${record.name}'s visit was cancelled ${how}.`],
    skipped: [`Visit skipped: ${reference}, ${when}`, `${record.name} skipped this visit of their regular cleaning ${how}.`],
  };
  const [subject, line] = lines[news.kind];
  queueMail(
    context,
    {
      to: readNotifyEmail(context.cloudflare.env),
      subject,
      text: `${line}\n\n${when}\nAddress: ${visit.address}\nPrice: ${formatPrice(visit.amountJmd, visit.amountUsd)}\n\nOpen the request: ${link}`,
      links: [link],
      replyTo: record.email,
    },
    { kind: "notification", ...about },
  );
}

function queueSeriesMails(setting: BookingMailSetting, change: Extract<BookingNews, { of: "series" }>) {
  const { context, record, company, siteUrl } = setting;
  const { series } = change;
  const label = seriesWindowLabel(series);
  const at = (day: string) => visitLabel({ day, windowStart: series.windowStart, windowEnd: series.windowEnd });
  const labels = (list: Visit[]) => list.map((visit) => visitLabel(visit));
  const frequency = ruleFrequency(series.rrule);
  const about = { entity: "quote_request" as const, entityId: record.id };
  let news: SeriesNews;
  let staffLines: string[];
  if (change.kind === "paused") {
    news = { kind: "paused", label, skipped: labels(change.skipped), kept: labels(change.kept) };
    staffLines = [...listLines("Skipped:", news.skipped), ...listLines("Still booked (within the cut-off):", news.kept)];
  } else if (change.kind === "ended") {
    news = { kind: "ended", label, cancelled: labels(change.cancelled) };
    staffLines = listLines("Cancelled:", news.cancelled);
  } else {
    const skipped = change.skipped.map(({ day, reason }) => skippedDayText(day, reason, frequency));
    const when = change.first ? visitLabel(change.first) : at(change.booked[0] ?? series.dtstart);
    const details: BookedVisit = { ...series, when, cutoffHours: setting.cutoffHours };
    news = { kind: change.kind, label, visits: change.booked.map(at), skipped, cancelled: labels(change.cancelled), details };
    staffLines = [`From ${when}`, ...listLines("Not booked:", skipped), ...listLines("Cancelled:", news.cancelled)];
  }
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    const first = "first" in change ? change.first : null;
    // The visit the news starts with, as a calendar event.
    const attachments = icsAttachment(first ? setting.calendarEvent(first) : null);
    queueMail(context, { ...seriesMail(to, news, company, siteUrl), attachments }, { kind: "confirmation", ...about });
  }
  const link = `${siteUrl}/admin/quotes/${record.id}`;
  const how = change.by === "customer" ? "online" : "by the staff";
  const reference = record.reference ?? record.name;
  const [subject, line] = {
    booked: [`Regular cleaning booked: ${reference}, ${label}`, `${record.name}'s regular cleaning was booked ${how}.`],
    resumed: [`Regular cleaning resumed: ${reference}, ${label}`, `${record.name}'s regular cleaning was resumed ${how}.`],
    changed: [`Regular cleaning changed: ${reference}, now ${label}`, `${record.name}'s regular cleaning was changed ${how}.`],
    paused: [`Regular cleaning paused: ${reference}, ${label}`, `${record.name}'s regular cleaning was paused ${how}.`],
    ended: [`Regular cleaning ended: ${reference}, ${label}`, `${record.name}'s regular cleaning was ended ${how}.`],
  }[change.kind] as [string, string];
  queueMail(
    context,
    {
      to: readNotifyEmail(context.cloudflare.env),
      subject,
      text: [line, label, ...staffLines, `Address: ${series.address}`, `Open the request: ${link}`].join("\n\n"),
      links: [link],
      replyTo: record.email,
    },
    { kind: "notification", ...about },
  );
}

/** A heading and its lines as one paragraph of a staff notification, or none when there are no lines. */
const listLines = (heading: string, lines: string[]) =>
  lines.length > 0 ? [[heading, ...lines.map((line) => `- ${line}`)].join("\n")] : [];
