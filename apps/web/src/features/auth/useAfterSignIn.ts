/** Where to go once signed in: the `from` query when it is a path on this site, else Home. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { safeFrom } from '../../app/routing-rules';

export function useAfterSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(() => {
    void navigate(safeFrom(search) ?? '/home', { replace: true });
  }, [navigate, search]);
}
