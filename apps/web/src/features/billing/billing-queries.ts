/** The plan queries the dialogs share, and opening the provider's subscription page. */
import { useQuery } from '@tanstack/react-query';
import { billingApi } from '../../api/billing-api';

export const frequencyStatusKey = ['billing', 'frequencyStatus'] as const;

export function useFrequencyStatus(enabled = true) {
  return useQuery({ queryKey: frequencyStatusKey, queryFn: billingApi.frequencyStatus, enabled });
}

/** Leaves for the payment provider's page for this user's subscription; back here afterwards. */
export async function openCustomerPortal(): Promise<void> {
  const { url } = await billingApi.customerPortal(window.location.href);
  window.location.assign(url);
}
