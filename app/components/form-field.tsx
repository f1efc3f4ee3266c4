/**
 * A labelled form control with its hint and errors, wired for screen readers: the control
 * gets aria-invalid and aria-describedby from Conform, the errors sit in the element with
 * the field's errorId. A form's result banner is app/components/form-status.tsx.
 */
import type { ReactNode } from "react";

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
