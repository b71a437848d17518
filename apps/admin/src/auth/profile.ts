import { permissionsOf, RoleWithPermissions } from './permissions';

/**
 * The signed-in user as the console keeps it (docs/product.md §3), read from the JSON:API
 * profile document of docs/api-identity.md.
 */
export interface ProfileLanguage {
  id: string;
  code: string;
  name: string;
}

export interface ProfileRole extends RoleWithPermissions {
  id: string;
}

export interface Profile {
  id: string;
  name: string;
  fullName: string;
  email: string;
  phone: string;
  languageCode: string;
  avatar: string | null;
  twoFactorEnabled: boolean;
  initials: string;
  roles: ProfileRole[];
  /** The first role's name is the user's role name (docs/product.md §6). */
  roleName: string;
  permissions: string[];
  languages: ProfileLanguage[];
  /** The organization's currency code (document `meta.currency`); empty if the answer had none. */
  currency: string;
  /** The organization's time zone (document `meta.timeZone`, the setting `time-zone`, IANA); empty if the answer had none. */
  timeZone: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** Relationships may come embedded (`[...]`) or JSON:API-wrapped (`{ data: [...] }`). */
function related(value: unknown): Json[] {
  const list = isObject(value) && 'data' in value ? value.data : value;
  if (Array.isArray(list)) return list.filter(isObject);
  return isObject(list) ? [list] : [];
}

const attributesOf = (resource: Json): Json => (isObject(resource.attributes) ? resource.attributes : {});
const relationshipsOf = (resource: Json): Json => (isObject(resource.relationships) ? resource.relationships : {});

/** "Anna Berger" → "AB", "anna" → "A"; the avatar shows them when there is no picture. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

function language(resource: Json): ProfileLanguage {
  const attributes = attributesOf(resource);
  return { id: text(resource.id), code: text(attributes.code), name: text(attributes.name) };
}

/** Reads `{ data: user }` or the user resource itself. */
export function profileFromDocument(document: unknown): Profile {
  const resource = isObject(document) && isObject(document.data) ? document.data : document;
  if (!isObject(resource) || resource.id === undefined) throw new Error('The profile answer has no user');
  const attributes = attributesOf(resource);
  const relationships = relationshipsOf(resource);
  const roles: ProfileRole[] = related(relationships.roles).map((role) => ({
    id: text(role.id),
    name: text(attributesOf(role).name),
    permissions: related(relationshipsOf(role).permissions)
      .map((permission) => text(attributesOf(permission).name))
      .filter(Boolean),
  }));
  const ownLanguage = related(relationships.language)[0];
  const name = text(attributes.name);
  return {
    id: text(resource.id),
    name,
    fullName: text(attributes.full_name),
    email: text(attributes.email),
    phone: text(attributes.phone),
    languageCode: text(attributes.language_code) || (ownLanguage ? language(ownLanguage).code : ''),
    avatar: typeof attributes.avatar === 'string' && attributes.avatar ? attributes.avatar : null,
    twoFactorEnabled: attributes.two_factor_enabled === true || attributes.two_factor_enabled === 1,
    initials: text(attributes.initials) || initialsOf(name),
    roles,
    roleName: roles[0]?.name ?? '',
    permissions: permissionsOf(roles),
    languages: related(relationships.languages).map(language),
    currency: isObject(document) && isObject(document.meta) ? text(document.meta.currency) : '',
    timeZone: isObject(document) && isObject(document.meta) ? text(document.meta.timeZone) : '',
  };
}
