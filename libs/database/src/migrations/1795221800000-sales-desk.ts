import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Countries written as German-speaking (Germany, Austria, Switzerland), as people type them in either language
 * or as codes; `customers.country` is free text, so compared trimmed and in lower case.
 */
export const GERMAN_SPEAKING_COUNTRIES = [
  'germany', 'deutschland', 'de', 'deu', 'd', 'federal republic of germany', 'bundesrepublik deutschland', 'brd',
  'austria', 'österreich', 'oesterreich', 'at', 'aut', 'a',
  'switzerland', 'schweiz', 'suisse', 'svizzera', 'ch', 'che',
];

const GERMAN_SPEAKING = `lower(btrim(country)) IN (${GERMAN_SPEAKING_COUNTRIES.map((name) => `'${name}'`).join(', ')})`;

/**
 * A calculation at quantities someone chose ("Quantities…") is a what-if (`calculations.what_if`): order
 * items take their price from the latest calculation that is not one. Customers are written to in their language (the offer's PDF and mail). Existing customers in
 * Germany, Austria and Switzerland become German, the others English. A customer written without a language
 * (left out, or `null` from a cleared form: the column's default, none) takes German for those countries, else
 * its organization's language.
 */
export class SalesDesk1795221800000 implements MigrationInterface {
  name = 'SalesDesk1795221800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE calculations ADD COLUMN what_if boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE customers ADD COLUMN language varchar(5) NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de'))`);
    // Every organization's rows: the policy binds the owner too until NO FORCE, within this transaction only.
    await queryRunner.query(`ALTER TABLE customers NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`UPDATE customers SET language = 'de' WHERE ${GERMAN_SPEAKING}`);
    await queryRunner.query(`ALTER TABLE customers FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE customers ALTER COLUMN language DROP DEFAULT`);
    await queryRunner.query(
      `CREATE FUNCTION customers_default_language() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.language IS NULL THEN
           NEW.language := CASE WHEN ${GERMAN_SPEAKING.replace('country', 'NEW.country')} THEN 'de'
             ELSE coalesce((SELECT default_locale FROM organizations WHERE id = NEW.organization_id), 'en') END;
         END IF;
         RETURN NEW;
       END $$`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customers_default_language BEFORE INSERT OR UPDATE OF language ON customers
       FOR EACH ROW EXECUTE FUNCTION customers_default_language()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER customers_default_language ON customers`);
    await queryRunner.query(`DROP FUNCTION customers_default_language()`);
    await queryRunner.query(`ALTER TABLE customers DROP COLUMN language`);
    await queryRunner.query(`ALTER TABLE calculations DROP COLUMN what_if`);
  }
}
