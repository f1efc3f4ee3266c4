/**
 * /admin/content/:section/history/:id (docs/product.md §13 "History"): one version of a
 * section, shown as the site would show it (read-only), with 'Restore this version' unless it
 * is the live one. Restoring publishes its content again as a new version ('Restored from #N'),
 * only while the section is still at the live version this page was opened at.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Badge, PageHeader, PostButton } from "~/components/admin/kit";
import { ContentStatus, revisionActionLabel, revalidateAfterStale } from "~/components/admin/content-editor";
import { SectionPreview } from "~/components/admin/content-preview";
import { CONTENT_SECTION_LABELS } from "~/domain/site-content";
import type { ContentAnswer } from "~/forms/content-admin";
import { revisionAction, revisionLoader } from "./revision.server";

export const loader = (args: LoaderFunctionArgs) => revisionLoader(args);
export const shouldRevalidate = revalidateAfterStale;
export const action = (args: ActionFunctionArgs) => revisionAction(args);

export default function ContentRevisionPage() {
  const { section, revision, body, liveId } = useLoaderData<typeof loader>();
  const answer = useActionData<ContentAnswer>();
  const live = revision.id === liveId;
  return (
    <section aria-labelledby="revision-heading" className="space-y-6">
      <PageHeader
        id="revision-heading"
        title={`${CONTENT_SECTION_LABELS[section]}: version #${revision.id}`}
        actions={
          <Link
            to={`/admin/content/${section}/history`}
            className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
          >
            Back to the history
          </Link>
        }
      >
        <p className="mt-2 text-slate-700">
          {`${revisionActionLabel(revision)}, ${revision.at} (Jamaica)${revision.authorEmail ? ` by ${revision.authorEmail}` : ""}. `}
          {live ? <Badge tone="positive">Live</Badge> : null}
        </p>
      </PageHeader>
      <ContentStatus answer={answer} />
      {live ? (
        <p className="text-slate-700">This is the version the site shows now.</p>
      ) : (
        <PostButton
          fields={{ intent: "restore", basedOn: String(liveId) }}
          size="md"
          prompt={
            <p className="mb-3 text-slate-700">
              Restoring publishes this version again: the site shows it at once, and the history keeps every version.
            </p>
          }
        >
          Restore this version
        </PostButton>
      )}
      <section aria-labelledby="revision-content" className="space-y-4">
        <h2 id="revision-content" className="text-lg font-semibold text-slate-900">
          How the site reads with this version
        </h2>
        <SectionPreview section={section} body={body} />
      </section>
    </section>
  );
}
