/**
 * Checkout's store settings in the admin: delivery zones, tax rates and payment methods.
 * One query-key factory; any write refreshes all three (checkout reads them together).
 */
import {
  type CheckoutSettingsInput,
  type DeliveryZoneInput,
  checkoutEndpoints as endpoints,
  type TaxRateInput,
} from "@atelier/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";

export const checkoutSettingsKeys = {
  all: ["checkout-settings"] as const,
  zones: () => [...checkoutSettingsKeys.all, "zones"] as const,
  taxRates: () => [...checkoutSettingsKeys.all, "tax-rates"] as const,
  payments: () => [...checkoutSettingsKeys.all, "payments"] as const,
};

function useWrite<TArgs, TResult>(write: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkoutSettingsKeys.all }),
  });
}

export const zonesApi = {
  useList: () =>
    useQuery({ queryKey: checkoutSettingsKeys.zones(), queryFn: () => browserApi.get(endpoints.listZones) }),
  useSave: () =>
    useWrite(({ id, body }: { id: number | undefined; body: DeliveryZoneInput }) =>
      id === undefined
        ? browserApi.send(endpoints.createZone, { body })
        : browserApi.send(endpoints.updateZone, { params: { id }, body }),
    ),
  useRemove: () => useWrite((id: number) => browserApi.send(endpoints.deleteZone, { params: { id } })),
};

export const taxRatesApi = {
  useList: () =>
    useQuery({ queryKey: checkoutSettingsKeys.taxRates(), queryFn: () => browserApi.get(endpoints.listTaxRates) }),
  useSave: () =>
    useWrite(({ id, body }: { id: number | undefined; body: TaxRateInput }) =>
      id === undefined
        ? browserApi.send(endpoints.createTaxRate, { body })
        : browserApi.send(endpoints.updateTaxRate, { params: { id }, body }),
    ),
  useRemove: () => useWrite((id: number) => browserApi.send(endpoints.deleteTaxRate, { params: { id } })),
};

export const paymentSettingsApi = {
  useGet: () =>
    useQuery({ queryKey: checkoutSettingsKeys.payments(), queryFn: () => browserApi.get(endpoints.getSettings) }),
  useSave: () => useWrite((body: CheckoutSettingsInput) => browserApi.send(endpoints.updateSettings, { body })),
};
