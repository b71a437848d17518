import { anyObject, array, boolean, choice, component, dateTime, email, integer, nullable, object, text, uuid } from '../common/openapi/answer-schema';

export const User = component(
  'User',
  object({
    id: uuid(),
    name: text(),
    fullName: nullable(text()),
    email: email(),
    phone: nullable(text()),
    languageCode: choice(['en', 'de']),
    active: boolean(),
    twoFactorEnabled: boolean(),
    roleIds: array(uuid()),
    invitedAt: nullable(dateTime()),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const Role = component(
  'Role',
  object({
    id: uuid(),
    name: text(),
    permissionIds: array(uuid()),
    permissions: array(text(), { description: 'The permissions\' names, sorted.' }),
    userCount: integer(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const Permission = component('Permission', object({ id: uuid(), name: text({ example: 'customers.view' }), area: text(), action: text() }));

export const Language = component('Language', object({ id: uuid(), code: text(), name: text() }));

export const SignIn = component(
  'SignIn',
  object(
    {
      id: uuid(),
      type: text(),
      attributes: anyObject(),
      meta: object({ token: text() }),
      data: object({ requires_mfa: boolean(), temporary_token: text() }),
    },
    {
      optional: ['id', 'type', 'attributes', 'meta', 'data'],
      description: 'Signed in: `meta.token` is the bearer token. With two-factor sign-in on: `data.requires_mfa` and `data.temporary_token` for `/restify/mfa-verify`.',
    },
  ),
);

export const ProfileDocument = component(
  'ProfileDocument',
  object(
    { meta: object({ currency: text() }), data: anyObject() },
    {
      description:
        'JSON:API shaped: `data.attributes` (name, full_name, email, phone, language_code, avatar, two_factor_enabled, initials), `data.relationships` (roles with permissions, language, languages), `meta.currency`.',
    },
  ),
);

export const MfaSetup = component(
  'MfaSetup',
  object({ otpauth_uri: text(), qr_code: text({ description: 'A data: URL of the QR code image.' }), secret: text(), recovery_codes: array(text()) }),
);

export const Attributes = component('Attributes', object({ attributes: anyObject() }));
