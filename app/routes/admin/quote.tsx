/** /admin/quotes/:id: one quote request with every field, its photos and its audit trail. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail, DetailFields, Photos, ReplyLinks } from "~/components/admin-detail";
import { StatusBadge, StepButton } from "~/components/admin-ui";
import { FormStatus } from "~/components/form-field";
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
    <article className="space-y-6">
      <Link to="/admin/quotes" className="text-sm font-semibold text-brand-700 hover:underline">
        ← All quote requests
      </Link>
      {actionData && "error" in actionData ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-2xl font-bold text-slate-900">{quote.name}</h1>
          <p className="text-slate-600">
            {SERVICE_TYPE_LABELS[quote.serviceType]} · received {quote.date}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={quote.status} variant={QUOTE_BADGES[quote.status]} />
          <StepButton id={quote.id} step={QUOTE_STEPS[quote.status]} busy={busy} />
        </div>
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <DetailFields
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
        />
        <div className="mt-6">
          <ReplyLinks email={quote.email} phone={quote.phone} name={quote.name} />
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="mb-4 font-semibold text-slate-900">Photos</h2>
        <Photos photos={photos} />
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <h2 className="mb-4 font-semibold text-slate-900">History</h2>
        <AuditTrail history={history} />
      </section>
    </article>
  );
}
