/**
 * /admin/messages: contact messages, newest first, by status tab, search and date filters
 * (in the URL), 50 per page; overdue ones marked (docs/product.md §10).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminListFrame, OverdueMark, RecordCard, RecordCells, StatusBadge, StepButton } from "~/components/admin-ui";
import { CONTACT_STATUSES } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { listPageAction, listPageLoader } from "~/server/inbox/routes.server";

export const loader = (args: LoaderFunctionArgs) => listPageLoader(args, "contact_message");
export const action = (args: ActionFunctionArgs) => listPageAction(args, "contact_message");

export default function ContactMessages() {
  const list = useLoaderData<typeof loader>();
  return (
    <AdminListFrame
      title="Contact Messages"
      base="/admin/messages"
      statuses={CONTACT_STATUSES}
      list={list}
      serviceFilter={false}
      emptyText={ADMIN_MESSAGES.noContacts}
      columns={["Date", "Name", "Contact", "Message", "Status", "Action"]}
      cards={list.rows.map((row) => (
        <RecordCard
          key={row.id}
          id={row.id}
          href={`/admin/messages/${row.id}`}
          name={row.name}
          status={row.status}
          badge={CONTACT_BADGES[row.status]}
          step={CONTACT_STEPS[row.status]}
          what={null}
          date={row.date}
          overdue={row.overdue}
          excerpt={row.message}
          email={row.email}
          phone={row.phone}
        />
      ))}
    >
      {list.rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/messages/${row.id}`} />
          <td className="max-w-md px-4 py-3 text-slate-700">
            <p className="line-clamp-3 break-words whitespace-pre-line">{row.message}</p>
          </td>
          <td className="space-y-1.5 px-4 py-3">
            <StatusBadge status={row.status} variant={CONTACT_BADGES[row.status]} />
            {row.overdue ? <OverdueMark /> : null}
          </td>
          <td className="px-4 py-3">
            <StepButton id={row.id} step={CONTACT_STEPS[row.status]} />
          </td>
        </tr>
      ))}
    </AdminListFrame>
  );
}
