/**
 * The staff's availability (docs/product.md §11 "Availability"), every read and statement of it:
 * the one row of settings (id 1; before its first save the defaults of app/domain/booking.ts
 * apply, `readAvailabilitySettings`), the days off, including Jamaica's public holidays of the
 * next 12 months from app/content/public-holidays.ts (generated from the date-holidays library
 * by scripts/public-holidays.ts), and what a customer can book now (`currentAvailability`: the
 * days and the places left in each window). The page that changes them is
 * app/routes/admin/availability/.
 *
 * Bookings read these on every request (visits.server.ts), so a change applies to the next
 * booking; visits already booked keep their day and window. Functions take the request's
 * Drizzle client first and throw what D1 threw.
 */
import { addMonths, format, parseISO } from "date-fns";
import { and, count, eq, gte, lte, sql } from "drizzle-orm";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import {
  availableDays,
  countByWindow,
  DEFAULT_AVAILABILITY,
  plusDays,
  type ArrivalWindow,
  type AvailabilitySettings,
  type DayAvailability,
} from "~/domain/booking";
import { timeInJamaica, todayInJamaica } from "~/domain/dates";
import type { Database } from "~/server/platform";
import { availabilitySettings, daysOff, publicHolidaysFilled, visits } from "../../../drizzle/schema";
import { readCapacity } from "./crews.server";

/** A day off: its ISO date (Jamaica) and its name. */
export interface DayOff {
  day: string;
  name: string;
}

/** The one id of the settings row and of the holidays' mark (their CHECKs allow no other). */
const SETTINGS_ID = 1;

/** How far ahead 'Fill in public holidays' reaches. */
const HOLIDAY_MONTHS = 12;

/** The days off a statement inserts at most: 3 bound values a row, under D1's 100 a statement. */
const ROWS_PER_INSERT = 30;

/** When the settings were last saved, or null while the defaults apply. */
export async function settingsSavedAt(db: Database): Promise<Date | null> {
  const row = await db.select({ updatedAt: availabilitySettings.updatedAt }).from(availabilitySettings).get();
  return row?.updatedAt ?? null;
}

/**
 * Saves the settings: one upsert of the row with id 1 (the first save inserts it). In: settings
 * already checked by the form's schema (app/forms/availability.ts); the row's CHECK refuses a
 * capacity outside 1 to 50 anyway.
 */
export async function saveAvailabilitySettings(db: Database, settings: AvailabilitySettings, now = new Date()): Promise<void> {
  const values = {
    workingDays: settings.workingDays,
    windows: settings.windows,
    capacity: settings.capacity,
    minNoticeDays: settings.minNoticeDays,
    maxDaysAhead: settings.maxDaysAhead,
    changeCutoffHours: settings.changeCutoffHours,
    updatedAt: now,
  };
  await db
    .insert(availabilitySettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: availabilitySettings.id, set: values });
}

/** The days off from `from` (ISO, Jamaica) on, in date order, with their names. */
export function upcomingDaysOff(db: Database, from: string): Promise<DayOff[]> {
  return db.select({ day: daysOff.day, name: daysOff.name }).from(daysOff).where(gte(daysOff.day, from)).orderBy(daysOff.day);
}

/** Makes `day` (ISO) a day off named `name`; a day that is off already takes the new name. */
export async function addDayOff(db: Database, input: DayOff, now = new Date()): Promise<void> {
  await db
    .insert(daysOff)
    .values({ day: input.day, name: input.name, createdAt: now })
    .onConflictDoUpdate({ target: daysOff.day, set: { name: input.name } });
}

/** Renames the day off `day`. Out: false when it is not a day off (any more). */
export async function renameDayOff(db: Database, day: string, name: string): Promise<boolean> {
  const result = await db.update(daysOff).set({ name }).where(eq(daysOff.day, day));
  return result.meta.changes === 1;
}

/** Removes the day off `day`, so it can be booked again. Out: false when it was not a day off. */
export async function removeDayOff(db: Database, day: string): Promise<boolean> {
  const result = await db.delete(daysOff).where(eq(daysOff.day, day));
  return result.meta.changes === 1;
}

/** The last day 'Fill in public holidays' reaches from `today` (ISO): twelve months on. */
export function holidaysUntil(today: string): string {
  return format(addMonths(parseISO(today), HOLIDAY_MONTHS), "yyyy-MM-dd");
}

/**
 * Adds Jamaica's public holidays from `from` to `until` (ISO, inclusive) to the days off, with
 * their names, `INSERT … ON CONFLICT DO NOTHING` (a day off already there keeps its name), and
 * marks the holidays filled through `until`, all in one batch. Out: how many days were added.
 */
async function addPublicHolidays(db: Database, from: string, until: string, now: Date): Promise<number> {
  const holidays = PUBLIC_HOLIDAYS.filter((holiday) => holiday.day >= from && holiday.day <= until);
  const statements = [];
  for (let i = 0; i < holidays.length; i += ROWS_PER_INSERT) {
    const rows = holidays.slice(i, i + ROWS_PER_INSERT).map((holiday) => ({ ...holiday, createdAt: now }));
    statements.push(db.insert(daysOff).values(rows).onConflictDoNothing());
  }
  const mark = db
    .insert(publicHolidaysFilled)
    .values({ id: SETTINGS_ID, through: until, updatedAt: now })
    .onConflictDoUpdate({
      target: publicHolidaysFilled.id,
      set: { through: sql`max(${publicHolidaysFilled.through}, excluded.through)`, updatedAt: now },
    });
  const results = await db.batch([mark, ...statements]);
  return results.slice(1).reduce((added, result) => added + result.meta.changes, 0);
}

/**
 * 'Fill in public holidays': adds Jamaica's public holidays from `today` (ISO, Jamaica) to twelve
 * months on, so a holiday the staff removed comes back; a day off already there is left as it
 * is, and running it twice adds nothing the second time. Out: how many days were added.
 */
export function fillPublicHolidays(db: Database, today: string, now = new Date()): Promise<number> {
  return addPublicHolidays(db, today, holidaysUntil(today), now);
}

/**
 * The daily cron's part (server.ts `scheduled`): keeps the days off filled with Jamaica's public
 * holidays twelve months ahead. It adds only those after the last day filled before (from
 * `today` the first time), so the holidays are there from the first run after a deploy, and a
 * holiday the staff removed stays removed. Out: how many days were added.
 */
export async function extendPublicHolidays(db: Database, today: string, now = new Date()): Promise<number> {
  const filled = await db.select({ through: publicHolidaysFilled.through }).from(publicHolidaysFilled).get();
  const from = filled && filled.through >= today ? plusDays(filled.through, 1) : today;
  const until = holidaysUntil(today);
  return from > until ? 0 : addPublicHolidays(db, from, until, now);
}

/** The staff's settings, or the defaults before they first save them. */
export async function readAvailabilitySettings(db: Database): Promise<AvailabilitySettings> {
  return settingsOf(await db.select().from(availabilitySettings).get());
}

/** The settings a row of `availability_settings` holds (read in a caller's batch), or the defaults when there is none. */
export function settingsOf(row: typeof availabilitySettings.$inferSelect | undefined): AvailabilitySettings {
  if (!row) return DEFAULT_AVAILABILITY;
  const { workingDays, windows, capacity, minNoticeDays, maxDaysAhead, changeCutoffHours } = row;
  return { workingDays, windows, capacity, minNoticeDays, maxDaysAhead, changeCutoffHours };
}

/** The days off from `from` to `to` (ISO, inclusive). */
export async function readDaysOff(db: Database, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ day: daysOff.day })
    .from(daysOff)
    .where(and(gte(daysOff.day, from), lte(daysOff.day, to)));
  return new Set(rows.map((row) => row.day));
}

/** The scheduled visits from `from` to `to` (ISO, inclusive) each window of `windows` holds, keyed by slotKey (`countByWindow`). */
async function bookedCounts(db: Database, windows: readonly ArrivalWindow[], from: string, to: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ day: visits.day, start: visits.windowStart, end: visits.windowEnd, n: count() })
    .from(visits)
    .where(and(eq(visits.status, "scheduled"), gte(visits.day, from), lte(visits.day, to)))
    .groupBy(visits.day, visits.windowStart, visits.windowEnd);
  return countByWindow(windows, rows);
}

/**
 * What a customer can book now: the bookable days (app/domain/booking.ts `availableDays`) from
 * the first the settings allow, or from `from` (a preferred date) when later, with the places
 * left in each window. Reads the days off and the booked counts of the range side by side, and
 * the settings first unless `known` (already read, as the status page's lookup does).
 */
export async function currentAvailability(
  db: Database,
  now = new Date(),
  from?: string,
  known?: AvailabilitySettings,
): Promise<DayAvailability[]> {
  const settings = known ?? (await readAvailabilitySettings(db));
  const today = todayInJamaica(now);
  const last = plusDays(today, settings.maxDaysAhead);
  const [off, booked, capacity] = await Promise.all([
    readDaysOff(db, today, last),
    bookedCounts(db, settings.windows, today, last),
    readCapacity(db, settings),
  ]);
  return availableDays(settings, off, booked, today, timeInJamaica(now), from, capacity);
}
