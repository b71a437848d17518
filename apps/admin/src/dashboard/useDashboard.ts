import { useEffect, useState } from 'react';
import type { Dashboard } from '../api/contracts';
import { api, errorMessage } from '../api/http-client';
import type { DashboardInterval } from './dashboard-figures';

export interface DashboardState {
  figures: Dashboard | null;
  loading: boolean;
  error: string | null;
}

/** GET /dashboard for an interval; a newer interval's answer wins over a slower earlier one. */
export function useDashboard(interval: DashboardInterval, failed: string): DashboardState {
  const [state, setState] = useState<DashboardState>({ figures: null, loading: true, error: null });
  useEffect(() => {
    let current = true;
    setState((before) => ({ ...before, loading: true, error: null }));
    api
      .get<Dashboard>(`/dashboard?interval=${interval}`)
      .then((figures) => current && setState({ figures, loading: false, error: null }))
      .catch((error: unknown) => current && setState({ figures: null, loading: false, error: errorMessage(error, failed) }));
    return () => {
      current = false;
    };
  }, [interval, failed]);
  return state;
}
