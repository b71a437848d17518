import { Navigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';

/**
 * `/` leads to the sign-in without a token and to the dashboard with one (spec §2).
 * A token still waiting for the privacy policy goes to the sign-in too, which
 * shows that step; the dashboard would only bounce it.
 */
export const RootRedirect = () => {
  const { stage } = useSession();
  return <Navigate to={stage === 'signed-in' ? '/dashboard' : '/login'} replace />;
};
