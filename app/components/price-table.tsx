/**
 * One service's typical prices as /pricing shows them (docs/product.md §13 "Price guide"): a
 * row per property size, a column per frequency, each cell "J$14,000-18,000" or "Ask us". The
 * admin's preview draws the same table. Wide tables scroll sideways inside their own box, so
 * the page never does.
 */
import type { ServicePriceTable } from "~/server/site/pricing.server";

export function PriceTable({ table, headingLevel = "h2" }: { table: ServicePriceTable; headingLevel?: "h2" | "h3" }) {
  const Heading = headingLevel;
  const headingId = `prices-${table.service}`;
  return (
    <div>
      <Heading id={headingId} className="font-display text-2xl font-bold text-slate-900">
        {table.title}
      </Heading>
      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-max text-left text-sm sm:text-base" data-prices={table.service}>
          <caption className="sr-only">{`${table.title}: typical prices by property size and frequency`}</caption>
          <thead className="bg-brand-50 text-brand-900">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                Property size
              </th>
              {table.frequencies.map((column) => (
                <th key={column.frequency} scope="col" className="px-3 py-3 font-semibold sm:px-4">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {table.rows.map((row) => (
              <tr key={row.size}>
                <th scope="row" className="px-3 py-3 font-semibold text-slate-900 sm:px-4">
                  {row.label}
                </th>
                {row.cells.map((cell) => (
                  <td key={cell.frequency} className="px-3 py-3 whitespace-nowrap text-slate-800 sm:px-4">
                    {cell.price ?? <span className="text-slate-600">Ask us</span>}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
