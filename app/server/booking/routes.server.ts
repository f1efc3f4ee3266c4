/**
 * The HTTP side of booking: /status/:token/book, where the customer accepts the newest quote and
 * books a day and an arrival window, or moves the booked visit; the status page's 'Cancel this
 * visit'; and the record page's visit forms for staff (visits.server.ts has the rules). The
 * customer's pages are found by the status page's token alone, under its per-client limit (429),
 * never cached or indexed (STATUS_HEADERS). Nothing a customer or staff member sends yields a
 * 500: a refusal answers 400 or 409 with its sentence (and, on the booking page, the fresh list
 * of windows).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { format, parseISO } from "date-fns";
import { dayLabel, quoteBookable, visitLabel, windowLabel, type DayAvailability } from "~/domain/booking";
import { refusal } from "~/forms/result";
import { bookingSchema, staffVisitForms, statusVisitSchema, type StaffVisitForm } from "~/forms/booking";
import { FORM_GUARD_MESSAGES } from "~/domain/messages";
import { STATUS_HEADERS } from "~/cache-control";
import { findStatusRequest } from "../customer/status-page.server";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { logFailure } from "../platform/log.server";
import { allowStatusView } from "~/http/rate-limit.server";
import { readSmallForm } from "~/http/small-form.server";
import { eq } from "drizzle-orm";
import { quoteRequests, type QuoteRequest, type Visit, type VisitSeries } from "../../../drizzle/schema";
import {
  bookingMail,
  formatPrice,
  seriesMail,
  visitCancelledMail,
  visitMovedMail,
  visitSkippedMail,
  type BookedVisit,
  type SeriesNews,
} from "../mail/customer-mails.server";
import type { Mail } from "../mail/mailer.server";
import { queueMail } from "../mail/queue.server";
import { readNotifyEmail, readSiteUrl } from "../platform/env.server";
import { readCompany } from "../site/content.server";
import { visitCalendarEvent } from "./calendar.server";
import { assignCrew } from "./crews.server";
import {
  bookSeries,
  currentSeries,
  endSeriesFrom,
  moveSeriesFrom,
  pauseSeries,
  resumeSeries,
  seriesOverview,
  skipVisit,
  type SeriesMade,
} from "./series.server";
import {
  beforeCutoff,
  bookVisit,
  cancelVisit,
  currentAvailability,
  markVisitOutcome,
  moveVisit,
  scheduledVisit,
  saveVisitNotes,
  visitById,
  readAvailabilitySettings,
  visitsWithHistory,
  type BookingOutcome,
  type MoveOutcome,
  type Slot,
} from "./visits.server";
import { formatAdminDateTime, quoteExpired, todayInJamaica } from "~/domain/dates";
import { SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import {
  isSeriesFrequency,
  REPEAT_LABELS,
  ruleFrequency,
  SERIES_HORIZON_DAYS,
  seriesLabel,
  seriesRule,
  seriesWindowLabel,
  skippedDayText,
  type RepeatChoice,
  type SeriesFrequency,
} from "~/domain/series";
import type { Database } from "../platform/db.server";

/** The sentences of the booking page. */
const BOOKING_MESSAGES = {
  full: "Sorry, that arrival window was just taken. Please choose another one below.",
  notOpen:
    "This quote can no longer be accepted online: it has expired, was replaced or is already booked. Call or WhatsApp us for a new one.",
  unbookable: "That day or arrival window cannot be booked. Please choose one from the list.",
  failed: "The booking could not be saved. Please try again.",
  tooLate: "It is too close to your visit to change it online. Please call or WhatsApp us.",
  nothingBooked: "There is no booked visit to change.",
  notYet: "A visit can be marked done or no-show from its day on.",
  crewBusy: "That crew has another visit then, or does not work that day. Choose another crew, or move the visit first.",
  noSuchCrew: "Choose one of the active crews.",
  staffNotOpen: "This request has no open quote to book: send a quote first (or a new one, if it expired or was booked).",
  repeatNotAsked: "Choose 'Just this visit' or the regular cleaning the request asks for.",
  noSeries: "There is no regular cleaning to change.",
  seriesNotActive: "This regular cleaning is paused or ended: move this visit only.",
  noDay: "No day of your regular cleaning can be booked online now. Please call or WhatsApp us.",
} as const;

/** How many days the booking page lists at once (two weeks of working days, about). */
const DAYS_SHOWN = 12;

/**
 * The page's view of the bookable days: the chosen day (asked for, else the booked visit's day
 * when it is moved, else the first with a place left), the DAYS_SHOWN days around it with their labels and whether any window is open, the
 * first days of the pages before and after (for 'Earlier days' and 'Later days'), and the chosen
 * day's windows with the places left (`current`: the window the visit is booked in now).
 */
function bookingView(days: DayAvailability[], asked: string | null, current: Slot | null) {
  const chosen =
    days.find((day) => day.day === (asked ?? current?.day)) ?? days.find((day) => day.windows.some((window) => window.left > 0)) ?? null;
  const start = chosen ? Math.floor(days.indexOf(chosen) / DAYS_SHOWN) * DAYS_SHOWN : 0;
  return {
    days: days.slice(start, start + DAYS_SHOWN).map((day) => ({
      day: day.day,
      label: format(parseISO(day.day), "EEE, MMM d"),
      open: day.windows.some((window) => window.left > 0),
    })),
    earlier: start > 0 ? days[start - DAYS_SHOWN]!.day : null,
    later: days[start + DAYS_SHOWN]?.day ?? null,
    chosen: chosen
      ? {
          day: chosen.day,
          label: dayLabel(chosen.day),
          windows: chosen.windows.map((window) => ({
            start: window.start,
            label: windowLabel(window),
            left: window.left,
            current: current?.day === chosen.day && current.windowStart === window.start,
          })),
        }
      : null,
  };
}

/**
 * The booking form's 'How often' choice for a request whose frequency books a series: 'Just this
 * visit' or 'Every week from this day' (…), the latter checked, with how it repeats from the day
 * chosen ("Every month on the 2nd Tuesday").
 */
function repeatView(frequency: SeriesFrequency, day: string) {
  return {
    checked: frequency as RepeatChoice,
    choices: (["once", frequency] as const).map((value) => ({
      value,
      label: REPEAT_LABELS[value],
      hint:
        value === "once"
          ? null
          : `${seriesLabel({ rrule: seriesRule(frequency, day), dtstart: day })}, at the arrival time you pick. We book ${SERIES_HORIZON_DAYS} days ahead and keep booking; skip a visit or pause on your page.`,
    })),
  };
}

type BookingPage =
  | { problem: "not-found" | "rate-limited" | "not-open" | "too-late"; reference: string | null; booking: null }
  | {
      problem: null;
      reference: string;
      booking: ReturnType<typeof bookingView>;
      moving: string | null;
      repeat: ReturnType<typeof repeatView> | null;
    };

/**
 * GET /status/:token/book (`?day=` the day whose windows to show): the bookable days, the chosen
 * day's windows with the places left. To book: from the request's preferred date when later
 * than the first allowed; 409 when the quote cannot be accepted. To move a booked visit
 * (`moving`: its day and window as the page says them): from the first allowed day, the
 * visit's own day chosen; 409 past the cut-off. 404 for an unknown token, 429 past the
 * per-client limit.
 */
export async function bookingPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const answer = (body: BookingPage, status = 200) => data<BookingPage>(body, { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) {
    return answer({ problem: "rate-limited", reference: null, booking: null }, 429);
  }
  const found = await findStatusRequest(context.db, params.token ?? "");
  if (!found || found.kind !== "quote_request") return answer({ problem: "not-found", reference: null, booking: null }, 404);
  const asked = new URL(request.url).searchParams.get("day");
  const { visit } = found;
  if (visit) {
    if (!beforeCutoff(visit, found.settings)) return answer({ problem: "too-late", reference: found.reference, booking: null }, 409);
    const booking = bookingView(await currentAvailability(context.db, new Date(), undefined, found.settings), asked, visit);
    return answer({ problem: null, reference: found.reference, booking, moving: visitLabel(visit), repeat: null });
  }
  const { latest } = found;
  const quote =
    latest?.kind === "quote" && latest.validDays !== null
      ? { id: latest.id, expired: quoteExpired(latest.createdAt.getTime(), latest.validDays) }
      : null;
  if (
    !quoteBookable({
      status: found.record.status,
      quote,
      // A paused regular cleaning is resumed, not booked again.
      scheduled: (await currentSeries(context.db, found.record.id)) !== undefined,
      accepted: quote !== null && found.acceptedQuoteIds.has(quote.id),
    })
  ) {
    return answer({ problem: "not-open", reference: found.reference, booking: null }, 409);
  }
  const days = await currentAvailability(context.db, new Date(), found.record.preferredDate ?? undefined, found.settings);
  const booking = bookingView(days, asked, null);
  const { frequency } = found.record;
  const repeat = booking.chosen && isSeriesFrequency(frequency) ? repeatView(frequency, booking.chosen.day) : null;
  return answer({ problem: null, reference: found.reference, booking, moving: null, repeat });
}

/**
 * POST /status/:token/book (`day`, `windowStart`, `intent`: `book` or `move`, `repeat`): books the
 * window (visits.server.ts `bookVisit`; with `repeat` the request's frequency, a regular cleaning
 * from that day, series.server.ts `bookSeries`) or moves the booked visit to it (`moveVisit`),
 * then goes back to the status page with 'booked', 'seriesBooked' or 'visitMoved'. A window just taken answers 409 and the page
 * shows the fresh list; an expired, replaced or accepted quote 409; past the cut-off 409; a day
 * or window not offered 400.
 */
export async function bookingPageAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string, formData: FormData | null = null) =>
    data(refusal(formData, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(bookingSchema));
  if (!form.ok) return refuse(400, form.message);
  const submission = parseWithZod(form.formData, { schema: bookingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400, headers: STATUS_HEADERS });
  const { intent, repeat, ...slot } = submission.value;
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.notOpen);
    const change = await changeVisit(context, found.record, intent === "book" ? { intent, repeat, ...slot } : { intent, ...slot }, null);
    if ("refused" in change) return refuse(change.refused[0], change.refused[1], form.formData);
    return redirect(`/status/${params.token}`, {
      headers: { "Set-Cookie": await commitNotice(request, change.notice), ...STATUS_HEADERS },
    });
  } catch (error) {
    logFailure("booking_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed, form.formData);
  }
}

/**
 * What the customer or a staff member asks of the request's visit (`visitId`: that one, else the
 * next scheduled): a booking once or as a series (`repeat`), a move or cancel of that visit or of
 * it and all later ones of its series (`scope`), a skip of one visit of a series, or a pause or
 * resume of the request's series.
 */
type VisitRequest =
  | ({ intent: "book"; repeat?: RepeatChoice } & Slot)
  | { intent: "pause" | "resume" }
  | ({ visitId?: string } & (
      | ({ intent: "move"; scope?: "this" | "later" } & Slot)
      | { intent: "cancel"; scope?: "this" | "later" }
      | { intent: "skip" | "done" | "no_show" }
      | { intent: "notes"; notes: string }
      | { intent: "assign"; crewId: string | null }
    ));

/**
 * Books, moves, cancels, assigns or marks done or no-show the request's visit for the customer
 * (`userId` null) or a staff member, and queues the e-mails of what changed (none for 'done',
 * 'no-show' and a crew, none for a form sent twice whose first copy did the work). Out: the notice to show, or the refusal's status and
 * sentence. The rules are visits.server.ts's; a staff member's refusal of a quote not open says
 * what staff can do.
 */
async function changeVisit(
  context: AppLoadContext,
  record: QuoteRequest,
  asked: VisitRequest,
  userId: string | null,
): Promise<{ notice: NoticeKey } | { refused: [number, string] }> {
  const { db } = context;
  const by = userId === null ? "customer" : "staff";
  const base = { quoteRequestId: record.id, visitId: "visitId" in asked ? asked.visitId : undefined, userId };
  switch (asked.intent) {
    case "cancel": {
      if (asked.scope === "later") {
        const ended = await endSeriesFrom(db, base);
        if (ended.status === "none") return { refused: [409, BOOKING_MESSAGES.noSeries] };
        await queueSeriesMails(context, record, { kind: "ended", series: ended.series, cancelled: ended.cancelled, by });
        return { notice: "seriesEnded" };
      }
      const outcome = await cancelVisit(db, base);
      if (outcome.status === "too-late") return { refused: [409, BOOKING_MESSAGES.tooLate] };
      if (outcome.status === "none") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      await queueVisitMails(context, record, { kind: "cancelled", visit: outcome.visit, by });
      return { notice: "visitCancelled" };
    }
    case "notes":
      return (await saveVisitNotes(db, { ...base, notes: asked.notes }))
        ? { notice: "visitNotesSaved" }
        : { refused: [409, BOOKING_MESSAGES.nothingBooked] };
    case "done":
    case "no_show": {
      const outcome = await markVisitOutcome(db, { ...base, userId: userId ?? "", outcome: asked.intent });
      if (outcome === "not-yet") return { refused: [409, BOOKING_MESSAGES.notYet] };
      if (outcome === "none") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      return { notice: outcome === "done" ? "visitDone" : "visitNoShow" };
    }
    case "assign": {
      const visit = await scheduledVisit(db, base);
      if (!visit) return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      const outcome = await assignCrew(db, visit, asked.crewId, { userId });
      if (outcome === "crew-busy") return { refused: [409, BOOKING_MESSAGES.crewBusy] };
      if (outcome === "no-such-crew") return { refused: [400, BOOKING_MESSAGES.noSuchCrew] };
      if (outcome === "not-scheduled") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      return { notice: "visitAssigned" };
    }
    case "skip": {
      const outcome = await skipVisit(db, base);
      if (outcome.status === "too-late") return { refused: [409, BOOKING_MESSAGES.tooLate] };
      if (outcome.status === "none") return { refused: [409, BOOKING_MESSAGES.nothingBooked] };
      await queueVisitMails(context, record, { kind: "skipped", visit: outcome.visit, by });
      return { notice: "visitSkipped" };
    }
    case "pause": {
      const outcome = await pauseSeries(db, base);
      if (outcome.status === "none") return { refused: [409, BOOKING_MESSAGES.noSeries] };
      if (outcome.status === "paused") await queueSeriesMails(context, record, { ...outcome, kind: "paused", by });
      return { notice: "seriesPaused" };
    }
    case "resume": {
      const outcome = await resumeSeries(db, base);
      if (outcome.status === "none") return { refused: [409, BOOKING_MESSAGES.noSeries] };
      if (outcome.status === "no-day") return { refused: [409, BOOKING_MESSAGES.noDay] };
      if (outcome.status === "resumed")
        await queueSeriesMails(context, record, { ...outcome, kind: "resumed", first: null, cancelled: [], by });
      return { notice: "seriesResumed" };
    }
    case "move": {
      if (asked.scope === "later") {
        const moved = await moveSeriesFrom(db, { ...base, day: asked.day, windowStart: asked.windowStart });
        if (moved.status === "moved-already") return { notice: "seriesChanged" };
        if (moved.status === "not-active") return { refused: [409, BOOKING_MESSAGES.seriesNotActive] };
        if (moved.status !== "moved") return { refused: moveRefusal(moved) };
        await queueSeriesMails(context, record, { ...moved, kind: "changed", first: moved.to, by });
        return { notice: "seriesChanged" };
      }
      const moved = await moveVisit(db, { ...base, day: asked.day, windowStart: asked.windowStart });
      if (moved.status === "moved-already") return { notice: "visitMoved" };
      if (moved.status !== "moved") return { refused: moveRefusal(moved) };
      await queueVisitMails(context, record, { kind: "moved", visit: moved.to, from: moved.from, by });
      return { notice: "visitMoved" };
    }
    case "book": {
      const repeat = asked.repeat ?? "once";
      if (repeat !== "once" && repeat !== record.frequency) return { refused: [400, BOOKING_MESSAGES.repeatNotAsked] };
      const slot = { ...base, day: asked.day, windowStart: asked.windowStart };
      if (repeat === "once") {
        const booked = await bookVisit(db, slot);
        if (booked.status !== "booked") return bookingAnswer(booked, userId, userId === null ? "booked" : "visitBooked");
        const visit = await visitById(db, booked.visitId);
        if (visit) await queueVisitMails(context, record, { kind: "booked", visit, by });
        return { notice: userId === null ? "booked" : "visitBooked" };
      }
      const booked = await bookSeries(db, { ...slot, frequency: repeat });
      const notice = userId === null ? "seriesBooked" : "seriesBookedByStaff";
      if (booked.status !== "booked") return bookingAnswer(booked, userId, notice);
      const first = (await visitById(db, booked.visitId)) ?? null;
      await queueSeriesMails(context, record, { ...booked, kind: "booked", first, cancelled: [], by });
      return { notice };
    }
  }
}

/** The answer to a booking that booked nothing: done already (a form sent twice: `notice`), or the refusal's status and sentence. */
function bookingAnswer(
  outcome: Exclude<BookingOutcome, { status: "booked" }>,
  userId: string | null,
  notice: NoticeKey,
): { notice: NoticeKey } | { refused: [number, string] } {
  switch (outcome.status) {
    case "booked-already":
      return { notice };
    case "full":
      return { refused: [409, BOOKING_MESSAGES.full] };
    case "quote-not-open":
      return { refused: [409, userId === null ? BOOKING_MESSAGES.notOpen : BOOKING_MESSAGES.staffNotOpen] };
    case "unbookable":
      return { refused: [400, BOOKING_MESSAGES.unbookable] };
  }
}

/** A refused move's status code and sentence. */
function moveRefusal(outcome: Pick<Exclude<MoveOutcome, { status: "moved" | "moved-already" }>, "status">): [number, string] {
  switch (outcome.status) {
    case "full":
      return [409, BOOKING_MESSAGES.full];
    case "too-late":
      return [409, BOOKING_MESSAGES.tooLate];
    case "none":
      return [409, BOOKING_MESSAGES.nothingBooked];
    case "unbookable":
      return [400, BOOKING_MESSAGES.unbookable];
  }
}

/**
 * The record page's Visit card: the scheduled visit (its label, and whether 'Mark done' applies:
 * from its day on), every visit of the request, newest first, with its status and history lines
 * ("Booked for …, by the customer", "Moved from … to …, by ann@…", with the Jamaica time), the
 * arrival windows for the staff's book and move forms, the book form's 'How often' choice for a
 * weekly, bi-weekly or monthly request, and the regular cleaning with its upcoming visits.
 */
export async function visitCardData(db: Database, quoteRequestId: string, now = new Date()) {
  const [all, settings, overview, request] = await Promise.all([
    visitsWithHistory(db, quoteRequestId),
    readAvailabilitySettings(db),
    seriesOverview(db, quoteRequestId, now),
    db.select({ frequency: quoteRequests.frequency }).from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get(),
  ]);
  const frequency = request?.frequency;
  const scheduled = all.find(({ visit }) => visit.status === "scheduled")?.visit;
  const slotLabel = (day: string, start: string, end: string) => `${dayLabel(day)}, ${windowLabel({ start, end })}`;
  return {
    scheduled: scheduled
      ? {
          label: visitLabel(scheduled),
          canMarkDone: scheduled.day <= todayInJamaica(now),
          address: scheduled.address,
          service: SERVICE_TYPE_LABELS[scheduled.serviceType],
          price: formatPrice(scheduled.amountJmd, scheduled.amountUsd),
          included: scheduled.included,
          notes: scheduled.notes ?? "",
        }
      : null,
    visits: all.map(({ visit, changes }) => ({
      id: visit.id,
      label: visitLabel(visit),
      status: visit.status,
      changes: changes.map((change) => {
        const to = slotLabel(change.day, change.windowStart, change.windowEnd);
        const what = {
          booked: `Booked for ${to}`,
          moved: `Moved from ${change.fromDay && change.fromWindowStart && change.fromWindowEnd ? slotLabel(change.fromDay, change.fromWindowStart, change.fromWindowEnd) : "another day"} to ${to}`,
          assigned: change.crewName ? `Assigned to ${change.crewName}` : "Taken off its crew",
          cancelled: "Cancelled",
          skipped: "Skipped",
          done: "Marked done",
          no_show: "Marked no-show",
        }[change.kind];
        const who =
          change.actor === "customer"
            ? "by the customer"
            : change.actor === "system"
              ? "automatically"
              : `by ${change.actorEmail ?? "a former staff member"}`;
        return {
          key: `${change.kind}-${change.createdAt.getTime()}`,
          text: `${what}, ${who}`,
          when: formatAdminDateTime(change.createdAt.getTime()),
        };
      }),
    })),
    windows: settings.windows.map((window) => ({ start: window.start, label: windowLabel(window) })),
    // 'Book for the customer': once, or the request's regular cleaning from the day picked.
    repeat: isSeriesFrequency(frequency)
      ? (["once", frequency] as const).map((value) => ({ value, label: REPEAT_LABELS[value], checked: value === frequency }))
      : null,
    // The regular cleaning: how it repeats and its visits of the next 60 days, each with its own Move and Cancel.
    series: overview
      ? {
          label: seriesWindowLabel(overview.series),
          paused: overview.series.status === "paused",
          visits: overview.visits.map((visit) => ({
            id: visit.id,
            // The series' label says its window: its day alone, or with its own window when moved to another.
            label:
              visit.windowStart === overview.series.windowStart && visit.windowEnd === overview.series.windowEnd
                ? dayLabel(visit.day)
                : visitLabel(visit),
            status: visit.status,
            inSeries: visit.seriesId === overview.series.id,
          })),
        }
      : null,
  };
}

/** What happened to a visit, for its e-mails: booked, moved (from where), cancelled, or skipped (one visit of a series); by whom. */
type VisitNews = { visit: Visit; by: "customer" | "staff" } & (
  { kind: "booked" } | { kind: "moved"; from: Visit } | { kind: "cancelled" | "skipped" }
);

/**
 * The e-mails of a booking, a move or a cancellation: the customer's (a booked or moved visit
 * carries its calendar event, visit.ics, with the same UID so the calendar updates it) and the
 * staff's notification to NOTIFY_EMAIL, through the mail queue, recorded as mails about the request.
 */
async function queueVisitMails(context: AppLoadContext, record: QuoteRequest, news: VisitNews) {
  // The visit is booked, moved or cancelled already: a failure here loses the e-mails (logged), never the change.
  try {
    await queueVisitMailsNow(context, record, news);
  } catch (error) {
    logFailure("visit_mails_failed", error, { quoteRequestId: record.id, kind: news.kind });
  }
}

async function queueVisitMailsNow(context: AppLoadContext, record: QuoteRequest, news: VisitNews) {
  const { env } = context.cloudflare;
  const { visit } = news;
  const when = visitLabel(visit);
  const about = { entity: "quote_request" as const, entityId: record.id };
  const siteUrl = readSiteUrl(env);
  const company = await readCompany(env, context.db);
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    const { changeCutoffHours } = await readAvailabilitySettings(context.db);
    const booked: BookedVisit = { ...visit, when, cutoffHours: changeCutoffHours };
    const mail: Mail =
      news.kind === "booked"
        ? bookingMail(to, booked, company, siteUrl)
        : news.kind === "moved"
          ? visitMovedMail(to, visitLabel(news.from), booked, company, siteUrl)
          : news.kind === "skipped"
            ? visitSkippedMail(to, when, company, siteUrl)
            : visitCancelledMail(to, when, company, siteUrl);
    // The visit as a calendar event, or its cancellation (the mail goes without it if none can be made).
    const event = visitCalendarEvent(visit, company, new URL(siteUrl).host, record.reference);
    const attachments = event ? [{ filename: "visit.ics", type: "text/calendar", content: event }] : undefined;
    queueMail(context, { ...mail, attachments }, { kind: "confirmation", ...about });
  }
  const link = `${siteUrl}/admin/quotes/${record.id}`;
  const how = news.by === "customer" ? "online" : "by the staff";
  const lines: Record<VisitNews["kind"], [string, string]> = {
    booked: [`Visit booked: ${record.reference ?? record.name}, ${when}`, `${record.name}'s visit was booked ${how}.`],
    moved: [
      `Visit moved: ${record.reference ?? record.name}, now ${when}`,
      `${record.name}'s visit was moved ${how}, from ${news.kind === "moved" ? visitLabel(news.from) : ""}.`,
    ],
    cancelled: [`Visit cancelled: ${record.reference ?? record.name}, ${when}`, `${record.name}'s visit was cancelled ${how}.`],
    skipped: [
      `Visit skipped: ${record.reference ?? record.name}, ${when}`,
      `${record.name} skipped this visit of their regular cleaning ${how}.`,
    ],
  };
  const [subject, line] = lines[news.kind];
  queueMail(
    context,
    {
      to: readNotifyEmail(env),
      subject,
      text: `${line}\n\n${when}\nAddress: ${visit.address}\nPrice: ${formatPrice(visit.amountJmd, visit.amountUsd)}\n\nOpen the request: ${link}`,
      links: [link],
      replyTo: record.email,
    },
    { kind: "notification", ...about },
  );
}

/**
 * What happened to a request's regular cleaning, for its e-mails (by the customer or the staff):
 * booked, resumed or changed (this and all later visits), with what the series made, the visit
 * the news starts with (`first`: the first booked, the one moved) and the old visits cancelled;
 * paused, with the visits skipped and kept; ended from a visit on, with the visits cancelled.
 */
type SeriesChange = { by: "customer" | "staff" } & (
  | ({ kind: "booked" | "resumed" | "changed"; first: Visit | null; cancelled: Visit[] } & SeriesMade)
  | { kind: "paused"; series: VisitSeries; skipped: Visit[]; kept: Visit[] }
  | { kind: "ended"; series: VisitSeries; cancelled: Visit[] }
);

/**
 * The e-mails of a change to a regular cleaning: the customer's (app/server/mail/customer-mails.server.ts
 * `seriesMail`; a booking's and a change's carry the calendar event of the visit they start
 * with) and the staff's notification to NOTIFY_EMAIL, through the mail queue, recorded as mails
 * about the request. A failure loses the e-mails (logged), never the change.
 */
async function queueSeriesMails(context: AppLoadContext, record: QuoteRequest, change: SeriesChange) {
  try {
    await queueSeriesMailsNow(context, record, change);
  } catch (error) {
    logFailure("series_mails_failed", error, { quoteRequestId: record.id, kind: change.kind });
  }
}

async function queueSeriesMailsNow(context: AppLoadContext, record: QuoteRequest, change: SeriesChange) {
  const { env } = context.cloudflare;
  const { series } = change;
  const label = seriesWindowLabel(series);
  const at = (day: string) => visitLabel({ day, windowStart: series.windowStart, windowEnd: series.windowEnd });
  const labels = (list: Visit[]) => list.map((visit) => visitLabel(visit));
  const frequency = ruleFrequency(series.rrule);
  const about = { entity: "quote_request" as const, entityId: record.id };
  const siteUrl = readSiteUrl(env);
  const company = await readCompany(env, context.db);
  const settings = await readAvailabilitySettings(context.db);
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
    const details: BookedVisit = { ...series, when, cutoffHours: settings.changeCutoffHours };
    news = { kind: change.kind, label, visits: change.booked.map(at), skipped, cancelled: labels(change.cancelled), details };
    staffLines = [`From ${when}`, ...listLines("Not booked:", skipped), ...listLines("Cancelled:", news.cancelled)];
  }
  if (record.reference && record.statusToken) {
    const to = { email: record.email, reference: record.reference, statusToken: record.statusToken };
    const first = "first" in change ? change.first : null;
    // The visit the news starts with, as a calendar event (the mail goes without it if none can be made).
    const event = first ? visitCalendarEvent(first, company, new URL(siteUrl).host, record.reference) : null;
    const attachments = event ? [{ filename: "visit.ics", type: "text/calendar", content: event }] : undefined;
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
      to: readNotifyEmail(env),
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

/**
 * POST /status/:token, the status page's visit forms: `intent=cancel` cancels the next booked
 * visit (visits.server.ts `cancelVisit`); `intent=skip` with `visitId` skips one visit of the
 * regular cleaning (series.server.ts `skipVisit`); `intent=pause` and `intent=resume` pause or
 * resume it (`pauseSeries`, `resumeSeries`). Cancel and skip only until the cut-off before the
 * visit's window (then 409 with the sentence to call); a pause keeps the visits within the
 * cut-off. The customer and the staff are e-mailed, and the page says what was done (a notice,
 * after a redirect). Nothing to change: 409; a form that is not one of these: 400. Under the
 * status page's per-client limit.
 */
export async function statusVisitAction({ request, params, context }: ActionFunctionArgs) {
  const refuse = (status: number, message: string) => data(refusal(null, message), { status, headers: STATUS_HEADERS });
  if (!(await allowStatusView(context.cloudflare.env.STATUS_RATE_LIMITER, request))) return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  const form = await readSmallForm(request, formContract(statusVisitSchema));
  const submission = form.ok ? parseWithZod(form.formData, { schema: statusVisitSchema }) : null;
  if (submission?.status !== "success") return refuse(400, BOOKING_MESSAGES.nothingBooked);
  try {
    const found = await findStatusRequest(context.db, params.token ?? "");
    if (!found || found.kind !== "quote_request") return refuse(404, BOOKING_MESSAGES.nothingBooked);
    const change = await changeVisit(context, found.record, submission.value, null);
    if ("refused" in change) return refuse(...change.refused);
    return redirect(`/status/${params.token}`, {
      headers: { "Set-Cookie": await commitNotice(request, change.notice), ...STATUS_HEADERS },
    });
  } catch (error) {
    logFailure("visit_change_failed", error);
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}

/** What a staff visit form asks, as changeVisit reads it. */
function visitRequestOf(value: StaffVisitForm): VisitRequest {
  switch (value.intent) {
    case "book":
      return { intent: "book", day: value.day, windowStart: value.windowStart, repeat: value.repeat };
    case "move-visit":
      return { intent: "move", visitId: value.visitId, day: value.day, windowStart: value.windowStart, scope: value.scope };
    case "visit-notes":
      return { intent: "notes", visitId: value.visitId, notes: value.notes };
    case "assign-crew":
      return { intent: "assign", visitId: value.visitId, crewId: value.crewId === "" ? null : value.crewId };
    case "cancel-visit":
      return { intent: "cancel", visitId: value.visitId, scope: value.scope };
    case "visit-done":
      return { intent: "done", visitId: value.visitId };
    case "visit-no-show":
      return { intent: "no_show", visitId: value.visitId };
  }
}

/**
 * The record page's visit forms (a phone booking): 'Book for the customer' (`book`), 'Move
 * visit' (`move-visit`), 'Cancel visit' (`cancel-visit`), 'Mark done' (`visit-done`) and the
 * crew's notes (`visit-notes`), under
 * the same rules as the customer's (bookVisit, moveVisit, cancelVisit; staff may move and cancel
 * after the cut-off), with the same e-mails (none for 'Mark done'), the staff member in the
 * visit's history. Success: back to the record with its notice; a refusal is the form's result
 * with its sentence (400, 409).
 */
export async function staffVisitAction(
  request: Request,
  context: AppLoadContext,
  quoteRequestId: string,
  userId: string,
  formData: FormData,
  backTo = new URL(request.url).pathname,
) {
  const submission = parseWithZod(formData, { schema: staffVisitForms });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const refuse = (status: number, message: string) => data(submission.reply({ formErrors: [message] }), { status });
  try {
    const record = await context.db.select().from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).get();
    if (!record) return refuse(404, BOOKING_MESSAGES.nothingBooked);
    const change = await changeVisit(context, record, visitRequestOf(submission.value), userId);
    if ("refused" in change) return refuse(...change.refused);
    return redirect(backTo, { headers: { "Set-Cookie": await commitNotice(request, change.notice) } });
  } catch (error) {
    logFailure("visit_change_failed", error, { quoteRequestId });
    return refuse(503, BOOKING_MESSAGES.failed);
  }
}
