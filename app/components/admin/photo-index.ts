/** Which of a record's photos the viewer shows, read from the record page's URL (`?photo=`). */
import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * The photo a record page's URL opens in the viewer.
 * In: the URL (absolute, or a path with its query such as `/admin/quotes/<id>?photo=2`, or
 * just `?photo=2`) and how many photos the record has. `?photo=` counts from 1.
 * Out: the photo's 0-based index in the record's photo list (`?photo=1` → 0), or null when
 * the URL names no photo or one that cannot be used: anything but an integer from 1 to
 * `count` written plainly (no sign, leading zero, space or decimal point).
 */
export function readPhotoIndex(url: string | URL, count: number): number | null {
  const value = new URL(url, "http://localhost").searchParams.get("photo");
  if (value === null || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const photo = Number(value);
  return photo <= count ? photo - 1 : null;
}

/**
 * A route's `shouldRevalidate` (Remix) for the admin's record pages and their layout: no loader
 * runs again when a navigation stays on the same path and changes nothing in the query but
 * `?photo=`, as the photo viewer's Previous, Next, Close and arrow keys do. Looking at the photos
 * cannot change the page's data, so the viewer steps without a request (a held arrow key would
 * otherwise send one every 30-50 ms, each interrupting the one before). That includes a step
 * back to the photo shown while the step away from it is still loading, which Remix sees as a
 * navigation to the same URL (and so would a `useRevalidator` call; nothing uses one). Any other
 * navigation, and every form submission, revalidates as Remix would.
 * In: Remix's revalidation arguments. Out: whether the route's loader runs again.
 */
export const keepDataWhenOnlyThePhotoChanges: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod !== undefined || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const current = new URLSearchParams(currentUrl.search);
  const next = new URLSearchParams(nextUrl.search);
  current.delete("photo");
  next.delete("photo");
  current.sort();
  next.sort();
  return current.toString() === next.toString() ? false : defaultShouldRevalidate;
};
