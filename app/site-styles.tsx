/**
 * The site's stylesheet, inlined in every server-rendered document instead of linked.
 *
 * A linked stylesheet blocks the first paint for one more round trip after the HTML; inlined,
 * the page can paint as soon as the HTML arrives, before the JavaScript that follows it has
 * loaded or run. The whole stylesheet is small (≈ 8 kB gzipped, asserted in
 * tests/integration/budgets.test.ts), and visitors fetch HTML once per visit: the next pages
 * are client-side navigations that need no CSS.
 *
 * The CSS text is imported only by app/entry.server.tsx, which provides it through this
 * context; app/entry.client.tsx provides the text it finds in the document. So the CSS is not
 * also shipped inside the JavaScript.
 */
import { createContext, useContext } from "react";

/** Finds the element in the document. */
export const SITE_STYLES_SELECTOR = "style[data-site-styles]";

export const SiteStylesContext = createContext("");

export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  return <style data-site-styles="" dangerouslySetInnerHTML={{ __html: css }} />;
}
