import { Navigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { homePath } from './menu';

/**
 * `/` leads to the sign-in without a token and to the dashboard with one (docs/product.md §2);
 * a user without the dashboard's permission gets their home page, not the refusal notice.
 * A token still waiting for the privacy policy goes to the sign-in too, which
 * shows that step; the dashboard would only bounce it.
 */
export const RootRedirect = () => {
  const { stage, permissions } = useSession();
  return <Navigate to={stage === 'signed-in' ? homePath(permissions) : '/login'} replace />;
};
