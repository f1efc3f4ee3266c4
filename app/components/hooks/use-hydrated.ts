/**
 * Whether the page has been hydrated: false on the server and in the hydrating render (so
 * the markup matches what the server sent), true from then on. Components use it to swap
 * their no-JavaScript markup for the enhanced version.
 */
import { useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** Out: true once React runs in the browser after hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Out: true for a component mounted while the page hydrated, whose markup the server wrote and
 * is still on the page; false for one drawn in the browser (a client-side navigation, a later
 * mount). Fixed at mount.
 */
export function useMountedFromServer(): boolean {
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  return fromServer;
}
