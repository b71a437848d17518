import { publicCall } from '../shared/public-api';
import { OfferLanguage, offerText } from './offer-page';

/** A call of the customer's page (shared/public-api.ts): failures the API did not word are said in the page's language. */
export function offerCall<T>(language: OfferLanguage, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  return publicCall<T>(language, method, path, body, (status) => offerText(language, status >= 500 ? 'server_error' : 'request_failed'));
}
