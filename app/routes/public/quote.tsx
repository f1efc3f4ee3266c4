/**
 * /quote: the 'Get Your Free Quote' form (product spec §2 "Quote page", §3, §5, §8).
 * A plain multipart <Form> that works without JavaScript; `?service=<type>` preselects the
 * service type. The action validates with the shared schema, stores the request and its
 * photos whole or not at all, and answers 400 with field errors (typed values kept).
 */
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { controlClass, FormField, FormStatus } from "~/components/form-field";
import { PageHero } from "~/components/page-hero";
import { buttonStyles } from "~/components/ui";
import { QUOTE_REPLY_HOURS } from "~/content/business";
import { todayInJamaica } from "~/domain/dates";
import {
  FREQUENCIES,
  FREQUENCY_LABELS,
  PROPERTY_SIZE_LABELS,
  PROPERTY_SIZES,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  type ServiceType,
} from "~/domain/enumerations";
import { MAX_PHOTOS } from "~/domain/limits";
import { fileTooLargeMessage, MESSAGES, tooManyPhotosMessage } from "~/domain/messages";
import { PHOTOS_FIELD } from "~/forms/photos";
import { quoteSchema } from "~/forms/quote";
import { pageMeta } from "~/seo";
import { createQuoteRequest } from "~/server/quote-requests.server";
import { MultipartError, readSubmissionForm } from "~/server/submission-form.server";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Your Free Quote",
    description: `Tell us about your home or business and we will reply within ${QUOTE_REPLY_HOURS} hours with a free, personalised cleaning quote.`,
  });

export function loader({ request }: LoaderFunctionArgs) {
  const service = new URL(request.url).searchParams.get("service");
  const preselected = SERVICE_TYPES.find((type) => type === service) ?? null;
  return { today: todayInJamaica(), preselected };
}

export async function action({ request, context }: ActionFunctionArgs) {
  let form;
  try {
    form = await readSubmissionForm(request);
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    return data(
      { submitted: false, result: { status: "error" as const, error: { "": [MESSAGES.quoteFailure] } } },
      { status: 400 },
    );
  }

  const submission = parseWithZod(form.formData, { schema: quoteSchema });
  const photoErrors = [
    ...form.tooLargePhotos.map(fileTooLargeMessage),
    ...(form.tooManyPhotos ? [tooManyPhotosMessage(MAX_PHOTOS)] : []),
  ];
  if (submission.status !== "success" || photoErrors.length > 0 || form.fieldsOverLimit) {
    return data(
      {
        submitted: false,
        result: submission.reply({
          formErrors: form.fieldsOverLimit ? [MESSAGES.quoteFailure] : undefined,
          fieldErrors: photoErrors.length > 0 ? { [PHOTOS_FIELD]: photoErrors } : undefined,
        }),
      },
      { status: 400 },
    );
  }

  try {
    await createQuoteRequest(context.cloudflare.env, submission.value);
  } catch (error) {
    console.error(JSON.stringify({ event: "quote_request_store_failed", error: String(error) }));
    return data(
      { submitted: false, result: submission.reply({ formErrors: [MESSAGES.quoteFailure] }) },
      { status: 503 },
    );
  }
  return { submitted: true, result: submission.reply({ resetForm: true }) };
}

export default function QuotePage() {
  const { today, preselected } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === "submitting" && navigation.formAction === "/quote";

  const [form, fields] = useForm({
    id: "quote-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: getZodConstraint(quoteSchema),
    defaultValue: { serviceType: preselected ?? undefined },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: quoteSchema }),
  });
  const photoErrors = Object.values(fields.photos.allErrors).flat();

  return (
    <>
      <PageHero
        eyebrow="Free Quote"
        title="Get Your Free Quote"
        lead={`Tell us about the job. We reply within ${QUOTE_REPLY_HOURS} hours with a personalised quote, free of charge and with no obligation.`}
      />

      <div id="quote" className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:py-16">
        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          <div className="space-y-3 [&:not(:empty)]:mb-6" id={form.errorId}>
            {actionData?.submitted ? <FormStatus tone="success">{MESSAGES.quoteSuccess}</FormStatus> : null}
            {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
          </div>

          <fieldset disabled={isSubmitting} className="grid gap-6 sm:grid-cols-2">
            <legend className="sr-only">Your details and the job</legend>
            <FormField id={fields.name.id} label="Full Name" required errorId={fields.name.errorId} errors={fields.name.errors}>
              <input {...getInputProps(fields.name, { type: "text" })} key={fields.name.key} autoComplete="name" className={controlClass} />
            </FormField>
            <FormField id={fields.email.id} label="Email" required errorId={fields.email.errorId} errors={fields.email.errors}>
              <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" className={controlClass} />
            </FormField>
            <FormField id={fields.phone.id} label="Phone" required errorId={fields.phone.errorId} errors={fields.phone.errors}>
              <input {...getInputProps(fields.phone, { type: "tel" })} key={fields.phone.key} autoComplete="tel" className={controlClass} />
            </FormField>
            <FormField id={fields.serviceType.id} label="Service Type" required errorId={fields.serviceType.errorId} errors={fields.serviceType.errors}>
              <select {...getSelectProps(fields.serviceType)} key={fields.serviceType.key} className={controlClass}>
                <option value="">Select a service</option>
                {SERVICE_TYPES.map((type: ServiceType) => (
                  <option key={type} value={type}>
                    {SERVICE_TYPE_LABELS[type]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={fields.address.id} label="Property Address" required errorId={fields.address.errorId} errors={fields.address.errors} className="sm:col-span-2">
              <input {...getInputProps(fields.address, { type: "text" })} key={fields.address.key} autoComplete="street-address" className={controlClass} />
            </FormField>
            <FormField id={fields.propertySize.id} label="Property Size" errorId={fields.propertySize.errorId} errors={fields.propertySize.errors}>
              <select {...getSelectProps(fields.propertySize)} key={fields.propertySize.key} className={controlClass}>
                <option value="">Select a size</option>
                {PROPERTY_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {PROPERTY_SIZE_LABELS[size]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={fields.frequency.id} label="Frequency" errorId={fields.frequency.errorId} errors={fields.frequency.errors}>
              <select {...getSelectProps(fields.frequency)} key={fields.frequency.key} className={controlClass}>
                <option value="">Select how often</option>
                {FREQUENCIES.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {FREQUENCY_LABELS[frequency]}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField id={fields.preferredDate.id} label="Preferred Date" errorId={fields.preferredDate.errorId} errors={fields.preferredDate.errors}>
              <input {...getInputProps(fields.preferredDate, { type: "date" })} key={fields.preferredDate.key} min={today} className={controlClass} />
            </FormField>
            <FormField
              id={fields.photos.id}
              label="Photos of the job"
              errorId={fields.photos.errorId}
              errors={photoErrors}
              hint={`Up to ${MAX_PHOTOS} images (JPEG, PNG, WebP, GIF, AVIF or HEIC), 5MB each.`}
              hintId={`${fields.photos.id}-hint`}
            >
              <input
                id={fields.photos.id}
                name={PHOTOS_FIELD}
                type="file"
                multiple
                accept="image/*"
                aria-invalid={photoErrors.length > 0 || undefined}
                aria-describedby={`${fields.photos.id}-hint ${fields.photos.errorId}`}
                className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
              />
            </FormField>
            <FormField id={fields.additionalInfo.id} label="Additional Information" errorId={fields.additionalInfo.errorId} errors={fields.additionalInfo.errors} className="sm:col-span-2">
              <textarea
                {...getTextareaProps(fields.additionalInfo)}
                key={fields.additionalInfo.key}
                rows={5}
                placeholder="Anything we should know: rooms, pets, access, areas that need extra care…"
                className={controlClass}
              />
            </FormField>
            <div className="sm:col-span-2">
              <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
                {isSubmitting ? "Submitting..." : "Get My Free Quote"}
              </button>
              <p className="mt-3 text-sm text-slate-600">
                Fields marked <span className="text-red-700">*</span> are required.
              </p>
            </div>
          </fieldset>
        </Form>

        <aside className="space-y-6">
          <div className="rounded-2xl bg-brand-50 p-6">
            <h2 className="font-display text-xl font-bold text-brand-900">What happens next</h2>
            <ol className="mt-4 space-y-3 text-slate-700">
              <li>1. We read your request and any photos you attach.</li>
              <li>2. Within {QUOTE_REPLY_HOURS} hours we contact you with your personalised quote.</li>
              <li>3. You choose a date that suits you, and our team takes care of the rest.</li>
            </ol>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="font-display text-xl font-bold text-brand-900">Free estimates</h2>
            <p className="mt-3 text-slate-700">
              Pricing depends on the size of the space, the type of cleaning and how often you
              would like us to come. Photos help us quote accurately.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
