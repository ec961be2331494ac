/**
 * Make an admin API token: a name, an expiry (7, 30, 90 or 365 days, or a date) and the
 * permissions it gets, from those the person holds. Then the dialog shows the token once,
 * with a copy button: it is stored only as a hash, so it cannot be shown again.
 */
import { CreateApiTokenBody, type CreatedApiToken } from "@atelier/contract";
import { apiTokenRules, type Permission } from "@atelier/contract/constants";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "../../../lib/api.ts";
import { errorMessage } from "../query-client.ts";
import { PermissionPicker } from "../roles/permission-picker.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Field, Select, TextInput } from "../ui/fields.tsx";
import { useCreateApiToken } from "./api.ts";
import { type ExpiryChoice, expiryOf, maxExpiryDay, minExpiryDay } from "./expiry.ts";

export function CreateTokenDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The permissions the person holds: the only ones a token may get. */
  allowed: readonly Permission[];
}) {
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const close = (open: boolean) => {
    if (!open) setCreated(null);
    props.onOpenChange(open);
  };
  return (
    <Dialog
      open={props.open}
      onOpenChange={close}
      title={created ? "Copy your new token" : "New API token"}
      description={
        created
          ? "This is the only time the token is shown. Store it in your integration's secret settings now."
          : "An integration calls the admin API with this token, within the permissions you give it."
      }
      wide={!created}
    >
      {created ? (
        <TokenShownOnce created={created} onDone={() => close(false)} />
      ) : (
        <CreateTokenForm allowed={props.allowed} onCreated={setCreated} onCancel={() => close(false)} />
      )}
    </Dialog>
  );
}

interface Errors {
  name?: string;
  expiry?: string;
  permissions?: string;
}

function CreateTokenForm(props: {
  allowed: readonly Permission[];
  onCreated: (created: CreatedApiToken) => void;
  onCancel: () => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [choice, setChoice] = useState<ExpiryChoice>("30");
  const [date, setDate] = useState("");
  const [permissions, setPermissions] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const expiry = expiryOf(choice, date);
    const body = { name, permissions, expiresAt: "expiresAt" in expiry ? expiry.expiresAt : "" };
    const parsed = CreateApiTokenBody.safeParse(body);
    const found: Errors = {};
    if ("error" in expiry) found.expiry = expiry.error;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === "name") found.name ??= `Name ${issue.message}`;
        if (field === "permissions") found.permissions ??= `Permissions: ${issue.message}`;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (made) => {
        toast.success(`Made the API token ${made.token.name}`);
        props.onCreated(made);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
        setErrors({
          ...(fields?.name ? { name: `Name ${fields.name}` } : {}),
          ...(fields?.expiresAt ? { expiry: `Expiry ${fields.expiresAt}` } : {}),
          ...(fields?.permissions ? { permissions: `Permissions ${fields.permissions}` } : {}),
        });
        toast.error(errorMessage(error));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <div className="space-y-4">
          <Field id="token-name" label="Name" hint="Who uses it, e.g. “Warehouse stock sync”." error={errors.name}>
            {(control) => (
              <TextInput
                {...control}
                autoComplete="off"
                maxLength={apiTokenRules.nameMax}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="token-expiry" label="Expires" error={choice === "date" ? undefined : errors.expiry}>
              {(control) => (
                <Select {...control} value={choice} onChange={(event) => setChoice(event.target.value as ExpiryChoice)}>
                  {apiTokenRules.presetDays.map((days) => (
                    <option key={days} value={String(days)}>
                      In {days} days
                    </option>
                  ))}
                  <option value="date">On a date…</option>
                </Select>
              )}
            </Field>
            {choice === "date" ? (
              <Field id="token-expiry-date" label="Expiry date" error={errors.expiry}>
                {(control) => (
                  <TextInput
                    {...control}
                    type="date"
                    min={minExpiryDay()}
                    max={maxExpiryDay()}
                    value={date}
                    onChange={(event) => setDate(event.target.value)}
                  />
                )}
              </Field>
            ) : null}
          </div>
          <div>
            <p className="mb-1 font-medium text-sm">Permissions</p>
            <p className="mb-4 text-muted text-xs">
              The areas the token may use. You can give only permissions you hold yourself; a token can never make other
              tokens.
            </p>
            <PermissionPicker
              idPrefix="token-permission"
              value={permissions}
              onChange={setPermissions}
              allowed={props.allowed}
            />
            {errors.permissions ? (
              <p className="mt-2 text-red-700 text-xs" role="alert">
                {errors.permissions}
              </p>
            ) : null}
          </div>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button onClick={props.onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? "Making…" : "Make token"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function TokenShownOnce({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(created.secret).then(
      () => {
        setCopied(true);
        toast.success("Copied the token");
      },
      () => toast.error("Could not copy: select the token and copy it by hand."),
    );
  return (
    <>
      <DialogBody>
        <div className="space-y-3">
          <Field
            id="token-secret"
            label={`Token for ${created.token.name}`}
            hint={`Send it as “Authorization: Bearer …”. The list shows only its start, ${created.token.prefix}…`}
          >
            {(control) => (
              <div className="flex gap-2">
                <TextInput
                  {...control}
                  readOnly
                  value={created.secret}
                  className="font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="api-token-secret"
                />
                <Button onClick={() => void copy()} aria-label="Copy the token">
                  {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
            )}
          </Field>
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
