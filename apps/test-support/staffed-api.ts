import { NestExpressApplication } from '@nestjs/platform-express';
import { NewOrganization, Organization, provisionOrganization } from '@fabquote/database';
import { createTestDatabase, createTestUser, TestDatabase, testConfig, TestUser } from '@fabquote/testing';
import { startTestApi } from './test-apps';

/**
 * The staff suites' world: an API on a database of its own with two organizations, Acme with a member of every
 * role (an English administrator named Anna Admin and a German one) and Beta with an administrator, to show
 * that one organization never sees the other's records.
 */
export interface StaffedApi {
  db: TestDatabase;
  api: NestExpressApplication;
  acme: Organization;
  beta: Organization;
  admin: TestUser;
  german: TestUser;
  viewer: TestUser;
  estimator: TestUser;
  purchaser: TestUser;
  betaAdmin: TestUser;
  /** Closes the API and drops the database. */
  stop(): Promise<void>;
}

/** `beta`: how Beta differs from an English organization (`defaultLocale: 'de'`). */
export async function startStaffedApi(beta: Partial<NewOrganization> = {}): Promise<StaffedApi> {
  const db = await createTestDatabase();
  let api: NestExpressApplication | undefined;
  const stop = async () => {
    await api?.close();
    await db.drop();
  };
  try {
    const acme = await provisionOrganization(db.app, { slug: 'acme', name: 'Acme Blech GmbH' });
    const betaOrganization = await provisionOrganization(db.app, { slug: 'beta', name: 'Beta Laser AG', ...beta });
    const started = (api = await startTestApi(testConfig(db)));
    const [admin, german, viewer, estimator, purchaser, betaAdmin] = await Promise.all([
      createTestUser(started, acme, { roles: ['Administrator'], name: 'Anna Admin' }),
      createTestUser(started, acme, { roles: ['Administrator'], language: 'de' }),
      createTestUser(started, acme, { roles: ['Viewer'] }),
      createTestUser(started, acme, { roles: ['Estimator'] }),
      createTestUser(started, acme, { roles: ['Purchaser'] }),
      createTestUser(started, betaOrganization, { roles: ['Administrator'] }),
    ]);
    return { db, api: started, acme, beta: betaOrganization, admin, german, viewer, estimator, purchaser, betaAdmin, stop };
  } catch (error) {
    // A suite whose setup failed has nothing to stop: the database is dropped here.
    await stop();
    throw error;
  }
}
