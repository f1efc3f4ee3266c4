/** /admin/messages: contact messages, newest first, filter by status, 50 per page. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminListFrame, RecordCells, StatusBadge, StepButton } from "~/components/admin-ui";
import { CONTACT_STATUSES } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { listContactMessages } from "~/server/admin.server";
import { loadAdminList, statusAction } from "~/server/admin-routes.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAdminList(request, context, CONTACT_STATUSES, listContactMessages, ADMIN_MESSAGES.loadContactsFailed);
}

export function action({ request, context }: ActionFunctionArgs) {
  return statusAction(request, context, "contact_message");
}

export default function ContactMessages() {
  const { rows, total, page, status, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AdminListFrame
      title="Contact Messages"
      base="/admin/messages"
      statuses={CONTACT_STATUSES}
      status={status}
      page={page}
      total={total}
      error={error}
      actionError={actionData && "error" in actionData ? actionData.error : null}
      emptyText={ADMIN_MESSAGES.noContacts}
      columns={["Date", "Name", "Contact", "Message", "Status", "Action"]}
      isEmpty={rows.length === 0}
    >
      {rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/messages/${row.id}`} />
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
    </AdminListFrame>
  );
}
