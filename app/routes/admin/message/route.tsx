/**
 * /admin/messages/:id: one contact message with every field, 'Send reply', its e-mails, its
 * photos, its history and its internal notes ('Add note').
 */
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDetailFrame } from "~/components/admin/detail";
import { CONTACT_BADGES, CONTACT_STEPS } from "~/domain/status";
import { recordPageAction, recordPageLoader } from "../+shared/record-page.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/admin/photo-index";

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/admin/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => recordPageLoader(args, "contact_message");
export const action = (args: ActionFunctionArgs) => recordPageAction(args, "contact_message");

export default function MessageDetail() {
  const { record: message, photos, history, firstReply, composer, mails } = useLoaderData<typeof loader>();
  return (
    <AdminDetailFrame
      back={{ to: "/admin/messages", label: "All contact messages" }}
      record={message}
      subtitle={`${message.reference ? `${message.reference} · ` : ""}Received ${message.date}`}
      badge={CONTACT_BADGES[message.status]}
      step={CONTACT_STEPS[message.status]}
      fields={[
        ["Email", message.email],
        ["Phone", message.phone],
        ["Message", message.message],
      ]}
      photos={photos}
      history={history}
      firstReply={firstReply}
      composer={composer}
      canCompose
      mails={mails}
    />
  );
}
