/**
 * Hydration, as Remix's default entry does it, plus the site's inlined stylesheet: the
 * browser's copy of SiteStylesContext is the CSS text the server put in the document
 * (app/document-inlines.tsx), so the `<style>` element keeps its content even if React ever renders
 * the document again on the client (a hydration error, the root error boundary). The history
 * entry gets its key first (app/components/scroll-restoration.tsx).
 */
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { keyHistoryEntry } from "./components/scroll-restoration";
import { SITE_STYLES_SELECTOR, SiteStylesContext } from "./document-inlines";

keyHistoryEntry();
const siteStyles = document.querySelector(SITE_STYLES_SELECTOR)?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <SiteStylesContext.Provider value={siteStyles}>
        <RemixBrowser />
      </SiteStylesContext.Provider>
    </StrictMode>,
  );
});
