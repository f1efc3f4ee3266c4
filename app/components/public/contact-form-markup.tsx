/**
 * The contact form's markup (docs/product.md §2 "Contact", §5 "Contact form"), drawn by the
 * interactive form (./contact-form.tsx, with Conform) on /contact and, in the home page's contact
 * section (./home-contact.tsx), on the home page. Posts to /contact; works without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { Ref } from "react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { MESSAGES } from "~/domain/texts/messages";
import type { CONTACT_RETURN_TO } from "~/forms/contact";
import type { SubmissionFlash } from "~/components/hooks/use-submission";
import { controlClass, FormField } from "~/components/form-field";
import { FormStatus } from "~/components/form-status";
import { RESULT_ID } from "~/components/hooks/use-result-focus";
import { Honeypot, Turnstile, TurnstileNoScriptNote } from "~/components/public/form-guards";
import { PhotosField } from "~/components/public/photo-picker";
import { PrivacyLine } from "~/components/public/privacy-line";
import { buttonStyles } from "~/components/ui";

type ContactField = "name" | "email" | "phone" | "message" | "photos";

/** The fields' HTML constraints (required, maxLength, …), as Conform derives them from the form's schema. */
export type FormConstraint = ReturnType<typeof getZodConstraint>;

/** What the markup needs of one field: its ids, its errors, and its control's attributes. */
export interface FieldModel {
  id: string;
  errorId: string;
  errors?: string[];
  /** Remounts the control when Conform resets it. */
  key?: string;
  control: Record<string, unknown>;
}

/** What the markup needs of the whole form. */
export interface ContactFormModel {
  form: { props: Record<string, unknown>; errorId: string; errors?: string[] };
  fields: Record<ContactField, FieldModel>;
}

export interface ContactFormProps {
  returnTo: (typeof CONTACT_RETURN_TO)[number];
  /** The success flash after a sent message, if any. */
  flash: SubmissionFlash | null;
  turnstileSiteKey: string | null;
  /** The fields' HTML constraints, from the loader (app/server/visitor-forms/form-constraints.server.ts). */
  constraint: FormConstraint;
}

/** The form's id: one per page it appears on. */
export function contactFormId(returnTo: ContactFormProps["returnTo"]): string {
  return `contact-form-${returnTo === "/" ? "home" : "page"}`;
}

export function ContactFormMarkup({
  model,
  returnTo,
  flash,
  turnstileSiteKey,
  isSubmitting,
  formRef,
  validation,
}: Omit<ContactFormProps, "constraint"> & {
  model: ContactFormModel;
  isSubmitting: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** "client" once the schema is loaded (data-validation, for tests and debugging). */
  validation: "client" | "server";
}) {
  const { form, fields } = model;
  const photoErrors = fields.photos.errors ?? [];
  return (
    <Form
      method="post"
      action={`/contact#${RESULT_ID}`}
      encType="multipart/form-data"
      {...form.props}
      ref={formRef}
      data-validation={validation}
      className="relative"
    >
      <div className="space-y-3 [&:not(:empty)]:mb-6" id={form.errorId}>
        {flash ? (
          <FormStatus tone="success">
            {MESSAGES.contactSuccess}
            {flash.reference ? <> {MESSAGES.yourReference(flash.reference)}</> : null}
          </FormStatus>
        ) : null}
        {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
      </div>
      <TurnstileNoScriptNote siteKey={turnstileSiteKey} />
      <fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Your message</legend>
        <input type="hidden" name="returnTo" value={returnTo} />
        <Honeypot />
        <FormField id={fields.name.id} label="Full Name" required errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...fields.name.control} key={fields.name.key} type="text" autoComplete="name" className={controlClass} />
        </FormField>
        <FormField id={fields.email.id} label="Email Address" required errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...fields.email.control} key={fields.email.key} type="email" autoComplete="email" className={controlClass} />
        </FormField>
        <FormField id={fields.phone.id} label="Phone" errorId={fields.phone.errorId} errors={fields.phone.errors} className="sm:col-span-2">
          <input {...fields.phone.control} key={fields.phone.key} type="tel" autoComplete="tel" className={controlClass} />
        </FormField>
        <FormField
          id={fields.message.id}
          label="Message"
          required
          errorId={fields.message.errorId}
          errors={fields.message.errors}
          className="sm:col-span-2"
        >
          <textarea {...fields.message.control} key={fields.message.key} rows={5} className={controlClass} />
        </FormField>
        <PhotosField id={fields.photos.id} errorId={fields.photos.errorId} errors={photoErrors} label="Photos" className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Turnstile siteKey={turnstileSiteKey} action="contact" />
          <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
            {isSubmitting ? "Sending..." : "Send Message"}
          </button>
          <PrivacyLine className="mt-3" />
        </div>
      </fieldset>
    </Form>
  );
}
