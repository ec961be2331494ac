/** Every series with its banner, description and product count; edit in a dialog, delete after a confirmation. */
import { Layers } from "lucide-react";
import { imageUrl } from "../../../../lib/images.ts";
import { seriesApi } from "../api.ts";
import { ManagedList } from "../managed-list.tsx";
import { SeriesForm } from "./series-form.tsx";

export function SeriesList() {
  const query = seriesApi.useList();
  const remove = seriesApi.useRemove();
  return (
    <ManagedList
      kind="series"
      plural="series"
      title="All series"
      icon={Layers}
      emptyText="Add a series to group products into collections."
      query={query}
      remove={remove}
      columns={[
        {
          label: "Banner",
          cell: (row) =>
            row.filename ? (
              <img
                src={imageUrl(row.filename, 240)}
                alt=""
                width={96}
                height={40}
                className="h-10 w-24 rounded-md bg-stone-100 object-cover"
              />
            ) : (
              <span className="text-muted text-xs">No banner</span>
            ),
        },
        {
          label: "Name",
          cell: (row) => (
            <>
              <p className="font-medium">{row.name}</p>
              <p className="text-muted text-xs">/{row.slug}</p>
            </>
          ),
        },
        {
          label: "Description",
          cell: (row) => <p className="line-clamp-2 max-w-sm text-muted text-xs">{row.description || "—"}</p>,
        },
      ]}
      editForm={(row, done) => <SeriesForm series={row} onDone={done} />}
    />
  );
}
