/**
 * The contact form's markup (docs/product.md §2 "Contact", §5 "Contact form"), shared by the
 * interactive form (./contact-form.tsx, with Conform) and its static stand-in on the home page
 * (./deferred-contact-form.tsx). Both render exactly this, so swapping one for the other
 * changes nothing a visitor sees. Posts to /contact; works without JavaScript.
 */
import { Form } from "@remix-run/react";
import type { Ref } from "react";
import { MESSAGES } from "~/domain/messages";
import type { CONTACT_RETURN_TO } from "~/forms/contact";
import type { Flash } from "~/server/platform/flash.server";
import type { FormConstraint } from "~/server/visitor-forms/form-constraints.server";
import { controlClass, FormField, FormStatus } from "./form-field";
import { Honeypot, Turnstile, TurnstileNoScriptNote } from "./form-guards";
import { PhotosField } from "./photo-picker";
import { buttonStyles } from "./ui";

type ContactField = "name" | "email" | "phone" | "message" | "photos";

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
  flash: Flash | null;
  turnstileSiteKey: string | null;
  /** The fields' HTML constraints, from the loader (app/server/visitor-forms/form-constraints.server.ts). */
  constraint: FormConstraint;
}

/** The form's id: one per page it appears on. */
export function contactFormId(returnTo: ContactFormProps["returnTo"]): string {
  return `contact-form-${returnTo === "/" ? "home" : "page"}`;
}

/**
 * The model of a form nothing has happened to yet, without Conform: the same ids and
 * attributes Conform gives a fresh form (`<formId>-<field>`, `…-error`, `form`, `required`
 * and length limits from the constraint).
 */
export function freshContactFormModel(formId: string, constraint: FormConstraint): ContactFormModel {
  const field = (name: ContactField): FieldModel => {
    const id = `${formId}-${name}`;
    const rule = constraint[name] ?? {};
    return {
      id,
      errorId: `${id}-error`,
      control: {
        id,
        name,
        form: formId,
        required: rule.required,
        minLength: rule.minLength,
        maxLength: rule.maxLength,
        pattern: rule.pattern,
      },
    };
  };
  return {
    form: { props: { id: formId, noValidate: true }, errorId: `${formId}-error` },
    fields: { name: field("name"), email: field("email"), phone: field("phone"), message: field("message"), photos: field("photos") },
  };
}

export function ContactFormMarkup({
  model,
  returnTo,
  flash,
  turnstileSiteKey,
  isSubmitting,
  formRef,
  validation,
  onChange,
}: Omit<ContactFormProps, "constraint"> & {
  model: ContactFormModel;
  isSubmitting: boolean;
  formRef?: Ref<HTMLFormElement>;
  /** "client" once the schema is loaded (data-validation, for tests and debugging). */
  validation: "client" | "server";
  /** Any edit in the form: typing, a choice, photos picked (React's change event). */
  onChange?: () => void;
}) {
  const { form, fields } = model;
  const photoErrors = fields.photos.errors ?? [];
  return (
    <Form
      method="post"
      action="/contact"
      encType="multipart/form-data"
      {...form.props}
      ref={formRef}
      data-validation={validation}
      onChange={onChange}
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
        </div>
      </fieldset>
    </Form>
  );
}
