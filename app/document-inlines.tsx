/**
 * What the server writes inline into every document, and the browser must not get twice: the
 * site's stylesheet and two inline scripts. app/entry.server.tsx provides their texts through
 * the contexts below.
 *
 * The stylesheet is inlined instead of linked. A linked stylesheet blocks the first paint for
 * one more round trip after the HTML; inlined, the page can paint as soon as the HTML arrives,
 * before the JavaScript that follows it has loaded or run. The whole stylesheet is small
 * (≈ 8 kB gzipped, asserted in tests/integration/budgets.test.ts), and visitors fetch HTML once
 * per visit: the next pages are client-side navigations that need no CSS. The CSS text is
 * imported only by app/entry.server.tsx; app/entry.client.tsx provides the text it finds in the
 * document, so the `<style>` element keeps its content even if React renders the document
 * again on the client, and the CSS is not also shipped inside the JavaScript.
 *
 * The scripts: START_HYDRATION_SCRIPT (app/worker/hydration-after-paint.ts) on every page, and
 * the speculation rules (app/speculation-rules.server.ts) on public pages. In the
 * browser their context is empty and React leaves server-set `dangerouslySetInnerHTML` content
 * alone when hydrating, so their texts are not in the JavaScript either; both have done their
 * work by the time React runs.
 */
import { createContext, useContext } from "react";

/** Finds the element in the document. */
export const SITE_STYLES_SELECTOR = "style[data-site-styles]";

export const SiteStylesContext = createContext("");

export function SiteStyles() {
  const css = useContext(SiteStylesContext);
  return <style data-site-styles="" dangerouslySetInnerHTML={{ __html: css }} />;
}

export interface DocumentScripts {
  /** The start script's JavaScript. */
  startHydration: string;
  /** The `<script type="speculationrules">` JSON. */
  speculationRules: string;
}

export const DocumentScriptsContext = createContext<DocumentScripts>({ startHydration: "", speculationRules: "" });

/** Makes the page's modules live after its largest paint (app/worker/hydration-after-paint.ts). */
export function StartHydrationScript() {
  const { startHydration } = useContext(DocumentScriptsContext);
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: startHydration }} />;
}

/** Lets the browser fetch public pages in advance (app/speculation-rules.server.ts). */
export function SpeculationRulesScript() {
  const { speculationRules } = useContext(DocumentScriptsContext);
  return <script type="speculationrules" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: speculationRules }} />;
}
