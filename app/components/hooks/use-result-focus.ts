/**
 * A form's result where the user is (docs/product.md §4 "Forms"): the one mechanism every admin,
 * account and visitor form shares, used by FormStatus (app/components/form-status.tsx) and the
 * recovery codes' panel (app/components/auth/recovery-codes.tsx).
 *
 * With JavaScript, the result element (tabIndex -1) takes the focus when it appears in answer to
 * the user's action, and again when a later submission ends while it is on the page (the same
 * "Saved." after a second save): focusing scrolls it into view on a phone and makes a screen
 * reader read it. Without JavaScript, a form's `action` ends in `#result` (`useResultAction`): the
 * page the POST answers, or the page its redirect leads to (a Location without a fragment keeps
 * the request's), opens at the element with that id.
 *
 * A result that was already in the server's markup when the page loaded (a page reloaded, a
 * link followed) takes the focus only when the address names it (`#result`, the answer to a
 * POST sent before the scripts ran), and without scrolling (the browser opened the page there);
 * otherwise the focus stays where the browser put it. Results scroll under the site's
 * `scroll-margin-top` (app/tailwind.css), clear of the public pages' sticky header.
 */
import { useFormAction, useNavigation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import { useMountedFromServer } from "~/components/hooks/use-hydrated";

/** The id of the result a form's answer lands at: one per page (the answer of the last form sent). */
export const RESULT_ID = "result";

/**
 * The `action` of a form posting to its own route, ending in `#result`: the current path and
 * query (with `?index` on an index route), as Remix's `<Form>` would post without an action.
 * Out: a string for `<Form action>`.
 */
export function useResultAction(): string {
  return `${useFormAction()}#${RESULT_ID}`;
}

/**
 * Focuses `ref`'s element (it needs tabIndex -1) when it is the answer to the user's action: when
 * it mounts after the page loaded, when it came with the page and the address's fragment is
 * `#<id>`, and when a form submission (POST, or a GET form) ends while it is shown. `enabled`
 * false: never (a message about the page's state rather than a form's answer). The focus
 * scrolls the element into view (`preventScroll: false`), except for the server's markup.
 */
export function useResultFocus(ref: RefObject<HTMLElement | null>, id: string | undefined, enabled = true): void {
  const fromServer = useMountedFromServer();
  const navigation = useNavigation();
  const submitted = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    if (fromServer) {
      // The browser opened the page at the fragment already; the visitor may have scrolled since
      // (a public page's code runs at the first interaction), so focus without scrolling.
      if (window.location.hash === `#${id ?? ""}`) ref.current?.focus({ preventScroll: true });
      return;
    }
    ref.current?.focus({ preventScroll: false });
    // Only at mount (the values are fixed then): later answers are the effect below's.
  }, []);
  useEffect(() => {
    if (navigation.formData) {
      submitted.current = true;
      return;
    }
    if (navigation.state !== "idle" || !submitted.current) return;
    submitted.current = false;
    if (enabled) ref.current?.focus({ preventScroll: false });
  }, [navigation.state, navigation.formData, enabled, ref]);
}
