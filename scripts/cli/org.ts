import 'reflect-metadata';
import { disableOrganization, InvalidOrganizationError, listOrganizations, provisionOrganization } from '@fabquote/database';
import { withDatabase } from './with-database';

const USAGE = `usage:
  npm run org -- create <slug> "<name>" [--locale de]
  npm run org -- list
  npm run org -- disable <slug>`;

/** `npm run org`: organization provisioning, through the same code as the demo seed and the tests. */
async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create': {
      const localeAt = rest.indexOf('--locale');
      const locale = localeAt >= 0 ? rest.splice(localeAt, 2)[1] : 'en';
      const [slug, name] = rest;
      if (!slug || !name || (locale !== 'en' && locale !== 'de')) return usage();
      const organization = await withDatabase((db) => provisionOrganization(db, { slug, name, defaultLocale: locale }));
      console.log(`organization "${organization.slug}" (${organization.name}) is ready: id ${organization.id}`);
      return 0;
    }
    case 'list': {
      const organizations = await withDatabase(listOrganizations);
      if (organizations.length === 0) console.log('no organizations yet');
      for (const organization of organizations) {
        const state = organization.disabledAt ? `disabled ${organization.disabledAt.toISOString()}` : 'active';
        console.log(`${organization.slug.padEnd(24)} ${organization.name.padEnd(40)} ${organization.defaultLocale}  ${state}`);
      }
      return 0;
    }
    case 'disable': {
      const [slug] = rest;
      if (!slug) return usage();
      const disabled = await withDatabase((db) => disableOrganization(db, slug));
      console.log(disabled ? `organization "${slug}" is disabled` : `no active organization "${slug}"`);
      return disabled ? 0 : 1;
    }
    default:
      return usage();
  }
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof InvalidOrganizationError ? error.message : `failed: ${(error as Error).message}`);
    process.exit(1);
  });
