/**
 * /admin/*: the admin frame (docs/product.md §2 "Admin"): 'Back to Website', the signed-in
 * e-mail, 'Sign Out', the tabs 'Quote Requests (n)', 'Contact Messages (n)', 'Team',
 * 'Templates', 'Reviews' and 'Gallery', each a URL, and this month's share of requests answered within 24 hours
 * (docs/product.md §10 "Time to first reply").
 * Every admin loader and action checks the role in D1 itself (loaders run in parallel).
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Form,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLoaderData,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { FormStatus } from "~/components/form-field";
import { Icon } from "~/components/icon";
import { ADMIN_MESSAGES } from "~/domain/messages";
import type { loader as rootLoader } from "~/root";
import type { TabCounts } from "~/server/inbox/records.server";
import type { FirstReplyFigures } from "~/server/inbox/replies.server";
import { ADMIN_HEADERS, adminLayoutLoader } from "~/server/inbox/routes.server";
import { keepDataWhenOnlyThePhotoChanges } from "~/components/photo-index";

export const meta: MetaFunction = () => [{ title: "Admin" }, { name: "robots", content: "noindex" }];
export const headers: HeadersFunction = () => ADMIN_HEADERS;

/** Stepping through a record's photos (`?photo=`) loads nothing again (app/components/photo-index.ts). */
export const shouldRevalidate = keepDataWhenOnlyThePhotoChanges;

export const loader = (args: LoaderFunctionArgs) => adminLayoutLoader(args);

export default function AdminLayout() {
  const { email, counts, replies, month } = useLoaderData<typeof loader>();
  const site = useRouteLoaderData<typeof rootLoader>("root");
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
  const frame = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AdminFrame
      email={frame?.email ?? null}
      counts={frame?.counts ?? null}
      replies={frame ? { ...frame.replies, month: frame.month } : null}
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
        <p className="text-4xl font-bold text-brand-700">{status}</p>
        <h1 className="mt-3 text-xl font-semibold text-slate-900">
          {status === 404 ? ADMIN_MESSAGES.recordNotFound : ADMIN_MESSAGES.pageFailed}
        </h1>
        <Link to="/admin/quotes" className="mt-6 inline-block font-semibold text-brand-700 underline">
          Back to the quote requests
        </Link>
      </div>
    </AdminFrame>
  );
}

/** The admin's header (back link, who is signed in, sign-out), its tabs and the main area. */
function AdminFrame({
  email,
  counts,
  replies,
  children,
}: {
  email: string | null;
  counts: { quotes: TabCounts; messages: TabCounts } | null;
  replies: (FirstReplyFigures & { month: string }) | null;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex flex-col items-start gap-1 rounded-t-lg border-b-2 px-2 py-2.5 text-sm leading-tight font-semibold sm:flex-row sm:flex-wrap sm:items-center sm:gap-x-2 sm:px-4 ${isActive ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-brand-800"}`;
  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to="/" className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900">
            <Icon name="arrowLeft" className="size-4" /> Back to Website
          </Link>
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {email ? (
              <span className="text-slate-700" data-testid="admin-email">
                {email}
              </span>
            ) : null}
            <Form method="post" action="/auth/sign-out">
              <button
                type="submit"
                className="rounded-full border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100"
              >
                Sign Out
              </button>
            </Form>
            <Form method="post" action="/auth/sign-out">
              <input type="hidden" name="scope" value="everywhere" />
              <button type="submit" className="text-slate-600 underline hover:text-slate-900">
                Sign out everywhere
              </button>
            </Form>
          </div>
        </div>
        <nav aria-label="Admin sections" className="mx-auto grid max-w-7xl grid-cols-3 gap-x-1 px-2 sm:flex sm:gap-x-2 sm:px-6">
          <NavLink to="/admin/quotes" className={tab}>
            {counts ? <>Quote Requests ({counts.quotes.total})</> : "Quote Requests"}
            {counts ? <AttentionPills counts={counts.quotes} waiting="pending" /> : null}
          </NavLink>
          <NavLink to="/admin/messages" className={tab}>
            {counts ? <>Contact Messages ({counts.messages.total})</> : "Contact Messages"}
            {counts ? <AttentionPills counts={counts.messages} waiting="unread" /> : null}
          </NavLink>
          <NavLink to="/admin/team" className={tab}>
            Team
          </NavLink>
          <NavLink to="/admin/templates" className={tab}>
            Templates
          </NavLink>
          <NavLink to="/admin/reviews" className={tab}>
            Reviews
          </NavLink>
          <NavLink to="/admin/gallery" className={tab}>
            Gallery
          </NavLink>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        {replies ? <ReplyFigure replies={replies} /> : null}
        <p role="status" aria-live="polite" className="sr-only">
          {navigation.state === "loading" ? "Loading..." : ""}
        </p>
        {navigation.state === "loading" ? (
          <div aria-hidden="true" className="mb-4 h-1 w-full overflow-hidden rounded bg-brand-100">
            <div className="h-full w-1/3 animate-pulse bg-brand-600" />
          </div>
        ) : null}
        {children}
      </main>
    </div>
  );
}

/** Under the tabs: of this month's requests due an answer, how many had one within 24 hours. */
function ReplyFigure({ replies }: { replies: FirstReplyFigures & { month: string } }) {
  const share = replies.due > 0 ? Math.round((replies.onTime / replies.due) * 100) : null;
  return (
    <p className="-mt-4 mb-4 text-sm text-slate-700" data-testid="reply-figure">
      {share === null ? (
        <>Answered within 24 hours in {replies.month}: no request due an answer yet.</>
      ) : (
        <>
          Answered within 24 hours in {replies.month}: <strong className={share >= 90 ? "text-brand-800" : "text-red-800"}>{share}%</strong>{" "}
          ({replies.onTime} of {replies.due})
        </>
      )}
    </p>
  );
}

/** Beside a tab: how many records wait for a reply, and how many of them are overdue. */
function AttentionPills({ counts, waiting }: { counts: TabCounts; waiting: "pending" | "unread" }) {
  return (
    <span className="flex flex-wrap gap-1">
      {counts.attention > 0 ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="attention-count">
          {counts.attention} {waiting}
        </span>
      ) : null}
      {counts.overdue > 0 ? (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="overdue-count">
          {counts.overdue} overdue
        </span>
      ) : null}
    </span>
  );
}
