/**
 * A form's result banner (`FormStatus`, `FormSummary`): apart from app/components/form-field.tsx
 * because the public pages' layout shows its notices with it, and every module its client code
 * imports is carried whole (vite.config.ts `chunkFor`).
 */
import { useRef, type ReactNode } from "react";
import { RESULT_ID, useResultFocus } from "~/components/hooks/use-result-focus";

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
  return (
    <div
      ref={ref}
      role={TONES[tone].role}
      {...landing}
      className={`rounded-lg border px-4 py-3 font-medium focus:outline-2 focus:outline-offset-2 ${TONES[tone].colors}`}
    >
      {children}
    </div>
  );
}

/** Each tone's role (a success is polite, a failure assertive) and colours. */
const TONES = {
  success: { role: "status", colors: "border-brand-300 bg-brand-50 text-brand-900 focus:outline-brand-700" },
  error: { role: "alert", colors: "border-red-300 bg-red-50 text-red-800 focus:outline-red-700" },
} as const;

/** A form's result banner as `useAdminForm` gives it (app/components/hooks/use-admin-form.ts): nothing, its errors, or how many fields need a change. */
export function FormSummary({ summary }: { summary: { kind: "answer" | "summary"; text: string } | undefined }) {
  return summary ? (
    <FormStatus tone="error" kind={summary.kind}>
      {summary.text}
    </FormStatus>
  ) : null;
}
