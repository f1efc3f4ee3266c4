/**
 * The contact form with Conform (docs/product.md §2 "Contact", §3, §5, §8): field errors from the
 * server or, once zod has loaded (./use-lazy-validation.ts), checked in the browser on blur.
 * On /contact as is; on the home page inside its contact section, whose code loads only near it
 * (./deferred-contact-section.tsx). Posts to /contact; works without JavaScript.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { ContactFormMarkup, contactFormId, type ContactFormProps, type FieldModel } from "~/components/public/contact-form-markup";
import { useLazyValidation } from "~/components/hooks/use-lazy-validation";
import { useIsSubmitting, useSubmissionAnalytics } from "~/components/hooks/use-submission";

const loadContactSchema = () => import("~/forms/contact").then((module) => module.contactSchema);

interface InteractiveProps extends ContactFormProps {
  /** The action's reply when the page is the result of a failed post. */
  lastResult?: SubmissionResult<string[]> | null;
}

export function ContactForm(props: InteractiveProps) {
  useSubmissionAnalytics(props.flash);
  // A new key after each success resets every field and the chosen photos.
  return <ContactFormFields key={props.flash?.id ?? "contact"} {...props} />;
}

function ContactFormFields({ returnTo, flash, lastResult, turnstileSiteKey, constraint }: InteractiveProps) {
  const isSubmitting = useIsSubmitting("/contact");
  const validation = useLazyValidation(loadContactSchema);
  const [form, fields] = useForm({
    id: contactFormId(returnTo),
    lastResult: isSubmitting ? null : lastResult,
    constraint,
    ...validation.options,
  });
  const field = (meta: (typeof fields)[keyof typeof fields], control: Record<string, unknown>): FieldModel => ({
    id: meta.id,
    errorId: meta.errorId,
    errors: meta.errors,
    key: meta.key,
    control,
  });
  return (
    <ContactFormMarkup
      model={{
        form: { props: getFormProps(form), errorId: form.errorId, errors: form.errors },
        fields: {
          name: field(fields.name, getInputProps(fields.name, { type: "text" })),
          email: field(fields.email, getInputProps(fields.email, { type: "email" })),
          phone: field(fields.phone, getInputProps(fields.phone, { type: "tel" })),
          message: field(fields.message, getTextareaProps(fields.message)),
          photos: { ...field(fields.photos, {}), errors: Object.values(fields.photos.allErrors).flat() },
        },
      }}
      returnTo={returnTo}
      flash={flash}
      turnstileSiteKey={turnstileSiteKey}
      isSubmitting={isSubmitting}
      formRef={validation.ref}
      validation={validation.mode}
    />
  );
}
