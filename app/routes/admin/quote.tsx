/** /admin/quotes/:id: one quote request with every field, its photos and its audit trail. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminDetailFrame } from "~/components/admin-detail";
import { formatAdminDate } from "~/domain/dates";
import { FREQUENCY_LABELS, PROPERTY_SIZE_LABELS, SERVICE_TYPE_LABELS } from "~/domain/enumerations";
import { QUOTE_BADGES, QUOTE_STEPS } from "~/domain/status";
import { getQuoteRequest } from "~/server/admin.server";
import { loadAdminExtras, statusAction } from "~/server/admin-actions.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const quote = await getQuoteRequest(env, params.id ?? "");
  if (!quote) throw data(null, { status: 404 });
  return {
    quote: { ...quote, date: formatAdminDate(quote.createdAt.getTime()) },
    ...(await loadAdminExtras(env, "quote_request", quote.id)),
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return statusAction(request, context.cloudflare.env, "quote_request");
}

export default function QuoteDetail() {
  const { quote, photos, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <AdminDetailFrame
      back={{ to: "/admin/quotes", label: "All quote requests" }}
      record={quote}
      subtitle={`${SERVICE_TYPE_LABELS[quote.serviceType]} · received ${quote.date}`}
      badge={QUOTE_BADGES[quote.status]}
      step={QUOTE_STEPS[quote.status]}
      busy={busy}
      actionError={actionData && "error" in actionData ? actionData.error : null}
      fields={[
        ["Email", quote.email],
        ["Phone", quote.phone],
        ["Property address", quote.address],
        ["Service type", SERVICE_TYPE_LABELS[quote.serviceType]],
        ["Property size", quote.propertySize ? PROPERTY_SIZE_LABELS[quote.propertySize] : null],
        ["Frequency", quote.frequency ? FREQUENCY_LABELS[quote.frequency] : null],
        ["Preferred date", quote.preferredDate],
        ["Additional information", quote.additionalInfo],
      ]}
      photos={photos}
      history={history}
    />
  );
}
