/** The labelled fields of the admin's own forms (quotes, replies, templates): label, control, hint and error. */
import type { ReactNode } from "react";

/** The look of an admin text field. */
export const ADMIN_INPUT =
  "block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600";
const ADMIN_LABEL = "block text-sm font-semibold text-slate-900";
/** One labelled field of an admin form, with its hint and error (ids `<id>-hint`, `<id>-error`). */
export function AdminField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={ADMIN_LABEL}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The aria attributes of a field that may have an error and a hint (as AdminField names them). */
export function fieldAria(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

/** A labelled `<select>` of an admin form: `options` as [value, label] pairs. */
export function AdminSelect(props: {
  id: string;
  name: string;
  label: string;
  options: ReadonlyArray<readonly [string, string]>;
  defaultValue: string;
  error?: string;
}) {
  return (
    <AdminField id={props.id} label={props.label} error={props.error}>
      <select
        id={props.id}
        name={props.name}
        defaultValue={props.defaultValue}
        className={ADMIN_INPUT}
        {...fieldAria(props.id, props.error)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </AdminField>
  );
}
