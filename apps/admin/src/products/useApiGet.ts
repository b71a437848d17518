import { useEffect, useState } from 'react';
import { api } from '../api/http-client';

export interface ApiGetState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
}

/**
 * GETs one of the API's answers that is not a record list (a product's geometry figures),
 * again whenever `reloadKey` changes. A stale answer arriving after a newer request is dropped.
 */
export function useApiGet<T>(path: string | null, reloadKey = ''): ApiGetState<T> {
  const [state, setState] = useState<ApiGetState<T>>({ data: undefined, error: undefined, isPending: path !== null });
  useEffect(() => {
    if (path === null) return undefined;
    let current = true;
    setState((previous) => ({ ...previous, isPending: true }));
    api.get<T>(path).then(
      (data) => current && setState({ data, error: undefined, isPending: false }),
      (error: unknown) => current && setState({ data: undefined, error, isPending: false }),
    );
    return () => {
      current = false;
    };
  }, [path, reloadKey]);
  return state;
}
