/** /admin/messages/:id: one contact message with every field, its photos and its audit trail. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuditTrail, DetailFields, Photos, ReplyLinks } from "~/components/admin-detail";
import { StatusBadge, StepButton } from "~/components/admin-ui";
import { FormStatus } from "~/components/form-field";
import { formatAdminDate } from "~/domain/dates";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { getContactMessage } from "~/server/admin.server";
import { loadAdminExtras, statusAction } from "~/server/admin-actions.server";
import { requireAdmin } from "~/server/permissions.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  await requireAdmin(request, env);
  const message = await getContactMessage(env, params.id ?? "");
  if (!message) throw data(null, { status: 404 });
  return {
    message: { ...message, date: formatAdminDate(message.createdAt.getTime()) },
    ...(await loadAdminExtras(env, "contact_message", message.id)),
  };
}

export function action({ request, context }: ActionFunctionArgs) {
  return statusAction(request, context.cloudflare.env, "contact_message");
}

export default function MessageDetail() {
  const { message, photos, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <article className="space-y-6">
      <Link to="/admin/messages" className="text-sm font-semibold text-brand-700 hover:underline">
        ← All contact messages
      </Link>
      {actionData && "error" in actionData ? <FormStatus tone="error">{actionData.error}</FormStatus> : null}
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="font-display text-2xl font-bold text-slate-900">{message.name}</h1>
          <p className="text-slate-600">Received {message.date}</p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={message.status} variant={CONTACT_BADGES[message.status]} />
          <StepButton id={message.id} step={CONTACT_STEPS[message.status]} busy={busy} />
        </div>
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-6">
        <DetailFields
          fields={[
            ["Email", message.email],
            ["Phone", message.phone],
            ["Message", message.message],
          ]}
        />
        <div className="mt-6">
          <ReplyLinks email={message.email} phone={message.phone} name={message.name} />
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
