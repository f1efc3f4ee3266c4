/**
 * A labelled form control with its hint and errors, wired for screen readers: the control
 * gets aria-invalid and aria-describedby from Conform, the errors sit in the element with
 * the field's errorId. And FormStatus, a form's result banner, which puts itself where the
 * user is (app/components/hooks/use-result-focus.ts).
 */
import { useRef, type ReactNode } from "react";
import { RESULT_ID, useResultFocus } from "~/components/hooks/use-result-focus";

export const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

export function FormField(props: {
  id: string;
  label: string;
  required?: boolean;
  errorId: string;
  errors?: string[];
  hint?: ReactNode;
  hintId?: string;
  className?: string;
  children: ReactNode;
}) {
  const { id, label, required, errorId, errors, hint, hintId, className, children } = props;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : (
          <span className="ml-1.5 font-normal text-slate-500">(optional)</span>
        )}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors errorId={errorId} errors={errors} />
    </div>
  );
}

/** A field's errors, in the element with its errorId (which its control names in aria-describedby), announced as they change. */
export function FieldErrors({ errorId, errors }: { errorId: string; errors?: string[] }) {
  return (
    <div id={errorId} aria-live="polite">
      {errors?.length ? (
        <ul className="mt-1.5 space-y-0.5 text-sm font-medium text-red-700">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A success or failure banner, announced to screen readers (role status or alert). `kind`:
 * - "answer" (the default): the answer to the user's action (a refused form, a notice after a
 *   redirect). It carries the id `result` (`id` to change it), the one a form's `#result` action
 *   lands at without JavaScript, and with JavaScript it takes the focus, which scrolls it into view
 *   (app/components/hooks/use-result-focus.ts).
 * - "summary": an answer whose form focuses its first invalid field itself (Conform does, after
 *   the server refuses fields): it carries the id, not the focus.
 * - "state": a message about the page as it is (a link no longer valid, a step still missing),
 *   shown on a plain visit too: neither id nor focus.
 */
export function FormStatus({
  tone,
  kind = "answer",
  id = RESULT_ID,
  children,
}: {
  tone: "success" | "error";
  kind?: "answer" | "summary" | "state";
  id?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useResultFocus(ref, id, kind === "answer");
  const landing = kind === "state" ? {} : { id, tabIndex: -1 };
  return tone === "success" ? (
    <div
      ref={ref}
      role="status"
      {...landing}
      className="rounded-lg border border-brand-300 bg-brand-50 px-4 py-3 font-medium text-brand-900 focus:outline-2 focus:outline-offset-2 focus:outline-brand-700"
    >
      {children}
    </div>
  ) : (
    <div
      ref={ref}
      role="alert"
      {...landing}
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-800 focus:outline-2 focus:outline-offset-2 focus:outline-red-700"
    >
      {children}
    </div>
  );
}

/** A form's result banner as `useAdminForm` gives it (app/components/hooks/use-admin-form.ts): nothing, its errors, or how many fields need a change. */
export function FormSummary({ summary }: { summary: { kind: "answer" | "summary"; text: string } | undefined }) {
  return summary ? (
    <FormStatus tone="error" kind={summary.kind}>
      {summary.text}
    </FormStatus>
  ) : null;
}
