import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from '../../test-support';

/**
 * docs/product.md §1: the organization is the host name's first label, or the `host` query parameter when
 * not on the staging domain (`STAGING_DOMAIN`). The organization check answers 404 `no_organization`
 * as ever, which sends the console to /no-organization.
 */
describe('the host query parameter and the staging domain', () => {
  const STAGING = 'staging.fabquote.example';
  let db: TestDatabase;
  let api: NestExpressApplication;
  let betaAdmin: TestUser;
  const http = () => request(api.getHttpServer());
  const organizationOf = async (host: string, path = '/api/v1/organization') => {
    const response = await http().get(path).set('Host', host);
    return response.status === 200 ? (response.body as { slug: string }).slug : response.status;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    const acme: Organization = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const beta: Organization = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG' });
    api = await startTestApi(testConfig(db, { STAGING_DOMAIN: STAGING }));
    await createTestUser(api, acme, { roles: ['Administrator'] });
    betaAdmin = await createTestUser(api, beta, { roles: ['Administrator'] });
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('lets ?host= choose the organization on a host that is not the staging domain', async () => {
    expect(await organizationOf('acme.fabquote.example', '/api/v1/organization?host=beta')).toBe('beta');
    expect(await organizationOf('app.fabquote.example', '/api/v1/organization?host=Beta')).toBe('beta');
    expect(await organizationOf('fabquote-preview.example.net:8443', '/api/v1/organization?host=acme')).toBe('acme');
    expect(await organizationOf('acme.fabquote.example')).toBe('acme');
    // Signed in through it: beta's session works on acme's address named ?host=beta.
    const bearer = { Authorization: betaAdmin.headers.Authorization };
    await http().get('/api/v1/restify/profile?host=beta').set('Host', 'acme.fabquote.example').set(bearer).expect(200);
  });

  it('takes only the host name on the staging domain', async () => {
    expect(await organizationOf(`acme.${STAGING}`, '/api/v1/organization?host=beta')).toBe('acme');
    expect(await organizationOf(`acme.${STAGING}`)).toBe('acme');
    const header = await http().get('/api/v1/organization').set('Host', `acme.${STAGING}`).set('X-Organization', 'beta').expect(200);
    expect(header.body.slug).toBe('acme');
    // beta's session is unknown to acme, whatever the parameter says.
    const bearer = { Authorization: betaAdmin.headers.Authorization };
    await http().get('/api/v1/restify/profile?host=beta').set('Host', `acme.${STAGING}`).set(bearer).expect(401);
  });

  it('answers the organization check as ever: 404 no_organization for none or an unknown one', async () => {
    const expected = { message: 'Organization not found', code: 'no_organization' };
    expect((await http().get('/api/v1/organization?host=nope').set('Host', 'acme.fabquote.example').expect(404)).body).toEqual(expected);
    expect((await http().get('/api/v1/organization?host=www').set('Host', 'acme.fabquote.example').expect(404)).body).toEqual(expected);
    expect((await http().get('/api/v1/organization?host=acme').set('Host', `www.${STAGING}`).expect(404)).body).toEqual(expected);
    expect((await http().get('/api/v1/organization').set('Host', `nope.${STAGING}`).expect(404)).body).toEqual(expected);
  });
});
