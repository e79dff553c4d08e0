/**
 * Sign-in by QR code on this device: a code from the server, shown as a QR image of its link;
 * its result asked for every 1.5 s until a signed-in device approves (then this device signs
 * in), denies, or the code expires (a new one on request).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { SCAN_POLL_MS, type ScanCodePayload, type ScanStatus } from '@meet/shared';
import { signInApi } from '../../api/sign-in-api';
import { useAuth } from './AuthProvider';
import { useAfterSignIn } from './useAfterSignIn';

export function useQrSignin() {
  const auth = useAuth();
  const afterSignIn = useAfterSignIn();
  const [code, setCode] = useState<ScanCodePayload | null>(null);
  const [status, setStatus] = useState<ScanStatus | 'loading' | 'error'>('loading');
  const generation = useRef(0);

  const refresh = useCallback(() => {
    const mine = ++generation.current;
    setStatus('loading');
    setCode(null);
    signInApi.uploadScanInfo().then(
      (next) => {
        if (mine !== generation.current) return;
        setCode(next);
        setStatus('waiting');
      },
      () => {
        if (mine === generation.current) setStatus('error');
      },
    );
  }, []);

  useEffect(() => {
    refresh();
    // Leaving the tab: answers still on their way are for nobody.
    const counter = generation;
    return () => {
      counter.current++;
    };
  }, [refresh]);

  const open = status === 'waiting' || status === 'scanned';
  useEffect(() => {
    if (!code || !open) return;
    const mine = generation.current;
    let asking = false;
    const timer = setInterval(() => {
      if (asking) return;
      asking = true;
      signInApi
        .getScanResult(code.scanId, code.pollKey)
        .then((result) => {
          if (mine !== generation.current) return;
          if (result.status === 'approved' && result.login) {
            generation.current++;
            auth.signIn(result.login, 'scan');
            afterSignIn();
            return;
          }
          setStatus(result.status);
        })
        // A lost answer: ask again on the next round.
        .catch(() => undefined)
        .finally(() => {
          asking = false;
        });
    }, SCAN_POLL_MS);
    return () => clearInterval(timer);
  }, [code, open, auth, afterSignIn]);

  const link = code ? `${window.location.origin}${code.path}` : null;
  return { status, link, refresh };
}
