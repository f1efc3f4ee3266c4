/**
 * Scroll restoration as Remix's `<ScrollRestoration>` does it, at less cost to every page load.
 *
 * Once the page's code runs, React Router's hook keeps each history entry's scroll offset in
 * sessionStorage ("positions", keyed by the entry's `key`) and restores it on client-side
 * navigations. For a new document (a reload, back/forward into a page that was left), the
 * inline script scrolls to the stored offset before the first paint.
 *
 * Remix's own script also gave every entry its key and read sessionStorage on every load: a
 * history write and a storage read in a parser task before the first paint (docs/benchmarks.md,
 * "/quote's blocking time, found and cut"). Only the page's code gives an entry its key
 * (`keyHistoryEntry`, called by app/entry.client.tsx before the router reads it), and the hook
 * stores offsets under those keys: for an entry without one nothing is stored that this script
 * could read, so it does nothing, and the browser restores as it does without JavaScript.
 */
import { UNSAFE_useScrollRestoration } from "react-router-dom";

/** The sessionStorage item React Router's hook keeps the offsets in (Remix's name). */
const STORAGE_KEY = "positions";

const RESTORE_SCRIPT = `(function(k){var s=history.state;if(!s||!s.key)return;try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[s.key];if(typeof y==="number")scrollTo(0,y)}catch(e){console.error(e);sessionStorage.removeItem(k)}})(${JSON.stringify(STORAGE_KEY)})`;

/** Rendered once, at the end of the document's body (app/root.tsx). */
export function ScrollRestoration() {
  UNSAFE_useScrollRestoration({ storageKey: STORAGE_KEY });
  return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: RESTORE_SCRIPT }} />;
}

/**
 * Gives the current history entry a key if it has none (a page's first load), as Remix's
 * script did on every load; the router takes the initial location's key from it. Call before
 * hydration. Other state on the entry is kept.
 */
export function keyHistoryEntry(): void {
  const state = window.history.state as { key?: unknown } | null;
  if (state?.key) return;
  window.history.replaceState({ ...state, key: Math.random().toString(32).slice(2) }, "");
}
