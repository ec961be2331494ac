/**
 * Create or edit a role: name, description and permissions, validated in the browser by
 * the contract's RoleBody schema, and by the server again (its field errors land on the
 * fields, its other messages in a toast).
 */
import { type Role, RoleBody } from "@atelier/contract";
import { OWNER_ROLE } from "@atelier/contract/constants";
import { zodResolver } from "@hookform/resolvers/zod";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Field, TextArea, TextInput } from "../ui/fields.tsx";
import { useSaveRole } from "./api.ts";
import { PermissionPicker } from "./permission-picker.tsx";

export function RoleDialog(props: { role: Role | null; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={props.role ? `Edit ${props.role.name}` : "New role"}
      description="A role is a named set of admin areas. Staff see only the menu groups their roles grant."
      wide
    >
      {/* Keyed so that opening the dialog for another role starts a fresh form. */}
      <RoleForm key={props.role?.id ?? "new"} role={props.role} onDone={() => props.onOpenChange(false)} />
    </Dialog>
  );
}

function RoleForm({ role, onDone }: { role: Role | null; onDone: () => void }) {
  const save = useSaveRole();
  const form = useForm({
    resolver: zodResolver(RoleBody),
    defaultValues: {
      name: role?.name ?? "",
      description: role?.description ?? "",
      permissions: role?.permissions ?? [],
    },
  });
  const { errors } = form.formState;
  const isOwner = role?.name === OWNER_ROLE;

  const onSubmit = form.handleSubmit((body) =>
    save.mutateAsync({ id: role?.id, body }).then(
      (saved) => {
        toast.success(role ? `Saved the ${saved.name} role` : `Created the ${saved.name} role`);
        onDone();
      },
      (error: unknown) => {
        const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
        for (const [name, message] of Object.entries(fields ?? {})) {
          if (name === "name" || name === "description" || name === "permissions") form.setError(name, { message });
        }
        toast.error(errorMessage(error));
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="space-y-4">
          <Field id="role-name" label="Name" error={errors.name?.message && `Name ${errors.name.message}`}>
            {(control) => <TextInput {...control} autoComplete="off" readOnly={isOwner} {...form.register("name")} />}
          </Field>
          <Field
            id="role-description"
            label="Description"
            hint="What this role is for, in a sentence."
            error={errors.description?.message && `Description ${errors.description.message}`}
          >
            {(control) => <TextArea {...control} rows={2} {...form.register("description")} />}
          </Field>
          <div>
            <p className="mb-1 font-medium text-sm">Permissions</p>
            <p className="mb-4 text-muted text-xs">
              {isOwner ? "The Owner role always holds every permission." : "Each one opens an area of the admin."}
            </p>
            <Controller
              control={form.control}
              name="permissions"
              render={({ field }) => (
                <PermissionPicker value={field.value} onChange={field.onChange} disabled={isOwner} />
              )}
            />
            {errors.permissions?.message ? (
              <p className="mt-2 text-red-700 text-xs" role="alert">
                Permissions {errors.permissions.message}
              </p>
            ) : null}
          </div>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button onClick={onDone}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? "Saving…" : role ? "Save role" : "Create role"}
        </Button>
      </DialogFooter>
    </form>
  );
}
