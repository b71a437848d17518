import { MigrationInterface, QueryRunner } from 'typeorm';
import { indexTenantTables, isolateTenantTable, ORGANIZATION_COLUMN } from './tenant-isolation';

const BAND = (column: string, nullable = true) => `${column} smallint ${nullable ? '' : 'NOT NULL '}CHECK (${column} BETWEEN 1 AND 5)`;

/**
 * Offer ratings (docs/api-procurement.md "Procurement II: the rating"): what the rating job
 * (libs/rating) makes of a request's latest offers.
 *
 * - `supplier_offers` learns which of packaging, shipping and customs the supplier filled in
 *   (`*_given`): the costs are NOT NULL DEFAULT 0, so a stored 0 alone does not say. Offers submitted
 *   before count a cost as given when it is not 0 (the best guess; a stated 0 was rare).
 * - The offer's rating sits on its row (`rating_*`, `rated_at`; explanations in both languages in
 *   `rating`); only latest offers are rated, an earlier revision's rating is cleared.
 * - `supplier_offer_ratings`: per offer, a row per asked quantity (no line: the offer's lines taken
 *   together) and per cell (line × quantity). The job replaces a request's rows in one transaction.
 */
export class OfferRatings1795220800000 implements MigrationInterface {
  name = 'OfferRatings1795220800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE supplier_offers
         ADD COLUMN packaging_given boolean NOT NULL DEFAULT false,
         ADD COLUMN shipping_given boolean NOT NULL DEFAULT false,
         ADD COLUMN customs_given boolean NOT NULL DEFAULT false,
         ADD COLUMN rating_rank integer CHECK (rating_rank >= 1),
         ADD COLUMN ${BAND('rating_stars')},
         ADD COLUMN rating_label varchar(20) CHECK (rating_label IN ('excellent', 'good', 'average', 'below-average', 'poor')),
         ADD COLUMN rating_score numeric(5, 2) CHECK (rating_score BETWEEN 0 AND 100),
         ADD COLUMN rating_trophy boolean NOT NULL DEFAULT false,
         ADD COLUMN ${BAND('rating_price_band')},
         ADD COLUMN ${BAND('rating_delivery_band')},
         ADD COLUMN rating_completeness numeric(5, 2) CHECK (rating_completeness BETWEEN 0 AND 100),
         ADD COLUMN rating jsonb,
         ADD COLUMN rated_at timestamptz`,
    );
    await queryRunner.query(
      `UPDATE supplier_offers SET packaging_given = packaging_cost <> 0, shipping_given = shipping_cost <> 0, customs_given = customs_cost <> 0`,
    );
    await queryRunner.query(
      `CREATE TABLE supplier_offer_ratings (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         ${ORGANIZATION_COLUMN},
         purchase_request_id uuid NOT NULL REFERENCES purchase_requests(id) ON DELETE CASCADE,
         supplier_offer_id uuid NOT NULL REFERENCES supplier_offers(id) ON DELETE CASCADE,
         line_kind varchar(10) CHECK (line_kind IN ('operation', 'part')),
         purchase_request_operation_id uuid REFERENCES purchase_request_operations(id) ON DELETE CASCADE,
         purchase_request_part_id uuid REFERENCES purchase_request_parts(id) ON DELETE CASCADE,
         position integer NOT NULL,
         quantity numeric NOT NULL CHECK (quantity > 0),
         lines_asked integer NOT NULL CHECK (lines_asked >= 1),
         lines_priced integer NOT NULL CHECK (lines_priced BETWEEN 1 AND lines_asked),
         unit_price numeric CHECK (unit_price >= 0),
         landed_unit_price numeric NOT NULL CHECK (landed_unit_price >= 0),
         best_landed_unit_price numeric NOT NULL CHECK (best_landed_unit_price >= 0),
         best boolean NOT NULL,
         percent_above_best numeric CHECK (percent_above_best >= 0),
         ${BAND('band', false)},
         competitive boolean,
         explanations jsonb NOT NULL,
         rated_at timestamptz NOT NULL DEFAULT now(),
         CONSTRAINT supplier_offer_ratings_line CHECK (
           (line_kind IS NULL AND purchase_request_operation_id IS NULL AND purchase_request_part_id IS NULL AND unit_price IS NULL AND competitive IS NOT NULL)
           OR (line_kind = 'operation' AND purchase_request_operation_id IS NOT NULL AND purchase_request_part_id IS NULL AND unit_price IS NOT NULL)
           OR (line_kind = 'part' AND purchase_request_part_id IS NOT NULL AND purchase_request_operation_id IS NULL AND unit_price IS NOT NULL)),
         CONSTRAINT supplier_offer_ratings_position_unique UNIQUE (supplier_offer_id, position)
       )`,
    );
    await isolateTenantTable(queryRunner, 'supplier_offer_ratings');
    for (const column of ['purchase_request_id', 'purchase_request_operation_id', 'purchase_request_part_id']) {
      await queryRunner.query(`CREATE INDEX supplier_offer_ratings_${column} ON supplier_offer_ratings (${column})`);
    }
    await indexTenantTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE supplier_offer_ratings`);
    await queryRunner.query(
      `ALTER TABLE supplier_offers
         DROP COLUMN packaging_given, DROP COLUMN shipping_given, DROP COLUMN customs_given, DROP COLUMN rating_rank,
         DROP COLUMN rating_stars, DROP COLUMN rating_label, DROP COLUMN rating_score, DROP COLUMN rating_trophy,
         DROP COLUMN rating_price_band, DROP COLUMN rating_delivery_band, DROP COLUMN rating_completeness, DROP COLUMN rating, DROP COLUMN rated_at`,
    );
  }
}
