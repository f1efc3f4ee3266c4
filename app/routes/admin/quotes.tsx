/**
 * /admin/quotes: quote requests, newest first, by status tab, search and filters (in the
 * URL), 50 per page; overdue ones marked (docs/product.md §10).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminListFrame, OverdueMark, RecordCard, RecordCells, StatusBadge, StepButton } from "~/components/admin-ui";
import { QUOTE_STATUSES, SERVICE_TYPE_LABELS, PROPERTY_SIZE_LABELS, FREQUENCY_LABELS } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/messages";
import { QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";
import { listPageAction, listPageLoader } from "~/server/inbox/routes.server";

export const loader = (args: LoaderFunctionArgs) => listPageLoader(args, "quote_request");
export const action = (args: ActionFunctionArgs) => listPageAction(args, "quote_request");

export default function QuoteRequests() {
  const list = useLoaderData<typeof loader>();
  return (
    <AdminListFrame
      title="Quote Requests"
      base="/admin/quotes"
      statuses={QUOTE_STATUSES}
      list={list}
      serviceFilter
      emptyText={ADMIN_MESSAGES.noQuotes}
      columns={["Date", "Name", "Contact", "Service", "Property", "Address", "Status", "Action"]}
      cards={list.rows.map((row) => (
        <RecordCard
          key={row.id}
          id={row.id}
          href={`/admin/quotes/${row.id}`}
          name={row.name}
          status={row.status}
          badge={QUOTE_BADGES[row.status]}
          step={QUOTE_STEPS[row.status]}
          what={SERVICE_TYPE_LABELS[row.serviceType]}
          date={row.date}
          overdue={row.overdue}
          excerpt={row.address}
          email={row.email}
          phone={row.phone}
        />
      ))}
    >
      {list.rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/quotes/${row.id}`} />
          <td className="px-4 py-3 text-slate-700">{SERVICE_TYPE_LABELS[row.serviceType]}</td>
          <td className="px-4 py-3 text-slate-700">
            {row.propertySize ? PROPERTY_SIZE_LABELS[row.propertySize] : "-"}
            <span className="block text-slate-500">{row.frequency ? FREQUENCY_LABELS[row.frequency] : ""}</span>
          </td>
          <td className="max-w-56 px-4 py-3 break-words text-slate-700">{row.address}</td>
          <td className="space-y-1.5 px-4 py-3">
            <StatusBadge status={row.status} variant={QUOTE_BADGES[row.status]} />
            {row.overdue ? <OverdueMark /> : null}
          </td>
          <td className="px-4 py-3">
            <StepButton id={row.id} step={QUOTE_STEPS[row.status]} />
          </td>
        </tr>
      ))}
    </AdminListFrame>
  );
}
