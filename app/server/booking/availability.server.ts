/**
 * The staff's availability (docs/product.md §10 "Availability"), its statements: the one row of
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
import { eq, gte } from "drizzle-orm";
import { PUBLIC_HOLIDAYS } from "~/content/public-holidays";
import type { AvailabilitySettings } from "~/domain/booking";
import { availabilitySettings, daysOff } from "../../../drizzle/schema";
import type { Database } from "../platform/db.server";

/** A day off: its ISO date (Jamaica) and its name. */
export interface DayOff {
  day: string;
  name: string;
}

/** The settings row's one id (its CHECK allows no other). */
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
 * Adds Jamaica's public holidays from `today` (ISO, Jamaica) to twelve months on to the days
 * off, with their names: `INSERT … ON CONFLICT DO NOTHING`, so a day off already there (a
 * holiday renamed, a day the staff added) is left as it is and running it twice adds nothing
 * the second time. Out: how many days were added.
 */
export async function fillPublicHolidays(db: Database, today: string, now = new Date()): Promise<number> {
  const until = holidaysUntil(today);
  const holidays = PUBLIC_HOLIDAYS.filter((holiday) => holiday.day >= today && holiday.day <= until);
  if (holidays.length === 0) return 0;
  const statements = [];
  for (let i = 0; i < holidays.length; i += ROWS_PER_INSERT) {
    const rows = holidays.slice(i, i + ROWS_PER_INSERT).map((holiday) => ({ ...holiday, createdAt: now }));
    statements.push(db.insert(daysOff).values(rows).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  const results = await db.batch([first!, ...rest]);
  return results.reduce((added, result) => added + result.meta.changes, 0);
}
