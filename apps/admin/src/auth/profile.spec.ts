import { initialsOf, profileFromDocument } from './profile';

const document = {
  meta: { currency: 'CHF', timeZone: 'Europe/Zurich' },
  data: {
    id: 'u1',
    type: 'users',
    attributes: {
      name: 'Anna Berger',
      full_name: 'Anna Maria Berger',
      email: 'anna@example.com',
      phone: null,
      language_code: 'de',
      avatar: null,
      two_factor_enabled: true,
      initials: 'AB',
    },
    relationships: {
      roles: [
        {
          id: 'r1',
          type: 'roles',
          attributes: { name: 'Estimator' },
          relationships: { permissions: [{ id: 'p1', type: 'permissions', attributes: { name: 'products.view' } }] },
        },
        {
          id: 'r2',
          type: 'roles',
          attributes: { name: 'Viewer' },
          relationships: { permissions: { data: [{ id: 'p2', type: 'permissions', attributes: { name: 'orders.view' } }] } },
        },
      ],
      language: { id: 'l2', type: 'languages', attributes: { code: 'de', name: 'Deutsch' } },
      languages: [
        { id: 'l1', type: 'languages', attributes: { code: 'en', name: 'English' } },
        { id: 'l2', type: 'languages', attributes: { code: 'de', name: 'Deutsch' } },
      ],
    },
  },
};

describe('profile', () => {
  it('reads the JSON:API profile document', () => {
    expect(profileFromDocument(document)).toEqual({
      id: 'u1',
      name: 'Anna Berger',
      fullName: 'Anna Maria Berger',
      email: 'anna@example.com',
      phone: '',
      languageCode: 'de',
      avatar: null,
      twoFactorEnabled: true,
      initials: 'AB',
      roles: [
        { id: 'r1', name: 'Estimator', permissions: ['products.view'] },
        { id: 'r2', name: 'Viewer', permissions: ['orders.view'] },
      ],
      roleName: 'Estimator',
      permissions: ['orders.view', 'products.view'],
      languages: [
        { id: 'l1', code: 'en', name: 'English' },
        { id: 'l2', code: 'de', name: 'Deutsch' },
      ],
      currency: 'CHF',
      timeZone: 'Europe/Zurich',
    });
  });

  it('reads a bare user resource and derives missing initials', () => {
    const profile = profileFromDocument({ id: 7, attributes: { name: 'bob' } });
    expect(profile).toMatchObject({ id: '7', name: 'bob', initials: 'B', roles: [], permissions: [], twoFactorEnabled: false, currency: '', timeZone: '' });
  });

  it('refuses an answer without a user', () => {
    expect(() => profileFromDocument({ message: 'Profile updated' })).toThrow();
  });

  it('derives initials from the first two words', () => {
    expect(initialsOf(' anna  maria berger ')).toBe('AM');
    expect(initialsOf('')).toBe('');
  });
});
