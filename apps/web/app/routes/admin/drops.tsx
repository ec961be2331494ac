/**
 * /admin/promotions/drops: drops (a launch time with a countdown on the shop, products
 * hidden or "coming soon" until then, an optional end, a per-customer limit per product).
 * Products are picked by name or SKU (or all of a collaborator's); times are the store's
 * wall-clock times (lib/store-time.ts), whichever browser staff use. A launch time in the
 * past is said before saving and again by the server's answer (a warning toast): the drop
 * opens at once.
 */
import type { AdminDrop, DropInput } from "@atelier/contract";
import { Rocket } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { collabsApi } from "../../features/admin/collabs/api.ts";
import { ProductPicker } from "../../features/admin/collabs/product-picker.tsx";
import { errorMessage } from "../../features/admin/query-client.ts";
import { Button } from "../../features/admin/ui/button.tsx";
import { Card, CardHeader, PageHeader } from "../../features/admin/ui/card.tsx";
import { Field, Select, TextInput } from "../../features/admin/ui/fields.tsx";
import { EmptyState, Pill, QueryError, SkeletonRows } from "../../features/admin/ui/states.tsx";
import { Table } from "../../features/admin/ui/table.tsx";
import { ApiError } from "../../lib/api.ts";
import { formatStoreTime, fromStoreInput, toStoreInput } from "../../lib/store-time.ts";
import { useRootData } from "../../root.tsx";

export default function DropsAdmin() {
  const drops = collabsApi.useDrops();
  const zone = useRootData().settings.timeZone;
  const [editing, setEditing] = useState<AdminDrop | "new" | null>(null);
  return (
    <>
      <PageHeader
        title="Drops"
        description="Release products at a set time, with a countdown and Notify me before, and a per-customer limit."
        actions={
          <Button variant="primary" onClick={() => setEditing("new")}>
            New drop
          </Button>
        }
      />
      <div className="space-y-6">
        {editing && (
          <DropForm
            key={editing === "new" ? "new" : editing.id}
            drop={editing === "new" ? undefined : editing}
            onDone={() => setEditing(null)}
          />
        )}
        <Card labelledBy="drops-title">
          <CardHeader id="drops-title" title="All drops" />
          {drops.isPending ? (
            <SkeletonRows label="Loading drops" />
          ) : drops.error ? (
            <QueryError error={drops.error} onRetry={() => void drops.refetch()} />
          ) : drops.data.length === 0 ? (
            <EmptyState icon={Rocket} title="No drops yet">
              Create one to launch a collection at a set time.
            </EmptyState>
          ) : (
            <Table
              caption="Drops"
              columns={[
                { label: "Title" },
                { label: "Collaborator" },
                { label: `Launch (${zone})` },
                { label: "State" },
                { label: "Limit", align: "end" },
                { label: "Subscribers", align: "end" },
                { label: "Actions", hidden: true },
              ]}
            >
              {drops.data.map((drop) => (
                <tr key={drop.id}>
                  <td className="px-4 py-2 font-medium">{drop.title}</td>
                  <td className="px-4 py-2">{drop.collaboratorName ?? "—"}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {formatStoreTime(drop.launchAt, zone)}
                    {drop.endsAt && (
                      <span className="block text-muted text-xs">until {formatStoreTime(drop.endsAt, zone)}</span>
                    )}
                  </td>
                  <td className="px-4 py-2">
                    <Pill tone={drop.state === "open" ? "green" : drop.state === "upcoming" ? "amber" : "neutral"}>
                      {drop.state}
                    </Pill>
                  </td>
                  <td className="px-4 py-2 text-right">{drop.perCustomerLimit ?? "—"}</td>
                  <td className="px-4 py-2 text-right">{drop.subscribers}</td>
                  <td className="px-4 py-2 text-right">
                    <Button size="sm" onClick={() => setEditing(drop)}>
                      Edit<span className="sr-only"> {drop.title}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </div>
    </>
  );
}

/** Field errors from the server's 422/409 answer. */
const fieldErrors = (error: unknown): Record<string, string> =>
  (error instanceof ApiError ? error.body?.error.fields : undefined) ?? {};

function DropForm({ drop, onDone }: { drop: AdminDrop | undefined; onDone: () => void }) {
  const save = collabsApi.useSaveDrop();
  const collabs = collabsApi.useList();
  const zone = useRootData().settings.timeZone;
  const [values, setValues] = useState({
    title: drop?.title ?? "",
    collaboratorId: drop?.collaboratorId ? String(drop.collaboratorId) : "",
    launchAt: toStoreInput(drop?.launchAt ?? null, zone, { seconds: true }),
    endsAt: toStoreInput(drop?.endsAt ?? null, zone, { seconds: true }),
    beforeLaunch: drop?.beforeLaunch ?? "coming_soon",
    perCustomerLimit: drop?.perCustomerLimit ? String(drop.perCustomerLimit) : "",
  });
  const [productIds, setProductIds] = useState<number[]>(drop?.productIds ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [name]: event.target.value });
  const chosen = collabs.data?.find((collab) => String(collab.id) === values.collaboratorId);
  const launchAt = fromStoreInput(values.launchAt, zone);
  // Said before saving, and again by the server's answer: a past launch opens the drop at once.
  const launchPast = launchAt !== null && Date.parse(launchAt) <= Date.now() && (!drop || drop.state === "upcoming");

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const body: DropInput = {
      title: values.title,
      collaboratorId: values.collaboratorId ? Number(values.collaboratorId) : null,
      productIds,
      launchAt: launchAt ?? "",
      endsAt: fromStoreInput(values.endsAt, zone),
      beforeLaunch: values.beforeLaunch as "hidden" | "coming_soon",
      perCustomerLimit: values.perCustomerLimit ? Number(values.perCustomerLimit) : null,
    };
    try {
      const saved = await save.mutateAsync({ id: drop?.id, body });
      if (saved.warning) toast.warning(saved.warning, { duration: 10_000 });
      else toast.success(`Saved the drop “${saved.title}”`);
      onDone();
    } catch (error) {
      setErrors(fieldErrors(error));
      toast.error(errorMessage(error));
    }
  }

  return (
    <Card labelledBy="drop-form-title">
      <CardHeader
        id="drop-form-title"
        title={drop ? `Edit “${drop.title}”` : "New drop"}
        description={`Times are in the store's time zone (${zone}).`}
      />
      <form onSubmit={submit} noValidate className="grid gap-4 p-4 md:grid-cols-2">
        <Field id="drop-title" label="Title" error={errors.title}>
          {(control) => <TextInput {...control} value={values.title} onChange={set("title")} maxLength={120} />}
        </Field>
        <Field
          id="drop-collab"
          label="Collaborator"
          hint="Optional: the drop shows on their page"
          error={errors.collaboratorId}
        >
          {(control) => (
            <Select {...control} value={values.collaboratorId} onChange={set("collaboratorId")}>
              <option value="">None</option>
              {(collabs.data ?? []).map((collab) => (
                <option key={collab.id} value={collab.id}>
                  {collab.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="md:col-span-2">
          <ProductPicker
            label="Products of the drop"
            value={productIds}
            onChange={setProductIds}
            error={errors.productIds}
            dropId={drop?.id ?? "new"}
            collaborator={chosen ? { id: chosen.id, name: chosen.name } : undefined}
          />
        </div>
        <Field id="drop-launch" label={`Launch (${zone})`} error={errors.launchAt}>
          {(control) => (
            <TextInput {...control} type="datetime-local" step={1} value={values.launchAt} onChange={set("launchAt")} />
          )}
        </Field>
        <Field id="drop-ends" label={`Ends (${zone}, optional)`} hint="Empty: stays on sale" error={errors.endsAt}>
          {(control) => (
            <TextInput {...control} type="datetime-local" step={1} value={values.endsAt} onChange={set("endsAt")} />
          )}
        </Field>
        {launchPast && (
          <p
            role="status"
            className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm md:col-span-2"
            data-testid="drop-past-launch"
          >
            This launch time is in the past: saving opens the drop at once, with no countdown, and mails its “Notify me”
            subscribers now.
          </p>
        )}
        <Field id="drop-before" label="Before the launch">
          {(control) => (
            <Select {...control} value={values.beforeLaunch} onChange={set("beforeLaunch")}>
              <option value="coming_soon">Listed as coming soon</option>
              <option value="hidden">Hidden from lists</option>
            </Select>
          )}
        </Field>
        <Field
          id="drop-limit"
          label="Per-customer limit per product"
          hint="Empty: no limit"
          error={errors.perCustomerLimit}
        >
          {(control) => (
            <TextInput
              {...control}
              inputMode="numeric"
              value={values.perCustomerLimit}
              onChange={set("perCustomerLimit")}
            />
          )}
        </Field>
        <div className="flex items-end justify-end gap-2 md:col-span-2">
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save drop"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
