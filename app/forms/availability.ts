/**
 * The forms of /admin/availability (docs/product.md §11 "Availability"): the booking settings
 * (working days, arrival windows, visits per window, the earliest and furthest bookable day, the
 * change cut-off, the days before a quote not accepted is followed up) and the days off (add, rename, remove, fill in Jamaica's public holidays).
 * Every form posts to the same page and names what it does in `intent`.
 *
 * The settings form has flat field names, since the input gate takes each name once
 * (docs/architecture.md §4.1): `day1` … `day7` are the ISO weekdays' checkboxes ("on" when
 * ticked); `start1`/`end1` … `start8`/`end8` the rows of arrival windows ("HH:MM", Jamaica
 * time; a row left empty is no window), with `remove1` … `remove8` ticked to drop a row. The
 * rules across fields (a window ends after it starts, windows do not overlap, the furthest day
 * is not before the earliest) put their message under the field to change; "workingDays" and
 * "windows" carry the messages of the whole group.
 */
import { z } from "./zod";
import { isoDateSchema, requiredText } from "./fields";
import { plusDays, windowLabel, type ArrivalWindow, type AvailabilitySettings } from "~/domain/booking";
import { todayInJamaica } from "~/domain/dates";
import { AVAILABILITY_LIMITS } from "~/domain/limits";

/** The ISO weekdays, Monday (1) to Sunday (7). */
const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The checkboxes `day1` (Monday) … `day7` (Sunday) of a form that picks working days (this page's, a crew's). */
export const weekdayCheckboxes = () =>
  Object.fromEntries(ISO_WEEKDAYS.map((day) => [`day${day}`, checkbox])) as Record<`day${(typeof ISO_WEEKDAYS)[number]}`, typeof checkbox>;

/** The ISO weekdays a form's `day1` … `day7` ticked, in order. */
export const tickedWeekdays = (value: object): number[] =>
  ISO_WEEKDAYS.filter((day) => (value as Record<string, unknown>)[`day${day}`] === "on");

/** The rows of arrival windows the form has: 1 to AVAILABILITY_LIMITS.maxWindows. */
const WINDOW_ROWS = Array.from({ length: AVAILABILITY_LIMITS.maxWindows }, (_, i) => i + 1);

const checkbox = z.literal("on", { error: "Please tick or untick the box." }).optional();

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTime = (value: unknown): value is string => typeof value === "string" && TIME.test(value);

const time = z
  .string()
  .trim()
  .refine((value) => value === "" || isTime(value), { error: "Enter a time as HH:MM, for example 09:00." })
  .optional();

/** A whole number from `min` to `max`, typed in a number field; `message` says so in the field's words. */
function wholeNumber(min: number, max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,4}$/, { error: message })
    .transform(Number)
    .pipe(z.number().min(min, { error: message }).max(max, { error: message }));
}

const { capacity, minNoticeDays, maxDaysAhead, changeCutoffHours, quoteFollowUpDays } = AVAILABILITY_LIMITS;

const settingsShape = {
  intent: z.literal("save"),
  ...weekdayCheckboxes(),
  ...(Object.fromEntries(WINDOW_ROWS.flatMap((row) => [`start${row}`, `end${row}`].map((name) => [name, time]))) as Record<
    `start${number}` | `end${number}`,
    typeof time
  >),
  ...(Object.fromEntries(WINDOW_ROWS.map((row) => [`remove${row}`, checkbox])) as Record<`remove${number}`, typeof checkbox>),
  capacity: wholeNumber(capacity.min, capacity.max, `Visits per window must be a whole number from ${capacity.min} to ${capacity.max}.`),
  minNoticeDays: wholeNumber(
    minNoticeDays.min,
    minNoticeDays.max,
    `Earliest booking must be a whole number of days from ${minNoticeDays.min} to ${minNoticeDays.max}.`,
  ),
  maxDaysAhead: wholeNumber(
    maxDaysAhead.min,
    maxDaysAhead.max,
    `Furthest booking must be a whole number of days from ${maxDaysAhead.min} to ${maxDaysAhead.max}.`,
  ),
  changeCutoffHours: wholeNumber(
    changeCutoffHours.min,
    changeCutoffHours.max,
    `Changes online must end a whole number of hours from ${changeCutoffHours.min} to ${changeCutoffHours.max} (a week) before the visit.`,
  ),
  /** Days after a quote before its one reminder (0: none); a form without the field leaves the setting as it is. */
  quoteFollowUpDays: wholeNumber(
    quoteFollowUpDays.min,
    quoteFollowUpDays.max,
    `The reminder must come after a whole number of days from ${quoteFollowUpDays.min} (no reminder) to ${quoteFollowUpDays.max}.`,
  ).optional(),
};

type SettingsFields = Record<string, string | number | undefined>;

/** An arrival window and the form's row it came from. */
type WindowRow = ArrivalWindow & { row: number };

/** The rows that are windows: both times given and `remove` not ticked, in the order of their start. */
function windowRows(value: SettingsFields): WindowRow[] {
  return WINDOW_ROWS.filter((row) => value[`remove${row}`] !== "on" && value[`start${row}`] && value[`end${row}`])
    .map((row) => ({ row, start: String(value[`start${row}`]), end: String(value[`end${row}`]) }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

const settingsSchema = z.object(settingsShape).superRefine((value, ctx) => {
  const fields = value as unknown as SettingsFields;
  const problem = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (tickedWeekdays(fields).length === 0) problem("workingDays", "Choose at least one working day.");
  for (const row of WINDOW_ROWS) {
    if (fields[`remove${row}`] === "on") continue;
    const start = fields[`start${row}`];
    const end = fields[`end${row}`];
    if (start && !end) problem(`end${row}`, "Enter when this window ends.");
    else if (end && !start) problem(`start${row}`, "Enter when this window starts.");
    else if (isTime(start) && isTime(end) && end <= start) problem(`end${row}`, "A window ends after it starts.");
  }
  // Overlaps are judged among the windows that are right on their own.
  const windows = windowRows(fields).filter((window) => isTime(window.start) && isTime(window.end) && window.end > window.start);
  if (windows.length === 0) problem("windows", "Add at least one arrival window.");
  windows.forEach((window, i) => {
    const before = windows[i - 1];
    if (before && window.start < before.end) problem(`start${window.row}`, `This window overlaps ${windowLabel(before)}.`);
  });
  // Both figures valid (this check runs even when a field has its own message).
  if (Number.isInteger(value.maxDaysAhead) && Number.isInteger(value.minNoticeDays) && value.maxDaysAhead < value.minNoticeDays) {
    problem("maxDaysAhead", `Furthest booking must be at least the earliest (${value.minNoticeDays} days ahead).`);
  }
});

/** The settings form's values once valid. */
export type SettingsInput = z.output<typeof settingsSchema>;

/** The settings a valid settings form describes: the weekdays ticked, the windows in order, the figures. */
export function settingsFromForm(value: SettingsInput): AvailabilitySettings {
  const fields = value as unknown as SettingsFields;
  return {
    workingDays: tickedWeekdays(fields),
    windows: windowRows(fields).map(({ start, end }) => ({ start, end })),
    capacity: value.capacity,
    minNoticeDays: value.minNoticeDays,
    maxDaysAhead: value.maxDaysAhead,
    changeCutoffHours: value.changeCutoffHours,
  };
}

const dayOffName = requiredText("Name", AVAILABILITY_LIMITS.dayOffName);

/** 'Add day off': a day from today (Jamaica) to AVAILABILITY_LIMITS.dayOffYearsAhead years ahead, and its name. */
const addDayOffSchema = z.object({
  intent: z.literal("add-day-off"),
  day: isoDateSchema
    .refine((value) => value >= todayInJamaica(), { error: "Choose today or a later day." })
    .refine((value) => value <= plusDays(todayInJamaica(), AVAILABILITY_LIMITS.dayOffYearsAhead * 366), {
      error: `Choose a day within the next ${AVAILABILITY_LIMITS.dayOffYearsAhead} years.`,
    }),
  name: dayOffName,
});

/** 'Rename' a day off in the list. */
const renameDayOffSchema = z.object({ intent: z.literal("rename-day-off"), day: isoDateSchema, name: dayOffName });

/** 'Remove' a day off, or 'Fill in public holidays' (Jamaica's, for the next 12 months). */
const removeDayOffSchema = z.object({ intent: z.literal("remove-day-off"), day: isoDateSchema });
const fillHolidaysSchema = z.object({ intent: z.literal("fill-holidays") });

/** Every form of /admin/availability, told apart by `intent` (also the input gate's contract). */
export const availabilityFormSchema = z.discriminatedUnion("intent", [
  settingsSchema,
  addDayOffSchema,
  renameDayOffSchema,
  removeDayOffSchema,
  fillHolidaysSchema,
]);
