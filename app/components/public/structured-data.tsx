/**
 * A schema.org JSON-LD script whose text only the server writes.
 *
 * Structured data is for crawlers, which read each page's HTML as the server sends it. So the
 * builders (app/seo.ts) stay out of the page's JavaScript: call sites pass
 * `import.meta.env.SSR ? builder(…) : null`, which the browser's build reduces to `null`, the
 * builder dropped with it. Hydrating, React keeps the server's text: it leaves the content of
 * an element alone when given an empty `dangerouslySetInnerHTML` (as for the start script,
 * app/document-inlines.tsx). Drawn in the browser (a client-side navigation), there is none.
 */
import { jsonForScript } from "~/seo";
import { useMountedFromServer } from "~/components/hooks/use-hydrated";

/** In: the JSON-LD object on the server, null in the browser. Out: its script, or nothing when drawn in the browser. */
export function StructuredData({ data }: { data: Record<string, unknown> | null }) {
  const fromServer = useMountedFromServer();
  if (data === null && !fromServer) return null;
  return (
    <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: data ? jsonForScript(data) : "" }} />
  );
}
