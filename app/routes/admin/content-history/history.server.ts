/** The server side of /admin/content/:section/history (docs/product.md §13 "History"): admins only. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readSectionHistory } from "~/server/site";
import { SECTION_PAGES, author, revisionView, sectionOf } from "../+shared/content-editor.server";

/** The loader of /admin/content/:section/history. Out: the section, its page, its revisions newest first and the live one's id; 404 for an unknown section. */
export async function historyLoader(args: LoaderFunctionArgs) {
  await author(args);
  const section = sectionOf(args);
  const revisions = await readSectionHistory(args.context.db, section);
  return { section, page: SECTION_PAGES[section], revisions: revisions.map(revisionView), liveId: revisions[0]?.id ?? 0 };
}
