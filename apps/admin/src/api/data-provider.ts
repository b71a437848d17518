import jsonServerProvider from 'ra-data-json-server';
import type { DataProvider } from 'react-admin';
import { API_URL, httpClient } from './http-client';

/**
 * Console resources whose API path differs: the console's /items (docs/product.md §2) are the API's
 * `order-items` (docs/api-orders.md), so routes, permissions (items.*) and texts keep the area's name.
 */
export const API_RESOURCES: Record<string, string> = { items: 'order-items' };

const provider = jsonServerProvider(API_URL, httpClient);

/** CRUD resources follow the ra-data-json-server convention (docs/design.md §5). */
export const dataProvider: DataProvider = new Proxy(provider, {
  get(target, method: string) {
    const call = target[method as keyof DataProvider];
    if (typeof call !== 'function') return call;
    return (resource: string, ...rest: unknown[]) => (call as (...args: unknown[]) => unknown)(API_RESOURCES[resource] ?? resource, ...rest);
  },
});
