/** The server side of /admin/content/faqs (docs/product.md §13 "FAQs"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CONTENT_ADMIN_MESSAGES, checkFaqs, faqValues, faqsWithEdit, moved, parsePublished, revisionIdOf } from "~/forms/content-admin";
import {
  CONTRACTS,
  FAQ_FORM,
  PHOTO_IDS,
  SECTION_PAGES,
  answer,
  author,
  editing,
  live,
  pick,
  publishPosted,
  readForm,
  unreadable,
} from "../+shared/content-editor.server";

/** The loader of /admin/content/faqs. Out: the FAQs in order and `basedOn`. */
export async function faqsListLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "faqs");
  return { faqs: content.faqs, basedOn };
}

/**
 * POST on /admin/content/faqs: `add` (a new FAQ from the form), `move`, `home` (on the home page
 * or not), `delete`, `back` (to the add form from its preview), then `publish`.
 */
export async function faqsListAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, CONTRACTS.faq);
  if (!values) return unreadable();
  if (values.intent === "publish") return publishPosted(args, "faqs", values, SECTION_PAGES.faqs);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const added = parsePublished("faqs", values.content, PHOTO_IDS)?.find((faq) => faq.id === values.target);
    if (!added) return unreadable(basedOn);
    return editing(faqValues(added), basedOn, "new");
  }
  const { content } = await live(args.context.db, "faqs");
  if (values.intent === "add") {
    const checked = faqsWithEdit(content.faqs, null, values);
    const added = checked.ok ? checked.body.at(-1)?.id : undefined;
    return answer("faqs", checked, { values: pick(values, FAQ_FORM), basedOn, target: added ?? "new", change: "a new FAQ" });
  }
  const index = content.faqs.findIndex((faq) => faq.id === values.target);
  const faq = content.faqs[index];
  if (!faq) return unreadable(basedOn, CONTENT_ADMIN_MESSAGES.faqGone);
  const options = { values: {}, basedOn, target: faq.id };
  if (values.intent === "move") {
    const direction = values.direction === "up" ? "up" : "down";
    return answer("faqs", checkFaqs(moved(content.faqs, index, direction)), { ...options, change: `'${faq.question}' moved ${direction}` });
  }
  if (values.intent === "home") {
    const list = content.faqs.map((item, i) => (i === index ? { ...item, onHome: !item.onHome } : item));
    const change = `'${faq.question}' ${faq.onHome ? "taken off the home page" : "added to the home page"}`;
    return answer("faqs", checkFaqs(list), { ...options, change });
  }
  if (values.intent === "delete") {
    return answer("faqs", checkFaqs(content.faqs.filter((_, i) => i !== index)), { ...options, change: `'${faq.question}' deleted` });
  }
  return unreadable(basedOn);
}
