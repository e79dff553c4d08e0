/**
 * The upgrade dialog's state: the Pro plans from the server, the chosen one (yearly first), and
 * starting the payment — leaving for the payment page in this tab, or opening it in a new tab
 * and handing the session to the payment-status dialog.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PRODUCT_TYPE, type ProductInfo } from '@meet/shared';
import { ApiError } from '../../api/client';
import { billingApi } from '../../api/billing-api';
import { openCustomerPortal, useFrequencyStatus } from './billing-queries';
import { returnUrls, storedPaymentSession } from './payment-session';

export interface StartedPayment {
  sessionId: string;
  url: string;
}

export function useUpgradeDialog(options: {
  newTab: boolean;
  onStartedInNewTab(payment: StartedPayment): void;
}) {
  const benefit = useQuery({
    queryKey: ['billing', 'proBenefit'],
    queryFn: billingApi.proBenefit,
    staleTime: 10 * 60_000,
  });
  // A renewal that failed is fixed with a new card, not a second subscription.
  const status = useFrequencyStatus();
  const subStatus = status.data?.subscription?.status;
  const pastDue = subStatus === 'past_due' || subStatus === 'unpaid';
  const [chosen, setChosen] = useState<number>(PRODUCT_TYPE.yearly);
  const [busy, setBusy] = useState(false);
  const products = benefit.data?.products ?? [];
  const product: ProductInfo | undefined = products.find((p) => p.productType === chosen);

  async function upgrade() {
    if (!product) return;
    setBusy(true);
    try {
      const { redirectUrl, errorUrl } = returnUrls(window.location.href);
      const session = await billingApi.createSubscribeSession(
        product.productId,
        redirectUrl,
        errorUrl,
      );
      storedPaymentSession.set(session.sessionId);
      if (options.newTab) {
        window.open(session.url, '_blank', 'noopener');
        options.onStartedInNewTab(session);
        setBusy(false);
      } else {
        // Stays busy: the page is leaving for the payment page.
        window.location.assign(session.url);
      }
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) throw error;
    }
  }

  // Yearly first: it is the one preselected and the better price.
  const sorted = [...products].sort((a, b) => b.productType - a.productType);
  async function manage() {
    setBusy(true);
    try {
      await openCustomerPortal();
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiError)) throw error;
    }
  }

  return {
    pastDue,
    manage: () => void manage(),
    benefit: benefit.data,
    loading: benefit.isPending,
    failed: benefit.isError,
    retry: () => void benefit.refetch(),
    products: sorted,
    chosen,
    choose: setChosen,
    busy,
    upgrade: () => void upgrade(),
  };
}
