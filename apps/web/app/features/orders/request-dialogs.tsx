/**
 * The customer's two requests. Cancel asks for a reason and a confirmation before it is
 * sent; return picks items and quantities, a reason and up to five photos (uploaded
 * through the shop's image pipeline as they are chosen).
 */
import { type CustomerOrder, orderRequestLimits } from "@atelier/contract";
import { useState } from "react";
import { fieldClass, primaryButton, secondaryButton, TextAreaField } from "../../components/form-field.tsx";
import { imageUrl } from "../../lib/images.ts";
import { toast } from "../../lib/toast.ts";
import { ConfirmDialog } from "../admin/ui/confirm-dialog.tsx";
import { Dialog, DialogBody, DialogFooter } from "../admin/ui/dialog.tsx";
import { errorMessage, uploadRequestPhoto, type useCreateRequest } from "./api.ts";

type Mutation = ReturnType<typeof useCreateRequest>;

function fieldErrorOf(error: unknown, path: string): string | undefined {
  if (error && typeof error === "object" && "body" in error) {
    const body = (error as { body?: { error?: { fields?: Record<string, string> } } }).body;
    return body?.error?.fields?.[path];
  }
  return undefined;
}

export function CancelRequest({ order, mutation }: { order: CustomerOrder; mutation: Mutation }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const submit = () => {
    if (reason.trim().length < 3) {
      setError("Tell us briefly why.");
      return;
    }
    mutation.mutate(
      { kind: "cancel", reason },
      {
        onSuccess: () => {
          setOpen(false);
          setReason("");
          toast.success("Cancellation requested. We will let you know by email.");
        },
        onError: (failure) => setError(fieldErrorOf(failure, "reason") ?? errorMessage(failure)),
      },
    );
  };
  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Request cancellation
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(undefined);
        }}
        title={`Cancel order ${order.number}?`}
        description="We stop the order if it has not left us yet, and refund anything you paid."
        confirmLabel="Request cancellation"
        pending={mutation.isPending}
        onConfirm={submit}
      >
        <TextAreaField
          label="Why do you want to cancel?"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
        />
      </ConfirmDialog>
    </>
  );
}

export function ReturnRequest({ order, mutation }: { order: CustomerOrder; mutation: Mutation }) {
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string>();

  const returnable = order.lines.filter((line) => line.quantity > line.returnedQuantity);
  const items = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([orderLineId, quantity]) => ({ orderLineId: Number(orderLineId), quantity }));

  const addPhotos = async (files: FileList | null) => {
    if (!files) return;
    setUploading(true);
    try {
      for (const file of [...files].slice(0, orderRequestLimits.maxPhotos - photos.length)) {
        const uploaded = await uploadRequestPhoto(file);
        setPhotos((current) => [...current, uploaded.filename]);
      }
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (items.length === 0) return setError("Choose at least one item to return.");
    if (reason.trim().length < 3) return setError("Tell us briefly why.");
    setError(undefined);
    mutation.mutate(
      { kind: "return", reason, items, photos },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success("Return requested. We will email you what happens next.");
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <>
      <button type="button" className={secondaryButton} onClick={() => setOpen(true)}>
        Request a return
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Return items from ${order.number}`}
        description={
          order.returnUntil ? `Returns are open until ${new Date(order.returnUntil).toLocaleDateString()}.` : undefined
        }
      >
        <form onSubmit={submit} className="flex min-h-0 flex-col">
          <DialogBody>
            <fieldset className="grid gap-3">
              <legend className="mb-2 font-medium text-sm">Items to return</legend>
              {returnable.map((line) => (
                <label key={line.id} className="flex items-center justify-between gap-3 text-sm">
                  <span>
                    {line.productName} ({line.sizeName}, {line.colorName})
                  </span>
                  <select
                    className={`${fieldClass} w-24`}
                    aria-label={`How many of ${line.productName} (${line.sizeName}, ${line.colorName})`}
                    value={quantities[line.id] ?? 0}
                    onChange={(event) =>
                      setQuantities((current) => ({ ...current, [line.id]: Number(event.target.value) }))
                    }
                  >
                    {[...Array(line.quantity - line.returnedQuantity + 1).keys()].map((count) => (
                      <option key={count} value={count}>
                        {count}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </fieldset>
            <TextAreaField
              className="mt-4"
              label="What is wrong?"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
            <div className="mt-4 grid gap-2">
              <label className="font-medium text-sm" htmlFor="return-photos">
                Photos (optional, up to {orderRequestLimits.maxPhotos})
              </label>
              <input
                id="return-photos"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif"
                multiple
                disabled={uploading || photos.length >= orderRequestLimits.maxPhotos}
                onChange={(event) => void addPhotos(event.target.files)}
                className="text-sm"
              />
              {uploading ? <p role="status">Uploading…</p> : null}
              {photos.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {photos.map((photo, index) => (
                    <li key={photo}>
                      <img
                        src={imageUrl(photo, 240)}
                        alt={`Attachment ${index + 1}`}
                        className="size-16 rounded object-cover"
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {error ? (
              <p role="alert" className="mt-3 text-red-700 text-sm">
                {error}
              </p>
            ) : null}
          </DialogBody>
          <DialogFooter>
            <button type="button" className={secondaryButton} onClick={() => setOpen(false)}>
              Close
            </button>
            <button type="submit" className={primaryButton} disabled={mutation.isPending || uploading}>
              {mutation.isPending ? "Sending…" : "Request return"}
            </button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}
