/**
 * One service's typical prices as /pricing shows them (docs/product.md §13 "Price guide"): a
 * row per property size, a column per frequency, each cell "J$14,000-18,000" (with "US$90-115"
 * under it when given) or "Ask us". On a narrow screen the same prices read as a list per size,
 * so nothing scrolls sideways. The admin's preview draws the same.
 */
import type { PriceCellLabel, ServicePriceTable } from "~/domain/price-guide";

/** A cell's price: J$ on one line, US$ under it; "Ask us" without a range. */
function Price({ price }: { price: PriceCellLabel | null }) {
  if (!price) return <span className="text-slate-600">Ask us</span>;
  return (
    <>
      <span className="whitespace-nowrap">{price.jmd}</span>
      {price.usd ? <span className="block text-sm whitespace-nowrap text-slate-600">{`(${price.usd})`}</span> : null}
    </>
  );
}

export function PriceTable({ table, headingLevel = "h2" }: { table: ServicePriceTable; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  return (
    <div>
      <Heading id={`prices-${table.service}`} className="font-display text-2xl font-bold text-slate-900">
        {table.title}
      </Heading>
      <div className="mt-4 hidden overflow-hidden rounded-xl border border-slate-200 bg-white sm:block">
        <table className="w-full text-left" data-prices={table.service}>
          <caption className="sr-only">{`${table.title}: typical prices by property size and frequency`}</caption>
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Property size
              </th>
              {table.frequencies.map((column) => (
                <th key={column.frequency} scope="col" className="px-4 py-3 font-semibold">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {table.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                  {row.label}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.frequency} className="px-4 py-3 align-top text-slate-800">
                    <Price price={cell.price} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-4 space-y-3 sm:hidden" aria-label={`${table.title}: typical prices`}>
        {table.rows.map((row) => (
          <li key={row.size} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="font-semibold text-slate-900">{row.label}</p>
            <dl className="mt-2 space-y-1.5">
              {row.cells
                .filter((cell) => cell.price)
                .map((cell) => (
                  <div key={cell.frequency} className="flex flex-wrap justify-between gap-x-4">
                    <dt className="text-slate-700">{cell.label}</dt>
                    <dd className="text-right text-slate-900">
                      <Price price={cell.price} />
                    </dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
