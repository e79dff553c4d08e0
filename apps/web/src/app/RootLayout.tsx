/**
 * The root route: auth, the message socket of whoever is signed in, the routing rules, and the
 * page of the matched route. Toasts sit here so a notice survives the navigation it causes.
 */
import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider';
import { MessageSocketProvider } from '../message-socket/MessageSocketProvider';
import { BillingHost } from '../features/billing/BillingHost';
import { Toaster } from '../ui/Toaster';
import { RouteGuard } from './RouteGuard';
import { useMessageAuth } from './useMessageAuth';

function MessageSocketForUser({ children }: { children: ReactNode }) {
  return <MessageSocketProvider auth={useMessageAuth()}>{children}</MessageSocketProvider>;
}

export function RootLayout() {
  return (
    <AuthProvider>
      <MessageSocketForUser>
        <RouteGuard>
          {/* A page still loading its code keeps the layout (auth, socket, toasts) mounted. */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteGuard>
      </MessageSocketForUser>
      <BillingHost />
      <Toaster />
    </AuthProvider>
  );
}
