import { useEffect, useState } from 'react';
import { API_URL, requestHeaders } from '../api/http-client';

export interface ObjectUrlState {
  url: string | null;
  pending: boolean;
  failed: boolean;
}

/**
 * An API file (an input's content, a DXF's SVG preview) as an object URL for an <img>, <iframe> or
 * <audio>: those can not send the session's and the organization's headers, so the file is fetched
 * with them as a blob. The URL is revoked when the path changes or the component goes.
 */
export function useObjectUrl(path: string | null): ObjectUrlState {
  const [state, setState] = useState<ObjectUrlState>({ url: null, pending: path !== null, failed: false });
  useEffect(() => {
    if (path === null) return undefined;
    let current = true;
    let url: string | null = null;
    setState({ url: null, pending: true, failed: false });
    fetch(`${API_URL}${path}`, { headers: requestHeaders() })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (!current) return;
        url = URL.createObjectURL(blob);
        setState({ url, pending: false, failed: false });
      })
      .catch(() => {
        if (current) setState({ url: null, pending: false, failed: true });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  return state;
}
