/** The root route: auth, the routing rules, and the page of the matched route. */
import { Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/AuthProvider';
import { Toaster } from '../ui/Toaster';
import { RouteGuard } from './RouteGuard';

export function RootLayout() {
  return (
    <AuthProvider>
      <RouteGuard>
        <Outlet />
      </RouteGuard>
      <Toaster />
    </AuthProvider>
  );
}
