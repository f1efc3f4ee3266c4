/**
 * The parts of a detail view: fields, photos (in a viewer), ways to reply, 'Send quote' or
 * 'Send reply', the e-mails about the record, the history (status changes with their reasons,
 * and notes), and 'Add note'; a quote request's stage beside its status, and a link to its
 * customer's page.
 */
import { Form, Link, useActionData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { TEXT_LIMITS } from "~/domain/limits";
import type { BadgeVariant, Step } from "~/domain/status";
import { AdminTextarea, Button, buttonClass, Card, OverdueMark, PageHeader, StatusBadge, useBusy } from "~/components/admin/kit";
import { NextStep, RepeatMark, StageBadge, type RowStage } from "~/components/admin/list";
import { readPhotoIndex } from "~/components/admin/photo-index";
import { PhotoGallery } from "~/components/photo-viewer";
import { FormStatus } from "~/components/form-status";
import { readResult, type FormResult } from "~/forms/result";
import { telHref, whatsappHref, whatsappNumber } from "~/domain/phone";
import { Composer, FirstReplyLine, MailList, type ComposerProps, type MailLine } from "~/components/admin/correspondence";

function DetailFields({ fields }: { fields: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
      {fields.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
          <dd className="mt-1 break-words whitespace-pre-line text-slate-900">{value || "-"}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReplyLinks({ email, phone, name }: { email: string; phone: string | null; name: string }) {
  const whatsapp = phone ? whatsappNumber(phone) : null;
  const className = buttonClass("outline", "sm");
  return (
    <div className="flex flex-wrap gap-2">
      <a className={className} href={`mailto:${email}`}>
        Email {name}
      </a>
      {phone ? (
        <a className={className} href={telHref(phone)}>
          Call
        </a>
      ) : null}
      {whatsapp ? (
        <a className={className} href={whatsappHref(whatsapp)}>
          WhatsApp
        </a>
      ) : null}
    </div>
  );
}

/** A quote or reply in the record's history. */
export interface SentHistoryEntry {
  kind: "quote" | "reply";
  key: string;
  when: string;
  sender: string | null;
  summary: string;
  message: string;
  included: string | null;
  delivery: MailLine["status"] | null;
}

/** One line of a record's history: a status change, an internal note, or a quote or reply sent; newest first. */
export type HistoryEntry =
  | { kind: "status"; key: string; when: string; actor: string | null; from: string; to: string; note: string | null }
  | { kind: "note"; key: string; when: string; author: string | null; body: string }
  | SentHistoryEntry;

/** Status changes (each with its reason, if any) and internal notes, newest first. */
function History({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="text-slate-600">No status changes or notes yet.</p>;
  return (
    <ol className="space-y-3 text-sm" data-testid="history">
      {history.map((entry) =>
        entry.kind === "status" ? (
          <li key={entry.key} className="text-slate-700">
            <span className="font-medium text-slate-900">{entry.when}</span>: {entry.from} → {entry.to}
            {entry.actor ? ` by ${entry.actor}` : ""}
            {entry.note ? <span className="block break-words whitespace-pre-line text-slate-800">{`Reason: ${entry.note}`}</span> : null}
          </li>
        ) : entry.kind === "note" ? (
          <li key={entry.key} className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-slate-800" data-note>
            <p className="text-xs font-semibold text-amber-900">
              Note · {entry.when}
              {entry.author ? ` by ${entry.author}` : " by a removed account"}
            </p>
            <p className="mt-1 break-words whitespace-pre-line">{entry.body}</p>
          </li>
        ) : (
          <li key={entry.key} className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-slate-800" data-sent={entry.kind}>
            <p className="text-xs font-semibold text-brand-900">
              {entry.kind === "quote" ? "Quote sent" : "Reply sent"} · {entry.when}
              {entry.sender ? ` by ${entry.sender}` : " by a removed account"}
              {entry.delivery === "failed" ? " · not delivered" : entry.delivery === "sent" ? " · delivered" : ""}
            </p>
            {entry.summary ? <p className="mt-1 font-semibold">{entry.summary}</p> : null}
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-800">Message</summary>
              {entry.included ? <p className="mt-1 break-words whitespace-pre-line">Included: {entry.included}</p> : null}
              <p className="mt-1 break-words whitespace-pre-line">{entry.message}</p>
            </details>
          </li>
        ),
      )}
    </ol>
  );
}

/** 'Add note': a staff-only note on the record, posted to the record page's action. */
function AddNote({ error, body }: { error: string | null; body: string }) {
  const busy = useBusy();
  return (
    <Form method="post" preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value="note" />
      <AdminTextarea
        id="note-body"
        name="body"
        label={
          <>
            Note <span className="font-normal text-slate-600">(only staff see notes)</span>
          </>
        }
        rows={3}
        required
        maxLength={TEXT_LIMITS.note}
        defaultValue={body}
        error={error ?? undefined}
      />
      <Button disabled={busy}>Add note</Button>
    </Form>
  );
}

/**
 * A record's detail view: back link, name and status with its next step, every field with
 * ways to reply, the photos and the history.
 */
export function AdminDetailFrame(props: {
  back: { to: string; label: string };
  record: { id: string; name: string; email: string; phone: string | null; status: string; overdue: boolean; waitingHours: number };
  subtitle: string;
  badge: BadgeVariant;
  step: Step<string> | undefined;
  fields: Array<[string, ReactNode]>;
  photos: Array<{ id: string; fileName: string; contentType: string }>;
  history: HistoryEntry[];
  firstReply: { answered: boolean; after: string; onTime: boolean };
  composer: Omit<ComposerProps, "recordPath" | "result" | "open">;
  /** Whether a quote or reply may be sent now. */
  canCompose: boolean;
  mails: MailLine[];
  /** A card after the fields (a quote request's booked visit). */
  extra?: ReactNode;
  /** A quote request's stage, shown beside its status. */
  stage?: RowStage | null;
  /** Whether another request or message of the same customer exists. */
  repeat?: boolean;
  /** The customer's page (/admin/customers/<id>), when the record is matched to a customer. */
  customerHref?: string | null;
  /** What comes right after the header: a confirmation panel, what the record still needs. */
  lead?: ReactNode;
  /** The intents of forms that show their own result (not above the page). */
  ownIntents?: readonly string[];
}) {
  const { record } = props;
  // The record page's action (recordPageAction) answers a refused form with its result: a
  // note's and a quote's or reply's show at their own form, with what was sent; any other
  // (a status step, 'Resend', a form that could not be read) above the page.
  const result = useActionData<FormResult>();
  const intent = readResult(result).value("intent");
  // The Visit card's day-and-window forms show their own.
  const pageError = ["note", props.composer.kind, "book", "move-visit", "visit-notes", ...(props.ownIntents ?? [])].includes(String(intent))
    ? undefined
    : readResult(result).error("");
  const note = readResult(result, { intent: "note" });
  const location = useLocation();
  return (
    <article className="space-y-6">
      <Link to={props.back.to} className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline">
        ← {props.back.label}
      </Link>
      {pageError ? <FormStatus tone="error">{pageError}</FormStatus> : null}
      <PageHeader
        title={record.name}
        actions={
          <>
            {props.stage ? <StageBadge stage={props.stage} /> : null}
            <StatusBadge status={record.status} variant={props.badge} />
            {props.repeat ? <RepeatMark /> : null}
            <NextStep id={record.id} step={props.step} detailHref={location.pathname} />
          </>
        }
      >
        <p className="text-slate-600">{props.subtitle}</p>
        {props.customerHref ? (
          <p className="mt-1">
            <Link to={props.customerHref} className="inline-flex min-h-6 items-center text-sm font-semibold text-brand-700 hover:underline">
              {`${record.name}'s customer page`}
            </Link>
          </p>
        ) : null}
        <FirstReplyLine firstReply={props.firstReply} />
        {record.overdue ? (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800">
            <OverdueMark /> Waiting {record.waitingHours} hours for a reply
          </p>
        ) : null}
      </PageHeader>
      {props.lead}
      <Card>
        <DetailFields fields={props.fields} />
        <div className="mt-6">
          <ReplyLinks email={record.email} phone={record.phone} name={record.name} />
        </div>
      </Card>
      {props.extra}
      <Card title={props.composer.kind === "quote" ? "Send quote" : "Send reply"} titleId="compose-heading">
        <Composer
          {...props.composer}
          open={props.canCompose}
          recordPath={location.pathname}
          result={readResult(result, { intent: props.composer.kind })}
        />
      </Card>
      <Card title="E-mails" titleId="mails-heading">
        <MailList mails={props.mails} />
      </Card>
      <Card title="Photos" titleId="photos-heading">
        {props.photos.length === 0 ? (
          <p className="text-slate-600">No photos.</p>
        ) : (
          // The open photo is in the URL (?photo=n), so the viewer works without JavaScript.
          <PhotoGallery
            photos={props.photos}
            openIndex={readPhotoIndex(location.search, props.photos.length)}
            recordPath={location.pathname}
          />
        )}
      </Card>
      <Card title="History" titleId="history-heading">
        <History history={props.history} />
        <div className="mt-6 border-t border-slate-200 pt-6">
          {/* Keyed by the history, so the field empties once the note is in it. */}
          <AddNote key={props.history.length} error={note.error("body") ?? note.error("") ?? null} body={note.value("body") ?? ""} />
        </div>
      </Card>
    </article>
  );
}
