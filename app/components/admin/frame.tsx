/**
 * The admin's frame (docs/product.md §2 "Admin"): one top bar ('Back to Website' and the
 * account menu with the signed-in e-mail, 'Sign Out' and 'Sign out everywhere'), one row of
 * sections (the inbox tabs 'Quote Requests (n)' and 'Contact Messages (n)' with their waiting
 * and overdue counts, and 'More' with the other pages by group), then the page. Below `sm` the
 * tabs read 'Requests (n)' and 'Messages (n)' (screen readers hear the full names), so the row
 * fits a 390 px phone uncut; if it must still scroll sideways, a shadow at the edge says so.
 * On a 390 px phone the frame stays under 120 px tall. Every link and button is at least 24 by
 * 24 px (WCAG 2.2 SC 2.5.8).
 *
 * Both menus are `<details>` disclosures: they open and close without JavaScript, by mouse,
 * touch and keyboard (Enter or Space on the summary), and opening one closes the other. With
 * JavaScript they also close on Escape, on a click or focus outside, and when a link in them
 * is followed.
 */
import { Form, Link, NavLink, useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { Badge, buttonClass } from "~/components/admin/kit";
import { Icon } from "~/components/icon";
import { QUOTE_REPLY_HOURS } from "~/domain/limits";

/**
 * The admin's pages beyond the inbox tabs, by group, in the order 'More' lists them. A new
 * admin page joins a group here (or starts one).
 */
const MENU_GROUPS: ReadonlyArray<{ label: string; links: ReadonlyArray<{ to: string; label: string }> }> = [
  { label: "People", links: [{ to: "/admin/customers", label: "Customers" }] },
  {
    label: "Money",
    links: [
      { to: "/admin/invoices", label: "Invoices" },
      { to: "/admin/invoices/unpaid", label: "Unpaid" },
      { to: "/admin/billing", label: "Billing settings" },
    ],
  },
  {
    label: "Site",
    links: [
      { to: "/admin/content", label: "Site content" },
      { to: "/admin/content/prices", label: "Price guide" },
      { to: "/admin/gallery", label: "Gallery" },
      { to: "/admin/reviews", label: "Reviews" },
      { to: "/admin/templates", label: "Templates" },
    ],
  },
  {
    label: "Schedule",
    links: [
      { to: "/admin/crews", label: "Crews" },
      { to: "/admin/calendar-feeds", label: "Calendar feeds" },
    ],
  },
  {
    label: "Settings",
    links: [
      { to: "/admin/availability", label: "Availability" },
      { to: "/admin/team", label: "Team" },
      { to: "/admin/security", label: "Security" },
      { to: "/admin/retention", label: "Data retention" },
    ],
  },
];

/** A tab's figures: every record, those waiting for a reply, and those waiting past the promise. */
export interface TabCounts {
  total: number;
  attention: number;
  overdue: number;
}

/** This month's first replies: requests due an answer, how many had one within the promise, the month's name. */
export interface ReplyFigures {
  due: number;
  onTime: number;
  month: string;
}

/** The route id of the admin layout (app/routes/admin/layout/), whose loader's data the frame shows. */
export const ADMIN_FRAME_ROUTE_ID = "routes/admin/layout/route";

/**
 * The frame's tab counts from the admin layout's loader data, for a page inside the frame that
 * shows them again (the overview's Needs you) without reading them twice. Null when the layout's
 * loader failed or the page is outside the frame.
 */
export function useFrameCounts(): AdminFrameProps["counts"] {
  return useRouteLoaderData<{ counts: AdminFrameProps["counts"] }>(ADMIN_FRAME_ROUTE_ID)?.counts ?? null;
}

/** What the frame shows of the admin layout's loader; null when that loader failed (an error page). */
export interface AdminFrameProps {
  email: string | null;
  counts: { quotes: TabCounts; messages: TabCounts } | null;
  replies: ReplyFigures | null;
  children: ReactNode;
}

/** The admin's top bar, its sections row and the main area around the page (children). */
export function AdminFrame({ email, counts, replies, children }: AdminFrameProps) {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-1 flex-col bg-slate-50">
      <header className="border-b border-slate-200 bg-white" data-testid="admin-frame">
        <div className="mx-auto flex h-12 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Link
            to="/"
            className="inline-flex min-h-10 shrink-0 items-center gap-1.5 text-sm font-semibold text-brand-700 hover:text-brand-900"
          >
            <Icon name="arrowLeft" className="size-4" /> Back to Website
          </Link>
          <AccountMenu email={email} />
        </div>
        <SectionsNav counts={counts} />
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
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

/**
 * With JavaScript, a `<details>` menu also closes on Escape (focus back on its summary), on a
 * press or focus outside it. Without, it opens and closes by its summary alone.
 */
function useMenuDismissal() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const menu = ref.current;
    if (!menu) return;
    const close = (refocus: boolean) => {
      if (!menu.open) return;
      menu.open = false;
      if (refocus) menu.querySelector("summary")?.focus();
    };
    const outside = (target: EventTarget | null) => !(target instanceof Node && menu.contains(target));
    const onPointerDown = (event: PointerEvent) => outside(event.target) && close(false);
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && close(!outside(document.activeElement));
    const onFocusOut = (event: FocusEvent) => event.relatedTarget && outside(event.relatedTarget) && close(false);
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    menu.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      menu.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  return ref;
}

/** The frame's menus share a name: opening one closes the other, without JavaScript too (HTML's exclusive `<details>`). */
const MENUS = "admin-menu";
const SUMMARY = "flex cursor-pointer list-none items-center gap-1.5 [&::-webkit-details-marker]:hidden";
const PANEL = "absolute right-0 top-full z-30 mt-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg";

/** The signed-in e-mail as a menu: 'Sign Out' (this session) and 'Sign out everywhere' (docs/product.md §10). */
function AccountMenu({ email }: { email: string | null }) {
  const ref = useMenuDismissal();
  return (
    <details ref={ref} name={MENUS} className="group relative min-w-0">
      <summary className={`${SUMMARY} min-h-10 rounded-full px-2 text-sm text-slate-700 hover:bg-slate-100`}>
        <span className="sr-only">Account: </span>
        {email ? (
          <span className="max-w-[11rem] truncate sm:max-w-none" data-testid="admin-email">
            {email}
          </span>
        ) : (
          <span>Account</span>
        )}
        <Icon name="chevronDown" className="size-4 shrink-0 transition group-open:rotate-180" />
      </summary>
      <div className={`${PANEL} w-64 max-w-[calc(100vw-2rem)] space-y-2 p-3`}>
        {email ? (
          <p className="text-xs break-all text-slate-600">
            Signed in as <span className="font-semibold text-slate-900">{email}</span>
          </p>
        ) : null}
        <Link to="/admin/security" className="flex min-h-10 items-center rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100">
          Security: passkeys and two-step sign-in
        </Link>
        <Form method="post" action="/auth/sign-out">
          <button type="submit" className={`${buttonClass("secondary", "sm")} w-full`}>
            Sign Out
          </button>
        </Form>
        <Form method="post" action="/auth/sign-out">
          <input type="hidden" name="scope" value="everywhere" />
          <button type="submit" className="min-h-10 w-full text-sm text-slate-600 underline hover:text-slate-900">
            Sign out everywhere
          </button>
        </Form>
      </div>
    </details>
  );
}

/**
 * The tabs row's overflow cue: a soft shadow at an edge past which tabs are hidden, gone once
 * the row is scrolled to that end (white covers that scroll with the tabs hide the shadows that
 * stay at the edges).
 */
const OVERFLOW_CUE = [
  "linear-gradient(to right, #fff 30%, rgb(255 255 255 / 0)) left / 2.5rem 100% no-repeat local",
  "linear-gradient(to left, #fff 30%, rgb(255 255 255 / 0)) right / 2.5rem 100% no-repeat local",
  "radial-gradient(farthest-side at 0 50%, rgb(15 23 42 / 0.3), transparent) left / 0.875rem 100% no-repeat scroll",
  "radial-gradient(farthest-side at 100% 50%, rgb(15 23 42 / 0.3), transparent) right / 0.875rem 100% no-repeat scroll",
].join(", ");

/** The sections row: the inbox tabs (scrolling sideways when the screen is narrow) and 'More', which stays in view. */
function SectionsNav({ counts }: { counts: AdminFrameProps["counts"] }) {
  const { pathname } = useLocation();
  const tabs = useRef<HTMLUListElement>(null);
  // With JavaScript, the current tab is scrolled into the row's view (Contact Messages on a phone).
  useEffect(() => {
    const row = tabs.current;
    const current = row?.querySelector('[aria-current="page"]');
    if (!row || !current) return;
    const [box, tab] = [row.getBoundingClientRect(), current.getBoundingClientRect()];
    if (tab.right > box.right) row.scrollLeft += tab.right - box.right;
    else if (tab.left < box.left) row.scrollLeft -= box.left - tab.left;
  }, [pathname]);
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex shrink-0 flex-col items-start justify-center gap-1 border-b-2 px-2 py-2 text-sm leading-tight font-semibold whitespace-nowrap focus-visible:-outline-offset-3 sm:flex-row sm:items-center sm:gap-x-2 sm:px-4 sm:py-2.5 ${isActive ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-brand-800"}`;
  return (
    <nav aria-label="Admin sections" className="relative mx-auto flex max-w-7xl items-stretch gap-1 px-2 sm:px-6">
      <ul ref={tabs} className="flex min-w-0 flex-1 overflow-x-auto [scrollbar-width:none]" style={{ background: OVERFLOW_CUE }}>
        <li className="flex">
          {/* The owner's overview (docs/product.md §16): a house on a phone, its name from `sm`. */}
          <NavLink to="/admin" end className={tab}>
            <Icon name="home" className="size-5 sm:hidden" />
            <span className="sr-only sm:not-sr-only">Overview</span>
          </NavLink>
        </li>
        <li className="flex">
          <NavLink to="/admin/quotes" className={tab}>
            <TabName short="Requests" full="Quote Requests" count={counts?.quotes.total} />
            {counts ? <AttentionPills counts={counts.quotes} waiting="pending" /> : null}
          </NavLink>
        </li>
        <li className="flex">
          <NavLink to="/admin/messages" className={tab}>
            <TabName short="Messages" full="Contact Messages" count={counts?.messages.total} />
            {counts ? <AttentionPills counts={counts.messages} waiting="unread" /> : null}
          </NavLink>
        </li>
        <li className="flex">
          <NavLink to="/admin/schedule" className={tab}>
            Schedule
          </NavLink>
        </li>
      </ul>
      {/* Keyed by the page, so the menu is closed again on the page its link opened. */}
      <MoreMenu key={pathname} pathname={pathname} />
    </nav>
  );
}

/**
 * An inbox tab's name and count: `full` ('Quote Requests (n)') from `sm` and for screen readers
 * always, `short` ('Requests (n)', within the full name) on a phone.
 */
function TabName({ full, short, count }: { full: string; short: string; count: number | undefined }) {
  const withCount = (name: string) => (count === undefined ? name : `${name} (${count})`);
  return (
    <>
      <span aria-hidden="true" className="sm:hidden">
        {withCount(short)}
      </span>
      <span className="sr-only sm:not-sr-only">{withCount(full)}</span>
    </>
  );
}

/** 'More': the other admin pages by group; on a wider screen its summary names the current one. */
function MoreMenu({ pathname }: { pathname: string }) {
  const ref = useMenuDismissal();
  // The link whose page this is: the longest that starts the path (/admin/content/prices is the price guide's, not 'Site content').
  const current = MENU_GROUPS.flatMap((group) => group.links)
    .filter((link) => pathname === link.to || pathname.startsWith(`${link.to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <details ref={ref} name={MENUS} className="group flex shrink-0">
      <summary
        className={`${SUMMARY} border-b-2 px-2 text-sm font-semibold focus-visible:-outline-offset-3 sm:px-4 ${current ? "border-brand-700 text-brand-900" : "border-transparent text-slate-600 hover:text-brand-800"}`}
      >
        <span>More</span>
        {current ? <span className="hidden font-normal sm:inline">· {current.label}</span> : null}
        <Icon name="chevronDown" className="size-4 shrink-0 transition group-open:rotate-180" />
      </summary>
      <div className={`${PANEL} mx-2 w-56 sm:mx-6 sm:flex sm:w-auto sm:gap-2`}>
        {MENU_GROUPS.map((group) => (
          <div key={group.label} className="sm:min-w-40">
            <p
              id={`menu-${group.label.toLowerCase()}`}
              className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
            >
              {group.label}
            </p>
            <ul aria-labelledby={`menu-${group.label.toLowerCase()}`}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    aria-current={link === current ? "page" : undefined}
                    className="block rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}

/** Under the tabs: of this month's requests due an answer, how many had one within QUOTE_REPLY_HOURS (docs/product.md §10 "Time to first reply"). */
function ReplyFigure({ replies }: { replies: ReplyFigures }) {
  const share = replies.due > 0 ? Math.round((replies.onTime / replies.due) * 100) : null;
  return (
    <p className="-mt-2 mb-4 text-sm text-slate-700 sm:-mt-4" data-testid="reply-figure">
      {share === null ? (
        <>
          Answered within {QUOTE_REPLY_HOURS} hours in {replies.month}: no request due an answer yet.
        </>
      ) : (
        <>
          Answered within {QUOTE_REPLY_HOURS} hours in {replies.month}:{" "}
          <strong className={share >= 90 ? "text-brand-800" : "text-red-800"}>{share}%</strong> ({replies.onTime} of {replies.due})
        </>
      )}
    </p>
  );
}

/** Beside a tab: how many records wait for a reply, and how many of them are overdue. */
function AttentionPills({ counts, waiting }: { counts: TabCounts; waiting: "pending" | "unread" }) {
  if (counts.attention === 0 && counts.overdue === 0) return null;
  return (
    <span className="flex gap-1">
      {counts.attention > 0 ? (
        <Badge tone="waiting" data-testid="attention-count">
          {counts.attention} {waiting}
        </Badge>
      ) : null}
      {counts.overdue > 0 ? (
        <Badge tone="destructive" data-testid="overdue-count">
          {counts.overdue} overdue
        </Badge>
      ) : null}
    </span>
  );
}
