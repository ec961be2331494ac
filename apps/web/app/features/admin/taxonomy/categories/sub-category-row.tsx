/**
 * One sub-category in the tree with its flags as checkboxes that save at once (Disabled
 * hides it from the storefront; Premium grouping splits its items into Elite and Regular)
 * and its sub-sub-categories below, each with its Premium flag.
 */
import type { AdminSubCategory } from "@atelier/contract";
import { toast } from "sonner";
import { errorMessage } from "../../query-client.ts";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Pill } from "../../ui/states.tsx";
import { type NodeLevel, usePatchNode } from "./api.ts";
import type { NodeTarget } from "./node-dialog.tsx";
import { RowActions } from "./row-actions.tsx";

export interface TreeDeleteTarget {
  level: "category" | NodeLevel;
  id: number;
  name: string;
  productCount: number;
}

const products = (count: number) => `${count} product${count === 1 ? "" : "s"}`;

export function SubCategoryRow(props: {
  sub: AdminSubCategory;
  onEdit: (target: NodeTarget) => void;
  onDelete: (target: TreeDeleteTarget) => void;
}) {
  const { sub } = props;
  const patchSub = usePatchNode("sub");
  const patchLeaf = usePatchNode("subSub");

  function toggle(level: NodeLevel, id: number, body: Record<string, boolean>) {
    (level === "sub" ? patchSub : patchLeaf).mutate(
      { id, body },
      {
        onSuccess: (saved) => toast.success(`Saved ${saved.name}`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  return (
    <li className="py-3" data-testid="sub-category">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h4 className="font-medium text-sm">{sub.name}</h4>
          {sub.isDisabled ? <Pill tone="amber">Hidden</Pill> : null}
          <span className="text-muted text-xs">{products(sub.productCount)}</span>
        </div>
        <RowActions
          name={sub.name}
          addLabel={`Add a sub-sub-category to ${sub.name}`}
          onAdd={() => props.onEdit({ level: "subSub", parentId: sub.id, parentName: sub.name })}
          onEdit={() => props.onEdit({ level: "sub", parentName: "", node: sub })}
          onDelete={() => props.onDelete({ level: "sub", ...sub })}
        />
      </div>
      <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
        <Checkbox
          id={`sub-${sub.id}-disabled`}
          checked={sub.isDisabled}
          onCheckedChange={(checked) => toggle("sub", sub.id, { isDisabled: checked })}
          label={
            <>
              Disabled<span className="sr-only"> ({sub.name})</span>
            </>
          }
        />
        <Checkbox
          id={`sub-${sub.id}-premium`}
          checked={sub.isEnablePremium}
          onCheckedChange={(checked) => toggle("sub", sub.id, { isEnablePremium: checked })}
          label={
            <>
              Premium grouping<span className="sr-only"> ({sub.name})</span>
            </>
          }
        />
      </div>
      {sub.subSubCategories.length > 0 ? (
        <ul className="mt-2 space-y-0.5 border-line border-l-2 pl-4">
          {sub.subSubCategories.map((leaf) => (
            <li
              key={leaf.id}
              className="flex flex-wrap items-center justify-between gap-2"
              data-testid="sub-sub-category"
            >
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span className="text-sm">{leaf.name}</span>
                <span className="text-muted text-xs">{products(leaf.productCount)}</span>
                <Checkbox
                  id={`leaf-${leaf.id}-premium`}
                  checked={leaf.isPremium}
                  onCheckedChange={(checked) => toggle("subSub", leaf.id, { isPremium: checked })}
                  label={
                    <>
                      Elite<span className="sr-only"> ({leaf.name})</span>
                    </>
                  }
                />
              </div>
              <RowActions
                name={leaf.name}
                onEdit={() => props.onEdit({ level: "subSub", parentName: sub.name, node: leaf })}
                onDelete={() => props.onDelete({ level: "subSub", ...leaf })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-muted text-xs">No sub-sub-categories yet.</p>
      )}
    </li>
  );
}
