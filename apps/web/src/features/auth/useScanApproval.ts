/**
 * Approving a QR sign-in on this (signed-in) device: what asks to sign in, then approve or deny.
 * Opening the code tells the waiting device it was scanned.
 */
import { useEffect, useRef, useState } from 'react';
import type { ScanInfoPayload } from '@meet/shared';
import { ApiError } from '../../api/client';
import { signInApi } from '../../api/sign-in-api';

export type ApprovalStage = 'loading' | 'asking' | 'approved' | 'denied' | 'error';

export function useScanApproval(scanId: string) {
  const [stage, setStage] = useState<ApprovalStage>('loading');
  const [info, setInfo] = useState<ScanInfoPayload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = useRef<string | null>(null);

  const fail = (caught: unknown) => {
    if (!(caught instanceof ApiError)) throw caught;
    setError(caught.message);
    setStage('error');
  };

  useEffect(() => {
    if (opened.current === scanId) return;
    opened.current = scanId;
    signInApi.scanInfo(scanId, { silent: true }).then((found) => {
      setInfo(found);
      setStage('asking');
    }, fail);
  }, [scanId]);

  async function decide(approve: boolean) {
    setBusy(true);
    try {
      await signInApi.approveScan(scanId, approve, { silent: true });
      setStage(approve ? 'approved' : 'denied');
    } catch (caught) {
      fail(caught);
    } finally {
      setBusy(false);
    }
  }

  return {
    stage,
    info,
    error,
    busy,
    approve: () => void decide(true),
    deny: () => void decide(false),
  };
}
