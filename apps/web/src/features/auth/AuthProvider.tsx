/**
 * Who is signed in, for the whole app: the stored token and login type, the user's info, the
 * visitor account made at start, and the way out when the sign-in is lost (203 or another tab).
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { VISITOR_LOGIN_DELAY_MS, type LoginPayload, type SelfInfo } from '@meet/shared';
import { onAuthFailed } from '../../api/client';
import { userApi } from '../../api/user-api';
import { authLostRedirect, isRealLogin } from '../../app/routing-rules';
import {
  StorageKeys,
  authStore,
  cachedProfile,
  cachedUserId,
  saveProfile,
  saveUserId,
  visitorUuid,
  type AuthSnapshot,
  type CachedProfile,
  type LoginType,
} from './auth-store';

export interface AuthContextValue extends AuthSnapshot {
  /** A real (non-visitor) account is signed in. */
  isRealLogin: boolean;
  /** The signed-in user, from the server or, until it answers, from local storage. */
  user: SelfInfo | CachedProfile | null;
  /**
   * A real login's user id: the server's answer or, until it answers, the one kept with this token.
   * Null while unknown (a first visit before getUserInfo answers, or one that cannot reach it).
   */
  userId: number | null;
  /** getUserInfo failed or waits for the network, and no id is known: "who am I" is missing. */
  userFailed: boolean;
  signIn(payload: LoginPayload, loginType: LoginType): void;
  signOut(): Promise<void>;
  /** Makes sure a visitor account is signed in, for guests. */
  ensureVisitor(): Promise<void>;
  refreshUser(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export const userInfoKey = (token: string | null) => ['userInfo', token] as const;

export function AuthProvider({ children }: { children: ReactNode }) {
  const snapshot = useSyncExternalStore(authStore.subscribe, authStore.getSnapshot);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const real = isRealLogin({
    hasToken: !!snapshot.token,
    isVisitor: snapshot.loginType === 'visitor',
  });
  const userQuery = useQuery({
    queryKey: userInfoKey(snapshot.token),
    queryFn: async ({ queryKey: [, token] }) => {
      const info = await userApi.getUserInfo();
      if (!info.isVisitor) {
        saveProfile(info);
        if (token) saveUserId(token, info.userId);
      }
      return info;
    },
    enabled: real,
    staleTime: 60_000,
  });

  // Sends the user to sign-in from pages that need an account once the sign-in is lost.
  const leaveIfProtected = useCallback(() => {
    const target = authLostRedirect(window.location.pathname, window.location.search);
    if (target) void navigate(target, { replace: true });
  }, [navigate]);

  useEffect(() => onAuthFailed(leaveIfProtected), [leaveIfProtected]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      // key null means another tab called localStorage.clear().
      if (
        event.key !== null &&
        event.key !== StorageKeys.token &&
        event.key !== StorageKeys.loginType
      )
        return;
      if ((event.key === StorageKeys.token || event.key === null) && event.newValue === null) {
        authStore.clear();
        authStore.refresh();
        leaveIfProtected();
        return;
      }
      authStore.refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [leaveIfProtected]);

  const loginAsVisitor = useCallback(async () => {
    const payload = await userApi.visitorLogin(visitorUuid());
    return payload;
  }, []);

  // A visitor account is made shortly after start whenever there is no token at all.
  useEffect(() => {
    if (snapshot.token) return;
    const timer = setTimeout(() => {
      if (authStore.getSnapshot().token) return;
      loginAsVisitor()
        .then((payload) => {
          // A real sign-in may have finished meanwhile; it wins.
          if (!authStore.getSnapshot().token) authStore.signIn(payload.token, 'visitor');
        })
        .catch(() => undefined);
    }, VISITOR_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [snapshot.token, loginAsVisitor]);

  const userId = real ? (userQuery.data?.userId ?? cachedUserId(snapshot.token)) : null;
  const userFailed =
    real && userId === null && (userQuery.isError || (userQuery.isPaused && !userQuery.data));

  const value = useMemo<AuthContextValue>(
    () => ({
      ...snapshot,
      isRealLogin: real,
      user: real ? (userQuery.data ?? cachedProfile()) : null,
      userId,
      userFailed,
      signIn(payload, loginType) {
        authStore.signIn(
          payload.token,
          loginType,
          loginType === 'visitor' ? undefined : payload.userInfo,
        );
        queryClient.setQueryData(userInfoKey(payload.token), payload.userInfo);
      },
      async signOut() {
        // Left here before the server hears of it: its closing this sign-in's message socket
        // (which it does at once) is then no news to this tab, and shows nothing.
        const token = authStore.getSnapshot().token;
        authStore.clear();
        queryClient.removeQueries({ queryKey: ['userInfo'] });
        void navigate('/signin', { replace: true });
        if (token) await userApi.logout(token).catch(() => undefined);
      },
      async ensureVisitor() {
        const current = authStore.getSnapshot();
        if (current.token && current.loginType === 'visitor') return;
        const payload = await loginAsVisitor();
        authStore.signIn(payload.token, 'visitor');
      },
      async refreshUser() {
        await queryClient.invalidateQueries({
          queryKey: userInfoKey(authStore.getSnapshot().token),
        });
      },
    }),
    [snapshot, real, userQuery.data, userId, userFailed, queryClient, navigate, loginAsVisitor],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
