/**
 * Writing to the customer from a record page (docs/product.md §10): the first-reply line,
 * 'Send quote' / 'Send reply' with a template to start from (chosen by link, `?template=`,
 * so it works without JavaScript), and the record's e-mails with their delivery state and
 * 'Resend'. Every form posts to the record page's action.
 */
import { Link } from "@remix-run/react";
import { QUOTE_LIMITS, TEXT_LIMITS } from "~/domain/limits";
import type { ReadResult } from "~/forms/result";
import type { MailStatus } from "~/domain/enumerations";
import {
  AdminInput,
  AdminTextarea,
  Badge,
  Button,
  chipClass,
  PostButton,
  useBusy,
  ResultForm,
  textLinkClass,
} from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";

/** One e-mail of the record as the page lists it (kind and time as the admin reads them). */
export interface MailLine {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  canResend: boolean;
  when: string;
}

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
  /** 'Send quote': "Price guide: J$14,000-18,000" for the request's service, size and frequency, shown beside the amount; null without a range. */
  priceGuide?: string | null;
}

/** 'Send quote' (quote requests) or 'Send reply' (contact messages). */
export function Composer(props: ComposerProps) {
  const busy = useBusy();
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
    <ResultForm
      preventScrollReset
      className="space-y-4"
      key={props.chosenTemplateId ?? "none"}
      aria-label={quote ? "Send quote" : "Send reply"}
    >
      <input type="hidden" name="intent" value={props.kind} />
      {error("") ? <FormStatus tone="error">{error("")}</FormStatus> : null}
      {props.templates.length > 0 ? (
        <nav aria-label="Start from a template" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600">Start from:</span>
          {props.templates.map((template) => (
            <Link
              key={template.id}
              to={`${props.recordPath}?template=${template.id}`}
              preventScrollReset
              aria-current={template.id === props.chosenTemplateId ? "true" : undefined}
              className={chipClass(template.id === props.chosenTemplateId)}
            >
              {template.name}
            </Link>
          ))}
          <Link to="/admin/templates" className={textLinkClass()}>
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
            hint={props.priceGuide ?? undefined}
            value={value("amountJmd")}
            error={error("amountJmd")}
          />
          <DollarsField name="amountUsd" label="Amount (USD, optional)" value={value("amountUsd")} error={error("amountUsd")} />
          <AdminInput
            id="quote-valid-days"
            name="validDays"
            label="Valid for (days)"
            type="number"
            inputMode="numeric"
            required
            min={QUOTE_LIMITS.minValidDays}
            max={QUOTE_LIMITS.maxValidDays}
            defaultValue={value("validDays", String(QUOTE_LIMITS.defaultValidDays))}
            error={error("validDays")}
          />
        </div>
      ) : null}
      {quote ? (
        <AdminTextarea
          id="quote-included"
          name="included"
          label="What is included (optional)"
          rows={3}
          maxLength={TEXT_LIMITS.quoteIncluded}
          defaultValue={value("included")}
          error={error("included")}
        />
      ) : null}
      <AdminTextarea
        id="compose-message"
        name="message"
        label="Message"
        hint={
          quote
            ? "The e-mail adds the price, what is included, until when it holds and the customer's status link."
            : "The e-mail adds the reference and the customer's status link."
        }
        rows={8}
        required
        maxLength={TEXT_LIMITS.customerMessage}
        defaultValue={value("message", props.text)}
        error={error("message")}
      />
      <Button disabled={busy}>{quote ? "Send quote" : "Send reply"}</Button>
    </ResultForm>
  );
}

/** An amount in whole dollars, as typed ("14,500" is fine; the server reads it). */
function DollarsField(props: {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  value: string;
  error?: string;
}) {
  const id = `quote-${props.name}`;
  return (
    <AdminInput
      id={id}
      name={props.name}
      label={props.label}
      inputMode="numeric"
      required={props.required}
      maxLength={20}
      placeholder={props.placeholder}
      hint={props.hint}
      defaultValue={props.value}
      error={props.error}
    />
  );
}

const MAIL_STATE = {
  queued: { text: "Queued", tone: "waiting" },
  sending: { text: "Sending", tone: "waiting" },
  sent: { text: "Sent", tone: "positive" },
  failed: { text: "Not delivered", tone: "destructive" },
} as const satisfies Record<MailLine["status"], { text: string; tone: string }>;

/** The record's e-mails, newest first, with their delivery state and 'Resend' for those not delivered. */
export function MailList({ mails }: { mails: MailLine[] }) {
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
            <Badge tone={MAIL_STATE[mail.status].tone}>{MAIL_STATE[mail.status].text}</Badge>
            {mail.canResend ? (
              <PostButton fields={{ intent: "resend", mail: mail.id }} variant="outline" size="xs">
                Resend
              </PostButton>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
