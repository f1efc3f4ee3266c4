/**
 * The contact form (product spec §2 "Contact", §3, §5, §8), on /contact and in the home page's
 * contact section. Posts to /contact; works without JavaScript.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { MAX_PHOTOS } from "~/domain/limits";
import { MESSAGES } from "~/domain/messages";
import type { CONTACT_RETURN_TO } from "~/forms/contact";
import type { Flash } from "~/server/flash.server";
import type { FormConstraint } from "~/server/form-constraints.server";
import { controlClass, FormField, FormStatus } from "./form-field";
import { Honeypot, Turnstile } from "./form-guards";
import { PhotoPicker } from "./photo-picker";
import { buttonStyles } from "./ui";
import { useLazyValidation } from "./use-lazy-validation";
import { useIsSubmitting, useSubmissionAnalytics } from "./use-submission";

const loadContactSchema = () => import("~/forms/contact").then((module) => module.contactSchema);

interface ContactFormProps {
  returnTo: (typeof CONTACT_RETURN_TO)[number];
  /** The success flash after a sent message, if any. */
  flash: Flash | null;
  /** The action's reply when the page is the result of a failed post. */
  lastResult?: SubmissionResult<string[]> | null;
  turnstileSiteKey: string | null;
  /** The fields' HTML constraints, from the loader (app/server/form-constraints.server.ts). */
  constraint: FormConstraint;
}

export function ContactForm(props: ContactFormProps) {
  useSubmissionAnalytics(props.flash);
  // A new key after each success resets every field and the chosen photos.
  return <ContactFormFields key={props.flash?.id ?? "contact"} {...props} />;
}

function ContactFormFields({ returnTo, flash, lastResult, turnstileSiteKey, constraint }: ContactFormProps) {
  const isSubmitting = useIsSubmitting("/contact");
  const validation = useLazyValidation(loadContactSchema);
  const [form, fields] = useForm({
    id: `contact-form-${returnTo === "/" ? "home" : "page"}`,
    lastResult: isSubmitting ? null : lastResult,
    constraint,
    ...validation.options,
  });
  const photoErrors = Object.values(fields.photos.allErrors).flat();

  return (
    <Form
      method="post"
      action="/contact"
      encType="multipart/form-data"
      {...getFormProps(form)}
      ref={validation.ref}
      data-validation={validation.mode}
      className="relative"
    >
      <div className="space-y-3 [&:not(:empty)]:mb-6" id={form.errorId}>
        {flash ? <FormStatus tone="success">{MESSAGES.contactSuccess}</FormStatus> : null}
        {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-5 sm:grid-cols-2">
        <legend className="sr-only">Your message</legend>
        <input type="hidden" name="returnTo" value={returnTo} />
        <Honeypot />
        <FormField id={fields.name.id} label="Full Name" required errorId={fields.name.errorId} errors={fields.name.errors}>
          <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" className={controlClass} />
        </FormField>
        <FormField id={fields.email.id} label="Email Address" required errorId={fields.email.errorId} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" className={controlClass} />
        </FormField>
        <FormField id={fields.phone.id} label="Phone" errorId={fields.phone.errorId} errors={fields.phone.errors} className="sm:col-span-2">
          <input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} autoComplete="tel" className={controlClass} />
        </FormField>
        <FormField id={fields.message.id} label="Message" required errorId={fields.message.errorId} errors={fields.message.errors} className="sm:col-span-2">
          <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={5} className={controlClass} />
        </FormField>
        <FormField
          id={fields.photos.id}
          label="Photos"
          errorId={fields.photos.errorId}
          errors={photoErrors}
          hint={`Up to ${MAX_PHOTOS} images, 5MB each.`}
          hintId={`${fields.photos.id}-hint`}
          className="sm:col-span-2"
        >
          <PhotoPicker id={fields.photos.id} hintId={`${fields.photos.id}-hint`} errorId={fields.photos.errorId} errors={photoErrors} />
        </FormField>
        <div className="sm:col-span-2">
          <Turnstile siteKey={turnstileSiteKey} />
          <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
            {isSubmitting ? "Sending..." : "Send Message"}
          </button>
        </div>
      </fieldset>
    </Form>
  );
}
