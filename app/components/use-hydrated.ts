/**
 * Whether the page has been hydrated: false on the server and in the hydrating render (so
 * the markup matches what the server sent), true from then on. Components use it to swap
 * their no-JavaScript markup for the enhanced version.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Out: true once React runs in the browser after hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
