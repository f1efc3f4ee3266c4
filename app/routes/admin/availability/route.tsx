/**
 * /admin/availability (docs/product.md §11 "Availability"): when customers can book a visit
 * online. 'Booking settings': the working days, the arrival windows (Jamaica time; a new row to
 * add one, 'Remove' to drop one), the visits each window takes (explained by the crews once
 * crews exist), the earliest and the furthest bookable day, how long before a visit changes can
 * be made online, and after how many days a quote not accepted is followed up (0: never).
 * 'Days off': the days
 * nobody can book, with 'Add day off', 'Rename', 'Remove' and 'Fill in public holidays'
 * (Jamaica's, for the next 12 months). Every form is a plain POST to this page, so it works
 * without JavaScript.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AdminCheckbox, AdminInput, Button, Card, Disclosure, PageHeader, PostButton, SectionTitle, useBusy } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import type { AvailabilitySettings } from "~/domain/booking";
import { AVAILABILITY_LIMITS } from "~/domain/limits";
import { readResult, type FormResult, type ReadResult } from "~/forms/result";
import { availabilityPageAction, availabilityPageLoader } from "./availability.server";

export const loader = (args: LoaderFunctionArgs) => availabilityPageLoader(args);
export const action = (args: ActionFunctionArgs) => availabilityPageAction(args);

/** The working days' checkboxes, `day1` (Monday) to `day7` (Sunday): ISO weekdays, as app/forms/availability.ts reads them. */
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"].map((name, i) => ({ day: i + 1, name }));

/** The rows of arrival windows, `start1`/`end1` to the most the form takes. */
const WINDOW_ROWS = Array.from({ length: AVAILABILITY_LIMITS.maxWindows }, (_, i) => i + 1);

export default function AvailabilityPage() {
  const { settings, savedAt, bookable, daysOff, today, holidaysUntil, openingHours, quoteFollowUpDays, crewPlaces } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const { error } = readResult(actionData);
  return (
    <section aria-labelledby="availability-heading" className="space-y-8">
      <PageHeader
        id="availability-heading"
        title="Availability"
        lead="When customers can book a visit online: the days and arrival windows, how many visits each window takes, and the days nobody can book. Times are Jamaica time."
      />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800" data-testid="bookable-days">
        {bookable
          ? `Customers can book ${bookable.days} ${bookable.days === 1 ? "day" : "days"} now, from ${bookable.first} to ${bookable.last}.`
          : "With these settings no day can be booked now."}
      </p>
      <SettingsForm
        settings={settings}
        savedAt={savedAt}
        openingHours={openingHours}
        quoteFollowUpDays={quoteFollowUpDays}
        crewPlaces={crewPlaces}
        actionData={actionData}
      />
      <DaysOff daysOff={daysOff} today={today} holidaysUntil={holidaysUntil} actionData={actionData} />
    </section>
  );
}

type CrewPlaces = {
  crews: number;
  active: number;
  days: Array<{ day: string; places: number }>;
} | null;

/**
 * The hint of 'Visits per window': how the figure relates to the crews (app/domain/booking.ts
 * `crewCapacity`). With no crew it is the visits each window takes; once a crew exists it is not
 * used: each window takes one visit per active crew working that day, listed per working day.
 */
function capacityHint(crewPlaces: CrewPlaces): string {
  if (!crewPlaces)
    return "Each window takes this many visits while no crew is set up. Once you add crews (the Crews page), the crews decide instead.";
  const perDay = crewPlaces.days.map(({ day, places }) => `${day} ${places}`).join(", ");
  return `Not used while crews are set up (${crewPlaces.crews} on the Crews page, ${crewPlaces.active} active): each window takes one visit per active crew working that day, so now ${perDay}. A working day no active crew works cannot be booked.`;
}

/** The rows of arrival windows to draw: the windows (as saved, or as sent in a refused form) and one empty row to add one. */
function windowRows(settings: AvailabilitySettings, sent: ReadResult | null) {
  if (sent) {
    const filled = WINDOW_ROWS.filter((row) => sent.value(`start${row}`) || sent.value(`end${row}`));
    const count = Math.min(AVAILABILITY_LIMITS.maxWindows, Math.max(0, ...filled) + 1);
    return WINDOW_ROWS.slice(0, count).map((row) => ({
      row,
      start: sent.value(`start${row}`) ?? "",
      end: sent.value(`end${row}`) ?? "",
      remove: sent.value(`remove${row}`) === "on",
    }));
  }
  const rows = settings.windows.map((window, i) => ({ row: i + 1, ...window, remove: false }));
  if (rows.length < AVAILABILITY_LIMITS.maxWindows) rows.push({ row: rows.length + 1, start: "", end: "", remove: false });
  return rows;
}

/** 'Booking settings': one form, saved whole; after a refusal, the values as sent with each field's message. */
function SettingsForm({
  settings,
  savedAt,
  openingHours,
  quoteFollowUpDays,
  crewPlaces,
  actionData,
}: {
  settings: AvailabilitySettings;
  savedAt: string | null;
  /** The site's opening hours in one line (the business facts), as a reminder beside the windows. */
  openingHours: string;
  /** Days after a quote before its one reminder (0: off). */
  quoteFollowUpDays: number;
  /** What 'Visits per window' comes to with the crews (availability.server.ts `crewPlaces`), or null with none. */
  crewPlaces: CrewPlaces;
  actionData: FormResult | undefined;
}) {
  const busy = useBusy();
  const result = readResult(actionData, { intent: "save" });
  const sent = result.value("intent") === "save" ? result : null;
  const { error } = result;
  const figure = (name: keyof AvailabilitySettings) => sent?.value(name) ?? String(settings[name]);
  const rows = windowRows(settings, sent);
  const groupError = (name: string, id: string) =>
    error(name) ? (
      <p id={id} className="text-sm font-medium text-red-700">
        {error(name)}
      </p>
    ) : null;
  return (
    <Card title="Booking settings" titleId="booking-settings">
      <p className="-mt-2 mb-4 text-sm text-slate-600" data-testid="settings-saved">
        {savedAt ? `Last saved ${savedAt}.` : "Not saved yet: these are the starting settings."}
      </p>
      {/* Drawn anew from the settings once a save changed them. */}
      <Form method="post" preventScrollReset className="space-y-6" key={JSON.stringify(settings)}>
        <input type="hidden" name="intent" value="save" />
        <fieldset className="space-y-2" aria-describedby={error("workingDays") ? "working-days-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Working days</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
            {WEEKDAYS.map(({ day, name }) => (
              <AdminCheckbox
                key={day}
                id={`day${day}`}
                name={`day${day}`}
                label={name}
                defaultChecked={sent ? sent.value(`day${day}`) === "on" : settings.workingDays.includes(day)}
              />
            ))}
          </div>
          {groupError("workingDays", "working-days-error")}
        </fieldset>

        <fieldset className="space-y-3" aria-describedby={`windows-hint${error("windows") ? " windows-error" : ""}`}>
          <legend className="text-sm font-semibold text-slate-900">Arrival windows</legend>
          <p id="windows-hint" className="text-xs text-slate-600">
            {`When a crew arrives, Jamaica time; at most ${AVAILABILITY_LIMITS.maxWindows}, none overlapping. Fill in the empty row to add a window; tick 'Remove' to drop one. Visits already booked keep their time. Opening hours: ${openingHours}.`}
          </p>
          <ol className="grid gap-3 lg:grid-cols-2">
            {rows.map((row) => (
              <li key={row.row}>
                <fieldset className="grid grid-cols-2 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto]">
                  <legend className="px-1 text-xs font-semibold text-slate-700">
                    {row.start || row.end || row.row <= settings.windows.length ? `Window ${row.row}` : "New window"}
                  </legend>
                  <AdminInput
                    id={`start${row.row}`}
                    name={`start${row.row}`}
                    label="Starts"
                    type="time"
                    defaultValue={row.start}
                    error={error(`start${row.row}`)}
                  />
                  <AdminInput
                    id={`end${row.row}`}
                    name={`end${row.row}`}
                    label="Ends"
                    type="time"
                    defaultValue={row.end}
                    error={error(`end${row.row}`)}
                  />
                  {row.start || row.end ? (
                    <div className="col-span-2 sm:col-span-1 sm:pt-8">
                      <AdminCheckbox
                        id={`remove${row.row}`}
                        name={`remove${row.row}`}
                        label={
                          <>
                            Remove<span className="sr-only"> window {row.row}</span>
                          </>
                        }
                        defaultChecked={row.remove}
                      />
                    </div>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ol>
          {groupError("windows", "windows-error")}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <AdminInput
            id="capacity"
            name="capacity"
            label="Visits per window"
            hint={capacityHint(crewPlaces)}
            type="number"
            inputMode="numeric"
            required
            min={AVAILABILITY_LIMITS.capacity.min}
            max={AVAILABILITY_LIMITS.capacity.max}
            defaultValue={figure("capacity")}
            error={error("capacity")}
          />
          <AdminInput
            id="changeCutoffHours"
            name="changeCutoffHours"
            label="Online changes until (hours before)"
            hint="Customers can cancel online until this many hours before their window; after that they call."
            type="number"
            inputMode="numeric"
            required
            min={AVAILABILITY_LIMITS.changeCutoffHours.min}
            max={AVAILABILITY_LIMITS.changeCutoffHours.max}
            defaultValue={figure("changeCutoffHours")}
            error={error("changeCutoffHours")}
          />
          <AdminInput
            id="minNoticeDays"
            name="minNoticeDays"
            label="Earliest booking (days from today)"
            hint="0: today, for windows not begun yet; 2: the day after tomorrow."
            type="number"
            inputMode="numeric"
            required
            min={AVAILABILITY_LIMITS.minNoticeDays.min}
            max={AVAILABILITY_LIMITS.minNoticeDays.max}
            defaultValue={figure("minNoticeDays")}
            error={error("minNoticeDays")}
          />
          <AdminInput
            id="maxDaysAhead"
            name="maxDaysAhead"
            label="Furthest booking (days ahead)"
            hint="How far ahead customers can book."
            type="number"
            inputMode="numeric"
            required
            min={AVAILABILITY_LIMITS.maxDaysAhead.min}
            max={AVAILABILITY_LIMITS.maxDaysAhead.max}
            defaultValue={figure("maxDaysAhead")}
            error={error("maxDaysAhead")}
          />
          <AdminInput
            id="quoteFollowUpDays"
            name="quoteFollowUpDays"
            label="Remind the customer about a quote not accepted after (days)"
            hint="One e-mail with the booking link, this many days after the quote was sent, if it is not booked and has not expired. 0: no reminders."
            type="number"
            inputMode="numeric"
            required
            min={AVAILABILITY_LIMITS.quoteFollowUpDays.min}
            max={AVAILABILITY_LIMITS.quoteFollowUpDays.max}
            defaultValue={sent?.value("quoteFollowUpDays") ?? String(quoteFollowUpDays)}
            error={error("quoteFollowUpDays")}
          />
        </div>
        <Button disabled={busy}>Save availability</Button>
      </Form>
    </Card>
  );
}

/** 'Days off': the list from today with 'Rename' and 'Remove', 'Add day off' and 'Fill in public holidays'. */
function DaysOff({
  daysOff,
  today,
  holidaysUntil,
  actionData,
}: {
  daysOff: Array<{ day: string; name: string; label: string }>;
  today: string;
  holidaysUntil: string;
  actionData: FormResult | undefined;
}) {
  const busy = useBusy();
  const added = readResult(actionData, { intent: "add-day-off" });
  return (
    <Card title="Days off" titleId="days-off">
      <p className="-mt-2 text-sm text-slate-700">
        Nobody can book a day off. Visits already booked on it stay booked: call those customers.
      </p>
      <div className="mt-4 flex flex-col gap-3 rounded-lg bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">
          {`Jamaica's public holidays are added by themselves, twelve months ahead; one you remove stays removed. To bring back the ones removed, up to ${holidaysUntil}: names you changed stay.`}
        </p>
        <PostButton fields={{ intent: "fill-holidays" }} variant={daysOff.length === 0 ? "primary" : "secondary"}>
          Fill in public holidays
        </PostButton>
      </div>

      <Form method="post" preventScrollReset className="mt-6 space-y-3" key={daysOff.length}>
        <input type="hidden" name="intent" value="add-day-off" />
        <SectionTitle id="add-day-off" className="text-base">
          Add a day off
        </SectionTitle>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <AdminInput
            id="day-off-date"
            name="day"
            label="Date"
            type="date"
            required
            min={today}
            defaultValue={added.value("day") ?? ""}
            error={added.error("day")}
          />
          <AdminInput
            id="day-off-name"
            name="name"
            label="Name"
            required
            maxLength={AVAILABILITY_LIMITS.dayOffName}
            placeholder="Staff training day"
            defaultValue={added.value("name") ?? ""}
            error={added.error("name")}
          />
        </div>
        <Button disabled={busy}>Add day off</Button>
      </Form>

      <SectionTitle id="days-off-ahead" className="mt-8 mb-3 text-base">
        {`Days off ahead (${daysOff.length})`}
      </SectionTitle>
      {daysOff.length === 0 ? (
        <p className="text-slate-600">No days off ahead.</p>
      ) : (
        <ul aria-labelledby="days-off-ahead" className="divide-y divide-slate-200 border-y border-slate-200" data-testid="days-off">
          {daysOff.map((dayOff) => (
            <DayOffRow key={dayOff.day} dayOff={dayOff} actionData={actionData} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** One day off: its date and name, 'Rename' (open after a refused rename of it) and 'Remove'. */
function DayOffRow({ dayOff, actionData }: { dayOff: { day: string; name: string; label: string }; actionData: FormResult | undefined }) {
  const busy = useBusy();
  const renamed = readResult(actionData, { intent: "rename-day-off", day: dayOff.day });
  const open = renamed.value("intent") !== undefined;
  return (
    <li className="py-3" data-day-off={dayOff.day}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{dayOff.label}</p>
          <p className="text-sm break-words text-slate-700">{dayOff.name}</p>
        </div>
        <PostButton fields={{ intent: "remove-day-off", day: dayOff.day }} variant="secondary" size="xs" subject={dayOff.label}>
          Remove
        </PostButton>
      </div>
      <Disclosure summary="Rename" subject={dayOff.label} open={open} className="mt-1">
        <Form method="post" preventScrollReset className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="rename-day-off" />
          <input type="hidden" name="day" value={dayOff.day} />
          <AdminInput
            id={`rename-${dayOff.day}`}
            name="name"
            label="New name"
            required
            maxLength={AVAILABILITY_LIMITS.dayOffName}
            defaultValue={renamed.value("name") ?? dayOff.name}
            error={renamed.error("name")}
            className="min-w-0 flex-1"
          />
          <Button size="sm" disabled={busy}>
            Save name
          </Button>
        </Form>
      </Disclosure>
    </li>
  );
}
