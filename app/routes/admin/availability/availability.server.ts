/**
 * The server side of /admin/availability (docs/product.md §11 "Availability"): admins only
 * (`requireAdmin` in the loader and the action, like the team and template pages). The loader
 * shows the settings (or the defaults before the first save), what customers can book with them
 * now, and the days off ahead; the action saves the settings or changes the days off, through the
 * input gate and the forms' schema (app/forms/availability.ts, which the crews' form shares).
 * Statements: app/server/booking (availability.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { dayLabel } from "~/domain/booking";
import { formatAdminDateTime, todayInJamaica } from "~/domain/dates";
import { openingHours } from "~/domain/site-content";
import { AVAILABILITY_MESSAGES } from "~/domain/texts/staff-messages";
import { availabilityFormSchema, settingsFromForm } from "~/forms/availability";
import { refusal } from "~/forms/result";
import { commitNotice, type NoticeKey } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import {
  addDayOff,
  currentAvailability,
  fillPublicHolidays,
  holidaysUntil,
  listCrews,
  readAvailabilitySettings,
  removeDayOff,
  renameDayOff,
  saveAvailabilitySettings,
  settingsSavedAt,
  upcomingDaysOff,
} from "~/server/booking";
import { readQuoteFollowUpDays, saveQuoteFollowUpDays } from "~/server/lifecycle";
import { logFailure } from "~/server/platform";

const PAGE = "/admin/availability";

/**
 * The loader of /admin/availability: admins only. Out: the settings as they apply now, the
 * days before a quote's reminder (0: off), what 'Visits per window' comes to with the crews
 * (`crewPlaces`), and when they were saved ('MMM dd, yyyy HH:mm', Jamaica; null while the defaults apply); the bookable
 * days they give today (how many, the first and the last, as customers read them); the days off
 * from today on with their labels; today (the date field's minimum) and the last day 'Fill in
 * public holidays' reaches.
 */
export async function availabilityPageLoader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const now = new Date();
  const today = todayInJamaica(now);
  const [settings, savedAt, bookable, daysOff, content, quoteFollowUpDays, crews] = await Promise.all([
    readAvailabilitySettings(context.db),
    settingsSavedAt(context.db),
    currentAvailability(context.db, now),
    upcomingDaysOff(context.db, today),
    context.siteContent(),
    readQuoteFollowUpDays(context.db),
    listCrews(context.db),
  ]);
  const first = bookable[0];
  const last = bookable.at(-1);
  return {
    settings,
    savedAt: savedAt ? formatAdminDateTime(savedAt.getTime()) : null,
    bookable: first && last ? { days: bookable.length, first: dayLabel(first.day), last: dayLabel(last.day) } : null,
    daysOff: daysOff.map((dayOff) => ({ ...dayOff, label: dayLabel(dayOff.day) })),
    today,
    holidaysUntil: dayLabel(holidaysUntil(today)),
    quoteFollowUpDays,
    crewPlaces: crewPlaces(settings.workingDays, crews),
    // The site's opening hours in one line, as a reminder beside the windows.
    openingHours: openingHours(content.business.hours)
      .map((hours) => `${hours.days}: ${hours.label}`)
      .join("; "),
  };
}

/** The ISO weekdays' names, Monday (1) first. */
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * What 'Visits per window' comes to once crews exist (app/domain/booking.ts `crewCapacity`):
 * the crews set up, how many are active, and the visits each window of a working day takes (one
 * per active crew working that weekday; 0: the day cannot be booked). Null while no crew is set
 * up: the settings' figure applies.
 */
function crewPlaces(workingDays: readonly number[], crews: ReadonlyArray<{ workingDays: readonly number[]; active: boolean }>) {
  if (crews.length === 0) return null;
  const active = crews.filter((crew) => crew.active);
  return {
    crews: crews.length,
    active: active.length,
    days: workingDays.map((day) => ({
      day: WEEKDAY_NAMES[day - 1] ?? String(day),
      places: active.filter((crew) => crew.workingDays.includes(day)).length,
    })),
  };
}

/**
 * POST on /admin/availability: 'Save availability' (intent "save"), 'Add day off', 'Rename',
 * 'Remove' and 'Fill in public holidays'. Answers a redirect to the page with a notice, or the
 * form's result (app/forms/result.ts): 400 with the fields' messages and the values as sent,
 * nothing stored; 404 for a day off that is gone; 503 when D1 fails. Not an admin: the redirect
 * of `requireAdmin`, before the body is read.
 */
export async function availabilityPageAction({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context.db, request, context.cloudflare.env);
  const form = await readSmallForm(request, formContract(availabilityFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: availabilityFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const done = async (notice: NoticeKey) => redirect(PAGE, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  try {
    switch (value.intent) {
      case "save":
        await saveAvailabilitySettings(context.db, settingsFromForm(value));
        // After the upsert, so the row is there.
        if (value.quoteFollowUpDays !== undefined) await saveQuoteFollowUpDays(context.db, value.quoteFollowUpDays);
        return await done("availabilitySaved");
      case "add-day-off":
        await addDayOff(context.db, { day: value.day, name: value.name });
        return await done("dayOffAdded");
      case "rename-day-off":
        if (!(await renameDayOff(context.db, value.day, value.name))) break;
        return await done("dayOffRenamed");
      case "remove-day-off":
        if (!(await removeDayOff(context.db, value.day))) break;
        return await done("dayOffRemoved");
      case "fill-holidays":
        return await done((await fillPublicHolidays(context.db, todayInJamaica())) > 0 ? "holidaysAdded" : "holidaysThere");
    }
    return data(submission.reply({ formErrors: [AVAILABILITY_MESSAGES.dayOffGone] }), { status: 404 });
  } catch (error) {
    logFailure("availability_change_failed", error);
    return data(submission.reply({ formErrors: [AVAILABILITY_MESSAGES.failed] }), { status: 503 });
  }
}
