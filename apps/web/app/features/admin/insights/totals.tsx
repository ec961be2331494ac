/** The user totals: the accounts there are, and how active they were. */
import type { UserInsights } from "@atelier/contract";
import { StatGroup } from "../ui/stat-group.tsx";

export function InsightTotals({ totals, days }: { totals: UserInsights["totals"] | undefined; days: number }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-7">
      <div className="lg:col-span-4">
        <StatGroup
          title="Accounts"
          columns="grid-cols-2 sm:grid-cols-4"
          stats={[
            { label: "All users", value: totals?.users },
            { label: "Customers", value: totals?.customers },
            { label: "Staff", value: totals?.staff },
            { label: "Banned", value: totals?.banned },
          ]}
        />
      </div>
      <div className="lg:col-span-3">
        <StatGroup
          title="Activity"
          columns="grid-cols-2 sm:grid-cols-3"
          stats={[
            { label: `New, last ${days} days`, value: totals?.newInPeriod },
            { label: "Active, last 7 days", value: totals?.active7d },
            { label: "Active, last 30 days", value: totals?.active30d },
          ]}
        />
      </div>
    </div>
  );
}
