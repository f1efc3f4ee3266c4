/** Cards of highlights (icon, title, text) and a checked list: shared page building blocks. */
import type { Highlight } from "~/content/business";
import { Icon } from "~/components/icon";

export function HighlightCards({ items, className = "" }: { items: readonly Highlight[]; className?: string }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-4 ${className}`}>
      {items.map((item) => (
        <li key={item.title} className="rounded-2xl border border-brand-100 bg-white p-6 shadow-sm">
          <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
            <Icon name={item.icon} />
          </span>
          <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-2 leading-relaxed text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function CheckList({ items, className = "" }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 leading-relaxed text-slate-700">
          <Icon name="check" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          {item}
        </li>
      ))}
    </ul>
  );
}
