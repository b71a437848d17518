import jsonServerProvider from 'ra-data-json-server';
import { API_URL, httpClient } from './http-client';

/** CRUD resources follow the ra-data-json-server convention (docs/design.md §5). */
export const dataProvider = jsonServerProvider(API_URL, httpClient);
