/** The server side of /admin/content/services/:slug (docs/product.md §13 "Services"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { parsePublished, revisionIdOf, serviceValues, servicesWithEdit } from "~/forms/content-admin";
import {
  CONTRACTS,
  PHOTO_IDS,
  PHOTO_OPTIONS,
  SECTION_PAGES,
  SERVICE_FORM,
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

/** The loader of /admin/content/services/:slug. Out: the service's form values, its fixed fields, the photo choices and `basedOn`; 404 for an unknown slug. */
export async function serviceEditorLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "services");
  const service = content.services.find((item) => item.slug === args.params.slug) ?? notFound();
  return { service, values: serviceValues(service), photos: PHOTO_OPTIONS, basedOn };
}

/** POST on /admin/content/services/:slug: `preview`, `back` or `publish` (404 for an unknown slug). */
export async function serviceEditorAction(args: ActionFunctionArgs) {
  await author(args);
  const slug = args.params.slug ?? "";
  const values = await readForm(args.request, CONTRACTS.service);
  if (!values) return unreadable();
  if (values.intent === "publish") return publishPosted(args, "services", values, SECTION_PAGES.services);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  if (values.intent === "back") {
    const body = parsePublished("services", values.content, PHOTO_IDS);
    const service = body?.find((item) => item.slug === slug);
    if (!service) return unreadable(basedOn);
    return editing(serviceValues(service), basedOn, slug);
  }
  const { content } = await live(args.context.db, "services");
  if (!content.services.some((item) => item.slug === slug)) notFound();
  return answer("services", servicesWithEdit(content.services, slug, values, PHOTO_IDS), {
    values: pick(values, SERVICE_FORM),
    basedOn,
    target: slug,
    change: "the service",
  });
}
