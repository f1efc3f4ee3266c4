/**
 * The server side of /contact (docs/product.md §2 "Contact"): its loader (the one-time success
 * message and the form's HTML constraints) and its action, the shared visitor-form action
 * (app/http/visitor-form-action.server.ts) for a contact message, which the home page's contact
 * section posts to as well.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { takeFlash } from "~/http/flash.server";
import { visitorFormAction } from "~/http/visitor-form-action.server";
import { CONTACT_CONSTRAINT } from "~/server/visitor-forms";

/** The contact page's data; its flash cookie is cleared with the answer. */
export async function contactPageLoader({ request }: LoaderFunctionArgs) {
  const { flash, headers } = await takeFlash(request, "contact");
  return data({ flash, contactConstraint: CONTACT_CONSTRAINT }, { headers });
}

/** A posted contact form: a stored message and a redirect to where it was sent from, or the refused form. */
export const contactPageAction = (args: ActionFunctionArgs) => visitorFormAction(args, "contact_message");
