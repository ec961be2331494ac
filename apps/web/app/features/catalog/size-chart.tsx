/** The size chart, folded away until asked for. */
import type { SizeChart as SizeChartData } from "@atelier/contract";

export function SizeChart({ chart }: { chart: SizeChartData }) {
  return (
    <details className="rounded-xl border border-line bg-white">
      <summary className="cursor-pointer px-4 py-3 font-semibold text-sm">Size chart</summary>
      <div className="overflow-x-auto px-4 pb-4">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Measurements per size</caption>
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-4">
                Size
              </th>
              {chart.columns.map((column) => (
                <th key={column} scope="col" className="py-2 pr-4">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-line border-t">
                <th scope="row" className="py-2 pr-4">
                  {row.size}
                </th>
                {row.values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row's values are positional
                  <td key={index} className="py-2 pr-4">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
