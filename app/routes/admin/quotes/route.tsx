/**
 * /admin/quotes: quote requests, newest first, by status tab, search and filters (in the
 * URL), 50 per page; overdue ones marked (docs/product.md §10).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminListFrame, CELL, RecordCard, RecordCells, StatusCells } from "~/components/admin/list";
import { QUOTE_STATUSES, SERVICE_TYPE_LABELS, PROPERTY_SIZE_LABELS, FREQUENCY_LABELS } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/staff-messages";
import { QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";
import { listPageAction, listPageLoader } from "../+shared/record-list.server";

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
      columns={["Date", "Name", "Contact", "Service", "Property", "Address", "Next visit", "Status", "Action"]}
      cards={list.rows.map((row) => (
        <RecordCard
          key={row.id}
          row={row}
          href={`/admin/quotes/${row.id}`}
          badge={QUOTE_BADGES[row.status]}
          step={QUOTE_STEPS[row.status]}
          what={SERVICE_TYPE_LABELS[row.serviceType]}
          excerpt={row.nextVisit ? `Next visit: ${row.nextVisit}. ${row.address}` : row.address}
        />
      ))}
    >
      {list.rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/quotes/${row.id}`} />
          <td className={`${CELL} text-slate-700`}>{SERVICE_TYPE_LABELS[row.serviceType]}</td>
          <td className={`${CELL} text-slate-700`}>
            {row.propertySize ? PROPERTY_SIZE_LABELS[row.propertySize] : "-"}
            <span className="block text-slate-500">{row.frequency ? FREQUENCY_LABELS[row.frequency] : ""}</span>
          </td>
          <td className={`${CELL} min-w-28 wrap-anywhere text-slate-700`}>{row.address}</td>
          <td className={`${CELL} text-slate-700`}>{row.nextVisit ?? "-"}</td>
          <StatusCells row={row} badge={QUOTE_BADGES[row.status]} step={QUOTE_STEPS[row.status]} />
        </tr>
      ))}
    </AdminListFrame>
  );
}
