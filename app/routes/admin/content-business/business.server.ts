/** The server side of /admin/content/business (docs/product.md §13 "Business facts"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { businessFromValues, businessValues, parsePublished, revisionIdOf } from "~/forms/content-admin";
import {
  BUSINESS_FORM,
  CONTRACTS,
  PHOTO_IDS,
  answer,
  author,
  editing,
  live,
  pick,
  publishPosted,
  readForm,
  unreadable,
} from "../+shared/content-editor.server";

/** The loader of /admin/content/business. Out: the form's values from the live business facts and `basedOn`. */
export async function businessEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "business");
  return { values: businessValues(content.business), basedOn };
}

/** POST on /admin/content/business: `preview` (the form), `back` (to the form from a preview) or `publish`. */
export async function businessEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, CONTRACTS.business);
  if (!values) return unreadable();
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "publish") return publishPosted(args, "business", values, "/admin/content");
  if (values.intent === "back") {
    const body = parsePublished("business", values.content, PHOTO_IDS);
    if (!body) return unreadable(basedOn);
    return editing(businessValues(body), basedOn, "");
  }
  return answer("business", businessFromValues(values), {
    values: pick(values, BUSINESS_FORM),
    basedOn,
    target: "",
    change: "the business facts",
  });
}
