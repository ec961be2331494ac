/**
 * The identity service's own settings for the sign-in pages (password policy, social
 * providers, email verification), loaded on the server. If they cannot be loaded the
 * pages still work with email and password and the contract's default rules.
 */
import { defaultPasswordRules, type IdentityConfig, identityEndpoints } from "@atelier/contract";
import { passwordMinScore, passwordPolicy } from "@atelier/contract/constants";
import type { ApiClient } from "../../lib/api.ts";

const fallback: IdentityConfig = {
  passwordPolicy: { ...passwordPolicy, minScore: passwordMinScore, rules: defaultPasswordRules },
  socialProviders: [],
  emailVerification: "optional",
};

export async function loadIdentityConfig(api: Pick<ApiClient, "get">): Promise<IdentityConfig> {
  try {
    return await api.get(identityEndpoints.config);
  } catch (error) {
    console.error("Identity settings failed to load", error);
    return fallback;
  }
}
