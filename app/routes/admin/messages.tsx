/** /admin/messages: contact messages, newest first, filter by status, 50 per page. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Pagination, StatusBadge, StatusFilter, StepButton } from "~/components/admin-ui";
import { FormStatus } from "~/components/form-field";
import { CONTACT_STATUSES } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { ADMIN_PAGE_SIZE } from "~/domain/limits";
import { listContactMessages } from "~/server/admin.server";
import { loadAdminList, statusAction } from "~/server/admin-actions.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdminList(request, context.cloudflare.env, CONTACT_STATUSES, listContactMessages, ADMIN_MESSAGES.loadContactsFailed);
}

export function action({ request, context }: ActionFunctionArgs) {
  return statusAction(request, context.cloudflare.env, "contact_message");
}

export default function ContactMessages() {
  const { rows, total, page, status, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="messages-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="messages-heading" className="font-display text-2xl font-bold text-slate-900">
          Contact Messages
        </h1>
        <StatusFilter statuses={CONTACT_STATUSES} current={status} base="/admin/messages" />
      </div>
      {actionData && "error" in actionData ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
      {error ? <FormStatus tone="error">{error}</FormStatus> : null}
      {rows.length === 0 && !error ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{ADMIN_MESSAGES.noContacts}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                {["Date", "Name", "Contact", "Message", "Status", "Action"].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700">{row.date}</td>
                  <td className="px-4 py-3 font-semibold">
                    <Link to={`/admin/messages/${row.id}`} className="text-brand-800 hover:underline">
                      {row.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    <a href={`mailto:${row.email}`} className="block text-brand-700 hover:underline">
                      {row.email}
                    </a>
                    {row.phone ? (
                      <a href={`tel:${row.phone.replace(/[^\d+]/g, "")}`} className="block text-slate-700 hover:underline">
                        {row.phone}
                      </a>
                    ) : null}
                  </td>
                  <td className="max-w-md px-4 py-3 text-slate-700">
                    <p className="line-clamp-3 break-words whitespace-pre-line">{row.message}</p>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={row.status} variant={CONTACT_BADGES[row.status]} />
                  </td>
                  <td className="px-4 py-3">
                    <StepButton id={row.id} step={CONTACT_STEPS[row.status]} busy={busy} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} total={total} pageSize={ADMIN_PAGE_SIZE} base="/admin/messages" status={status} />
    </section>
  );
}
