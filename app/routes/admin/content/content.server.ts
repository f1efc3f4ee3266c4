/** The server side of /admin/content (docs/product.md §13): admins only. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CONTENT_SECTIONS } from "~/domain/enumerations";
import { readSectionHistory } from "~/server/site";
import { SECTION_PAGES, author, revisionView } from "../+shared/content-editor.server";

/** The loader of /admin/content. Out: each section's page, its live revision and when and by whom it last changed. */
export async function contentOverviewLoader(args: LoaderFunctionArgs) {
  await author(args);
  const latest = await Promise.all(CONTENT_SECTIONS.map((section) => readSectionHistory(args.context.db, section, 1)));
  return {
    sections: CONTENT_SECTIONS.map((section, i) => {
      const revision = latest[i]?.[0];
      return { section, page: SECTION_PAGES[section], last: revision ? revisionView(revision) : null };
    }),
  };
}
