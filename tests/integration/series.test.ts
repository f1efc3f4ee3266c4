/**
 * Regular cleaning (app/server/booking/series.server.ts) on real D1 in Miniflare: a series booked
 * from the booking page and by the staff, its visits of the next 60 days, the days it skips and
 * the one e-mail that says so, the daily cron that extends it (twice makes nothing twice), a
 * visit skipped by the customer, pause and resume, 'this and all later ones', and capacity under
 * series and single bookings arriving at once.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { dayLabel, plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { seriesHorizon } from "~/domain/series";
import { bookSeries, bookVisit } from "~/server/booking";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { seedQuotedRequest } from "./booking-seed";
import { createAdminSession, followRedirect, postFields, startWorker, waitFor, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    [
      "visit_changes",
      "visits",
      "visit_series",
      "customer_replies",
      "quote_requests",
      "availability_settings",
      "days_off",
      "public_holidays_filled",
    ].map((table) => worker.db.prepare(`DELETE FROM ${table}`)),
  );
});

/** A quoted request of `frequency` with a quote sent now (tests/integration/booking-seed.ts); out: its id. */
const quotedRequest = (n: number, frequency = "weekly", token?: string) =>
  seedQuotedRequest(worker, n, { token, frequency, name: "Regular", address: "7 Sunset Boulevard", amountJmd: 12000 });

/** The first day the default settings let a customer book that is a weekday (Monday to Friday). */
function firstBookableWeekday(): string {
  let day = plusDays(todayInJamaica(), 2);
  while ([0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) day = plusDays(day, 1);
  return day;
}

/** Every `step` days from `first` up to `last` (ISO, inclusive). */
function every(first: string, step: number, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = plusDays(day, step)) days.push(day);
  return days;
}

/** The visits of a request, by day: day, status, series, occurrence day. */
async function visitsOf(quoteRequestId: string) {
  const { results } = await worker.db
    .prepare(
      "SELECT id, day, window_start, status, series_id, occurrence_day FROM visits WHERE quote_request_id = ? ORDER BY day, window_start",
    )
    .bind(quoteRequestId)
    .all<{ id: string; day: string; window_start: string; status: string; series_id: string | null; occurrence_day: string | null }>();
  return results;
}

/** The request's series rows, oldest first. */
async function seriesOf(quoteRequestId: string) {
  const { results } = await worker.db
    .prepare(
      "SELECT id, rrule, dtstart, until, status, window_start, generated_through FROM visit_series WHERE quote_request_id = ? ORDER BY created_at",
    )
    .bind(quoteRequestId)
    .all<{
      id: string;
      rrule: string;
      dtstart: string;
      until: string | null;
      status: string;
      window_start: string;
      generated_through: string;
    }>();
  return results;
}

/** The page's text with the apostrophes React escapes put back. */
const text = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'");

/** Sets the availability settings: the default windows, `capacity`, `cutoff` hours. */
async function settings(capacity: number, cutoff = 24) {
  await worker.db
    .prepare(
      `INSERT INTO availability_settings (id, working_days, windows, capacity, min_notice_days, max_days_ahead, change_cutoff_hours, updated_at) VALUES (1, '[1,2,3,4,5,6]', '[{"start":"09:00","end":"11:00"},{"start":"11:00","end":"13:00"},{"start":"13:00","end":"15:00"}]', ?, 2, 60, ?, 1)`,
    )
    .bind(capacity, cutoff)
    .run();
}

/** `n` scheduled visits of another request on `day` at 09:00. */
async function fill(day: string, n: number) {
  const other = crypto.randomUUID();
  await worker.db
    .prepare(
      "INSERT INTO quote_requests (id, created_at, updated_at, name, email, phone, address, service_type, status) VALUES (?, 1, 1, 'Other', 'other@example.com', '876 555 0100', 'x', 'residential', 'quoted')",
    )
    .bind(other)
    .run();
  for (let i = 0; i < n; i++) {
    await worker.db
      .prepare(
        "INSERT INTO visits (id, quote_request_id, quote_id, day, window_start, window_end, status, address, service_type, amount_jmd, created_at, updated_at) VALUES (?, ?, ?, ?, '09:00', '11:00', 'scheduled', 'x', 'residential', 1, 1, 1)",
      )
      .bind(crypto.randomUUID(), other, `q${i}`, day)
      .run();
  }
}

/** Runs the daily cron at `time`; out: its outcome. */
async function cron(time: Date) {
  const handler = await worker.mf.getWorker();
  return (await handler.scheduled({ scheduledTime: time, cron: "30 13 * * *" })).outcome;
}

describe("booking a regular cleaning", () => {
  test("a weekly customer books from the status link: the first visit and the next 60 days' visits, a day off skipped and said once; 'Just this visit' books one", async () => {
    const day = firstBookableWeekday();
    const off = plusDays(day, 14);
    await worker.db.prepare("INSERT INTO days_off (day, name, created_at) VALUES (?, 'Staff training', 1)").bind(off).run();
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(1, "weekly", token);

    const page = await text(await worker.fetch(`/status/${token}/book?day=${day}`));
    expect(page).toContain("How often");
    expect(page).toContain("Just this visit");
    expect(page).toContain("Every week from this day");
    expect(page).toMatch(/value="weekly"[^>]*checked|checked=""[^>]*value="weekly"/);
    // Another frequency than the request's is refused, and stores nothing.
    const refused = await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00", repeat: "monthly" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Choose 'Just this visit' or the regular cleaning the request asks for.");
    expect(await worker.db.prepare("SELECT (SELECT count(*) FROM visits) + (SELECT count(*) FROM visit_series) AS n").first()).toEqual({
      n: 0,
    });

    const booked = await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00", repeat: "weekly" });
    expect(booked.status).toBe(302);
    const status = await text(await followRedirect(worker, booked));
    expect(status).toContain("Booked. Your regular cleaning and its next visits are below.");
    expect(status).toContain("Your regular cleaning is booked.");
    const weekday = dayLabel(day).split(",")[0];
    expect(status).toContain(`Every week on ${weekday}, arrival 9:00 AM-11:00 AM`);
    expect(status).toContain("Your visits in the next 60 days");
    expect(status).toContain("Skip this visit");
    expect(status).toContain(`Next visit: ${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);

    const horizon = seriesHorizon(todayInJamaica());
    const [series] = await seriesOf(id);
    expect(series).toMatchObject({ rrule: "FREQ=WEEKLY", dtstart: day, until: null, status: "active", generated_through: horizon });
    const visits = await visitsOf(id);
    expect(visits.map((visit) => visit.day)).toEqual(every(day, 7, horizon));
    expect(visits.every((visit) => visit.series_id === series!.id && visit.occurrence_day === visit.day)).toBe(true);
    expect(visits.filter((visit) => visit.status === "skipped").map((visit) => visit.day)).toEqual([off]);
    expect(
      await worker.db.prepare("SELECT kind, actor, count(*) AS n FROM visit_changes GROUP BY kind, actor ORDER BY kind").all(),
    ).toMatchObject({
      results: [
        { kind: "booked", actor: "customer", n: visits.length - 1 },
        { kind: "skipped", actor: "system", n: 1 },
      ],
    });

    const mail = await waitFor(
      () => worker.mails().find((sent) => sent.to === "regular1@example.com" && sent.subject.startsWith("Your regular cleaning is booked")),
      "the customer's confirmation",
    );
    expect(mail.text).toContain(
      `Booked: Every week on ${weekday}, arrival 9:00 AM-11:00 AM, from ${dayLabel(day)}, arrival 9:00 AM-11:00 AM.`,
    );
    expect(mail.text).toContain(`Not booked:\n- ${dayLabel(off)} is a day off for us (Staff training): no visit that week.`);
    expect(mail.text).toContain(`- ${dayLabel(plusDays(day, 7))}, arrival 9:00 AM-11:00 AM`);
    expect(mail.text).toContain("Price of each visit: J$12,000");
    expect(mail.attachments?.[0]?.content).toContain(`DTSTART:${day.replaceAll("-", "")}T140000Z`);
    await waitFor(() => worker.mails().find((sent) => sent.subject.startsWith("Regular cleaning booked:")), "the staff's notification");
    // The same form sent again books nothing more; the cron, run now, makes nothing either (the horizon is full).
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00", repeat: "weekly" })).status).toBe(302);
    expect(await cron(new Date())).toBe("ok");
    expect(await visitsOf(id)).toHaveLength(visits.length);
    expect(worker.mails().filter((sent) => sent.to === "regular1@example.com" && sent.subject.startsWith("Your regular"))).toHaveLength(1);

    // 'Just this visit' books one visit, outside any series; a one-time request is offered no choice.
    const single = crypto.randomUUID().replaceAll("-", "");
    const singleId = await quotedRequest(2, "weekly", single);
    expect((await postFields(worker, `/status/${single}/book`, { day, windowStart: "11:00", repeat: "once" })).status).toBe(302);
    expect(await visitsOf(singleId)).toMatchObject([{ day, status: "scheduled", series_id: null }]);
    const once = crypto.randomUUID().replaceAll("-", "");
    await quotedRequest(3, "one-time", once);
    expect(await text(await worker.fetch(`/status/${once}/book?day=${day}`))).not.toContain("How often");
  });
});

describe("the daily cron", () => {
  test("extends each active series to 60 days ahead across a month end and a year end, skips public holidays and a full window, e-mails the customer once, makes nothing twice, and reminds the day before", async () => {
    // Booked on Tuesday, Oct 20, 2026 (Jamaica) for Fridays from Oct 23: made up to Dec 19.
    const id = await quotedRequest(11, "weekly");
    const booked = await bookSeries(
      db,
      { quoteRequestId: id, frequency: "weekly", day: "2026-10-23", windowStart: "09:00", userId: null },
      new Date("2026-10-20T15:00:00Z"),
    );
    expect(booked.status).toBe("booked");
    expect((await visitsOf(id)).map((visit) => visit.day)).toEqual(every("2026-10-23", 7, "2026-12-18"));
    // A monthly series from a 5th Friday, booked the same day: the last Friday of each month.
    const monthly = await quotedRequest(12, "monthly");
    expect(
      (
        await bookSeries(
          db,
          { quoteRequestId: monthly, frequency: "monthly", day: "2026-10-30", windowStart: "11:00", userId: null },
          new Date("2026-10-20T15:00:00Z"),
        )
      ).status,
    ).toBe("booked");
    // Jan 8, 2027 at 09:00 is full (capacity 2).
    await fill("2027-01-08", 2);

    // Nov 10: the cron adds Jamaica's public holidays first, then makes Dec 25, Jan 1 and Jan 8 as skipped.
    const run = new Date("2026-11-10T08:30:00Z");
    expect(await cron(run)).toBe("ok");
    const visits = await visitsOf(id);
    expect(visits.map((visit) => visit.day)).toEqual(every("2026-10-23", 7, "2027-01-08"));
    expect(visits.filter((visit) => visit.status === "skipped").map((visit) => visit.day)).toEqual([
      "2026-12-25",
      "2027-01-01",
      "2027-01-08",
    ]);
    expect((await seriesOf(id))[0]!.generated_through).toBe("2027-01-09");
    expect((await visitsOf(monthly)).map((visit) => [visit.day, visit.status])).toEqual([
      ["2026-10-30", "scheduled"],
      ["2026-11-27", "scheduled"],
      ["2026-12-25", "skipped"],
    ]);
    const mail = await waitFor(
      () =>
        worker
          .mails()
          .find((sent) => sent.to === "regular11@example.com" && sent.subject.startsWith("Some regular visits could not be booked")),
      "the skipped days' mail",
    );
    expect(mail.text).toContain(
      "We have booked your regular cleaning (Every week on Friday, arrival 9:00 AM-11:00 AM) ahead, but not on these days:",
    );
    expect(mail.text).toContain("- Friday, Dec 25, 2026 is a public holiday (Christmas Day): no visit that week.");
    expect(mail.text).toContain("- Friday, Jan 1, 2027 is a public holiday (New Year's Day): no visit that week.");
    expect(mail.text).toContain("- Friday, Jan 8, 2027: every crew is booked in your arrival window, so no visit that week.");
    expect(worker.output().some((line) => line.includes('"booking_tasks_done"') && line.includes('"seriesDaysSkipped":4'))).toBe(true);

    // The same run again, and the next day's: nothing is made twice, no second e-mail.
    expect(await cron(run)).toBe("ok");
    expect(await cron(new Date("2026-11-11T08:30:00Z"))).toBe("ok");
    expect(await visitsOf(id)).toHaveLength(visits.length);
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visit_changes WHERE kind = 'skipped'").first()).toEqual({ n: 4 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      worker
        .mails()
        .filter((sent) => sent.to === "regular11@example.com" && sent.subject.startsWith("Some regular visits could not be booked")),
    ).toHaveLength(1);

    // Dec 3: the reminder of Friday Dec 4's visit of the series, once.
    expect(await cron(new Date("2026-12-03T08:30:00Z"))).toBe("ok");
    expect(await cron(new Date("2026-12-03T08:30:00Z"))).toBe("ok");
    const reminder = await waitFor(
      () => worker.mails().find((sent) => sent.to === "regular11@example.com" && sent.subject.startsWith("Reminder")),
      "the reminder",
    );
    expect(reminder.text).toContain("See you tomorrow: Friday, Dec 4, 2026, arrival 9:00 AM-11:00 AM, at 7 Sunset Boulevard.");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(worker.mails().filter((sent) => sent.to === "regular11@example.com" && sent.subject.startsWith("Reminder"))).toHaveLength(1);
  });
});

describe("the customer's changes", () => {
  test("skips one visit before the cut-off (both sides e-mailed); past the cut-off it is refused and the page says to call", async () => {
    const day = firstBookableWeekday();
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(21, "weekly", token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "13:00", repeat: "weekly" })).status).toBe(302);
    const second = (await visitsOf(id))[1]!;
    const skipped = await postFields(worker, `/status/${token}`, { intent: "skip", visitId: second.id });
    expect(skipped.status).toBe(302);
    expect(await text(await followRedirect(worker, skipped))).toContain("The visit is skipped. The e-mails are on their way.");
    expect((await visitsOf(id))[1]).toMatchObject({ status: "skipped", day: second.day });
    expect(
      await worker.db.prepare("SELECT kind, actor FROM visit_changes WHERE visit_id = ? ORDER BY created_at").bind(second.id).all(),
    ).toMatchObject({ results: [{ kind: "booked" }, { kind: "skipped", actor: "customer" }] });
    const mail = await waitFor(
      () => worker.mails().find((sent) => sent.to === "regular21@example.com" && sent.subject.startsWith("Your visit is skipped")),
      "the customer's mail",
    );
    expect(mail.text).toContain(`Your visit of ${dayLabel(second.day)}, arrival 1:00 PM-3:00 PM is skipped, as you asked.`);
    expect(mail.attachments?.[0]?.content).toContain("METHOD:CANCEL");
    await waitFor(() => worker.mails().find((sent) => sent.subject.startsWith("Visit skipped:")), "the staff's mail");
    // Skipped again: nothing to skip.
    expect((await postFields(worker, `/status/${token}`, { intent: "skip", visitId: second.id })).status).toBe(409);

    // A cut-off of 30 days: the page says to call, and a skip sent anyway changes nothing.
    await settings(2, 720);
    const third = (await visitsOf(id))[2]!;
    const page = await text(await worker.fetch(`/status/${token}`));
    expect(page).toContain("Too close to change online: call us on");
    const refused = await postFields(worker, `/status/${token}`, { intent: "skip", visitId: third.id });
    expect(refused.status).toBe(409);
    expect(await text(refused)).toContain("It is too close to your visit to change it online. Please call or WhatsApp us.");
    expect((await visitsOf(id))[2]!.status).toBe("scheduled");
  });

  test("pause skips the visits after the cut-off and stops the cron; resume books again from the next possible day", async () => {
    const day = firstBookableWeekday();
    const token = crypto.randomUUID().replaceAll("-", "");
    const id = await quotedRequest(22, "weekly", token);
    expect((await postFields(worker, `/status/${token}/book`, { day, windowStart: "09:00", repeat: "weekly" })).status).toBe(302);
    const before = await visitsOf(id);
    // A cut-off of 5 days: the first visit is within it, the others are not.
    await settings(2, 120);
    expect(await text(await worker.fetch(`/status/${token}`))).toContain(`Too close to change online, so still booked: ${dayLabel(day)}.`);
    const paused = await postFields(worker, `/status/${token}`, { intent: "pause" });
    expect(paused.status).toBe(302);
    const page = await text(await followRedirect(worker, paused));
    expect(page).toContain("Your regular cleaning is paused.");
    expect(page).toContain("Resume my regular cleaning");
    expect(page).not.toContain("Accept and book");
    expect((await seriesOf(id))[0]!.status).toBe("paused");
    expect((await visitsOf(id)).map((visit) => visit.status)).toEqual(["scheduled", ...before.slice(1).map(() => "skipped")]);
    const mail = await waitFor(
      () =>
        worker.mails().find((sent) => sent.to === "regular22@example.com" && sent.subject.startsWith("Your regular cleaning is paused")),
      "the pause's mail",
    );
    expect(mail.text).toContain(`Still booked (too close to change online; call us on`);
    expect(mail.text).toContain(`- ${dayLabel(day)}, arrival 9:00 AM-11:00 AM`);
    await waitFor(() => worker.mails().find((sent) => sent.subject.startsWith("Regular cleaning paused:")), "the staff's mail");
    // Sent twice, and the cron while paused: nothing more.
    expect((await postFields(worker, `/status/${token}`, { intent: "pause" })).status).toBe(302);
    await worker.db.prepare("UPDATE visit_series SET generated_through = ?").bind(plusDays(todayInJamaica(), 10)).run();
    expect(await cron(new Date())).toBe("ok");
    expect(await visitsOf(id)).toHaveLength(before.length);
    // The staff cannot book the quote again while the regular cleaning is paused.
    expect((await bookVisit(db, { quoteRequestId: id, day: plusDays(day, 1), windowStart: "09:00", userId: null })).status).toBe(
      "quote-not-open",
    );

    const resumed = await postFields(worker, `/status/${token}`, { intent: "resume" });
    expect(resumed.status).toBe(302);
    expect(await text(await followRedirect(worker, resumed))).toContain("Your regular cleaning is on again.");
    const [old, fresh] = await seriesOf(id);
    const next = plusDays(day, 7);
    expect(old).toMatchObject({ status: "ended", until: plusDays(next, -1) });
    expect(fresh).toMatchObject({ status: "active", dtstart: next, rrule: "FREQ=WEEKLY", until: null });
    // Its days up to the horizon, each booked but the public holidays the cron above added as days off.
    const after = await visitsOf(id);
    const { results: off } = await worker.db.prepare("SELECT day FROM days_off").all<{ day: string }>();
    const holidays = new Set(off.map((row) => row.day));
    expect(after.filter((visit) => visit.series_id === fresh!.id).map((visit) => [visit.day, visit.status])).toEqual(
      every(next, 7, seriesHorizon(todayInJamaica())).map((each) => [each, holidays.has(each) ? "skipped" : "scheduled"]),
    );
    // The page lists each day once: the kept visit, then the new series' visits.
    const status = await text(await worker.fetch(`/status/${token}`));
    expect(status.split(`<span class="text-slate-900">${dayLabel(next)}</span>`).length - 1).toBe(1);
    // The days the pause skipped are the old series': only the new one's holidays show as skipped.
    const newSkipped = after.filter((visit) => visit.series_id === fresh!.id && visit.status === "skipped").length;
    expect(status.split("Skipped</span>").length - 1).toBe(newSkipped);
    await waitFor(
      () =>
        worker.mails().find((sent) => sent.to === "regular22@example.com" && sent.subject.startsWith("Your regular cleaning is on again")),
      "the resume's mail",
    );
    expect((await postFields(worker, `/status/${token}`, { intent: "resume" })).status).toBe(302);
    expect(await seriesOf(id)).toHaveLength(2);
  });
});

describe("the staff's changes", () => {
  test("book a series from the record page, move this and all later ones, cancel this and all later ones; 'Complete' waits for the visits left", async () => {
    const day = firstBookableWeekday();
    const id = await quotedRequest(31, "weekly");
    const admin = await createAdminSession(worker);
    const post = (fields: Record<string, string>) => postFields(worker, `/admin/quotes/${id}`, fields, { Cookie: admin.cookie });
    const record = async () => text(await worker.fetch(`/admin/quotes/${id}`, { headers: { Cookie: admin.cookie } }));
    expect(await record()).toContain("Every week from this day");
    expect((await post({ intent: "book", day, windowStart: "09:00", repeat: "weekly" })).status).toBe(302);
    const weekday = dayLabel(day).split(",")[0];
    expect(await record()).toContain(`Regular cleaning: Every week on ${weekday}, arrival 9:00 AM-11:00 AM`);
    const booked = await visitsOf(id);

    // The third visit and all later ones: the next day, 11:00.
    const third = booked[2]!;
    const to = plusDays(third.day, 1);
    expect((await post({ intent: "move-visit", visitId: third.id, day: to, windowStart: "11:00", scope: "later" })).status).toBe(302);
    const [old, fresh] = await seriesOf(id);
    expect(old).toMatchObject({ status: "ended", until: plusDays(third.day, -1) });
    expect(fresh).toMatchObject({ status: "active", dtstart: to, rrule: "FREQ=WEEKLY", window_start: "11:00" });
    const moved = await visitsOf(id);
    const byId = new Map(moved.map((visit) => [visit.id, visit]));
    expect(byId.get(booked[0]!.id)).toMatchObject({ status: "scheduled", series_id: old!.id });
    expect(byId.get(booked[1]!.id)).toMatchObject({ status: "scheduled", series_id: old!.id });
    expect(byId.get(third.id)).toMatchObject({
      day: to,
      window_start: "11:00",
      status: "scheduled",
      series_id: fresh!.id,
      occurrence_day: to,
    });
    expect(booked.slice(3).map((visit) => byId.get(visit.id)!.status)).toEqual(booked.slice(3).map(() => "cancelled"));
    expect(moved.filter((visit) => visit.series_id === fresh!.id).map((visit) => visit.day)).toEqual(
      every(to, 7, seriesHorizon(todayInJamaica())),
    );
    const changed = await waitFor(
      () =>
        worker.mails().find((sent) => sent.to === "regular31@example.com" && sent.subject.startsWith("Your regular cleaning is changed")),
      "the change's mail",
    );
    expect(changed.text).toContain(`From ${dayLabel(to)}, arrival 11:00 AM-1:00 PM, your regular cleaning is Every week on`);
    expect(changed.text).toContain("Cancelled (the old days):");
    expect(await record()).toContain(
      `Moved from ${dayLabel(third.day)}, 9:00 AM-11:00 AM to ${dayLabel(to)}, 11:00 AM-1:00 PM, by ${admin.email}`,
    );

    // This visit only: the new series' second visit moves alone; then from its third on, all cancelled.
    const series = moved.filter((visit) => visit.series_id === fresh!.id);
    expect((await post({ intent: "move-visit", visitId: series[1]!.id, day: series[1]!.day, windowStart: "13:00" })).status).toBe(302);
    expect((await seriesOf(id)).map((each) => each.status)).toEqual(["ended", "active"]);
    expect((await post({ intent: "cancel-visit", visitId: series[2]!.id, scope: "later" })).status).toBe(302);
    expect((await seriesOf(id))[1]).toMatchObject({ status: "ended", until: plusDays(series[2]!.day, -1) });
    const left = (await visitsOf(id)).filter((visit) => visit.status === "scheduled").map((visit) => visit.id);
    expect(left).toEqual([booked[0]!.id, booked[1]!.id, series[0]!.id, series[1]!.id]);
    const ended = await waitFor(
      () =>
        worker.mails().find((sent) => sent.to === "regular31@example.com" && sent.subject.startsWith("Your regular visits are cancelled")),
      "the end's mail",
    );
    expect(ended.text).toContain(`- ${dayLabel(series[2]!.day)}, arrival 11:00 AM-1:00 PM`);
    // Nothing left to end; 'Complete' is refused while visits are scheduled.
    expect((await post({ intent: "cancel-visit", visitId: series[1]!.id, scope: "later" })).status).toBe(409);
    expect((await post({ id, to: "completed" })).status).toBe(409);
  });
});

describe("capacity", () => {
  test("20 series and single bookings at once for the last place of a window: one is booked, and no series row is left without its visit", async () => {
    const day = firstBookableWeekday();
    await bookVisit(db, { quoteRequestId: await quotedRequest(40, "one-time"), day, windowStart: "09:00", userId: null });
    const requests = await Promise.all(Array.from({ length: 20 }, (_, i) => quotedRequest(41 + i, "weekly")));
    const outcomes = await Promise.all(
      requests.map((quoteRequestId, i) =>
        i % 2 === 0
          ? bookSeries(db, { quoteRequestId, frequency: "weekly", day, windowStart: "09:00", userId: null })
          : bookVisit(db, { quoteRequestId, day, windowStart: "09:00", userId: null }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === "booked")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "full")).toHaveLength(19);
    expect(
      await worker.db
        .prepare("SELECT count(*) AS n FROM visits WHERE day = ? AND window_start = '09:00' AND status = 'scheduled'")
        .bind(day)
        .first(),
    ).toEqual({ n: 2 });
    const winner = outcomes.findIndex((outcome) => outcome.status === "booked");
    expect(await worker.db.prepare("SELECT count(*) AS n FROM visit_series").first()).toEqual({ n: winner % 2 === 0 ? 1 : 0 });
  });

  test("20 series at once, one place left a week later: each gets its first visit, one gets that week's, 19 are told it was skipped", async () => {
    const day = firstBookableWeekday();
    await settings(50);
    await fill(plusDays(day, 7), 49);
    const requests = await Promise.all(Array.from({ length: 20 }, (_, i) => quotedRequest(61 + i, "weekly")));
    const outcomes = await Promise.all(
      requests.map((quoteRequestId) => bookSeries(db, { quoteRequestId, frequency: "weekly", day, windowStart: "09:00", userId: null })),
    );
    expect(outcomes.every((outcome) => outcome.status === "booked")).toBe(true);
    const count = async (on: string) =>
      (await worker.db
        .prepare("SELECT count(*) AS n FROM visits WHERE day = ? AND window_start = '09:00' AND status = 'scheduled'")
        .bind(on)
        .first<{ n: number }>())!.n;
    expect(await count(day)).toBe(20);
    expect(await count(plusDays(day, 7))).toBe(50);
    expect(await count(plusDays(day, 14))).toBe(20);
    const skipped = outcomes.flatMap((outcome) => ("skipped" in outcome ? outcome.skipped : []));
    expect(skipped).toHaveLength(19);
    expect(skipped.every((each) => each.day === plusDays(day, 7) && each.reason.kind === "full")).toBe(true);
  });
});
