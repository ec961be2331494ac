/** The lists of product types, colors, sizes and fabrics, each with edit and delete (ManagedList). */
import { Palette, Ruler, Shapes, Shirt } from "lucide-react";
import { colorsApi, fabricsApi, productTypesApi, sizesApi } from "../api.ts";
import { ManagedList } from "../managed-list.tsx";
import { ColorForm } from "./color-form.tsx";
import { FabricForm } from "./fabric-form.tsx";
import { ProductTypeForm } from "./product-type-form.tsx";
import { SizeForm } from "./size-form.tsx";

const name = { label: "Name", cell: (row: { name: string }) => <span className="font-medium">{row.name}</span> };

export function ProductTypeList() {
  return (
    <ManagedList
      kind="product type"
      plural="product types"
      title="All product types"
      icon={Shirt}
      emptyText="Add the kinds of product the shop sells: T-shirt, Hoodie, Tote bag…"
      query={productTypesApi.useList()}
      remove={productTypesApi.useRemove()}
      columns={[name, { label: "Slug", cell: (row) => <span className="text-muted text-xs">{row.slug}</span> }]}
      editForm={(row, done) => <ProductTypeForm row={row} onDone={done} />}
    />
  );
}

export function ColorList() {
  return (
    <ManagedList
      kind="color"
      plural="colors"
      title="All colors"
      icon={Palette}
      emptyText="Add the colors products come in, each with its swatch."
      query={colorsApi.useList()}
      remove={colorsApi.useRemove()}
      columns={[
        {
          label: "Swatch",
          cell: (row) => (
            <span className="flex items-center gap-2">
              <span
                aria-hidden
                className="size-6 rounded-full border border-stone-300"
                style={{ backgroundColor: row.hex }}
              />
              <span className="font-mono text-muted text-xs">{row.hex}</span>
            </span>
          ),
        },
        name,
      ]}
      editForm={(row, done) => <ColorForm row={row} onDone={done} />}
    />
  );
}

export function SizeList() {
  return (
    <ManagedList
      kind="size"
      plural="sizes"
      title="All sizes"
      icon={Ruler}
      emptyText="Add sizes in the order shoppers expect: XS, S, M, L, XL…"
      query={sizesApi.useList()}
      remove={sizesApi.useRemove()}
      columns={[{ label: "Order", cell: (row) => <span className="tabular-nums">{row.sortOrder}</span> }, name]}
      editForm={(row, done) => <SizeForm row={row} onDone={done} />}
    />
  );
}

export function FabricList() {
  return (
    <ManagedList
      kind="fabric"
      plural="fabrics"
      title="All fabrics"
      icon={Shapes}
      emptyText="Add the fabrics products are made of."
      query={fabricsApi.useList()}
      remove={fabricsApi.useRemove()}
      columns={[
        name,
        {
          label: "Description",
          cell: (row) => <p className="line-clamp-2 max-w-sm text-muted text-xs">{row.description || "—"}</p>,
        },
      ]}
      editForm={(row, done) => <FabricForm row={row} onDone={done} />}
    />
  );
}
