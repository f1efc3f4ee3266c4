/** The server side of /admin/content/faqs/:id (docs/product.md §13 "FAQs"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { FaqContent } from "~/domain/site-content";
import { faqValues, faqsWithEdit, parsePublished, revisionIdOf } from "~/forms/content-admin";
import {
  CONTRACTS,
  FAQ_FORM,
  PHOTO_IDS,
  SECTION_PAGES,
  answer,
  author,
  editing,
  live,
  notFound,
  pick,
  publishPosted,
  readForm,
  unreadable,
} from "../+shared/content-editor.server";

/** The loader of /admin/content/faqs/:id. Out: the FAQ's form values and `basedOn`; 404 for an unknown id. */
export async function faqEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "faqs");
  const faq: FaqContent = content.faqs.find((item) => item.id === args.params.id) ?? notFound();
  return { faq, values: faqValues(faq), basedOn };
}

/** POST on /admin/content/faqs/:id: `preview`, `back` or `publish`. */
export async function faqEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const id = args.params.id ?? "";
  const values = await readForm(args.request, CONTRACTS.faq);
  if (!values) return unreadable();
  if (values.intent === "publish") return publishPosted(args, "faqs", values, SECTION_PAGES.faqs);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const faq = parsePublished("faqs", values.content, PHOTO_IDS)?.find((item) => item.id === id);
    if (!faq) return unreadable(basedOn);
    return editing(faqValues(faq), basedOn, id);
  }
  const { content } = await live(args.context.db, "faqs");
  return answer("faqs", faqsWithEdit(content.faqs, id, values), { values: pick(values, FAQ_FORM), basedOn, target: id, change: "the FAQ" });
}
