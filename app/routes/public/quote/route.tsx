/**
 * /quote: the 'Get Your Free Quote' form (docs/product.md §2 "Quote page", §3, §5, §8).
 * A plain multipart <Form> that works without JavaScript; `?service=<type>` preselects the
 * service type, and the list names each service as the site content does (a renamed service
 * under its new name). The action is the shared visitor-form action
 * (app/http/visitor-form-action.server.ts): 400 with field errors and typed values kept, or a
 * redirect back here with a one-time success message, which says the confirmation e-mail
 * carries the private status link. With JavaScript, choosing a service and a property size
 * shows the price guide's typical price for them under the fields (docs/product.md §13); the
 * success message repeats it, with or without JavaScript.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { useCallback, useSyncExternalStore } from "react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormStatus } from "~/components/form-status";
import { useResultAction } from "~/components/hooks/use-result-focus";
import { InputField, SelectField, TextareaField } from "~/components/fields";
import { Honeypot, Turnstile, TurnstileNoScriptNote } from "~/components/public/form-guards";
import { PhotosField } from "~/components/public/photo-picker";
import { PrivacyLine } from "~/components/public/privacy-line";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { useLazyValidation } from "~/components/hooks/use-lazy-validation";
import { useIsSubmitting, useSubmissionAnalytics } from "~/components/hooks/use-submission";
import { PageHero } from "~/components/public/page-hero";
import { buttonStyles } from "~/components/ui";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";
import { FREQUENCIES, FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, PROPERTY_SIZES } from "~/domain/enumerations";
import { MESSAGES } from "~/domain/texts/messages";
import { guideRangeFor, typicalPriceSentence, type PricedRequest } from "~/domain/price-guide";
import type { FormResult } from "~/forms/result";
import { pageMeta } from "~/seo";
import { quotePageAction, quotePageLoader } from "./quote.server";
import { useSite } from "~/components/hooks/site-data";

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Get Your Free Quote",
    description: `Tell us about your home or business and we will reply within ${QUOTE_REPLY_HOURS} hours with a free, personalized cleaning quote.`,
  });

export const loader = (args: LoaderFunctionArgs) => quotePageLoader(args);
export const action = (args: ActionFunctionArgs) => quotePageAction(args);

const loadQuoteSchema = () => import("~/forms/quote").then((module) => module.quoteSchema);

export default function QuotePage() {
  const { flash } = useLoaderData<typeof loader>();
  useSubmissionAnalytics(flash);
  // A new key after each success resets every field and the chosen photos.
  return <QuoteFormPage key={flash?.id ?? "quote"} />;
}

/** The job the form describes so far, read from its controls: service, property size, frequency. */
function chosenJob(form: HTMLFormElement): PricedRequest {
  const value = (name: string) => {
    const control = form.elements.namedItem(name);
    return control instanceof HTMLSelectElement ? control.value : "";
  };
  return { service: value("serviceType"), size: value("propertySize"), frequency: value("frequency") };
}

/**
 * The typical price of the job chosen so far in the form `formId` (docs/product.md §13), or ""
 * while the guide has no range for it. Follows the form's selects once hydrated (choices made
 * before count too); the server draws nothing.
 */
function useTypicalPrice(prices: Parameters<typeof guideRangeFor>[0], formId: string): string {
  const subscribe = useCallback(
    (notify: () => void) => {
      const form = document.getElementById(formId);
      form?.addEventListener("change", notify);
      return () => form?.removeEventListener("change", notify);
    },
    [formId],
  );
  const sentence = () => {
    const form = document.getElementById(formId);
    const range = form instanceof HTMLFormElement ? guideRangeFor(prices, chosenJob(form)) : null;
    return range ? typicalPriceSentence(range) : "";
  };
  return useSyncExternalStore(subscribe, sentence, () => "");
}

/**
 * The preferred date. Its `min` (today in Jamaica, an ISO date) greys out past days in the
 * picker once the page's code runs; in the HTML it would cost every load parser time in a new
 * renderer process (docs/benchmarks.md, "/quote's blocking time, found and cut"). The rule
 * itself is the schema's (app/forms/quote.ts), whose message a past date gets either way. Its
 * own component, so that only this field draws again when the page hydrates.
 */
function PreferredDateField({ meta, today }: { meta: Parameters<typeof InputField>[0]["meta"]; today: string }) {
  const hydrated = useHydrated();
  return <InputField meta={meta} label="Preferred Date" type="date" min={hydrated ? today : undefined} />;
}

function QuoteFormPage() {
  const { today, preselected, services, flash, constraint, prices, typicalPrice } = useLoaderData<typeof loader>();
  const actionData = useActionData<FormResult>();
  const { features } = useSite()!;
  const isSubmitting = useIsSubmitting("/quote");
  const resultAction = useResultAction();
  const { ref: formRef, mode: validationMode, options: validationOptions } = useLazyValidation(loadQuoteSchema);

  const [form, fields] = useForm({
    id: "quote-form",
    lastResult: isSubmitting ? null : actionData,
    constraint,
    defaultValue: { serviceType: preselected ?? undefined },
    ...validationOptions,
  });
  const photoErrors = Object.values(fields.photos.allErrors).flat();
  const typicalHint = useTypicalPrice(prices, form.id);

  return (
    <>
      <PageHero
        eyebrow="Free Quote"
        title="Get Your Free Quote"
        lead={`Tell us about the job. We reply within ${QUOTE_REPLY_HOURS} hours with a personalized quote, free of charge and with no obligation.`}
      />

      <div id="quote" className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-3 lg:py-16">
        <Form
          method="post"
          action={resultAction}
          encType="multipart/form-data"
          {...getFormProps(form)}
          ref={formRef}
          data-validation={validationMode}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          <div className="space-y-3 [&:not(:empty)]:mb-6" id={form.errorId}>
            {flash ? (
              <FormStatus tone="success">
                {MESSAGES.quoteSuccess}
                {flash.reference ? <> {MESSAGES.yourReference(flash.reference)}</> : null}
                {typicalPrice ? (
                  <>
                    {" "}
                    <span className="mt-1 block" data-testid="typical-price">
                      {typicalPrice}
                    </span>
                  </>
                ) : null}
              </FormStatus>
            ) : null}
            {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
          </div>
          <TurnstileNoScriptNote siteKey={features.turnstileSiteKey} />

          <fieldset disabled={isSubmitting} className="grid gap-6 sm:grid-cols-2">
            <legend className="sr-only">Your details and the job</legend>
            <Honeypot />
            <InputField meta={fields.name} label="Full Name" type="text" autoComplete="name" />
            <InputField meta={fields.email} label="Email" type="email" autoComplete="email" />
            <InputField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
            <SelectField meta={fields.serviceType} label="Service Type" placeholder="Select a service" options={services} />
            <InputField
              meta={fields.address}
              label="Property Address"
              type="text"
              autoComplete="street-address"
              className="sm:col-span-2"
            />
            <SelectField
              meta={fields.propertySize}
              label="Property Size"
              placeholder="Select a size"
              options={PROPERTY_SIZES.map((size) => ({ value: size, label: PROPERTY_SIZE_LABELS[size] }))}
            />
            <SelectField
              meta={fields.frequency}
              label="Frequency"
              placeholder="Select how often"
              options={FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }))}
            />
            <p
              aria-live="polite"
              data-testid="typical-price-hint"
              className="-mt-6 font-semibold text-brand-900 sm:col-span-2 [&:not(:empty)]:-mt-3"
            >
              {typicalHint}
            </p>
            <PreferredDateField meta={fields.preferredDate} today={today} />
            <PhotosField id={fields.photos.id} errorId={fields.photos.errorId} errors={photoErrors} label="Photos of the job" />
            <TextareaField
              meta={fields.additionalInfo}
              label="Additional Information"
              rows={5}
              placeholder="Anything we should know: rooms, pets, access, areas that need extra care…"
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <Turnstile siteKey={features.turnstileSiteKey} action="quote" />
              <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
                {isSubmitting ? "Submitting..." : "Get My Free Quote"}
              </button>
              <PrivacyLine className="mt-3" />
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
              <li>2. Within {QUOTE_REPLY_HOURS} hours we contact you with your personalized quote.</li>
              <li>3. You choose a date that suits you, and our team takes care of the rest.</li>
            </ol>
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="font-display text-xl font-bold text-brand-900">Free estimates</h2>
            <p className="mt-3 text-slate-700">
              Pricing depends on the size of the space, the type of cleaning and how often you would like us to come. Photos help us quote
              accurately.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
