/**
 * Speculation Rules for the public pages (docs/decisions/014-largest-paint-first.md,
 * "Navigations"): a browser that supports them fetches a public page in advance when the
 * visitor shows intent to follow a link to it ("moderate" eagerness: about 200 ms of hover, or
 * the start of a tap), so a document navigation starts with its HTML already there.
 *
 * Only the pages of the sitemap qualify (app/content/navigation.ts publicPaths), so nothing
 * under /admin or /auth, no status page and no form submission is ever fetched in advance.
 * Once React has hydrated the page, Remix's own `prefetch="intent"` links do the same for its
 * client-side navigations. Browsers without the feature ignore the element.
 */
import { publicPaths } from "~/content/navigation";
import { STARTING_CONTENT } from "~/content/starting-content";
import { jsonForScript } from "~/seo";

/** The rules (Speculation Rules, document rules). */
const SPECULATION_RULES = {
  prefetch: [
    {
      source: "document",
      // Every service page's URL (they never change, docs/product.md §13), shown or not, and /pricing.
      where: {
        href_matches: publicPaths(
          STARTING_CONTENT.services.map((service) => service.slug),
          { pricing: true },
        ),
      },
      eagerness: "moderate",
    },
  ],
} as const;

/** The rules as the text of the script element (rendered by app/document-inlines.tsx). */
export const SPECULATION_RULES_JSON = jsonForScript(SPECULATION_RULES);
