/** The title band at the top of inner pages: one h1, a lead paragraph, optional actions. */
import type { ReactNode } from "react";

export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden bg-brand-900 text-white">
      <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-700/40 blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
        {eyebrow ? <p className="text-sm font-semibold tracking-widest text-sun-300 uppercase">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl font-display text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-4">{children}</div> : null}
      </div>
    </section>
  );
}

/** A section heading with an optional eyebrow and lead. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  id,
  center = false,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  id?: string;
  center?: boolean;
}) {
  return (
    <div className={center ? "mx-auto max-w-2xl text-center" : "max-w-2xl"}>
      {eyebrow ? <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 font-display text-3xl font-bold text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-slate-700">{lead}</p> : null}
    </div>
  );
}
