import 'reflect-metadata';
import { disableOrganization, InvalidOrganizationError, listOrganizations, provisionAdministrator, provisionOrganization } from '@fabquote/database';
import { DEMO, seedDemo } from './demo';
import { withDatabase } from './with-database';

const USAGE = `usage:
  npm run org -- create <slug> "<name>" [--locale de] [--admin <email>]
      (slug "${DEMO.slug}": the demo organization, its demo shop seeded in that language)
  npm run org -- list
  npm run org -- disable <slug>`;

/** `npm run org`: organization provisioning, through the same code as the demo seed and the tests. */
async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'create': {
      const option = (flag: string) => {
        const at = rest.indexOf(flag);
        return at >= 0 ? rest.splice(at, 2)[1] : undefined;
      };
      const locale = option('--locale') ?? 'en';
      const adminEmail = option('--admin');
      const [slug, name] = rest;
      if (!slug || !name || (locale !== 'en' && locale !== 'de')) return usage();
      await withDatabase(async (db, config) => {
        const organization = await provisionOrganization(db, { slug, name, defaultLocale: locale });
        console.log(`organization "${organization.slug}" (${organization.name}) is ready: id ${organization.id}`);
        // The demo organization gets its shop now, in its language, as `npm start` would give it (once).
        if (organization.slug === DEMO.slug) {
          const demo = await seedDemo(config, locale);
          console.log(
            demo.seeded
              ? `demo shop seeded in ${organization.defaultLocale === 'de' ? 'German' : 'English'}; sign in as ${DEMO.email} / ${demo.admin.created ? DEMO.password : `${DEMO.password} (unless changed since)`}; \`npm start\` rates its offers and reads its survey`
              : 'the demo shop was seeded before; nothing changed',
          );
        }
        if (!adminEmail) return;
        const admin = await provisionAdministrator(db, organization, { email: adminEmail, name: adminEmail.split('@')[0] });
        console.log(
          admin.created
            ? `administrator ${adminEmail} created; one-time password: ${admin.password} (change it in the profile after signing in)`
            : `${adminEmail} exists already; nothing changed`,
        );
      });
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
