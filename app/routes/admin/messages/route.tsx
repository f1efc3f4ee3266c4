/**
 * /admin/messages: contact messages, newest first, by status tab, search and date filters
 * (in the URL), 50 per page; overdue ones marked (docs/product.md §10).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminListFrame, CELL, RecordCard, RecordCells, StatusCells } from "~/components/admin/list";
import { CONTACT_STATUSES } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { listPageAction, listPageLoader } from "../+shared/record-list.server";

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
          row={row}
          href={`/admin/messages/${row.id}`}
          badge={CONTACT_BADGES[row.status]}
          step={CONTACT_STEPS[row.status]}
          what={null}
          excerpt={row.message}
        />
      ))}
    >
      {list.rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/messages/${row.id}`} />
          <td className={`${CELL} w-2/5 min-w-40 text-slate-700`}>
            <p className="line-clamp-3 wrap-anywhere whitespace-pre-line">{row.message}</p>
          </td>
          <StatusCells
            row={row}
            badge={CONTACT_BADGES[row.status]}
            step={CONTACT_STEPS[row.status]}
            detailHref={`/admin/messages/${row.id}`}
          />
        </tr>
      ))}
    </AdminListFrame>
  );
}
