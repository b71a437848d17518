import { MigrationInterface, QueryRunner } from 'typeorm';

const COMPONENTS = ['material', 'labor', 'purchase', 'setup', 'program'];

/** A stored tier as `priceTiers` gives it, from a tier as `priceProduct` gave it: the figures' display values. */
const TIER_PRICES = `jsonb_build_object(
  'quantity', t->'quantity',
  ${COMPONENTS.map((name) => `'${name}', jsonb_build_object('unit', t #> '{${name},unit,value}', 'total', t #> '{${name},total,value}')`).join(',\n  ')},
  'unitPrice', t #> '{unitPrice,value}',
  'totalPrice', t #> '{totalPrice,value}')`;

/**
 * Calculations keep their prices per tier and the inputs they were priced from; the explanation
 * (about 1.5 MB for a 200-line assembly) is written again from the inputs when one is opened.
 * Stored explanations become their prices, to the same cent.
 */
export class CalculationPrices1795219600000 implements MigrationInterface {
  name = 'CalculationPrices1795219600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Every organization's rows: the policy binds the owner too until NO FORCE, within this transaction only.
    await queryRunner.query(`ALTER TABLE calculations NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(
      `UPDATE calculations SET result = jsonb_build_object(
         'productId', result->'productId',
         'date', result->'date',
         'currency', result->'currency',
         'tiers', coalesce((SELECT jsonb_agg(${TIER_PRICES} ORDER BY n) FROM jsonb_array_elements(result->'tiers') WITH ORDINALITY AS x(t, n)), '[]'::jsonb))
       WHERE jsonb_typeof(result #> '{tiers,0,unitPrice}') = 'object'`,
    );
    await queryRunner.query(`ALTER TABLE calculations FORCE ROW LEVEL SECURITY`);
  }

  async down(): Promise<void> {
    // Irreversible: the stored explanations were not kept, and the prices stay as they are.
  }
}
