/** The server side of /admin/content/:section/history/:id (docs/product.md §13 "History"): admins only. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { ContentSection } from "~/domain/enumerations";
import type { SiteContent } from "~/domain/site-content";
import { revisionIdOf } from "~/forms/content-admin";
import { readRevision, readSectionHistory } from "~/server/site";
import {
  CONTRACTS,
  author,
  notFound,
  publishPosted,
  readForm,
  revisionView,
  sectionOf,
  unreadable,
} from "../+shared/content-editor.server";

/** The loader of /admin/content/:section/history/:id. Out: the revision, its content, whether it is live and the live id (`basedOn` of a restore); 404 when there is no such revision of the section. */
export async function revisionLoader(args: LoaderFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const id = revisionIdOf(args.params.id) ?? notFound();
  const [found, latest] = await Promise.all([readRevision(args.context.db, section, id), readSectionHistory(args.context.db, section, 1)]);
  if (!found) notFound();
  const liveId = latest[0]?.id ?? 0;
  return { section, revision: revisionView(found.revision), body: found.body as SiteContent[ContentSection], liveId };
}

/** POST on /admin/content/:section/history/:id, `restore`: publishes that revision's content again (`restoredFrom`), at the posted `basedOn`. */
export async function revisionAction(args: ActionFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const id = revisionIdOf(args.params.id) ?? notFound();
  const values = await readForm(args.request, CONTRACTS.restore);
  if (!values || values.intent !== "restore") return unreadable();
  const found = await readRevision(args.context.db, section, id);
  if (!found) notFound();
  return publishPosted(
    args,
    section,
    { ...values, content: JSON.stringify(found.body) },
    `/admin/content/${section}/history`,
    found.revision.id,
  );
}
