/** How people sign in: a bar chart for the eye and the same numbers as a table for everyone. */
import type { UserInsights } from "@atelier/contract";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../format.ts";
import { type Column, Table } from "../ui/table.tsx";
import { methodLabel } from "../users/sign-in-labels.ts";

type Methods = UserInsights["signInMethods"];

const percent = new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 0 });

const columns: readonly Column[] = [
  { label: "Method" },
  { label: "Sign-ins", align: "end" },
  { label: "Share", align: "end" },
];

export function SignInMethodsChart({ methods }: { methods: Methods }) {
  if (methods.length === 0) return <p className="p-4 text-muted text-sm">Nobody signed in during this period.</p>;
  const total = methods.reduce((sum, method) => sum + method.count, 0);
  const rows = [...methods]
    .sort((a, b) => b.count - a.count)
    .map((method) => ({ ...method, label: methodLabel(method.method) }));
  return (
    <div className="grid grid-cols-1 gap-4 p-4 md:grid-cols-2">
      <div style={{ height: Math.max(120, rows.length * 44) }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={rows}
            layout="vertical"
            margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid horizontal={false} stroke="#e7e5e4" />
            <XAxis
              type="number"
              allowDecimals={false}
              tick={{ fontSize: 11, fill: "#57534e" }}
              tickLine={false}
              axisLine={false}
            />
            <YAxis
              type="category"
              dataKey="label"
              width={120}
              tick={{ fontSize: 12, fill: "#1c1917" }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip
              cursor={{ fill: "#f5f5f4" }}
              contentStyle={{ borderRadius: 8, borderColor: "#e7e5e4", fontSize: 12 }}
            />
            <Bar
              dataKey="count"
              name="Sign-ins"
              fill="#9a3412"
              radius={[0, 4, 4, 0]}
              barSize={20}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table caption="Sign-ins by method" columns={columns} className="self-start">
        {rows.map((row) => (
          <tr key={row.method}>
            <th scope="row" className="px-4 py-2 font-normal">
              {row.label}
            </th>
            <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.count)}</td>
            <td className="px-4 py-2 text-right text-muted tabular-nums">
              {percent.format(total ? row.count / total : 0)}
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
