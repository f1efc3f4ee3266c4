/**
 * The server side of a customer's page (/admin/customers/<id>, docs/product.md §14): admins
 * only (whoever sees the inbox). The loader reads the customer with their requests (each with
 * its stage), messages, visits, series, reviews, history, total booked, invoices and balance
 * (./billing-card.server.ts), and, with `?find=`,
 * the customers that search finds to merge into this one (or the one whose id was pasted). The
 * action saves the notes, merges a customer into this one, or moves a request or message to a
 * new customer (app/server/customers). Refusals answer the form's result with a clear message
 * (400 malformed, 404 gone, 409 nothing to do, 503 when D1 fails); never a 500 for bad input.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shortSlotLabel, visitLabel } from "~/domain/booking";
import { formatAdminDate, formatAdminDateTime } from "~/domain/dates";
import { TEXT_LIMITS } from "~/domain/limits";
import { refusal } from "~/forms/result";
import { z } from "~/forms/zod";
import { commitNotice } from "~/http/flash.server";
import { formContract } from "~/http/input-gate.server";
import { requireAdmin, requireAdminWith } from "~/http/permissions.server";
import { readSmallForm } from "~/http/small-form.server";
import { jmdLabel, listCustomers, mergeCustomers, readCustomer, saveCustomerNotes, splitRecord } from "~/server/customers";
import { matchExpression } from "~/server/inbox";
import { logFailure } from "~/server/platform";
import { stageView } from "../+shared/record-list.server";
import { customerBilling } from "./billing-card.server";
import { customerFormSchema } from "./schema";

/** How many customers a merge search offers. */
const CANDIDATES = 10;

const uuid = z.uuid();

/** The customer's id from the URL, or a 404. */
function customerId(params: LoaderFunctionArgs["params"]): string {
  const parsed = uuid.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

/**
 * The loader of /admin/customers/<id>. Out: the customer's page (see the header) with dates and
 * amounts as the admin reads them, and `find` (the merge search as typed, its `candidates` and
 * a `findProblem`). Throws the redirect of requireAdmin, or a 404 for an unknown customer.
 */
export async function customerPageLoader({ request, params, context }: LoaderFunctionArgs) {
  // An id that is not one finds no customer (a 404, once the session is known).
  const id = uuid.safeParse(params.id).data ?? "";
  const find = (new URL(request.url).searchParams.get("find") ?? "").trim().slice(0, TEXT_LIMITS.search);
  // Every read needs only the id and the search: beside the session's, one D1 round trip.
  const {
    value: [page, { candidates, findProblem }, billing],
  } = await requireAdminWith(context.db, request, context.cloudflare.env, () =>
    Promise.all([readCustomer(context.db, id), mergeCandidates(context, id, find), customerBilling(context.db, id)]),
  );
  if (!page) throw data(null, { status: 404 });
  return {
    customer: {
      ...page.customer,
      since: formatAdminDate(page.customer.createdAt.getTime()),
      lastActivity: formatAdminDate(page.customer.updatedAt.getTime()),
    },
    requestCount: page.requestCount,
    messageCount: page.messageCount,
    booked: jmdLabel(page.bookedJmd),
    canSplit: page.requestCount + page.messageCount > 1,
    requests: page.requests.map((row) => ({ ...row, date: formatAdminDate(row.createdAt.getTime()), stage: stageView(row.stage) })),
    messages: page.messages.map((row) => ({ ...row, date: formatAdminDate(row.createdAt.getTime()) })),
    visits: page.visits.map((visit) => ({ ...visit, label: visitLabel(visit), amount: jmdLabel(visit.amountJmd) })),
    series: page.series.map((series) => ({
      ...series,
      starts: shortSlotLabel(series.dtstart, series.windowStart),
      amount: jmdLabel(series.amountJmd),
    })),
    reviews: page.reviews,
    history: page.history.map((note) => ({ ...note, date: formatAdminDateTime(note.createdAt.getTime()) })),
    find,
    candidates,
    findProblem,
    billing,
  };
}

/** The customers a merge search finds (this one left out): by id when an id was pasted, else by name, e-mail or phone. */
async function mergeCandidates(context: LoaderFunctionArgs["context"], id: string, find: string) {
  if (!find) return { candidates: [], findProblem: null };
  const pasted = uuid.safeParse(find.toLowerCase());
  if (pasted.success) {
    const other = pasted.data === id ? null : await readCustomer(context.db, pasted.data);
    if (!other) return { candidates: [], findProblem: pasted.data === id ? "That is this customer's own id." : "No customer has that id." };
    const { customer } = other;
    return {
      candidates: [
        {
          id: customer.id,
          name: customer.name,
          email: customer.email,
          phone: customer.phone,
          requests: other.requestCount,
          messages: other.messageCount,
        },
      ],
      findProblem: null,
    };
  }
  const match = matchExpression(find);
  if (!match) return { candidates: [], findProblem: "The search has no letters or digits to look for." };
  const { rows } = await listCustomers(context.db, match, 1);
  const candidates = rows
    .filter((row) => row.id !== id)
    .slice(0, CANDIDATES)
    .map(({ id, name, email, phone, requests, messages }) => ({ id, name, email, phone, requests, messages }));
  return { candidates, findProblem: candidates.length ? null : "No other customer matches this search." };
}

/**
 * POST on /admin/customers/<id>: `notes` (answers the form's result, success included, so the
 * page says "Notes saved." at the form), `merge` (then back to this page with a notice), `split`
 * (then to the new customer's page with a notice). Refusals: see the header.
 */
export async function customerPageAction({ request, params, context }: ActionFunctionArgs) {
  const { user } = await requireAdmin(context.db, request, context.cloudflare.env);
  const id = customerId(params);
  const form = await readSmallForm(request, formContract(customerFormSchema));
  if (!form.ok) return data(refusal(null, form.message), { status: 400 });
  const submission = parseWithZod(form.formData, { schema: customerFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const value = submission.value;
  const actor = { userId: user.id, email: user.email };
  const refuse = (message: string, status: number) => data(submission.reply({ formErrors: [message] }), { status });
  const goTo = async (path: string, notice: "customersMerged" | "customerSplit") =>
    redirect(path, { headers: { "Set-Cookie": await commitNotice(request, notice) } });
  try {
    if (value.intent === "notes") {
      const saved = await saveCustomerNotes(context.db, id, value.notes ?? "");
      if (saved === "not-found") return refuse("This customer no longer exists: they were merged into another one.", 404);
      return data(submission.reply());
    }
    if (value.intent === "merge") {
      const merged = await mergeCustomers(context.db, { intoId: id, fromId: value.from, actor });
      if (merged.status === "same") return refuse("A customer cannot be merged into itself: choose another one.", 409);
      if (merged.status === "not-found") return refuse("This customer no longer exists: they were merged into another one.", 404);
      if (merged.status === "gone") return refuse("That customer is already merged or no longer exists. Nothing was changed.", 409);
      return await goTo(`/admin/customers/${id}`, "customersMerged");
    }
    const split = await splitRecord(context.db, { customerId: id, entity: value.entity, recordId: value.record, actor });
    if (split.status === "not-found") return refuse("This request or message does not exist.", 404);
    if (split.status === "moved") return refuse("This request or message is no longer this customer's: it was moved already.", 409);
    if (split.status === "only-record") return refuse("This is the customer's only request or message: there is nothing to split.", 409);
    return await goTo(`/admin/customers/${split.customerId}`, "customerSplit");
  } catch (error) {
    logFailure("customer_change_failed", error);
    return refuse("The change could not be saved. Please try again.", 503);
  }
}
