/** The most viewed products of the range: image, name (opens the product page) and views. */
import type { TopViewedProduct } from "@atelier/contract";
import { Eye } from "lucide-react";
import { StoredImage } from "../../../components/stored-image.tsx";
import { paths } from "../../../lib/paths.ts";
import { formatCount } from "../format.ts";
import { EmptyState } from "../ui/states.tsx";
import { Table } from "../ui/table.tsx";

const columns = [{ label: "Product" }, { label: "Views", align: "end" }] as const;

export function TopProducts({ products }: { products: readonly TopViewedProduct[] }) {
  if (products.length === 0) {
    return (
      <EmptyState icon={Eye} title="No product page views in this range">
        Views are counted when people open a product page; crawlers are not counted.
      </EmptyState>
    );
  }
  return (
    <Table caption="Most viewed products" columns={columns}>
      {products.map((product) => (
        <tr key={product.id}>
          <td className="px-4 py-2">
            <div className="flex items-center gap-3">
              {product.image ? (
                <StoredImage
                  filename={product.image}
                  srcWidth={240}
                  sizes="40px"
                  alt=""
                  loading="lazy"
                  className="size-10 shrink-0 rounded-md bg-stone-100 object-cover"
                />
              ) : (
                <span aria-hidden className="size-10 shrink-0 rounded-md bg-stone-100" />
              )}
              {/* A full page load: the storefront has its own shell, outside the admin. */}
              <a href={paths.productDetails(product.id)} className="min-w-0 truncate font-medium hover:underline">
                {product.name}
              </a>
            </div>
          </td>
          <td className="px-4 py-2 text-right tabular-nums">{formatCount(product.views)}</td>
        </tr>
      ))}
    </Table>
  );
}
