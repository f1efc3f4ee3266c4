/**
 * The availability page, /admin/availability (docs/product.md §11 "Availability"), against the
 * production Worker in Miniflare with real D1: saving the settings changes what customers can
 * book; a refused form answers 400 with its messages and stores nothing; days off leave the
 * bookable days and come back; Jamaica's public holidays fill in once however often asked; only
 * admins may open or post to it; nothing sent to it yields a 500.
 */
import { drizzle } from "drizzle-orm/d1";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import { dayLabel, DEFAULT_AVAILABILITY, isoWeekday, plusDays } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { GATE_MESSAGES } from "~/domain/texts/messages";
import { AVAILABILITY_MESSAGES } from "~/domain/texts/staff-messages";
import { currentAvailability, extendPublicHolidays } from "~/server/booking";
import type { Database } from "~/server/platform";
import * as schema from "../../drizzle/schema";
import { cookiesOf, createAdminSession, postFields, startWorker, type TestWorker } from "./worker";

let worker: TestWorker;
let db: Database;
let admin: Awaited<ReturnType<typeof createAdminSession>>;
beforeAll(async () => {
  worker = await startWorker();
  db = drizzle(worker.db, { schema }) as unknown as Database;
});
afterAll(() => worker?.dispose());
beforeEach(async () => {
  await worker.db.batch(
    ["availability_settings", "days_off", "public_holidays_filled", "sessions", "users"].map((table) =>
      worker.db.prepare(`DELETE FROM ${table}`),
    ),
  );
  admin = await createAdminSession(worker);
});

const PAGE = "/admin/availability";

/** The settings form's fields: Monday to Friday, the default windows, 2 visits, 2 days' notice, 60 days, 24 hours; `changes` on top. */
function settingsForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    day1: "on",
    day2: "on",
    day3: "on",
    day4: "on",
    day5: "on",
    start1: "09:00",
    end1: "11:00",
    start2: "11:00",
    end2: "13:00",
    start3: "13:00",
    end3: "15:00",
    start4: "",
    end4: "",
    capacity: "2",
    minNoticeDays: "2",
    maxDaysAhead: "60",
    changeCutoffHours: "24",
    ...changes,
  };
}

const post = (fields: Record<string, string>, cookie: string | null = admin.cookie) =>
  postFields(worker, PAGE, fields, cookie ? { Cookie: cookie } : {});

/** The page as the admin sees it after a post's redirect, with its notice. */
async function pageAfter(response: Response): Promise<string> {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(PAGE);
  const page = await worker.fetch(PAGE, { headers: { Cookie: `${admin.cookie}; ${cookiesOf(response)}` } });
  expect(page.status).toBe(200);
  return (await page.text()).replaceAll("&#x27;", "'");
}

const settingsRow = () => worker.db.prepare("SELECT * FROM availability_settings").all();
const daysOffRows = () =>
  worker.db
    .prepare("SELECT day, name FROM days_off ORDER BY day")
    .all<{ day: string; name: string }>()
    .then((rows) => rows.results);

describe("booking settings", () => {
  test("before the first save the page shows the defaults; saving stores one row and changes the bookable days at once", async () => {
    const before = (await (await worker.fetch(PAGE, { headers: { Cookie: admin.cookie } })).text()).replaceAll("&#x27;", "'");
    expect(before).toContain("Not saved yet: these are the starting settings.");
    expect(before).toMatch(/<input id="day6" [^>]*checked=""/);
    expect(before).toContain('value="13:00"');
    const defaults = await currentAvailability(db);
    expect(defaults.some((day) => isoWeekday(day.day) === 6)).toBe(true);
    expect(defaults[0]!.windows).toHaveLength(DEFAULT_AVAILABILITY.windows.length);

    // Saturday off; a fourth window, written out of order; three crews; a day's notice; 30 days ahead.
    const saved = await post(settingsForm({ start4: "07:00", end4: "08:30", capacity: "3", minNoticeDays: "1", maxDaysAhead: "30" }));
    const page = await pageAfter(saved);
    expect(page).toContain("Availability saved.");
    expect(page).toContain("Last saved");
    expect(await settingsRow()).toMatchObject({
      results: [
        {
          id: 1,
          working_days: "[1,2,3,4,5]",
          windows: JSON.stringify([
            { start: "07:00", end: "08:30" },
            { start: "09:00", end: "11:00" },
            { start: "11:00", end: "13:00" },
            { start: "13:00", end: "15:00" },
          ]),
          capacity: 3,
          min_notice_days: 1,
          max_days_ahead: 30,
          change_cutoff_hours: 24,
        },
      ],
    });
    const days = await currentAvailability(db);
    const today = todayInJamaica();
    expect(days.every((day) => isoWeekday(day.day) <= 5)).toBe(true);
    expect(days[0]!.day >= plusDays(today, 1)).toBe(true);
    expect(days.at(-1)!.day <= plusDays(today, 30)).toBe(true);
    expect(days[0]!.windows).toEqual([
      { start: "07:00", end: "08:30", left: 3 },
      { start: "09:00", end: "11:00", left: 3 },
      { start: "11:00", end: "13:00", left: 3 },
      { start: "13:00", end: "15:00", left: 3 },
    ]);
    // The page says what customers can book now.
    expect(page).toContain(`Customers can book ${days.length} days now, from ${dayLabel(days[0]!.day)} to ${dayLabel(days.at(-1)!.day)}.`);

    // 'Remove' drops a window; saving again updates the one row.
    const again = await post(settingsForm({ remove2: "on", day6: "on", day7: "on" }));
    expect(again.status).toBe(302);
    const rows = (await settingsRow()).results as Array<{ windows: string; working_days: string }>;
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.windows)).toEqual([
      { start: "09:00", end: "11:00" },
      { start: "13:00", end: "15:00" },
    ]);
    expect(JSON.parse(rows[0]!.working_days)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await currentAvailability(db))[0]!.windows.map((window) => window.start)).toEqual(["09:00", "13:00"]);
  });

  test("bad settings are refused with 400, each message beside its field, and nothing is stored", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ end2: "10:30" }, "A window ends after it starts."],
      [{ start3: "12:00" }, "This window overlaps 11:00 AM-1:00 PM."],
      [{ start4: "10:00", end4: "10:30" }, "This window overlaps 9:00 AM-11:00 AM."],
      [{ capacity: "0" }, "Visits per window must be a whole number from 1 to 50."],
      [{ capacity: "51" }, "Visits per window must be a whole number from 1 to 50."],
      [{ capacity: "two" }, "Visits per window must be a whole number from 1 to 50."],
      [{ capacity: "" }, "Visits per window must be a whole number from 1 to 50."],
      [{ minNoticeDays: "10", maxDaysAhead: "5" }, "Furthest booking must be at least the earliest (10 days ahead)."],
      [{ minNoticeDays: "31" }, "Earliest booking must be a whole number of days from 0 to 30."],
      [{ maxDaysAhead: "0" }, "Furthest booking must be a whole number of days from 1 to 365."],
      [{ maxDaysAhead: "366" }, "Furthest booking must be a whole number of days from 1 to 365."],
      [{ changeCutoffHours: "169" }, "Changes online must end a whole number of hours from 0 to 168 (a week) before the visit."],
      [{ changeCutoffHours: "-1" }, "Changes online must end a whole number of hours from 0 to 168 (a week) before the visit."],
      [{ start1: "25:00" }, "Enter a time as HH:MM, for example 09:00."],
      [{ end1: "" }, "Enter when this window ends."],
      [{ start4: "", end4: "16:00" }, "Enter when this window starts."],
      [{ remove1: "on", remove2: "on", remove3: "on" }, "Add at least one arrival window."],
      [{ day1: "", day2: "", day3: "", day4: "", day5: "" }, "Choose at least one working day."],
      [{ day1: "yes" }, "Please tick or untick the box."],
    ];
    for (const [changes, message] of cases) {
      const response = await post(settingsForm(changes));
      const html = (await response.text()).replaceAll("&#x27;", "'");
      expect(response.status, message).toBe(400);
      expect(html, message).toContain(message);
      // The values come back as sent.
      if (changes.capacity !== undefined && changes.capacity !== "") expect(html).toContain(`value="${changes.capacity}"`);
      expect(await settingsRow(), message).toMatchObject({ results: [] });
    }
    // A field message sits under its field, wired to it.
    const overlap = await (await post(settingsForm({ start3: "12:00" }))).text();
    expect(overlap).toMatch(/<input id="start3" [^>]*aria-invalid="true" aria-describedby="start3-error"/);
    expect(overlap).toContain('<p id="start3-error"');

    // Once saved, a refused form leaves the saved row as it was.
    expect((await post(settingsForm())).status).toBe(302);
    const saved = (await settingsRow()).results;
    expect((await post(settingsForm({ capacity: "0", end1: "08:00" }))).status).toBe(400);
    expect((await settingsRow()).results).toEqual(saved);
  });

  test("bodies the form never sends are refused before the schema, never with a 500", async () => {
    const refused: Array<[RequestInit, string]> = [
      [{ body: new URLSearchParams({ ...settingsForm(), start9: "16:00" }) }, GATE_MESSAGES.unknownField("start9")],
      [{ body: `${new URLSearchParams(settingsForm())}&day1=on` }, GATE_MESSAGES.repeatedField("day1")],
      [{ body: new URLSearchParams({ intent: "unknown" }) }, ""],
      [{ body: "{}", headers: { "Content-Type": "application/json" } }, GATE_MESSAGES.unreadable],
    ];
    for (const [init, message] of refused) {
      const response = await worker.fetch(PAGE, {
        method: "POST",
        redirect: "manual",
        ...init,
        headers: {
          Origin: worker.origin,
          "Content-Type": "application/x-www-form-urlencoded",
          Cookie: admin.cookie,
          ...(init.headers as Record<string, string>),
        },
      });
      expect(response.status).toBe(400);
      if (message) expect((await response.text()).replaceAll("&#x27;", "'").replaceAll("&quot;", '"')).toContain(message);
    }
    expect(await settingsRow()).toMatchObject({ results: [] });
    expect(await daysOffRows()).toEqual([]);
  });
});

describe("days off", () => {
  test("a day off added leaves the bookable days, can be renamed, and is bookable again once removed", async () => {
    // Every day a working day, a day's notice: the first bookable day is tomorrow.
    expect((await post(settingsForm({ day6: "on", day7: "on", minNoticeDays: "1" }))).status).toBe(302);
    const day = plusDays(todayInJamaica(), 1);
    expect((await currentAvailability(db))[0]!.day).toBe(day);

    const page = await pageAfter(await post({ intent: "add-day-off", day, name: "Staff training" }));
    expect(page).toContain(AVAILABILITY_MESSAGES.dayOffAdded);
    expect(page).toContain(dayLabel(day));
    expect(page).toContain("Staff training");
    expect(await daysOffRows()).toEqual([{ day, name: "Staff training" }]);
    expect((await currentAvailability(db)).map((bookable) => bookable.day)).not.toContain(day);

    // Adding the same day again changes its name; so does 'Rename'.
    expect((await post({ intent: "add-day-off", day, name: "Team day" })).status).toBe(302);
    expect(await daysOffRows()).toEqual([{ day, name: "Team day" }]);
    expect(await pageAfter(await post({ intent: "rename-day-off", day, name: "Team outing" }))).toContain("Team outing");
    expect(await daysOffRows()).toEqual([{ day, name: "Team outing" }]);

    expect(await pageAfter(await post({ intent: "remove-day-off", day }))).toContain(AVAILABILITY_MESSAGES.dayOffRemoved);
    expect(await daysOffRows()).toEqual([]);
    expect((await currentAvailability(db))[0]!.day).toBe(day);
    // Gone already: 404 with its sentence.
    const goneCases: Array<Record<string, string>> = [
      { intent: "remove-day-off", day },
      { intent: "rename-day-off", day, name: "Again" },
    ];
    for (const fields of goneCases) {
      const gone = await post(fields);
      expect(gone.status).toBe(404);
      expect(await gone.text()).toContain(AVAILABILITY_MESSAGES.dayOffGone);
    }
    expect(await daysOffRows()).toEqual([]);
  });

  test("a day off in the past, too far ahead, not a date or without a name is refused with 400 and nothing stored", async () => {
    const today = todayInJamaica();
    const cases: Array<[Record<string, string>, string]> = [
      [{ day: plusDays(today, -1), name: "Yesterday" }, "Choose today or a later day."],
      [{ day: plusDays(today, 800), name: "Far" }, "Choose a day within the next 2 years."],
      [{ day: "2027-02-30", name: "No such day" }, "Date must be a date (YYYY-MM-DD)."],
      [{ day: "tomorrow", name: "Soon" }, "Date must be a date (YYYY-MM-DD)."],
      [{ day: plusDays(today, 3), name: "   " }, "Name is required."],
      [{ day: plusDays(today, 3), name: "x".repeat(81) }, "Name must be at most 80 characters."],
    ];
    for (const [fields, message] of cases) {
      const response = await post({ intent: "add-day-off", ...fields });
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(message);
    }
    expect(await daysOffRows()).toEqual([]);
  });
});

describe("Jamaica's public holidays", () => {
  test("'Fill in public holidays' adds those from today to 12 months on, once: twice adds nothing, a renamed one keeps its name", async () => {
    const today = todayInJamaica();
    const expected = PUBLIC_HOLIDAYS.filter((holiday) => holiday.day >= today && holiday.day <= addYear(today));
    expect(expected.length).toBeGreaterThanOrEqual(10);

    const first = await pageAfter(await post({ intent: "fill-holidays" }));
    expect(first).toContain(AVAILABILITY_MESSAGES.holidaysAdded);
    expect(await daysOffRows()).toEqual(expected);
    const christmas = expected.find((holiday) => holiday.name === "Christmas Day")!;
    expect(christmas.day.endsWith("-12-25")).toBe(true);
    expect(first).toContain(dayLabel(christmas.day));
    expect(first).toContain("Christmas Day");
    // Customers cannot book it.
    expect((await currentAvailability(db)).map((day) => day.day)).not.toContain(christmas.day);

    // Renamed, removed, then filled again: the name stays, the removed one is back, nothing doubles.
    const [removed, renamed] = expected;
    expect((await post({ intent: "rename-day-off", day: renamed!.day, name: "Office closed" })).status).toBe(302);
    expect((await post({ intent: "remove-day-off", day: removed!.day })).status).toBe(302);
    expect((await post({ intent: "fill-holidays" })).status).toBe(302);
    const rows = await daysOffRows();
    expect(rows).toHaveLength(expected.length);
    expect(rows.find((row) => row.day === renamed!.day)!.name).toBe("Office closed");
    expect(rows.map((row) => row.day)).toContain(removed!.day);
    const third = await pageAfter(await post({ intent: "fill-holidays" }));
    expect(third).toContain(AVAILABILITY_MESSAGES.holidaysThere);
    expect(await daysOffRows()).toEqual(rows);
  });
});

describe("the daily run keeps the holidays twelve months ahead", () => {
  test("the first run adds the next 12 months; a removed holiday stays removed; a year on, only the new months are added", async () => {
    const today = todayInJamaica();
    const expected = PUBLIC_HOLIDAYS.filter((holiday) => holiday.day >= today && holiday.day <= addYear(today));
    const handler = await worker.mf.getWorker();
    const { outcome } = await handler.scheduled({ scheduledTime: new Date(), cron: "30 13 * * *" });
    expect(outcome).toBe("ok");
    expect(await daysOffRows()).toEqual(expected);
    expect(await worker.db.prepare("SELECT through FROM public_holidays_filled").first()).toEqual({ through: addYear(today) });

    // The staff remove one; the next days' runs do not bring it back.
    const [removed] = expected;
    expect((await post({ intent: "remove-day-off", day: removed!.day })).status).toBe(302);
    expect(await extendPublicHolidays(db, today)).toBe(0);
    expect(await extendPublicHolidays(db, plusDays(today, 1))).toBeLessThanOrEqual(1);
    expect((await daysOffRows()).map((row) => row.day)).not.toContain(removed!.day);

    // A year later: the holidays of the months now in range, and no others.
    const later = addYear(today);
    const added = await extendPublicHolidays(db, later);
    const next = PUBLIC_HOLIDAYS.filter((holiday) => holiday.day > plusDays(today, 1) && holiday.day <= addYear(later));
    expect(added).toBeGreaterThanOrEqual(9);
    expect((await daysOffRows()).filter((row) => row.day > addYear(plusDays(today, 1)))).toEqual(
      next.filter((holiday) => holiday.day > addYear(plusDays(today, 1))),
    );
  });
});

/** The same day a year later (ISO): the end of the twelve months 'Fill in public holidays' covers. */
function addYear(day: string): string {
  const [year, rest] = [Number(day.slice(0, 4)), day.slice(4)];
  return rest === "-02-29" ? `${year + 1}-02-28` : `${year + 1}${rest}`;
}

describe("who may use the availability page", () => {
  test("a visitor is sent to sign in and an account without the admin role is denied, for the page and every form; nothing is stored", async () => {
    const anonymous = await worker.fetch(PAGE, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Favailability");
    const user = await createAdminSession(worker, "user");
    const denied = await worker.fetch(PAGE, { redirect: "manual", headers: { Cookie: user.cookie } });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("Location")).toBe("/");

    const day = plusDays(todayInJamaica(), 3);
    const attempts: Array<Record<string, string>> = [
      settingsForm({ capacity: "9" }),
      { intent: "add-day-off", day, name: "Not allowed" },
      { intent: "fill-holidays" },
      { intent: "remove-day-off", day },
      { intent: "rename-day-off", day, name: "Nope" },
    ];
    for (const fields of attempts) {
      const byUser = await post(fields, user.cookie);
      expect(byUser.status).toBe(302);
      expect(byUser.headers.get("Location")).toBe("/");
      const byVisitor = await post(fields, null);
      expect(byVisitor.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin%2Favailability");
    }
    expect(await settingsRow()).toMatchObject({ results: [] });
    expect(await daysOffRows()).toEqual([]);
    // A post from another site is refused before anything reads it.
    const cross = await worker.fetch(PAGE, {
      method: "POST",
      body: new URLSearchParams({ intent: "fill-holidays" }),
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded", Cookie: admin.cookie },
    });
    expect(cross.status).toBe(403);
    expect(await daysOffRows()).toEqual([]);
  });

  test("'Availability' is under 'More', in the Settings group", async () => {
    const page = await (await worker.fetch("/admin/quotes", { headers: { Cookie: admin.cookie } })).text();
    expect(page).toMatch(/<a [^>]*href="\/admin\/availability"[^>]*>Availability<\/a>/);
  });
});
