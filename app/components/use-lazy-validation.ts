/**
 * Client-side validation for a Conform form whose zod schema is loaded on demand.
 *
 * zod and Conform's zod adapter weigh about 37 kB gzipped, a third of a page's JavaScript
 * budget (home page JS ≤ 110 kB, docs/decisions/005-page-weight.md). So a form loads them only when it comes within
 * 200 px of the viewport, which also covers a form reached by Tab (focus scrolls it into view).
 * Until they arrive:
 * - fields are not validated on blur or input (nothing to validate with yet);
 * - a submit goes to the server unchecked, which applies the same schema and answers with the
 *   same field messages (Conform's server-validation path: a submission with `error: null`).
 * Once loaded, fields validate on blur and revalidate on input. The HTML constraints
 * (required, maxlength…) come from the loader, computed from the same schema on the server
 * (app/server/visitor-forms/form-constraints.server.ts), so the markup is complete without zod.
 */
import { parse, type Submission } from "@conform-to/react";
import { useEffect, useState } from "react";
import type { z } from "zod";
import { useNearViewport } from "./use-near-viewport";

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
  const [ref, near] = useNearViewport<HTMLFormElement>({ rootMargin: "200px" });
  const [validate, setValidate] = useState<Validate<Schema> | null>(null);

  useEffect(() => {
    if (!near) return;
    let current = true;
    Promise.all([loadSchema(), import("~/forms/validate")]).then(
      ([schema, { validatorFor }]) => {
        if (current) setValidate(() => validatorFor(schema));
      },
      () => {}, // offline or a stale deploy: the server still validates every submission
    );
    return () => {
      current = false;
    };
  }, [near, loadSchema]);

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
