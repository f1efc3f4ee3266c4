/** /admin/messages/:id: one contact message with every field, its photos and its audit trail. */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminDetailFrame } from "~/components/admin-detail";
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
    <AdminDetailFrame
      back={{ to: "/admin/messages", label: "All contact messages" }}
      record={message}
      subtitle={`Received ${message.date}`}
      badge={CONTACT_BADGES[message.status]}
      step={CONTACT_STEPS[message.status]}
      busy={busy}
      actionError={actionData && "error" in actionData ? actionData.error : null}
      fields={[
        ["Email", message.email],
        ["Phone", message.phone],
        ["Message", message.message],
      ]}
      photos={photos}
      history={history}
    />
  );
}
