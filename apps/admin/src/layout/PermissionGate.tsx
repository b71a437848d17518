import { ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNotify } from 'react-admin';
import { isAllowed } from '../auth/permissions';
import { useSession } from '../auth/useSession';
import { matchRoute } from '../routing/route-table';
import { homePath } from './menu';

/**
 * Every page inside the layout passes here (docs/product.md §6): without the route's
 * permission the person gets the destructive notice and stays where they were
 * — the last page they were allowed on, or their home page after a fresh load.
 */
export const PermissionGate = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const { stage, permissions } = useSession();
  const match = matchRoute(location.pathname);
  const allowed = !match || isAllowed(permissions, match.requirement);
  const lastAllowed = useRef<string | null>(null);
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (allowed) {
      lastAllowed.current = here;
      return;
    }
    if (stage !== 'signed-in') return;
    notify('fabquote.errors.not_authorized', { type: 'error' });
    navigate(lastAllowed.current ?? homePath(permissions), { replace: true });
  }, [allowed, here, stage, permissions, notify, navigate]);

  return allowed ? <>{children}</> : null;
};
