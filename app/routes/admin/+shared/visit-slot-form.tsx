/**
 * The staff's day-and-window form, one component wherever staff book or move a visit: the
 * record page's Visit card ('Book for the customer', 'Move visit', a regular visit's 'Move':
 * app/routes/admin/quote/route.tsx) and the schedule's visit cards ('Move':
 * app/routes/admin/schedule/route.tsx). It posts to the page's own action, the staff visit action
 * (./visit-action.server.ts), and shows its refusal; it works without JavaScript.
 */
import { useActionData } from "@remix-run/react";
import { ADMIN_INPUT, AdminSelect, Button, ResultForm, useBusy } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { readResult, type FormResult } from "~/forms/result";

/** An arrival window as the form lists it: its start ("HH:MM", the value sent) and its label. */
export interface SlotWindow {
  start: string;
  label: string;
}

/** One 'How often' choice of a booking: "once" or the request's frequency, with its label and whether it is checked. */
export interface RepeatOption {
  value: string;
  label: string;
  checked: boolean;
}

/** 'This visit only' or 'This and all later ones' (of its regular cleaning), for a move or a cancel (`name` says which, for screen readers). */
export function ScopeChoice({ name }: { name: string }) {
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
      <legend className="sr-only">{`Which visits to ${name}`}</legend>
      <label className="inline-flex items-center gap-2">
        <input type="radio" name="scope" value="this" defaultChecked />
        This visit only
      </label>
      <label className="inline-flex items-center gap-2">
        <input type="radio" name="scope" value="later" />
        This and all later ones
      </label>
    </fieldset>
  );
}

/**
 * A day and an arrival window, for booking (`book`; with `repeat`, once or the request's regular
 * cleaning) or moving (`move-visit`; `visitId` the visit, else the request's next one; with
 * `scope`, this visit only or this and all later ones) a visit. `current` fills in the visit's
 * own day and window; after a refusal, the values sent. `compact` lays it out on one line (the
 * schedule's cards); `showError` false leaves the refusal to the page (the schedule shows it at
 * its top).
 */
export function VisitSlotForm({
  intent,
  windows,
  submit,
  visitId,
  scope = false,
  repeat = null,
  current,
  compact = false,
  showError = true,
}: {
  intent: "book" | "move-visit";
  windows: readonly SlotWindow[];
  submit: string;
  visitId?: string;
  scope?: boolean;
  repeat?: readonly RepeatOption[] | null;
  current?: { day: string; windowStart: string };
  compact?: boolean;
  showError?: boolean;
}) {
  const busy = useBusy();
  const result = readResult(useActionData<FormResult>(), visitId ? { intent, visitId } : { intent });
  const error = showError ? result.error("") : undefined;
  return (
    <ResultForm preventScrollReset className={compact ? "mt-2 flex flex-wrap items-end gap-2" : "space-y-3"}>
      {error ? <FormStatus tone="error">{error}</FormStatus> : null}
      <input type="hidden" name="intent" value={intent} />
      {visitId ? <input type="hidden" name="visitId" value={visitId} /> : null}
      {scope ? <ScopeChoice name="move" /> : null}
      {repeat ? (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          <legend className="mb-1 font-semibold">How often</legend>
          {repeat.map((choice) => (
            <label key={choice.value} className="inline-flex items-center gap-2">
              <input type="radio" name="repeat" value={choice.value} defaultChecked={choice.checked} />
              {choice.label}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className={compact ? "contents" : "flex flex-col gap-3 sm:flex-row sm:items-end"}>
        <label className="block">
          <span className="text-sm font-semibold text-slate-800">{intent === "book" ? "Day" : "New day"}</span>
          <input type="date" name="day" required defaultValue={result.value("day") ?? current?.day} className={`${ADMIN_INPUT} mt-1`} />
        </label>
        <AdminSelect
          id={`window-${intent}${visitId ? `-${visitId}` : ""}`}
          name="windowStart"
          label="Arrival window"
          required
          defaultValue={result.value("windowStart") ?? current?.windowStart}
          options={windows.map((window) => [window.start, window.label] as const)}
        />
        <Button size={compact ? "sm" : undefined} disabled={busy}>
          {submit}
        </Button>
      </div>
    </ResultForm>
  );
}
