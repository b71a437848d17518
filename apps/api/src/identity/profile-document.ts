import { Language, User } from '@fabquote/database';

/** "Anna Berger" → "AB"; "anna" → "A". */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

export function avatarUrl(user: User, organizationSlug: string): string | null {
  return user.avatarFileId ? `/api/v1/avatars/${user.avatarFileId}?host=${encodeURIComponent(organizationSlug)}` : null;
}

/** The profile attributes docs/product.md §3 and §7 name, as the admin reads them. */
export function profileAttributes(user: User, organizationSlug: string) {
  return {
    name: user.name,
    full_name: user.fullName,
    email: user.email,
    phone: user.phone,
    language_code: user.languageCode,
    avatar: avatarUrl(user, organizationSlug),
    two_factor_enabled: user.twoFactorEnabled,
    initials: initialsOf(user.name),
  };
}

const language = (entry: Language) => ({ id: entry.id, type: 'languages', attributes: { code: entry.code, name: entry.name } });

/**
 * `GET /restify/profile?include=roles.permissions,languages`, JSON:API shaped. `meta.currency` is the
 * organization's (setting `currency`), for every signed-in user to show money in, settings rights or not;
 * `meta.timeZone` likewise its time zone (setting `time-zone`, IANA; `UTC` without one), for dates and times.
 */
export function profileDocument(user: User, languages: Language[], organizationSlug: string, currency: string, timeZone = 'UTC') {
  const own = languages.find((entry) => entry.code === user.languageCode);
  return {
    meta: { currency, timeZone },
    data: {
      id: user.id,
      type: 'users',
      attributes: profileAttributes(user, organizationSlug),
      relationships: {
        roles: user.roles.map((role) => ({
          id: role.id,
          type: 'roles',
          attributes: { name: role.name },
          relationships: {
            permissions: role.permissions
              .map((permission) => ({ id: permission.id, type: 'permissions', attributes: { name: permission.name } }))
              .sort((a, b) => a.attributes.name.localeCompare(b.attributes.name)),
          },
        })),
        language: own ? language(own) : null,
        languages: languages.map(language),
      },
    },
  };
}
