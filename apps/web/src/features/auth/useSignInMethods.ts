/** Which ways to sign in this server offers (Google only when it is configured). */
import { useQuery } from '@tanstack/react-query';
import { signInApi } from '../../api/sign-in-api';

export function useSignInMethods() {
  const query = useQuery({
    queryKey: ['signInMethods'],
    queryFn: signInApi.methods,
    staleTime: 10 * 60_000,
  });
  return query.data ?? { phone: true, google: false, scan: true };
}
