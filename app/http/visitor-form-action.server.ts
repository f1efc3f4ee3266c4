/**
 * The shared action of the two visitor forms, the quote form (/quote) and the contact form
 * (/contact, also sent from the home page's contact section): `visitorFormAction`, which
 * the quote and contact pages' actions (app/routes/public/quote/quote.server.ts,
 * app/routes/public/contact/contact.server.ts) call with their kind. What
 * differs per form (its flash, schema, failure message, where success goes) is stated in
 * VISITOR_FORMS. The one path every visitor form takes on the server (docs/product.md §5, §8;
 * docs/architecture.md):
 *
 * 1. rate limit per client IP → 429 with a clear message;
 * 2. read the multipart body with hard caps, through the input gate (input-gate.server.ts)
 *    → 400 when unreadable or when it carries fields the form does not have;
 * 3. honeypot filled → answered like a success, nothing stored;
 * 4. Turnstile, when configured → 400 with the typed values when it refuses the token, 503
 *    when it cannot be reached (fail closed);
 * 5. validate with the form's zod schema (photos judged by their bytes) → 400 with the
 *    field errors and the typed values;
 * 6. store whole or nothing (submissions.server.ts) → 503 with the product's failure message
 *    when storage fails;
 * 7. queue the company's notification and the visitor's confirmation (after the response,
 *    through the mail queue, app/server/mail/queue.server.ts: a mail failure never costs the
 *    request);
 * 8. redirect with a one-time flash (post/redirect/get).
 *
 * A refusal is the form's Conform result (app/forms/result.ts) as the action's data.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import type { AuditedEntity } from "~/domain/enumerations";
import { guideRangeFor, typicalPriceSentence, type PricedRequest } from "~/domain/price-guide";
import { MAX_PHOTOS, PHOTOS_FIELD } from "~/domain/limits";
import { fileTooLargeMessage, FORM_GUARD_MESSAGES, MESSAGES, tooManyPhotosMessage } from "~/domain/texts/messages";
import { contactSchema } from "~/forms/contact";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { quoteSchema } from "~/forms/quote";
import { refusal, type FormResult } from "~/forms/result";
import { confirmationMail, notificationMail, queueMail } from "~/server/mail";
import {
  logEvent,
  logFailure,
  readNotifyEmail,
  readSiteUrl,
  TURNSTILE_FIELD,
  TURNSTILE_TOKEN_MAX,
  turnstileEnabled,
  verifyTurnstile,
} from "~/server/platform";
import { companyOf } from "~/server/site";
import { commitFlash, type Flash, type FlashForm } from "~/http/flash.server";
import { FORM_LIMITS, formContract } from "~/http/input-gate.server";
import { allowFormSubmission, clientIp, clientKey } from "~/http/rate-limit.server";
import { MultipartError, readPhotoFormBody } from "~/http/photo-form-body.server";
import { createSubmission, newReference, type StoredSubmission, type SubmissionInput } from "~/server/visitor-forms";

/** Fields of every visitor form that its schema does not parse, with their limits in characters. */
const GUARD_FIELDS = { [HONEYPOT_FIELD]: FORM_LIMITS.defaultChars, [TURNSTILE_FIELD]: TURNSTILE_TOKEN_MAX };

interface VisitorForm<Kind extends AuditedEntity> {
  /** The form's name: its flash, its rate-limit key, its Turnstile action, its log lines. */
  form: FlashForm;
  schema: z.ZodType<SubmissionInput<Kind>>;
  /** The failure message for this form (docs/product.md §8). */
  failureMessage: string;
  /** Where to go after success (path, may carry a #fragment). */
  successLocation: (formData: FormData) => string;
  /** The analytics label carried by the flash (quote: the service type). */
  analyticsLabel?: (value: SubmissionInput<Kind>) => Flash["label"];
  /** The job the price guide prices (quote: service, size, frequency), carried by the flash and told in the confirmation. */
  pricedRequest?: (value: SubmissionInput<Kind>) => PricedRequest & Pick<Flash, "size" | "frequency">;
}

/** What differs per visitor form (docs/product.md §2 "Quote page", "Contact"). */
const VISITOR_FORMS: { [Kind in AuditedEntity]: VisitorForm<Kind> } = {
  quote_request: {
    form: "quote",
    schema: quoteSchema,
    failureMessage: MESSAGES.quoteFailure,
    successLocation: () => "/quote",
    analyticsLabel: (value) => value.serviceType,
    pricedRequest: (value) => ({ service: value.serviceType, size: value.propertySize, frequency: value.frequency }),
  },
  contact_message: {
    form: "contact",
    schema: contactSchema,
    failureMessage: MESSAGES.contactFailure,
    successLocation: (formData) => (formData.get("returnTo") === "/" ? "/#contact" : "/contact#message"),
  },
};

/**
 * The action of the visitor form that stores requests of `kind` (the path above). In: Remix's
 * args and the kind. Out: a 303 redirect with the flash, or the refused form's result with 400,
 * 429 or 503. Throws what the body reader throws other than a MultipartError.
 */
export async function visitorFormAction<Kind extends AuditedEntity>({ request, context }: ActionFunctionArgs, kind: Kind) {
  const visitorForm: VisitorForm<Kind> = VISITOR_FORMS[kind];
  const { env } = context.cloudflare;
  const { db } = context;
  const refuse = (status: number, message: string) => data<FormResult>(refusal(null, message), { status });

  if (!(await allowFormSubmission(env.FORM_RATE_LIMITER, visitorForm.form, request))) {
    return refuse(429, FORM_GUARD_MESSAGES.rateLimited);
  }

  let form;
  try {
    form = await readPhotoFormBody(request, formContract(visitorForm.schema, GUARD_FIELDS));
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    return refuse(400, visitorForm.failureMessage);
  }
  if (!form.ok) return refuse(400, form.message);

  const succeed = async (flash: Flash) =>
    redirect(visitorForm.successLocation(form.formData), {
      status: 303,
      headers: { "Set-Cookie": await commitFlash(request, flash) },
    });

  const honeypot = form.formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logEvent("honeypot_filled", { form: visitorForm.form, client: clientKey(request) });
    // A reference of the right form, stored nowhere: the answer looks like any other.
    return succeed({ form: visitorForm.form, id: crypto.randomUUID(), reference: newReference() });
  }

  const submission = parseWithZod(form.formData, { schema: visitorForm.schema });

  if (turnstileEnabled(env)) {
    const token = form.formData.get(TURNSTILE_FIELD);
    const outcome = await verifyTurnstile({
      secret: env.TURNSTILE_SECRET_KEY!,
      token: typeof token === "string" ? token : null,
      ip: clientIp(request),
      hostname: new URL(readSiteUrl(env)).hostname,
      action: visitorForm.form,
    });
    if (outcome !== "passed") {
      const message = outcome === "unavailable" ? FORM_GUARD_MESSAGES.turnstileUnavailable : FORM_GUARD_MESSAGES.turnstileFailed;
      return data<FormResult>(submission.reply({ formErrors: [message] }), { status: outcome === "unavailable" ? 503 : 400 });
    }
  }

  const photoErrors = [...form.tooLargePhotos.map(fileTooLargeMessage), ...(form.tooManyPhotos ? [tooManyPhotosMessage(MAX_PHOTOS)] : [])];
  if (submission.status !== "success" || photoErrors.length > 0) {
    return data<FormResult>(submission.reply({ fieldErrors: photoErrors.length > 0 ? { [PHOTOS_FIELD]: photoErrors } : undefined }), {
      status: 400,
    });
  }

  // The site content the e-mails show is read while the submission is stored: one round trip for both.
  const reading = context.siteContent();
  let stored: StoredSubmission;
  try {
    stored = await createSubmission(db, env.UPLOADS, kind, submission.value);
  } catch (error) {
    logFailure("submission_store_failed", error, { form: visitorForm.form });
    return data<FormResult>(submission.reply({ formErrors: [visitorForm.failureMessage] }), { status: 503 });
  }

  const about = { entity: kind, entityId: stored.id };
  const content = await reading;
  const company = companyOf(env, content);
  const siteUrl = readSiteUrl(env);
  const priced = visitorForm.pricedRequest?.(submission.value);
  const range = priced ? guideRangeFor(content.prices, priced) : null;
  const typicalPrice = range ? typicalPriceSentence(range) : null;
  queueMail(context, notificationMail(kind, readNotifyEmail(env), submission.value, stored, siteUrl), { kind: "notification", ...about });
  queueMail(context, confirmationMail(kind, submission.value, stored, company, siteUrl, { typicalPrice }), {
    kind: "confirmation",
    ...about,
  });
  return succeed({
    form: visitorForm.form,
    id: crypto.randomUUID(),
    reference: stored.reference,
    label: visitorForm.analyticsLabel?.(submission.value),
    size: priced?.size ?? undefined,
    frequency: priced?.frequency ?? undefined,
  });
}
