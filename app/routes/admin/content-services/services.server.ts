/** The server side of /admin/content/services (docs/product.md §13 "Services"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { checkServices, moved, revisionIdOf } from "~/forms/content-admin";
import {
  CONTRACTS,
  PHOTO_IDS,
  SECTION_PAGES,
  answer,
  author,
  live,
  publishPosted,
  readForm,
  unreadable,
} from "../+shared/content-editor.server";

/** The loader of /admin/content/services. Out: the services in order and `basedOn`. */
export async function servicesListLoader(args: LoaderFunctionArgs) {
  await author(args);
  const { content, basedOn } = await live(args.context.db, "services");
  return { services: content.services, basedOn };
}

/** POST on /admin/content/services: `move` (a service up or down), `toggle` (shown or hidden), then `publish`. */
export async function servicesListAction(args: ActionFunctionArgs) {
  await author(args);
  const values = await readForm(args.request, CONTRACTS.list);
  if (!values) return unreadable();
  if (values.intent === "publish") return publishPosted(args, "services", values, SECTION_PAGES.services);
  const basedOn = revisionIdOf(values.basedOn) ?? 0;
  const { content } = await live(args.context.db, "services");
  const index = content.services.findIndex((service) => service.slug === values.target);
  const service = content.services[index];
  if (!service) return unreadable(basedOn);
  const target = service.slug;
  if (values.intent === "move") {
    const direction = values.direction === "up" ? "up" : "down";
    return answer("services", checkServices(moved(content.services, index, direction), PHOTO_IDS), {
      values: {},
      basedOn,
      target,
      change: `'${service.title}' moved ${direction}`,
    });
  }
  if (values.intent === "toggle") {
    const list = content.services.map((item, i) => (i === index ? { ...item, shown: !item.shown } : item));
    return answer("services", checkServices(list, PHOTO_IDS), {
      values: {},
      basedOn,
      target,
      change: `'${service.title}' ${service.shown ? "hidden: its page will answer 'not found'" : "shown again"}`,
    });
  }
  return unreadable(basedOn);
}
