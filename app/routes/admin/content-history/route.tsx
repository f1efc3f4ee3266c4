/**
 * /admin/content/:section/history (docs/product.md §13 "History"): a section's versions, newest
 * first, each with its date and time (Jamaica), who published it and how (the starting
 * content, published, or restored from an earlier version), the live one marked, and 'View'.
 * Any section, the price guide's included.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Badge, Card, PageHeader } from "~/components/admin/kit";
import { CONTENT_SECTION_LABELS } from "~/domain/site-content";
import { revisionActionLabel } from "~/components/admin/content-editor";
import { historyLoader } from "./history.server";

export const loader = (args: LoaderFunctionArgs) => historyLoader(args);

export default function ContentHistoryPage() {
  const { section, page, revisions, liveId } = useLoaderData<typeof loader>();
  const label = CONTENT_SECTION_LABELS[section];
  return (
    <section aria-labelledby="history-heading" className="space-y-6">
      <PageHeader
        id="history-heading"
        title={`${label}: history`}
        lead="Every version published, newest first. View one to see it as the site showed it, and restore it if you want it back."
        actions={
          <>
            <Link to={page} className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              {`Edit ${label.toLowerCase()}`}
            </Link>
            <Link to="/admin/content" className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline">
              All site content
            </Link>
          </>
        }
      />
      <ol className="space-y-3">
        {revisions.map((revision) => (
          <Card as="li" compact key={revision.id} data-revision={String(revision.id)}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">
                  {`#${revision.id} · ${revisionActionLabel(revision)}`}{" "}
                  {revision.id === liveId ? <Badge tone="positive">Live</Badge> : null}
                </p>
                <p className="text-sm break-words text-slate-600">
                  {`${revision.at} (Jamaica)${revision.authorEmail ? ` by ${revision.authorEmail}` : ""}`}
                </p>
              </div>
              <Link
                to={`/admin/content/${section}/history/${revision.id}`}
                className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
              >
                View<span className="sr-only">{` version #${revision.id}`}</span>
              </Link>
            </div>
          </Card>
        ))}
      </ol>
    </section>
  );
}
