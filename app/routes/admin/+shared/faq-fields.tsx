/**
 * An FAQ's fields, as the form adding one (/admin/content/faqs) and the form editing one
 * (/admin/content/faqs/:id) draw them: the question, the answer and 'On the home page too', with
 * their limits from the domain (FAQ_LIMITS) and each field's message.
 */
import { AdminCheckbox, AdminInput, AdminTextarea } from "~/components/admin/kit";
import { FAQ_LIMITS } from "~/domain/site-content";
import type { FieldErrors, FieldValues } from "~/forms/content-admin";

/** In: the form's values and messages (app/components/admin/content-editor.tsx `useEditorState`), and the answer's height in rows. */
export function FaqFields({ values, errors, answerRows }: { values: FieldValues; errors: FieldErrors; answerRows: number }) {
  return (
    <>
      <AdminInput
        id="faq-question"
        name="question"
        label="Question"
        maxLength={FAQ_LIMITS.question}
        defaultValue={values.question ?? ""}
        error={errors.question}
      />
      <AdminTextarea
        id="faq-answer"
        name="answer"
        label="Answer"
        rows={answerRows}
        maxLength={FAQ_LIMITS.answer}
        defaultValue={values.answer ?? ""}
        error={errors.answer}
      />
      <AdminCheckbox id="faq-on-home" name="onHome" label="On the home page too" defaultChecked={values.onHome === "on"} />
    </>
  );
}
