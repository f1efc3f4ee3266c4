/**
 * Form fields from Conform's field metadata: each renders its label (with '*' or
 * '(optional)' from the field's `required` constraint), its control with Conform's name, id,
 * constraints and aria attributes, an optional hint, and its errors. A form is then a list of
 * fields. The layout and styling live in ./form-field.tsx.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { controlClass, FormField } from "~/components/form-field";

interface FieldProps {
  // Conform's metadata of any one field (its value type does not matter here).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  meta: FieldMetadata<any, any, string[]>;
  label: string;
  hint?: ReactNode;
  /** Classes of the field's wrapper (grid placement). */
  className?: string;
}

/** The wrapper every field shares; `hintId` when there is a hint. */
function Frame({ meta, label, hint, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <FormField
      id={meta.id}
      label={label}
      required={meta.required}
      errorId={meta.errorId}
      errors={meta.errors}
      hint={hint}
      hintId={hint ? hintId(meta) : undefined}
      className={className}
    >
      {children}
    </FormField>
  );
}

const hintId = (meta: FieldProps["meta"]) => `${meta.id}-hint`;
const describedBy = ({ meta, hint }: FieldProps) => (hint ? hintId(meta) : undefined);

/** An `<input>` of `type` (text, email, tel, date, password); other attributes pass through. */
export function InputField({
  type,
  meta,
  label,
  hint,
  className,
  ...attributes
}: FieldProps & { type: "text" | "email" | "tel" | "date" | "password" } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "name" | "id" | "className"
  >) {
  return (
    <Frame meta={meta} label={label} hint={hint} className={className}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: describedBy({ meta, label, hint }) })}
        key={meta.key}
        {...attributes}
        className={controlClass}
      />
    </Frame>
  );
}

/** A `<select>` with a first, empty choice (`placeholder`) and `options` as value/label pairs. */
export function SelectField({
  meta,
  label,
  hint,
  className,
  placeholder,
  options,
  ...attributes
}: FieldProps & { placeholder: string; options: ReadonlyArray<{ value: string; label: string }> } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "id" | "className"
  >) {
  return (
    <Frame meta={meta} label={label} hint={hint} className={className}>
      <select
        {...getSelectProps(meta, { ariaDescribedBy: describedBy({ meta, label, hint }) })}
        key={meta.key}
        {...attributes}
        className={controlClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A `<textarea>`; other attributes (rows, placeholder) pass through. */
export function TextareaField({
  meta,
  label,
  hint,
  className,
  ...attributes
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "className">) {
  return (
    <Frame meta={meta} label={label} hint={hint} className={className}>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: describedBy({ meta, label, hint }) })}
        key={meta.key}
        {...attributes}
        className={controlClass}
      />
    </Frame>
  );
}
