/**
 * The category tree: category → sub-categories → sub-sub-categories, in navigation order,
 * each with add, edit and delete, and the flags as checkboxes. Deleting asks first; the
 * server refuses rows that still hold something, and says what.
 */
import type { AdminCategory } from "@atelier/contract";
import { FolderTree } from "lucide-react";
import { useState } from "react";
import { imageUrl } from "../../../../lib/images.ts";
import { Card, CardHeader } from "../../ui/card.tsx";
import { Dialog, DialogBody } from "../../ui/dialog.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../ui/states.tsx";
import { categoriesApi } from "../api.ts";
import { DeleteDialog } from "../delete-dialog.tsx";
import { useRemoveNode } from "./api.ts";
import { CategoryForm } from "./category-form.tsx";
import { NodeDialog, type NodeTarget } from "./node-dialog.tsx";
import { RowActions } from "./row-actions.tsx";
import { SubCategoryRow, type TreeDeleteTarget } from "./sub-category-row.tsx";

const kinds = { category: "category", sub: "sub-category", subSub: "sub-sub-category" } as const;

export function CategoryTree() {
  const query = categoriesApi.useList();
  const removers = {
    category: categoriesApi.useRemove(),
    sub: useRemoveNode("sub"),
    subSub: useRemoveNode("subSub"),
  };
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [node, setNode] = useState<NodeTarget | null>(null);
  const [deleting, setDeleting] = useState<TreeDeleteTarget | null>(null);

  return (
    <Card labelledBy="category-tree-title">
      <CardHeader
        id="category-tree-title"
        title="All categories"
        description="In navigation order. Disabled sub-categories are hidden from the storefront."
      />
      {query.isPending ? (
        <SkeletonRows rows={6} label="Loading categories" />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={FolderTree} title="No categories yet">
          Add a category, then its sub-categories and their sub-sub-categories.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line">
          {query.data.map((category) => (
            <li key={category.id} className="px-4 py-4" data-testid="category">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex min-w-0 items-center gap-3">
                  {category.filename ? (
                    <img
                      src={imageUrl(category.filename, 240)}
                      alt=""
                      width={40}
                      height={40}
                      className="size-10 shrink-0 rounded-md bg-stone-100 object-cover"
                    />
                  ) : null}
                  <div className="min-w-0">
                    <h3 className="font-semibold text-base">{category.name}</h3>
                    <div className="mt-1 flex flex-wrap gap-1">
                      <Pill>Serial {category.serial}</Pill>
                      {category.isGenderVaried ? (
                        <Pill tone="brand">
                          {[category.isForMen && "Men", category.isForWomen && "Women"].filter(Boolean).join(" & ")}
                        </Pill>
                      ) : null}
                      <Pill>
                        {category.productCount} product{category.productCount === 1 ? "" : "s"}
                      </Pill>
                    </div>
                  </div>
                </div>
                <RowActions
                  name={category.name}
                  addLabel={`Add a sub-category to ${category.name}`}
                  onAdd={() => setNode({ level: "sub", parentId: category.id, parentName: category.name })}
                  onEdit={() => setEditing(category)}
                  onDelete={() => setDeleting({ level: "category", ...category })}
                />
              </div>
              {category.subCategories.length > 0 ? (
                <ul className="mt-2 divide-y divide-line pl-4 min-[600px]:pl-12">
                  {category.subCategories.map((sub) => (
                    <SubCategoryRow key={sub.id} sub={sub} onEdit={setNode} onDelete={setDeleting} />
                  ))}
                </ul>
              ) : (
                <p className="mt-2 pl-4 text-muted text-xs min-[600px]:pl-12">No sub-categories yet.</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing ? `Edit ${editing.name}` : "Edit category"}
      >
        <DialogBody>{editing ? <CategoryForm category={editing} onDone={() => setEditing(null)} /> : null}</DialogBody>
      </Dialog>
      <NodeDialog target={node} onClose={() => setNode(null)} />
      <DeleteDialog
        kind={deleting ? kinds[deleting.level] : "category"}
        target={deleting}
        onClose={() => setDeleting(null)}
        remove={removers[deleting?.level ?? "category"]}
        warning={
          deleting && deleting.productCount > 0
            ? `${deleting.productCount} product${deleting.productCount === 1 ? " is" : "s are"} in it; it cannot be deleted until they are moved.`
            : undefined
        }
      />
    </Card>
  );
}
