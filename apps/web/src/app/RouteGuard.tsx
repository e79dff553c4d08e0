/** Applies the routing rules (routing-rules.ts) to every navigation before a page renders. */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { StorageKeys, authStore } from '../features/auth/auth-store';
import { useAuth } from '../features/auth/AuthProvider';
import { UnsupportedBrowser } from './UnsupportedBrowser';
import { joinedMeetingId } from '../features/meetings/join-session';
import { decideRoute } from './routing-rules';

/** Runs a side effect, then replaces the current entry with `to`. */
function EffectThenGo({ effect, to }: { effect: () => void; to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    effect();
    void navigate(to, { replace: true });
  }, [effect, navigate, to]);
  return null;
}

const setVisitorLoginType = () => authStore.setLoginType('visitor');
const clearMeetingReload = () => localStorage.removeItem(StorageKeys.meetingRoomReload);

export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { token, loginType } = useAuth();
  const decision = decideRoute({
    pathname,
    search,
    auth: { hasToken: !!token, isVisitor: loginType === 'visitor' },
    userAgent: navigator.userAgent,
    hasDeviceId: !!localStorage.getItem(StorageKeys.deviceId),
    meetingReloadFlag: !!localStorage.getItem(StorageKeys.meetingRoomReload),
    joinedMeetingId: joinedMeetingId(),
  });
  switch (decision.kind) {
    case 'stay':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'visitorSignin':
      return <EffectThenGo effect={setVisitorLoginType} to={decision.to} />;
    case 'leaveMeeting':
      return <EffectThenGo effect={clearMeetingReload} to={decision.to} />;
    case 'unsupported':
      return <UnsupportedBrowser />;
  }
}
