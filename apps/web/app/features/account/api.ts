/**
 * The dashboard in the browser: one query-key factory and the calls for the overview,
 * profile, saved addresses, password change and two-step sign-in.
 */
import { type AddressBody, accountEndpoints as endpoints, identityEndpoints } from "@atelier/contract";
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, browserApi } from "../../lib/api.ts";
import { credentialHeaders } from "../../lib/credentials.ts";
import { acceptSession } from "../identity/auth-store.ts";

export const accountKeys = {
  all: ["account"] as const,
  overview: (who: string) => [...accountKeys.all, "overview", who] as const,
  profile: (who: string) => [...accountKeys.all, "profile", who] as const,
  addresses: (who: string) => [...accountKeys.all, "addresses", who] as const,
};

export const useOverview = (who: string, enabled: boolean) =>
  useQuery({ queryKey: accountKeys.overview(who), queryFn: () => browserApi.get(endpoints.overview), enabled });

export const useProfile = (who: string) =>
  useQuery({ queryKey: accountKeys.profile(who), queryFn: () => browserApi.get(endpoints.profile) });

export function useUpdateProfile(who: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; phone: string }) => browserApi.send(endpoints.updateProfile, { body }),
    onSuccess: (profile) => client.setQueryData(accountKeys.profile(who), profile),
  });
}

export const useAddresses = (who: string) =>
  useQuery({ queryKey: accountKeys.addresses(who), queryFn: () => browserApi.get(endpoints.addresses) });

export function useSaveAddress(who: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AddressBody }) =>
      id === null
        ? browserApi.send(endpoints.createAddress, { body })
        : browserApi.send(endpoints.updateAddress, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses(who) }),
  });
}

export function useDeleteAddress(who: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => browserApi.send(endpoints.deleteAddress, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.addresses(who) }),
  });
}

/**
 * Changes the password. The server ends every other session and this one gets a new
 * token (better-auth's answer, and the bearer plugin's `set-auth-token` header): the
 * browser must keep it, or the next call would be signed out.
 */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await authCall("/change-password", { ...input, revokeOtherSessions: true });
}

/**
 * A better-auth call as the signed-in person. Calls that replace the session (a password
 * change, turning two-step sign-in on or off) answer a new token: it is kept, or the next
 * call would be signed out.
 */
async function authCall(path: string, input: object): Promise<unknown> {
  const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}${path}` }), {
    method: "POST",
    headers: { ...credentialHeaders(), "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, body as ApiError["body"]);
  const token =
    response.headers.get("set-auth-token") ??
    (body && typeof body === "object" && "token" in body && typeof body.token === "string" ? body.token : null);
  if (token) await acceptSession(token);
  return body;
}

export const meKey = (who: string) => [...accountKeys.all, "me", who] as const;

export const useMe = (who: string) =>
  useQuery({ queryKey: meKey(who), queryFn: () => browserApi.get(identityEndpoints.me) });

/** Two-step sign-in, first half: the password, then the app's secret and the backup codes. */
export async function startTwoStep(password: string): Promise<{ totpURI: string; backupCodes: string[] }> {
  const body = (await authCall("/two-factor/enable", { password })) as { totpURI: string; backupCodes: string[] };
  return { totpURI: body.totpURI, backupCodes: body.backupCodes };
}

/** Second half: the first code the app shows turns it on. */
export async function confirmTwoStep(code: string): Promise<void> {
  await authCall("/two-factor/verify-totp", { code: code.replace(/\s+/g, "") });
}

export async function turnTwoStepOff(password: string): Promise<void> {
  await authCall("/two-factor/disable", { password });
}

export interface PasskeyRow {
  id: string;
  name?: string | null;
  createdAt?: string | null;
}

export const passkeysKey = (who: string) => [...accountKeys.all, "passkeys", who] as const;

export const usePasskeys = (who: string) =>
  useQuery({
    queryKey: passkeysKey(who),
    queryFn: async (): Promise<PasskeyRow[]> => {
      const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}/passkey/list-user-passkeys` }), {
        headers: credentialHeaders(),
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new ApiError(response.status, body as ApiError["body"]);
      return Array.isArray(body) ? (body as PasskeyRow[]) : [];
    },
  });

/**
 * Registers a passkey on this device: the shop's options, the browser's WebAuthn dialog
 * (@simplewebauthn/browser, loaded on click), then the shop checks and keeps the public key.
 */
export async function addPasskey(name: string): Promise<void> {
  const response = await fetch(endpointUrl({ path: `${shopApiPaths.auth}/passkey/generate-register-options` }), {
    headers: credentialHeaders(),
  });
  const options: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, options as ApiError["body"]);
  const { startRegistration } = await import("@simplewebauthn/browser");
  const attestation = await startRegistration({ optionsJSON: options as never });
  await authCall("/passkey/verify-registration", { response: attestation, name });
}

export async function removePasskey(id: string): Promise<void> {
  await authCall("/passkey/delete-passkey", { id });
}
