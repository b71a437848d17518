import type { CompanyProfile } from '../api/contracts';
import { formErrors, formValues, profileRequest, timeZoneChoices } from './company-profile';

const STORED: CompanyProfile = {
  name: null,
  organizationName: 'Acme GmbH',
  addressLines: ['Werkstraße 1', '70173 Stuttgart'],
  phone: '+49 711 1',
  email: null,
  website: null,
  vatId: 'DE123456789',
  taxNumber: null,
  bankName: null,
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: null,
  timeZone: 'Europe/Berlin',
  currency: 'EUR',
  paymentTerms: null,
  shippingTerms: null,
  offerValidityDays: 30,
  replyTo: null,
  logo: null,
};

describe('the company profile form', () => {
  it('shows the address as lines of one text and sends it back as lines, blanks as cleared fields', () => {
    const values = formValues(STORED);
    expect(values).toMatchObject({ name: '', address: 'Werkstraße 1\n70173 Stuttgart', email: '', offerValidityDays: '30' });
    const body = profileRequest({ ...values, address: ' Werkstraße 1 \r\n\n70173 Stuttgart\nDeutschland', email: '  ', currency: 'chf', offerValidityDays: '45' });
    expect(body).toMatchObject({ name: null, addressLines: ['Werkstraße 1', '70173 Stuttgart', 'Deutschland'], email: null, currency: 'CHF', offerValidityDays: '45', phone: '+49 711 1' });
  });

  it('shows the API\'s address error on the address field', () => {
    expect(formErrors({ addressLines: 'Enter at most 6 address lines', iban: 'bad' })).toEqual({ address: 'Enter at most 6 address lines', iban: 'bad' });
    expect(formErrors(undefined)).toBeUndefined();
  });

  it('offers the IANA zones with UTC first, and keeps a stored zone the browser does not list', () => {
    const zones = timeZoneChoices('Etc/Unknown').map((zone) => zone.id);
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Etc/Unknown');
  });
});
