/**
 * A 1-to-5 star rating for a form: five radio inputs (one name, values "1" to "5") in a
 * fieldset, each drawn as a star by its label. Native radios, so the arrow keys move along the
 * stars, a screen reader reads "3 stars, radio button, 3 of 5", and the form sends the value
 * without JavaScript. The chosen star and those before it are filled by CSS alone: a label is lit
 * when its own input is checked (`input:checked + label`) or a later one is
 * (`label:has(~ input:checked)`).
 */
import { Fragment } from "react";
import { FieldErrors } from "~/components/form-field";

const STARS = [1, 2, 3, 4, 5] as const;

const label =
  "grid size-12 cursor-pointer place-items-center rounded-lg text-transparent transition-transform hover:scale-110 " +
  "[input:checked+&]:text-sun-400 has-[~input:checked]:text-sun-400 " +
  "[input:focus-visible+&]:outline-3 [input:focus-visible+&]:outline-offset-1 [input:focus-visible+&]:outline-brand-700";

export function StarRating({
  id,
  name,
  legend,
  hint,
  errorId,
  errors,
  defaultValue,
}: {
  /** The first input's id is `${id}-1`, and so on. */
  id: string;
  name: string;
  legend: string;
  hint: string;
  errorId: string;
  errors?: string[];
  /** "1" to "5", the value to show chosen (a refused form's), or none. */
  defaultValue?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <fieldset aria-describedby={`${hintId} ${errorId}`}>
      <legend className="mb-1.5 block text-sm font-semibold text-slate-800">
        {legend}
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="relative flex items-center gap-1">
        {STARS.map((stars) => (
          <Fragment key={stars}>
            <input
              type="radio"
              id={`${id}-${stars}`}
              name={name}
              value={String(stars)}
              required
              defaultChecked={defaultValue === String(stars)}
              className="sr-only"
            />
            <label htmlFor={`${id}-${stars}`} className={label}>
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-9 fill-current stroke-slate-600" strokeWidth="1.5">
                <path strokeLinejoin="round" d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z" />
              </svg>
              <span className="sr-only">{stars === 1 ? "1 star" : `${stars} stars`}</span>
            </label>
          </Fragment>
        ))}
      </div>
      <p id={hintId} className="mt-1.5 text-sm text-slate-600">
        {hint}
      </p>
      <FieldErrors errorId={errorId} errors={errors} />
    </fieldset>
  );
}
