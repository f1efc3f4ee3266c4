/**
 * The error page's words for a request the site refuses, not a failure of ours (app/root.tsx
 * `ErrorBoundary`, app/worker/method-refusal.ts; docs/product.md §8). Apart from
 * app/domain/texts/messages.ts because every page's client code carries them: the root route's
 * chunk holds each module it imports whole (vite.config.ts `chunkFor`).
 */
export const ERROR_PAGE_MESSAGES = {
  /** 405: a method the address does not take (a PUT on a page, a POST where no form posts). */
  methodNotAllowed: "This address does not take that kind of request.",
  /** Any other 4xx the page itself answers. */
  refused: "This request could not be handled.",
  /** Under either: where to go from there. */
  goHome: "Use the links on our pages, or start again from the home page.",
} as const;
