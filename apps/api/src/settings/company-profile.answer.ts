import { array, choice, component, dateTime, integer, nullable, object, text } from '../common/openapi/answer-schema';

/** How the shop is reached, as a letterhead shows it (the company profile's, the public pages'). */
const REACH = { addressLines: array(text()), phone: nullable(text()), email: nullable(text()), website: nullable(text()) };

/** The letterhead of a public page: the shop's name (the profile's, else the organization's) and how it is reached. */
export const LETTERHEAD_FIELDS = { name: text(), ...REACH };

export const CompanyProfile = component('CompanyProfile', object({
  name: nullable(text()),
  organizationName: text(),
  ...REACH,
  vatId: nullable(text()),
  taxNumber: nullable(text()),
  bankName: nullable(text()),
  iban: nullable(text()),
  bic: nullable(text()),
  timeZone: text({ example: 'Europe/Berlin' }),
  currency: text({ example: 'EUR' }),
  paymentTerms: nullable(text()),
  shippingTerms: nullable(text()),
  offerValidityDays: integer({ minimum: 1, maximum: 365 }),
  replyTo: nullable(text()),
  logo: nullable(object({
    contentType: choice(['image/png', 'image/jpeg']),
    width: integer(),
    height: integer(),
    size: integer(),
    updatedAt: dateTime(),
  })),
  message: text({ description: 'After a change: "Company profile saved", "Logo saved", "Logo removed".' }),
}, { optional: ['message'], description: "The shop's letterhead, reach, tax and bank details, time zone, currency and the defaults of new orders; `name` null: the organization's name." }));

