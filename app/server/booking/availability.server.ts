/**
 * The staff's availability (docs/product.md §11 "Availability"), its statements: the one row of
 * settings (id 1; before its first save the defaults of app/domain/booking.ts apply, read by
 * visits.server.ts `readAvailabilitySettings`) and the days off, including Jamaica's public
 * holidays of the next 12 months from app/content/public-holidays.ts (generated from the
 * date-holidays library by scripts/public-holidays.ts). The requests that change them are in
 * availability-routes.server.ts.
 *
 * Bookings read these on every request (visits.server.ts), so a change applies to the next
 * booking; visits already booked keep their day and window. Functions take the request's
 * Drizzle client first and throw what D1 threw.
 */
import { addMonths, format, parseISO } from "date-fns";
import { eq, gte, sql } from "drizzle-orm";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import { plusDays, type AvailabilitySettings } from "~/domain/booking";
import { availabilitySettings, daysOff, publicHolidaysFilled } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";

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
