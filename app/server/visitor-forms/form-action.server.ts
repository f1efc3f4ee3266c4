/**
 * The one path every visitor form takes on the server (docs/product.md §5, §8; docs/architecture.md):
 *
 * 1. rate limit per client IP → 429 with a clear message;
 * 2. read the multipart body with hard caps, through the input gate (input-gate.server.ts)
 *    → 400 when unreadable or when it carries fields the form does not have;
 * 3. honeypot filled → answered like a success, nothing stored;
 * 4. Turnstile, when configured → 400 with the typed values when it refuses the token, 503
 *    when it cannot be reached (fail closed);
 * 5. validate with the form's zod schema (photos judged by their bytes) → 400 with the
 *    field errors and the typed values;
 * 6. store whole or nothing → 503 with the product's failure message when storage fails;
 * 7. queue the company's notification and the visitor's confirmation (after the response,
 *    through the mail queue, app/server/mail/queue.server.ts: a mail failure never costs the request);
 * 8. redirect with a one-time flash (post/redirect/get).
 *
 * Returns the Response (a redirect or `data(...)` with the Conform reply) for the action.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { z } from "zod";
import { MAX_PHOTOS } from "~/domain/limits";
import { fileTooLargeMessage, FORM_GUARD_MESSAGES, tooManyPhotosMessage } from "~/domain/messages";
import { HONEYPOT_FIELD } from "~/forms/honeypot";
import { PHOTOS_FIELD } from "~/domain/limits";
import type { Database } from "../platform/db.server";
import { readSiteUrl } from "../platform/env.server";
import { commitFlash, type Flash, type FlashForm } from "../platform/flash.server";
import { newReference } from "./reference.server";

/** A stored submission: its record's id, its reference ("MB-7K4Q2") and its status page's token. */
interface Stored {
  id: string;
  reference: string;
  statusToken: string;
}
import { FORM_LIMITS, formContract } from "../platform/input-gate.server";
import type { Mail } from "../mail/mailer.server";
import { queueMail } from "../mail/queue.server";
import type { AuditedEntity } from "~/domain/enumerations";
import { allowFormSubmission, clientIp } from "../platform/rate-limit.server";
import { MultipartError, readPhotoFormBody } from "../uploads/photo-form-body.server";
import { TURNSTILE_FIELD, TURNSTILE_TOKEN_MAX, turnstileEnabled, verifyTurnstile } from "../platform/turnstile.server";
import { logEvent, logFailure } from "~/server/platform/log.server";

/** Fields of every visitor form that its schema does not parse, with their limits in characters. */
const GUARD_FIELDS = { [HONEYPOT_FIELD]: FORM_LIMITS.defaultChars, [TURNSTILE_FIELD]: TURNSTILE_TOKEN_MAX };

export interface ActionResult {
  result: SubmissionResult<string[]>;
}

export interface SubmissionHandler<Schema extends z.ZodTypeAny> {
  form: FlashForm;
  /** The kind of record the form stores (its mails are listed on that record). */
  entity: AuditedEntity;
  schema: Schema;
  /** The failure message for this form (docs/product.md §8). */
  failureMessage: string;
  /** Stores the validated submission whole or nothing; returns the new record's id. */
  store: (db: Database, bucket: R2Bucket, value: z.output<Schema>) => Promise<Stored>;
  /** The notification e-mail for a stored submission; `siteUrl` is SITE_URL's origin. */
  notification: (value: z.output<Schema>, stored: Stored, siteUrl: string) => Mail;
  /** The confirmation e-mail to the visitor (app/server/mail/confirmations.server.ts); `siteUrl` as above. */
  confirmation: (value: z.output<Schema>, stored: Stored, siteUrl: string) => Mail;
  /** Where to go after success (path, may carry a #fragment). */
  successLocation: (formData: FormData) => string;
  /** The analytics label carried by the flash (quote: the service type). */
  analyticsLabel?: (value: z.output<Schema>) => Flash["label"];
}

export async function handleSubmission<Schema extends z.ZodTypeAny>(
  request: Request,
  context: AppLoadContext,
  handler: SubmissionHandler<Schema>,
): Promise<Response | ReturnType<typeof data<ActionResult>>> {
  const { env } = context.cloudflare;
  const { db } = context;
  const fail = (status: number, message: string) =>
    data<ActionResult>({ result: { status: "error", error: { "": [message] } } }, { status });

  if (!(await allowFormSubmission(env.FORM_RATE_LIMITER, handler.form, request))) {
    return fail(429, FORM_GUARD_MESSAGES.rateLimited);
  }

  let form;
  try {
    form = await readPhotoFormBody(request, formContract(handler.schema, GUARD_FIELDS));
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    return fail(400, handler.failureMessage);
  }
  if (!form.ok) return fail(400, form.message);

  const succeed = async (flash: Flash) =>
    redirect(handler.successLocation(form.formData), {
      status: 303,
      headers: { "Set-Cookie": await commitFlash(request, flash) },
    });

  const honeypot = form.formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logEvent("honeypot_filled", { form: handler.form, ip: clientIp(request) });
    // A reference of the right form, stored nowhere: the answer looks like any other.
    return succeed({ form: handler.form, id: crypto.randomUUID(), reference: newReference() });
  }

  const submission = parseWithZod(form.formData, { schema: handler.schema });

  if (turnstileEnabled(env)) {
    const token = form.formData.get(TURNSTILE_FIELD);
    const outcome = await verifyTurnstile({
      secret: env.TURNSTILE_SECRET_KEY!,
      token: typeof token === "string" ? token : null,
      ip: clientIp(request),
      hostname: new URL(readSiteUrl(env)).hostname,
      action: handler.form,
    });
    if (outcome !== "passed") {
      const message = outcome === "unavailable" ? FORM_GUARD_MESSAGES.turnstileUnavailable : FORM_GUARD_MESSAGES.turnstileFailed;
      return data<ActionResult>({ result: submission.reply({ formErrors: [message] }) }, { status: outcome === "unavailable" ? 503 : 400 });
    }
  }

  const photoErrors = [...form.tooLargePhotos.map(fileTooLargeMessage), ...(form.tooManyPhotos ? [tooManyPhotosMessage(MAX_PHOTOS)] : [])];
  if (submission.status !== "success" || photoErrors.length > 0) {
    return data<ActionResult>(
      { result: submission.reply({ fieldErrors: photoErrors.length > 0 ? { [PHOTOS_FIELD]: photoErrors } : undefined }) },
      { status: 400 },
    );
  }

  let stored: Stored;
  try {
    stored = await handler.store(db, env.UPLOADS, submission.value);
  } catch (error) {
    logFailure("submission_store_failed", error, { form: handler.form });
    return data<ActionResult>({ result: submission.reply({ formErrors: [handler.failureMessage] }) }, { status: 503 });
  }

  const about = { entity: handler.entity, entityId: stored.id };
  const siteUrl = readSiteUrl(env);
  queueMail(context, handler.notification(submission.value, stored, siteUrl), { kind: "notification", ...about });
  queueMail(context, handler.confirmation(submission.value, stored, siteUrl), { kind: "confirmation", ...about });
  return succeed({
    form: handler.form,
    id: crypto.randomUUID(),
    reference: stored.reference,
    label: handler.analyticsLabel?.(submission.value),
  });
}
