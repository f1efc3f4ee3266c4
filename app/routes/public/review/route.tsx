/**
 * /review/:token: the customer's review form, the one-time link of the e-mail sent the morning
 * after a visit (docs/product.md §10 "Review requests"): a star rating, a few words and the name
 * to show. A plain form that works without JavaScript (Conform adds checks in the browser once
 * its schema is loaded); never cached or indexed, no Referer sent to other sites. The loader and action are in
 * review.server.ts.
 */
import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ContactMethods } from "~/components/public/contact-details";
import { InputField, TextareaField } from "~/components/fields";
import { FormStatus } from "~/components/form-status";
import { PageHero } from "~/components/public/page-hero";
import { PrivacyLine } from "~/components/public/privacy-line";
import { StarRating } from "./star-rating";
import { buttonStyles } from "~/components/ui";
import { useLazyValidation } from "~/components/hooks/use-lazy-validation";
import { useIsSubmitting, useSubmissionAnalytics } from "~/components/hooks/use-submission";
import { REVIEW_PAGE_MESSAGES } from "~/domain/texts/review-page-messages";
import type { FormResult } from "~/forms/result";
import { REVIEW_PAGE_HEADERS, reviewPageAction, reviewPageLoader, type ReviewPage } from "./review.server";
import { usePublicSite } from "~/components/hooks/site-data";

export const headers: HeadersFunction = () => REVIEW_PAGE_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: page?.state === "open" ? "How did we do?" : page?.state === "thanks" ? REVIEW_PAGE_MESSAGES.thanksTitle : "Review link" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

export const loader = (args: LoaderFunctionArgs) => reviewPageLoader(args);
export const action = (args: ActionFunctionArgs) => reviewPageAction(args);

const loadReviewSchema = () => import("~/forms/customer-review").then((module) => module.customerReviewSchema);

export default function ReviewLinkPage() {
  const page = useLoaderData<typeof loader>();
  if (page.state === "open") return <ReviewForm page={page} />;
  if (page.state === "thanks") return <Thanks page={page} />;
  return <NoForm rateLimited={page.state === "rate-limited"} />;
}

function ReviewForm({ page }: { page: Extract<ReviewPage, { state: "open" }> }) {
  const actionData = useActionData<FormResult>();
  const isSubmitting = useIsSubmitting(useLocation().pathname);
  const { ref: formRef, mode: validationMode, options: validationOptions } = useLazyValidation(loadReviewSchema);
  const [form, fields] = useForm({
    id: "review-form",
    lastResult: isSubmitting ? null : actionData,
    constraint: page.constraint,
    ...validationOptions,
  });
  const rating = fields.rating.initialValue;
  return (
    <>
      <PageHero
        eyebrow="Your review"
        title="How did we do?"
        lead={`Your ${page.service} visit on ${page.day}. Tell us how it went: it takes a minute.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:py-16">
        <Form
          method="post"
          {...getFormProps(form)}
          ref={formRef}
          data-validation={validationMode}
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <div className="space-y-3 [&:not(:empty)]:mb-6" id={form.errorId}>
            {form.errors?.length ? <FormStatus tone="error">{form.errors.join(" ")}</FormStatus> : null}
          </div>
          <fieldset disabled={isSubmitting} className="grid gap-6">
            <legend className="sr-only">Your review</legend>
            <StarRating
              key={fields.rating.key}
              id={fields.rating.id}
              name={fields.rating.name}
              legend="Your rating"
              hint="1 star: poor. 5 stars: excellent."
              errorId={fields.rating.errorId}
              errors={fields.rating.errors}
              defaultValue={typeof rating === "string" ? rating : undefined}
            />
            <TextareaField meta={fields.body} label="A few words" rows={5} placeholder="What went well? Anything we could do better?" />
            <InputField
              meta={fields.author}
              label="Your name as shown"
              type="text"
              autoComplete="name"
              hint="Your name or initials, as they should appear with your review, e.g. Marcia P."
            />
            <div>
              <button type="submit" className={`${buttonStyles.secondary} w-full sm:w-auto`}>
                {isSubmitting ? "Sending..." : "Send my review"}
              </button>
              <PrivacyLine className="mt-3" />
              <p className="mt-4 text-sm text-slate-600">
                {`This link works once, until ${page.validUntil}. We read every review before it appears on our website, with the name you give, the service and your area (such as Rose Hall).`}
              </p>
            </div>
          </fieldset>
        </Form>
      </div>
    </>
  );
}

function Thanks({ page }: { page: Extract<ReviewPage, { state: "thanks" }> }) {
  useSubmissionAnalytics(page.flash);
  return (
    <>
      <PageHero title={REVIEW_PAGE_MESSAGES.thanksTitle} lead={REVIEW_PAGE_MESSAGES.thanks} />
      <div className="mx-auto flex max-w-7xl flex-wrap gap-4 px-4 py-12 sm:px-6">
        <Link to="/" className={buttonStyles.secondary}>
          Back to the home page
        </Link>
        <Link to="/services" className={buttonStyles.outline}>
          See our services
        </Link>
      </div>
    </>
  );
}

function NoForm({ rateLimited }: { rateLimited: boolean }) {
  const site = usePublicSite();
  return (
    <>
      <PageHero
        title={rateLimited ? "Please wait a minute" : REVIEW_PAGE_MESSAGES.closedTitle}
        lead={rateLimited ? "This page was opened many times in a short while. Please try again in a minute." : REVIEW_PAGE_MESSAGES.closed}
      />
      {site ? (
        <section className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <ContactMethods company={site.company} />
        </section>
      ) : null}
    </>
  );
}
