/**
 * The size chart editor: measurement headings across, one row per size. Starting a chart
 * fills its rows with the sizes ticked above; staff then type the measurements. Problems
 * with the chart (the browser's check or the server's 422 `sizeChart.*` fields) are listed
 * under it and mark the cells they name.
 */
import type { ProductFormOptions, SizeChart } from "@atelier/contract";
import { Plus, X } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Button } from "../../ui/button.tsx";
import { TextInput } from "../../ui/fields.tsx";
import type { ProductFormValues } from "./form-values.ts";
import { FormSection } from "./section.tsx";
import { sizeChartProblems } from "./size-chart-errors.ts";

export function SizeChartSection({ options }: { options: ProductFormOptions }) {
  const {
    control,
    setValue,
    clearErrors,
    formState: { errors },
  } = useFormContext<ProductFormValues>();
  const [chart, sizeIds] = useWatch({ control, name: ["sizeChart", "sizeIds"] });
  // An edit answers the problems shown: they are checked again on the next save.
  const set = (next: SizeChart | null) => {
    clearErrors("sizeChart");
    setValue("sizeChart", next, { shouldDirty: true });
  };

  if (!chart) {
    const start = () => {
      const sizes = options.sizes.filter((size) => sizeIds.includes(size.id)).map((size) => size.name);
      set({
        columns: ["Chest (cm)", "Length (cm)"],
        rows: (sizes.length ? sizes : [""]).map((size) => ({ size, values: ["", ""] })),
      });
    };
    return (
      <FormSection
        id="product-size-chart"
        title="Size chart"
        description="Measurements per size, shown on the product page."
      >
        <Button onClick={start}>
          <Plus aria-hidden className="size-4" />
          Add a size chart
        </Button>
      </FormSection>
    );
  }

  const setColumn = (index: number, heading: string) =>
    set({ ...chart, columns: chart.columns.map((c, i) => (i === index ? heading : c)) });
  const addColumn = () =>
    set({ columns: [...chart.columns, ""], rows: chart.rows.map((row) => ({ ...row, values: [...row.values, ""] })) });
  const removeColumn = (index: number) =>
    set({
      columns: chart.columns.filter((_, i) => i !== index),
      rows: chart.rows.map((row) => ({ ...row, values: row.values.filter((_, i) => i !== index) })),
    });
  const setRow = (index: number, row: SizeChart["rows"][number]) =>
    set({ ...chart, rows: chart.rows.map((r, i) => (i === index ? row : r)) });
  const addRow = () => set({ ...chart, rows: [...chart.rows, { size: "", values: chart.columns.map(() => "") }] });
  const removeRow = (index: number) => set({ ...chart, rows: chart.rows.filter((_, i) => i !== index) });
  const problems = sizeChartProblems(errors.sizeChart, chart);
  const errorId = "product-size-chart-errors";
  /** aria-invalid and the link to the list for an input whose path has a problem. */
  const marks = (path: string) =>
    problems.some((problem) => problem.path === path)
      ? ({ "aria-invalid": true, "aria-describedby": errorId } as const)
      : {};

  return (
    <FormSection
      id="product-size-chart"
      title="Size chart"
      description="Measurements per size, shown on the product page."
    >
      <div className="overflow-x-auto">
        <table className="text-sm">
          <caption className="sr-only">Size chart</caption>
          <thead>
            <tr>
              <th scope="col" className="px-1 pb-2 text-left font-medium text-muted text-xs">
                Size
              </th>
              {chart.columns.map((heading, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions, edited in place
                <th key={index} scope="col" className="px-1 pb-2">
                  <div className="flex items-center gap-1">
                    <TextInput
                      aria-label={`Heading of column ${index + 1}`}
                      {...marks(`columns.${index}`)}
                      value={heading}
                      maxLength={40}
                      className="w-full min-w-28"
                      onChange={(event) => setColumn(index, event.target.value)}
                    />
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={`Remove column ${index + 1}`}
                      onClick={() => removeColumn(index)}
                    >
                      <X aria-hidden className="size-4" />
                    </Button>
                  </div>
                </th>
              ))}
              <th scope="col" className="px-1 pb-2">
                <span className="sr-only">Remove row</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions, edited in place
              <tr key={rowIndex}>
                <td className="px-1 py-1">
                  <TextInput
                    aria-label={`Size of row ${rowIndex + 1}`}
                    {...marks(`rows.${rowIndex}.size`)}
                    value={row.size}
                    maxLength={20}
                    className="w-full min-w-16"
                    onChange={(event) => setRow(rowIndex, { ...row, size: event.target.value })}
                  />
                </td>
                {row.values.map((value, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                  <td key={index} className="px-1 py-1">
                    <TextInput
                      aria-label={`${chart.columns[index] || `Column ${index + 1}`} for ${row.size || `row ${rowIndex + 1}`}`}
                      {...marks(`rows.${rowIndex}.values.${index}`)}
                      value={value}
                      maxLength={40}
                      className="w-full min-w-24"
                      onChange={(event) =>
                        setRow(rowIndex, {
                          ...row,
                          values: row.values.map((v, i) => (i === index ? event.target.value : v)),
                        })
                      }
                    />
                  </td>
                ))}
                <td className="px-1 py-1">
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove row ${rowIndex + 1}`}
                    onClick={() => removeRow(rowIndex)}
                  >
                    <X aria-hidden className="size-4" />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problems.length > 0 ? (
        // The alert wraps the list: a role on the <ul> itself would hide its items from screen readers.
        <div id={errorId} role="alert">
          <ul className="list-disc space-y-1 pl-5 text-red-700 text-sm">
            {problems.map((problem) => (
              <li key={problem.path}>{problem.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={addRow}>
          Add row
        </Button>
        <Button size="sm" onClick={addColumn} disabled={chart.columns.length >= 12}>
          Add column
        </Button>
        <Button size="sm" variant="ghost" onClick={() => set(null)}>
          Remove size chart
        </Button>
      </div>
    </FormSection>
  );
}
