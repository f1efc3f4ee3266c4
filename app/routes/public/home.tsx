import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import heroPhoto from "~/assets/photos/cleaning-team-with-equipment.jpg";
import { SERVICE_AREAS } from "~/content/business";
import { buttonStyles } from "~/components/ui";

export const meta: MetaFunction = () => [
  { title: "Professional Cleaning Services in Montego Bay, Jamaica" },
  {
    name: "description",
    content:
      "Residential, commercial, post-construction and Airbnb cleaning in Montego Bay, Rose Hall, Ironshore and Reading. Free estimates, eco-friendly supplies, licensed and insured.",
  },
];

export default function Home() {
  return (
    <section className="relative isolate overflow-hidden bg-brand-950">
      <img
        src={heroPhoto}
        alt=""
        width={1600}
        height={1046}
        {...{ fetchpriority: "high" }}
        className="absolute inset-0 -z-10 size-full object-cover object-[70%_center] opacity-60"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950 via-brand-950/80 to-brand-950/10" />
      <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:py-40">
        <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">
          {SERVICE_AREAS.join(" · ")}
        </p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl leading-tight font-bold text-white sm:text-6xl">
          A spotless home or business, without lifting a finger.
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-brand-100">
          Professional cleaning across Montego Bay: homes, offices, kitchens, new builds and
          holiday rentals. Eco-friendly supplies, a licensed and insured team, and free
          estimates.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <Link to="/quote" className={buttonStyles.primary}>
            Get a Free Quote
          </Link>
          <Link
            to="/services"
            className="inline-flex items-center rounded-full border-2 border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10"
          >
            Our Services
          </Link>
        </div>
      </div>
    </section>
  );
}
