/**
 * Writing to the customer from a record page (docs/product.md §10): the first-reply line,
 * 'Send quote' / 'Send reply' with a template to start from (chosen by link, `?template=`,
 * so it works without JavaScript), and the record's e-mails with their delivery state and
 * 'Resend'. Every form posts to the record page's action.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { QUOTE_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import type { ReadResult } from "~/forms/result";
import type { MailLine } from "~/server/inbox/reply-routes.server";
import { AdminField, ADMIN_INPUT, fieldAria } from "./admin-fields";

const PRIMARY = "min-h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";

/** "First reply after 3 hours 12 minutes", or how long the record has waited. */
export function FirstReplyLine({ firstReply }: { firstReply: { answered: boolean; after: string; onTime: boolean } }) {
  const tone = firstReply.onTime ? "text-brand-800" : "text-red-800";
  return (
    <p className={`mt-1 text-sm ${tone}`} data-testid="first-reply">
      {firstReply.answered
        ? `First reply after ${firstReply.after}${firstReply.onTime ? " (within 24 hours)" : " (later than 24 hours)"}`
        : `No reply yet · waiting ${firstReply.after}`}
    </p>
  );
}

export interface ComposerProps {
  kind: "quote" | "reply";
  templates: Array<{ id: string; name: string }>;
  chosenTemplateId: string | null;
  /** The chosen template with its placeholders filled. */
  text: string;
  /** False when the record can no longer take this (a completed or cancelled request). */
  open: boolean;
  recordPath: string;
  /** The result of this form when it was refused (app/forms/result.ts `readResult`). */
  result: ReadResult;
}

/** 'Send quote' (quote requests) or 'Send reply' (contact messages). */
export function Composer(props: ComposerProps) {
  const busy = useNavigation().state !== "idle";
  const quote = props.kind === "quote";
  // A refused form shows its messages and what was sent (a field sent empty comes back empty).
  const error = (name: string) => props.result.error(name);
  const sentBack = props.result.value("intent") === props.kind;
  const value = (name: string, fallback = "") => (sentBack ? (props.result.value(name) ?? "") : fallback);
  if (!props.open) {
    return <p className="text-slate-600">This request is closed: no quote can be sent any more.</p>;
  }
  return (
    // Keyed by the template, so choosing another one fills the message again.
    <Form
      method="post"
      preventScrollReset
      className="space-y-4"
      key={props.chosenTemplateId ?? "none"}
      aria-label={quote ? "Send quote" : "Send reply"}
    >
      <input type="hidden" name="intent" value={props.kind} />
      {error("") ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {error("")}
        </p>
      ) : null}
      {props.templates.length > 0 ? (
        <nav aria-label="Start from a template" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Start from:</span>
          {props.templates.map((template) => (
            <Link
              key={template.id}
              to={`${props.recordPath}?template=${template.id}`}
              preventScrollReset
              aria-current={template.id === props.chosenTemplateId ? "true" : undefined}
              className={`rounded-full px-3 py-1 font-medium ${template.id === props.chosenTemplateId ? "bg-brand-800 text-white" : "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
            >
              {template.name}
            </Link>
          ))}
          <Link to="/admin/templates" className="text-brand-700 underline">
            Edit templates
          </Link>
        </nav>
      ) : null}
      {quote ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <DollarsField
            name="amountJmd"
            label="Amount (JMD)"
            required
            placeholder="14500"
            value={value("amountJmd")}
            error={error("amountJmd")}
          />
          <DollarsField name="amountUsd" label="Amount (USD, optional)" value={value("amountUsd")} error={error("amountUsd")} />
          <AdminField id="quote-valid-days" label="Valid for (days)" error={error("validDays")}>
            <input
              id="quote-valid-days"
              name="validDays"
              type="number"
              inputMode="numeric"
              required
              min={QUOTE_LIMITS.minValidDays}
              max={QUOTE_LIMITS.maxValidDays}
              defaultValue={value("validDays", String(QUOTE_LIMITS.defaultValidDays))}
              className={ADMIN_INPUT}
              {...fieldAria("quote-valid-days", error("validDays"))}
            />
          </AdminField>
        </div>
      ) : null}
      {quote ? (
        <AdminField id="quote-included" label="What is included (optional)" error={error("included")}>
          <textarea
            id="quote-included"
            name="included"
            rows={3}
            maxLength={TEXT_LIMITS.quoteIncluded}
            defaultValue={value("included")}
            className={ADMIN_INPUT}
            {...fieldAria("quote-included", error("included"))}
          />
        </AdminField>
      ) : null}
      <AdminField
        id="compose-message"
        label="Message"
        hint={
          quote
            ? "The e-mail adds the price, what is included, until when it holds and the customer's status link."
            : "The e-mail adds the reference and the customer's status link."
        }
        error={error("message")}
      >
        <textarea
          id="compose-message"
          name="message"
          rows={8}
          required
          maxLength={TEXT_LIMITS.customerMessage}
          defaultValue={value("message", props.text)}
          className={ADMIN_INPUT}
          {...fieldAria("compose-message", error("message"), true)}
        />
      </AdminField>
      <button type="submit" disabled={busy} className={PRIMARY}>
        {quote ? "Send quote" : "Send reply"}
      </button>
    </Form>
  );
}

/** An amount in whole dollars, as typed ("14,500" is fine; the server reads it). */
function DollarsField(props: { name: string; label: string; required?: boolean; placeholder?: string; value: string; error?: string }) {
  const id = `quote-${props.name}`;
  return (
    <AdminField id={id} label={props.label} error={props.error}>
      <input
        id={id}
        name={props.name}
        inputMode="numeric"
        required={props.required}
        maxLength={20}
        placeholder={props.placeholder}
        defaultValue={props.value}
        className={ADMIN_INPUT}
        {...fieldAria(id, props.error)}
      />
    </AdminField>
  );
}

const MAIL_STATE: Record<MailLine["status"], { text: string; className: string }> = {
  queued: { text: "Queued", className: "bg-amber-100 text-amber-900" },
  sending: { text: "Sending", className: "bg-amber-100 text-amber-900" },
  sent: { text: "Sent", className: "bg-brand-100 text-brand-900" },
  failed: { text: "Not delivered", className: "bg-red-700 text-white" },
};

/** The record's e-mails, newest first, with their delivery state and 'Resend' for those not delivered. */
export function MailList({ mails }: { mails: MailLine[] }) {
  const busy = useNavigation().state !== "idle";
  if (mails.length === 0) return <p className="text-slate-600">No e-mails about this request.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm" data-testid="mails">
      {mails.map((mail) => (
        <li key={mail.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-mail-status={mail.status}>
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{mail.subject}</p>
            <p className="break-words text-slate-600">
              {mail.kind} · to {mail.to} · {mail.when}
            </p>
            {mail.status === "failed" && mail.lastError ? (
              <p className="mt-1 break-words text-red-800">
                After {mail.attempts} {mail.attempts === 1 ? "try" : "tries"}: {mail.lastError}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${MAIL_STATE[mail.status].className}`}>
              {MAIL_STATE[mail.status].text}
            </span>
            {mail.canResend ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="mail" value={mail.id} />
                <button
                  type="submit"
                  disabled={busy}
                  className="min-h-9 rounded-full border border-brand-300 px-3 text-xs font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
                >
                  Resend
                </button>
              </Form>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
