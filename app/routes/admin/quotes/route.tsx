/**
 * /admin/quotes: quote requests, newest first, by status tab, stage, search and filters (in
 * the URL), 50 per page; each with its stage beside its status (a booked one with its next
 * visit), overdue ones and repeat customers marked; "Quotes waiting" is `?stage=quoted`
 * (docs/product.md §10).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminListFrame, CELL, RecordCard, RecordCells, StatusCells } from "~/components/admin/list";
import { QUOTE_STATUSES, SERVICE_TYPE_LABELS, PROPERTY_SIZE_LABELS, FREQUENCY_LABELS } from "~/domain/enumerations";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
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
      columns={["Date", "Name", "Contact", "Service", "Address", "Stage and status", "Action"]}
      cards={list.rows.map((row) => (
        <RecordCard
          key={row.id}
          row={row}
          href={`/admin/quotes/${row.id}`}
          badge={QUOTE_BADGES[row.status]}
          step={QUOTE_STEPS[row.status]}
          what={SERVICE_TYPE_LABELS[row.serviceType]}
          excerpt={row.address}
        />
      ))}
    >
      {list.rows.map((row) => (
        <tr key={row.id} className="align-top">
          <RecordCells row={row} detailHref={`/admin/quotes/${row.id}`} />
          <td className={`${CELL} text-slate-700`}>
            {SERVICE_TYPE_LABELS[row.serviceType]}
            <span className="block text-slate-500">
              {[row.propertySize ? PROPERTY_SIZE_LABELS[row.propertySize] : null, row.frequency ? FREQUENCY_LABELS[row.frequency] : null]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </td>
          <td className={`${CELL} min-w-28 wrap-anywhere text-slate-700`}>{row.address}</td>
          <StatusCells row={row} badge={QUOTE_BADGES[row.status]} step={QUOTE_STEPS[row.status]} detailHref={`/admin/quotes/${row.id}`} />
        </tr>
      ))}
    </AdminListFrame>
  );
}
