/**
 * Client-side validation for a Conform form whose zod schema is loaded on demand.
 *
 * zod, Conform's zod adapter and a form's schema weigh about 26.5 kB gzipped, a quarter of a
 * page's JavaScript budget (docs/decisions/005-page-weight.md), and evaluating them takes about 25 ms of main
 * thread on a 2-core machine (100 ms at Lighthouse's 4x). So a form loads them when the visitor
 * first focuses one of its fields (a tap, a click or Tab): not while the page hydrates, even
 * when the form is in view as the page opens (/quote). Until they arrive:
 * - fields are not validated on blur or input (nothing to validate with yet);
 * - a submit goes to the server unchecked, which applies the same schema and answers with the
 *   same field messages (Conform's server-validation path: a submission with `error: null`).
 * Once loaded, fields validate on blur and revalidate on input. The HTML constraints
 * (required, maxlength…) come from the loader, computed from the same schema on the server
 * (app/server/visitor-forms/form-constraints.server.ts), so the markup is complete without zod.
 */
import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";

type Validate<Schema extends z.ZodType> = (formData: FormData) => Submission<z.input<Schema>, string[], z.output<Schema>>;

/** A submission that neither passes nor fails, so Conform lets the browser send it as is. */
function deferToServer(formData: FormData) {
  return parse<never, string[]>(formData, { resolve: () => ({ error: null }) });
}

/**
 * @param loadSchema resolves to the form's schema, e.g. `() => import("~/forms/contact").then((m) => m.contactSchema)`;
 *   pass a stable (module-level) function.
 * @returns `ref` for the `<form>` element, `options` to spread into `useForm`, and `mode`. A failed
 *   download leaves the form validated by the server only.
 */
export function useLazyValidation<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>) {
  const ref = useRef<HTMLFormElement>(null);
  const [focused, setFocused] = useState(false);
  const [validate, setValidate] = useState<Validate<Schema> | null>(null);

  // The first focus inside the form (focusin bubbles; a field focused before hydration counts too).
  useEffect(() => {
    const form = ref.current;
    if (focused || !form) return;
    if (form.contains(document.activeElement)) {
      setFocused(true);
      return;
    }
    const onFocus = () => setFocused(true);
    form.addEventListener("focusin", onFocus);
    return () => form.removeEventListener("focusin", onFocus);
  }, [focused]);

  useEffect(() => {
    if (!focused) return;
    let current = true;
    Promise.all([loadSchema(), import("./validate")]).then(
      ([schema, { validatorFor }]) => {
        if (current) setValidate(() => validatorFor(schema));
      },
      () => {}, // offline or a stale deploy: the server still validates every submission
    );
    return () => {
      current = false;
    };
  }, [focused, loadSchema]);

  const onValidate: (context: { formData: FormData }) => ReturnType<Validate<Schema>> = ({ formData }) =>
    validate ? validate(formData) : deferToServer(formData);

  return {
    ref,
    /** "client" once the schema is in, else "server"; set as the form's data-validation. */
    mode: validate ? ("client" as const) : ("server" as const),
    options: {
      shouldValidate: validate ? "onBlur" : "onSubmit",
      shouldRevalidate: validate ? "onInput" : "onSubmit",
      onValidate,
    } as const,
  };
}
