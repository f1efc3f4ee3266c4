/** The frame of the /auth pages: the brand, 'Back to Website' and one card. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useSite } from "~/components/hooks/site-data";
import { FormStatus } from "~/components/form-status";
import { Icon } from "~/components/icon";
import { Logo } from "~/components/public/logo";

export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  const site = useSite();
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-brand-950 px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
          <Logo name={site?.companyName ?? ""} inverted />
          <Link to="/" className="inline-flex min-h-10 items-center gap-1.5 text-sm font-semibold text-brand-100 hover:text-white">
            <Icon name="arrowLeft" className="size-4" /> Back to Website
          </Link>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-xl sm:p-8">
          {site?.notice ? (
            <div className="mb-6">
              <FormStatus tone={site.notice.tone}>{site.notice.text}</FormStatus>
            </div>
          ) : null}
          <h1 className="font-display text-3xl font-bold text-slate-900">{title}</h1>
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </main>
  );
}
