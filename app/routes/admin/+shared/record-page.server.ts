/**
 * The server side of the record pages (/admin/quotes/:id, /admin/messages/:id; docs/product.md
 * §10), written once for both kinds of record (`AuditedEntity`): the record with its photos and
 * history, what the page shows of writing to the customer (correspondence.server.ts), and the
 * posts: the status step (record-list.server.ts), 'Add note', 'Send quote' / 'Send reply' and
 * 'Resend'. A page adds its own parts (the quote request's Visit card and price guide:
 * app/routes/admin/quote/quote.server.ts) through `more` and `extra`.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { HistoryEntry } from "~/components/admin/detail";
import { formatAdminDate, formatAdminDateTime, hoursSince } from "~/domain/dates";
import type { AuditedEntity } from "~/domain/enumerations";
import { TEXT_LIMITS } from "~/domain/limits";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { isOverdue } from "~/domain/status";
import { quoteFormSchema, replyFormSchema, resendFormSchema } from "~/forms/customer-reply";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin, requireAdminWith } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { addNote, getRecord, recordExtras } from "~/server/inbox";
import type { RecordRow } from "~/server/platform";
import { companyOf } from "~/server/site";
import { composeAction, recordReplies, resendAction, type SentEntry } from "./correspondence.server";
import { applyStatusStep, KINDS, statusForm } from "./record-list.server";

const noteForm = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: ADMIN_MESSAGES.noteEmpty })
    .trim()
    .min(1, ADMIN_MESSAGES.noteEmpty)
    .max(TEXT_LIMITS.note, ADMIN_MESSAGES.noteTooLong(TEXT_LIMITS.note)),
});

/** The forms of every record page: the status step, 'Add note', 'Send quote' or 'Send reply', 'Resend'. */
const recordForms = z.union([statusForm, noteForm, quoteFormSchema, replyFormSchema, resendFormSchema]);

/**
 * The loader of a record page: admins only, 404 for an unknown id, the record with its
 * 'MMM dd, yyyy' date and whether it is overdue (and for how many hours it has waited), its
 * photos, its history (status changes, notes and what was sent, newest first), and what the
 * page shows of writing to the customer (correspondence.server.ts `recordReplies`, with the
 * template of `?template=`). `more(record)` loads the page's own parts alongside (its fields
 * join the answer). The record, the company's details and the record's photos and history are
 * read beside the session (app/http/permissions.server.ts `requireAdminWith`), then the rest in
 * one more round trip. Throws the redirect of requireAdmin or a 404.
 */
export async function recordPageLoader<E extends AuditedEntity, M extends object = object>(
  { request, context, params }: LoaderFunctionArgs,
  entity: E,
  more?: (record: RecordRow<E>) => Promise<M>,
) {
  const { env } = context.cloudflare;
  const id = params.id ?? "";
  // What needs only the id starts beside the session's read (one round trip); the rest needs the record.
  const {
    value: [record, company, extras],
  } = await requireAdminWith(context.db, request, env, () =>
    Promise.all([
      getRecord(context.db, entity, id),
      // The request's one read of the content: the page's own parts (the price guide) reuse it.
      context.siteContent().then((content) => companyOf(env, content)),
      recordExtras(context.db, entity, id),
    ]),
  );
  if (!record) throw data(null, { status: 404 });
  const arrived = record.createdAt.getTime();
  const templateId = new URL(request.url).searchParams.get("template");
  const [replies, own] = await Promise.all([
    recordReplies(context.db, company, entity, record, templateId),
    more ? more(record) : ({} as M),
  ]);
  const { sent, ...rest } = replies;
  return {
    ...own,
    record: {
      ...record,
      date: formatAdminDate(arrived),
      overdue: isOverdue(entity, record.status, arrived),
      waitingHours: hoursSince(arrived),
    },
    ...historyOf(extras, sent),
    ...rest,
  };
}

/** A record's photos and its history (status changes, notes, quotes and replies sent), ready for the detail view. */
function historyOf({ photos, history, notes }: Awaited<ReturnType<typeof recordExtras>>, sent: SentEntry[]) {
  const entries: Array<{ at: number; entry: HistoryEntry }> = [
    ...history.map((change, index) => ({
      at: change.at.getTime(),
      entry: {
        kind: "status" as const,
        key: `status-${index}`,
        when: formatAdminDateTime(change.at.getTime()),
        actor: change.actor,
        from: change.from,
        to: change.to,
        note: change.note,
      },
    })),
    ...notes.map((note) => ({
      at: note.at.getTime(),
      entry: { kind: "note" as const, key: note.id, when: formatAdminDateTime(note.at.getTime()), author: note.author, body: note.body },
    })),
    ...sent.map(({ at, ...entry }) => ({ at, entry })),
  ];
  return {
    photos: photos.map(({ id: photoId, fileName, contentType }) => ({ id: photoId, fileName, contentType })),
    history: entries.sort((a, b) => b.at - a.at).map(({ entry }) => entry),
  };
}

/** A page's own forms beside the record's (the quote request's Visit card): their schema, their intents and their action. */
export interface ExtraForms<V> {
  schema: z.ZodType;
  intents: ReadonlySet<string>;
  act: (request: Request, context: AppLoadContext, id: string, actorUserId: string, formData: FormData) => Promise<V>;
}

/**
 * POST on a record page: the status step ({id, to}, as the lists' action), 'Add note'
 * ({intent: "note", body}), 'Send quote' / 'Send reply' ({intent: "quote" | "reply", …},
 * correspondence.server.ts `composeAction`), 'Resend' ({intent: "resend", mail}) or one of the
 * page's `extra` forms. A note is stored with its author and time, then the page is shown again
 * with "Note added"; an empty or too long note answers 400 with the form's result (the field's
 * message and the text as sent), an unknown record 404.
 */
export async function recordPageAction<V = never>(
  { request, context, params }: ActionFunctionArgs,
  entity: AuditedEntity,
  extra?: ExtraForms<V>,
) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const id = params.id ?? "";
  // A quote or reply is longer than the other forms: its message and what is included.
  const contract = formContract(extra ? z.union([recordForms, extra.schema]) : recordForms);
  const form = await readSmallForm(request, contract, 64 * 1024);
  if (!form.ok) return data(refusal(null, `${KINDS[entity].failed}: ${form.message}`), { status: 400 });
  const intent = form.formData.get("intent");
  if ((intent === "quote" && entity === "quote_request") || (intent === "reply" && entity === "contact_message")) {
    return composeAction(request, context, entity, id, user.id, form.formData);
  }
  if (intent === "resend") return resendAction(request, context, entity, id, form.formData);
  if (extra && typeof intent === "string" && extra.intents.has(intent)) return extra.act(request, context, id, user.id, form.formData);
  if (intent !== "note") return applyStatusStep(request, context.db, entity, user.id, form.formData);
  const submission = parseWithZod(form.formData, { schema: noteForm });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const outcome = await addNote(context.db, entity, id, submission.value.body, user.id);
  if (outcome === "not-found") {
    return data(refusal(form.formData, `${ADMIN_MESSAGES.addNoteFailed}: this ${KINDS[entity].thing} does not exist.`), { status: 404 });
  }
  return redirect(new URL(request.url).pathname, { headers: { "Set-Cookie": await commitNotice(request, "noteAdded") } });
}
