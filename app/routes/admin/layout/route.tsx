/**
 * /admin/*: the admin frame (docs/product.md §2 "Admin"; drawn by app/components/admin/frame.tsx)
 * around every admin page: 'Back to Website', the account menu with the signed-in e-mail and
 * 'Sign Out', the tabs 'Quote Requests (n)' and 'Contact Messages (n)', 'More' with the other
 * pages by group, each a URL, and this month's share of requests answered within 24 hours
 * (docs/product.md §10 "Time to first reply").
 * Every admin loader and action checks the role in D1 itself (loaders run in parallel).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse, Link, Outlet, useLoaderData, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { ADMIN_FRAME_ROUTE_ID, AdminFrame } from "~/components/admin/frame";
import { Card } from "~/components/admin/kit";
import { FormStatus } from "~/components/form-status";
import { ADMIN_MESSAGES } from "~/domain/texts/staff-messages";
import { useSite } from "~/components/hooks/site-data";
import { ADMIN_HEADERS } from "~/cache-control";
import { adminLayoutLoader } from "./layout.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/admin/photo-index";

export const meta: MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/admin/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => adminLayoutLoader(args);

export default function AdminLayout() {
  const { email, counts, replies, month } = useLoaderData<typeof loader>();
  const site = useSite();
  return (
    <AdminFrame email={email} counts={counts} replies={{ ...replies, month }}>
      {site?.notice ? (
        <div className="mb-6">
          <FormStatus tone={site.notice.tone}>{site.notice.text}</FormStatus>
        </div>
      ) : null}
      <Outlet />
    </AdminFrame>
  );
}

/**
 * A failure below the frame (an unknown record, a database error) keeps the header, the tabs
 * and sign-out around the message, so the admin can go on from there. If the frame's own
 * loader failed, the same page without the counts.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const frame = useRouteLoaderData<typeof loader>(ADMIN_FRAME_ROUTE_ID);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AdminFrame
      email={frame?.email ?? null}
      counts={frame?.counts ?? null}
      replies={frame ? { ...frame.replies, month: frame.month } : null}
    >
      <Card as="div" className="text-center">
        <p className="text-4xl font-bold text-brand-700">{status}</p>
        <h1 className="mt-3 text-xl font-semibold text-slate-900">
          {status === 404 ? ADMIN_MESSAGES.recordNotFound : ADMIN_MESSAGES.pageFailed}
        </h1>
        <Link to="/admin/quotes" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to the quote requests
        </Link>
      </Card>
    </AdminFrame>
  );
}
