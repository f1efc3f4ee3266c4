/** Every unmatched URL: the product's 404 page ('404', 'Oops! Page not found', 'Return to Home'). */
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { buttonStyles } from "~/components/ui";
import { pageMeta } from "~/seo";
import { notFoundLoader } from "./not-found.server";

export const loader = () => notFoundLoader();

export const meta: MetaFunction = (args) =>
  pageMeta(args, { title: "Page not found", description: "This page does not exist.", noindex: true });

export default function NotFound() {
  return <NotFoundMessage />;
}

export function NotFoundMessage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center sm:py-32">
      <p className="font-display text-7xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 font-display text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${buttonStyles.secondary} mt-8`}>
        Return to Home
      </Link>
    </section>
  );
}
