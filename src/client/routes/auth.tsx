import { Navigate, useSearchParams } from 'react-router';
import { AuthPage } from '../components/auth/auth-page';
import { useSession } from '../components/auth/get-session';
import { getSafeRedirect } from '../components/auth/safe-redirect';
import { PageFallback } from '../components/layout/page-fallback';

/**
 * /auth. A signed-in user is sent on to `?redirect=` (a path of this site) or home, except in reset
 * mode, where the e-mailed link must work whoever is signed in.
 */
export function Component() {
  const [params] = useSearchParams();
  const { isSignedIn, isLoading } = useSession();
  const resetMode = params.get('mode') === 'reset';
  const redirectTo = getSafeRedirect(params.get('redirect')) ?? '/';
  if (!resetMode) {
    if (isLoading) return <PageFallback />;
    if (isSignedIn) return <Navigate to={redirectTo} replace />;
  }
  return <AuthPage redirectTo={redirectTo} />;
}
