/**
 * Store settings (name, currency, locale, time zone, contact, social links, the "only N
 * left" limit): one row that nearly every module reads, so it sits at the bottom of the
 * module layers (ADR 0021) and imports no other module.
 */
export { defaultContact, type StoreSettingsService, storeSettingsService } from "./store-settings.ts";
