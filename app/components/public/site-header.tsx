/**
 * The header on every public page (docs/product.md §2 "Header navigation"). On small screens the
 * links fold into a native <details> menu, which opens and closes without JavaScript.
 */
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ADMIN_LOGIN, PRIMARY_NAV } from "~/content/navigation";
import { Logo } from "~/components/public/logo";
import { buttonStyles } from "~/components/ui";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-[0.95rem] font-medium transition-colors ${
    isActive ? "text-brand-800 bg-brand-50" : "text-slate-700 hover:text-brand-800 hover:bg-brand-50"
  }`;

export function SiteHeader({ companyName }: { companyName: string }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // Closes the menu after a client-side navigation, not when React takes over the page: a
  // visitor may have opened it before the page hydrated (app/worker/hydration-after-paint.ts).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Logo name={companyName} />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={linkClass} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          <Link to={ADMIN_LOGIN.to} className="inline-flex min-h-10 items-center text-sm font-medium text-slate-600 hover:text-brand-800">
            {ADMIN_LOGIN.label}
          </Link>
          <Link to="/quote" className={`${buttonStyles.primary} px-5 py-2.5 text-sm`} prefetch="intent">
            Get a Free Quote
          </Link>
        </div>
        <details ref={menu} className="group relative shrink-0 lg:hidden">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-brand-200 px-3 py-2 text-sm font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M4 7h16M4 12h16M4 17h16" className="group-open:hidden" />
              <path d="M6 6l12 12M18 6L6 18" className="hidden group-open:block" />
            </svg>
            Menu
          </summary>
          <nav aria-label="Main" className="absolute right-0 mt-2 w-64 rounded-xl border border-brand-100 bg-white p-2 shadow-xl">
            <ul className="flex flex-col">
              {PRIMARY_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === "/"} className={(s) => `block ${linkClass(s)}`} prefetch="intent">
                    {item.label}
                  </NavLink>
                </li>
              ))}
              <li className="mt-1 border-t border-brand-100 pt-1">
                <NavLink to={ADMIN_LOGIN.to} className={(s) => `block ${linkClass(s)}`}>
                  {ADMIN_LOGIN.label}
                </NavLink>
              </li>
              <li className="mt-2">
                <Link to="/quote" className={`${buttonStyles.primary} w-full py-2.5 text-sm`} prefetch="intent">
                  Get a Free Quote
                </Link>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}
