/** Saved addresses: add, edit, delete (after a confirmation), choose the default. */
import { AddressBody, type SavedAddress } from "@atelier/contract";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { InputField, primaryButton, Skeleton, secondaryButton } from "../../components/form-field.tsx";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../admin/ui/confirm-dialog.tsx";
import { Dialog, DialogBody, DialogFooter } from "../admin/ui/dialog.tsx";
import { useAddresses, useDeleteAddress, useSaveAddress } from "./api.ts";
import { applyServerErrors } from "./server-errors.ts";

const empty = {
  label: "",
  fullName: "",
  phone: "",
  line1: "",
  line2: "",
  city: "",
  region: "",
  postalCode: "",
  country: "",
  isDefault: false,
};

export function AddressBook({ who }: { who: string }) {
  const addresses = useAddresses(who);
  const remove = useDeleteAddress(who);
  const [editing, setEditing] = useState<SavedAddress | "new" | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  return (
    <section aria-labelledby="addresses-heading" className="rounded-xl border border-line bg-white p-4">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="addresses-heading" className="font-semibold text-lg">
          Saved addresses
        </h2>
        <button type="button" className={secondaryButton} onClick={() => setEditing("new")}>
          Add address
        </button>
      </div>
      {addresses.isPending ? (
        <Skeleton label="Loading your addresses" className="h-24" />
      ) : addresses.isError ? (
        <p role="alert">{addresses.error.message}</p>
      ) : addresses.data.length === 0 ? (
        <p className="text-muted text-sm">No saved addresses yet. Add one to check out faster.</p>
      ) : (
        <ul className="grid gap-3 min-[900px]:grid-cols-2">
          {addresses.data.map((address) => (
            <li key={address.id} className="rounded-lg border border-line p-3 text-sm">
              <p className="font-medium">
                {address.label || address.fullName}
                {address.isDefault ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-green-900 text-xs">Default</span>
                ) : null}
              </p>
              <p>
                {address.fullName}, {address.line1}
                {address.line2 ? `, ${address.line2}` : ""}, {address.city} {address.postalCode}, {address.country}
              </p>
              <p className="text-muted">{address.phone}</p>
              <div className="mt-2 flex gap-3">
                <button type="button" className="underline" onClick={() => setEditing(address)}>
                  Edit<span className="sr-only"> {address.label || address.line1}</span>
                </button>
                <button type="button" className="text-red-700 underline" onClick={() => setDeleting(address)}>
                  Delete<span className="sr-only"> {address.label || address.line1}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? <AddressDialog who={who} address={editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this address?"
        description={deleting ? `${deleting.line1}, ${deleting.city}` : ""}
        confirmLabel="Delete address"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toast.success("Address deleted");
            },
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </section>
  );
}

function AddressDialog({ who, address, onClose }: { who: string; address: SavedAddress | "new"; onClose: () => void }) {
  const save = useSaveAddress(who);
  const existing = address === "new" ? null : address;
  const form = useForm({
    resolver: zodResolver(AddressBody),
    defaultValues: existing ? { ...existing } : empty,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((body) =>
    save.mutateAsync({ id: existing?.id ?? null, body }).then(
      () => {
        toast.success(existing ? "Address saved" : "Address added");
        onClose();
      },
      (error: unknown) => toast.error(applyServerErrors(error, form.setError)),
    ),
  );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={existing ? "Edit address" : "Add an address"}>
      <form onSubmit={submit} noValidate className="flex min-h-0 flex-col">
        <DialogBody>
          <div className="grid gap-3 min-[600px]:grid-cols-2">
            <InputField label="Label (e.g. Home)" error={errors.label?.message} {...form.register("label")} />
            <InputField
              label="Full name"
              autoComplete="name"
              error={errors.fullName?.message}
              {...form.register("fullName")}
            />
            <InputField
              label="Phone"
              type="tel"
              autoComplete="tel"
              error={errors.phone?.message}
              {...form.register("phone")}
            />
            <InputField
              label="Street address"
              autoComplete="address-line1"
              error={errors.line1?.message}
              {...form.register("line1")}
            />
            <InputField
              label="Apartment, suite (optional)"
              autoComplete="address-line2"
              error={errors.line2?.message}
              {...form.register("line2")}
            />
            <InputField
              label="City"
              autoComplete="address-level2"
              error={errors.city?.message}
              {...form.register("city")}
            />
            <InputField
              label="Region / state"
              autoComplete="address-level1"
              error={errors.region?.message}
              {...form.register("region")}
            />
            <InputField
              label="Postal code"
              autoComplete="postal-code"
              error={errors.postalCode?.message}
              {...form.register("postalCode")}
            />
            <InputField
              label="Country code (e.g. US)"
              autoComplete="country"
              error={errors.country?.message}
              {...form.register("country")}
            />
          </div>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4" {...form.register("isDefault")} />
            Use as my default address
          </label>
        </DialogBody>
        <DialogFooter>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save address"}
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
