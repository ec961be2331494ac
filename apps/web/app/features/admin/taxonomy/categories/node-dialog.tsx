/**
 * Add or edit a sub-category (name, disabled, premium grouping) or a sub-sub-category
 * (name, premium) in a dialog. Names are unique within their parent; a taken name comes
 * back from the server beside the field.
 */
import { SubCategoryBody, SubSubCategoryBody } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { Checkbox } from "../../ui/checkbox.tsx";
import { Dialog, DialogBody } from "../../ui/dialog.tsx";
import { Field, TextInput } from "../../ui/fields.tsx";
import { SubmitRow } from "../form-footer.tsx";
import { showServerErrors } from "../server-errors.ts";
import { type NodeLevel, useSaveNode } from "./api.ts";

export interface NodeTarget {
  level: NodeLevel;
  /** The parent's name, for the title ("New sub-category in Topwear"). */
  parentName: string;
  parentId?: number;
  node?: { id: number; name: string; isDisabled?: boolean; isEnablePremium?: boolean; isPremium?: boolean };
}

/** Both levels' fields in one form; only the level's own are sent. */
const NodeBody = SubCategoryBody.extend(SubSubCategoryBody.shape);

const kinds = { sub: "sub-category", subSub: "sub-sub-category" } as const;

export function NodeDialog(props: { target: NodeTarget | null; onClose: () => void }) {
  const { target } = props;
  const kind = target ? kinds[target.level] : "";
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={target?.node ? `Edit ${target.node.name}` : `New ${kind} in ${target?.parentName ?? ""}`}
    >
      <DialogBody>{target ? <NodeForm target={target} onDone={props.onClose} /> : null}</DialogBody>
    </Dialog>
  );
}

function NodeForm({ target, onDone }: { target: NodeTarget; onDone: () => void }) {
  const id = useId();
  const save = useSaveNode(target.level);
  const kind = kinds[target.level];
  const form = useForm({
    resolver: zodResolver(NodeBody),
    defaultValues: {
      name: target.node?.name ?? "",
      isDisabled: target.node?.isDisabled ?? false,
      isEnablePremium: target.node?.isEnablePremium ?? false,
      isPremium: target.node?.isPremium ?? false,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ name, isDisabled, isEnablePremium, isPremium }) => {
    const body = target.level === "sub" ? { name, isDisabled, isEnablePremium } : { name, isPremium };
    return save.mutateAsync({ id: target.node?.id, parentId: target.parentId, body }).then(
      (saved) => {
        toast.success(target.node ? `Saved the ${kind} ${saved.name}` : `Added the ${kind} ${saved.name}`);
        onDone();
      },
      (error: unknown) => showServerErrors(error, form.setError, ["name"]),
    );
  });

  const flag = (name: "isDisabled" | "isEnablePremium" | "isPremium", label: string, hint: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          id={`${id}-${name}`}
          checked={field.value ?? false}
          onCheckedChange={field.onChange}
          label={label}
          hint={hint}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field id={`${id}-name`} label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
        {(control) => <TextInput {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      {target.level === "sub" ? (
        <>
          {flag("isDisabled", "Disabled", "Hidden from the storefront navigation.")}
          {flag("isEnablePremium", "Premium grouping", "Its items are grouped under Elite and Regular.")}
        </>
      ) : (
        flag("isPremium", "Premium (Elite)", "Listed under Elite when its sub-category groups by premium.")
      )}
      <SubmitRow pending={save.isPending} label={target.node ? `Save ${kind}` : `Add ${kind}`} />
    </form>
  );
}
