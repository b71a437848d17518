import { HttpStatus, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { TenantTransactions } from '@fabquote/database';
import { Locale, Phrase, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid, RecordNotFound } from '../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../common/list-query';
import { AwardOfferDto } from './award.dto';
import { PurchaseRequestAward } from './award.entity';
import { Band, bandsOf, costBelowBands, LandedTier, landedTiers, mergedTiers, OfferTier } from './award.rules';
import { SupplierOffer } from './supplier-offer.entity';
import { rowsOf } from './supplier-offers.service';
import { OfferLineKind } from './supplier-page.dto';

/** A line of the request as the award sees it: what it buys (a part or an operation of the catalogue). */
interface RequestLine {
  kind: OfferLineKind;
  lineId: string;
  /** The part or operation; null for an operation done on a machine of the shop. */
  targetId: string | null;
}

/** A line chosen for the award, with its tiers at landed cost. */
interface AwardedLine extends RequestLine {
  targetId: string;
  landed: LandedTier[];
}

const lineKey = (kind: string, lineId: string) => `${kind}:${lineId}`;
/** The suppliable's column naming what it supplies; the kind is one of two fixed words. */
const targetColumn = (kind: OfferLineKind) => (kind === 'part' ? 'part_id' : 'operation_id');
const targetTable = (kind: OfferLineKind) => (kind === 'part' ? 'parts' : 'operations');

/** numeric(14, 4): ten digits before the point. */
const PRICE_MAX = 9_999_999_999;

const REPRICE_REASON: Phrase = { key: 'reprice_reason', params: { what: { key: 'what_award' } } };

const AWARD_COLUMNS = `award.id AS "id", award.purchase_request_id AS "purchaseRequestId", award.supplier_offer_id AS "supplierOfferId",
  offer.revision AS "revision", award.supplier_id AS "supplierId", supplier.name AS "supplierName",
  CASE WHEN award.purchase_request_operation_id IS NOT NULL THEN 'operation' ELSE 'part' END AS "kind",
  coalesce(award.purchase_request_operation_id, award.purchase_request_part_id) AS "lineId",
  coalesce(product_operation.product_id, product_part.product_id) AS "productId",
  coalesce(operation.name, part.name) AS "lineName",
  award.suppliable_id AS "suppliableId", suppliable.number AS "suppliableNumber", award.bulk_prices AS "bulkPrices",
  award.awarded_at AS "awardedAt", award.awarded_by AS "awardedBy", (SELECT u.name FROM users u WHERE u.id = award.awarded_by) AS "awardedByName",
  award.withdrawn_at AS "withdrawnAt", award.withdrawn_by AS "withdrawnBy", award.replaced_by AS "replacedBy",
  (award.withdrawn_at IS NULL) AS "active"`;

export const AWARDS: ListSpec = {
  sortable: { awardedAt: 'award.awarded_at', withdrawnAt: 'award.withdrawn_at', supplierName: 'supplier.name', lineName: 'coalesce(operation.name, part.name)' },
  filters: {
    purchaseRequestId: { uuid: 'award.purchase_request_id' },
    supplierOfferId: { uuid: 'award.supplier_offer_id' },
    supplierId: { uuid: 'award.supplier_id' },
    suppliableId: { uuid: 'award.suppliable_id' },
    active: '(award.withdrawn_at IS NULL)',
  },
  searchable: ['supplier.name', 'operation.name', 'part.name', 'suppliable.number'],
  defaultSort: 'awardedAt',
};

/** Bands as the API answers them: JSON numbers. */
const presentedBands = (bands: Band[]) =>
  bands.map((band) => ({ minQuantity: Number(band.minQuantity), maxQuantity: band.maxQuantity === null ? null : Number(band.maxQuantity), unitPrice: Number(band.unitPrice) }));

const awardRow = (row: Record<string, unknown>) => ({ ...row, bulkPrices: presentedBands((row.bulkPrices as Band[]) ?? []) });

/**
 * Awards (docs/api-procurement.md, "Procurement II: award"): a supplier's latest offer gets lines of its
 * request; each awarded part or operation gets the supplier's suppliable with bulk prices at landed cost,
 * the only active one of that part or operation, so the pricing engine (the cheapest active suppliable)
 * takes it; a `pricing.reprice` event in the same transaction recalculates the products using it.
 */
@Injectable()
export class AwardService {
  constructor(
    private readonly tenant: TenantTransactions,
    private readonly outbox: EventOutbox,
  ) {}

  private get manager(): EntityManager {
    return this.tenant.manager();
  }

  private awards() {
    return this.manager
      .createQueryBuilder()
      .select(AWARD_COLUMNS)
      .from(rowsOf('purchase_request_awards'), 'award')
      .innerJoin('supplier_offers', 'offer', 'offer.id = award.supplier_offer_id')
      .innerJoin('suppliers', 'supplier', 'supplier.id = award.supplier_id')
      .leftJoin('suppliables', 'suppliable', 'suppliable.id = award.suppliable_id')
      .leftJoin('purchase_request_operations', 'request_operation', 'request_operation.id = award.purchase_request_operation_id')
      .leftJoin('product_operations', 'product_operation', 'product_operation.id = request_operation.product_operation_id')
      .leftJoin('operations', 'operation', 'operation.id = product_operation.operation_id')
      .leftJoin('purchase_request_parts', 'request_part', 'request_part.id = award.purchase_request_part_id')
      .leftJoin('product_parts', 'product_part', 'product_part.id = request_part.product_part_id')
      .leftJoin('parts', 'part', 'part.id = product_part.part_id');
  }

  async list(query: Record<string, unknown>) {
    const page = await readPage<Record<string, unknown>>(this.awards(), parseListRequest(query, AWARDS), AWARDS);
    return new Page(page.rows.map(awardRow), page.total);
  }

  async get(id: string) {
    const row = await this.awards().where('award.id = :id', { id }).getRawOne<Record<string, unknown>>();
    if (!row) throw new RecordNotFound();
    return awardRow(row);
  }

  /**
   * Awards the offer's lines (all it prices, or those named). Refused: an offer that is not the latest
   * revision (409), a line not of its request or not priced by it (422 on `lines.<i>.lineId`). A line
   * awarded to another offer moves: that award is withdrawn (`replacedBy` the new one). A line already
   * awarded to this offer stays as it is.
   */
  async award(offerId: string, input: AwardOfferDto, userId: string, locale: Locale) {
    const manager = this.manager;
    const [found] = await manager.query(`SELECT purchase_request_id, supplier_id FROM supplier_offers WHERE id = $1`, [offerId]);
    if (!found) throw new RecordNotFound();
    // Awards of one request one after the other; a revision submitted meanwhile waits (the page locks this supplier's row too).
    const [request] = await manager.query(`SELECT id, number FROM purchase_requests WHERE id = $1 FOR UPDATE`, [found.purchase_request_id]);
    await manager.query(`SELECT 1 FROM purchase_request_suppliers WHERE purchase_request_id = $1 AND supplier_id = $2 FOR UPDATE`, [request.id, found.supplier_id]);
    const offer = await manager.getRepository(SupplierOffer).findOneByOrFail({ id: offerId });
    if (!offer.latest) throw new AppException(HttpStatus.CONFLICT, 'award_not_latest', 'award_not_latest');

    const priced = await this.pricedLines(offerId);
    const costs = { packaging: offer.packagingCost, shipping: offer.shippingCost, customs: offer.customsCost };
    const chosen = this.chosenLines(input, await this.requestLines(request.id), priced).map(
      (line): AwardedLine => ({ ...line, landed: landedTiers(priced.get(lineKey(line.kind, line.lineId))!, costs, priced.size) }),
    );

    const current: Array<{ id: string; supplier_offer_id: string; line_id: string }> = await manager.query(
      `SELECT id, supplier_offer_id, coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id
         FROM purchase_request_awards
        WHERE withdrawn_at IS NULL AND coalesce(purchase_request_operation_id, purchase_request_part_id) = ANY($1::uuid[])`,
      [chosen.map((line) => line.lineId)],
    );
    const kept = new Set(current.filter((award) => award.supplier_offer_id === offerId).map((award) => award.line_id));
    const moved = new Map(current.filter((award) => award.supplier_offer_id !== offerId).map((award) => [award.line_id, award.id]));
    // A move ends the other award first: one active award per line.
    if (moved.size > 0) {
      await manager.query(`UPDATE purchase_request_awards SET withdrawn_at = now(), withdrawn_by = $2, updated_at = now() WHERE id = ANY($1::uuid[])`, [[...moved.values()], userId]);
    }

    const targets = new Map<string, AwardedLine[]>();
    for (const line of chosen.filter((line) => !kept.has(line.lineId))) {
      const key = lineKey(line.kind, line.targetId);
      targets.set(key, [...(targets.get(key) ?? []), line]);
    }
    // In a fixed order, so two awards of the same parts never wait for each other crosswise.
    for (const key of [...targets.keys()].sort()) {
      const lines = targets.get(key)!;
      const { kind, targetId } = lines[0];
      await manager.query(`SELECT 1 FROM ${targetTable(kind)} WHERE id = $1 FOR UPDATE`, [targetId]);
      const bands = bandsOf(mergedTiers(lines.map((line) => line.landed)));
      // Shared costs over a tiny quantity can land above what numeric(14, 4) holds: said, not a database error.
      if (bands.some((band) => Number(band.unitPrice) > PRICE_MAX)) throw new FieldInvalid('lines', 'number_too_large', { max: PRICE_MAX });
      const suppliableId = await this.writeSuppliable(offer.supplierId, kind, targetId, bands, request.number);
      // Read through a SELECT: TypeORM answers an UPDATE … RETURNING as [rows, count].
      const deactivated: Array<{ id: string }> = await manager.query(
        `WITH switched_off AS (UPDATE suppliables SET active = false, updated_at = now() WHERE ${targetColumn(kind)} = $1 AND id <> $2 AND active RETURNING id)
         SELECT id FROM switched_off ORDER BY id`,
        [targetId, suppliableId],
      );
      for (const line of lines) {
        const award = await manager.getRepository(PurchaseRequestAward).save(
          manager.getRepository(PurchaseRequestAward).create({
            purchaseRequestId: request.id,
            supplierOfferId: offerId,
            supplierId: offer.supplierId,
            purchaseRequestOperationId: kind === 'operation' ? line.lineId : null,
            purchaseRequestPartId: kind === 'part' ? line.lineId : null,
            suppliableId,
            bulkPrices: bandsOf(line.landed),
            deactivatedSuppliableIds: deactivated.map((row) => row.id),
            awardedBy: userId,
            awardedAt: new Date(),
          }),
        );
        const previous = moved.get(line.lineId);
        if (previous) await manager.query(`UPDATE purchase_request_awards SET replaced_by = $2 WHERE id = $1`, [previous, award.id]);
      }
      await this.outbox.emit('pricing.reprice', { source: 'suppliable', sourceId: suppliableId, reason: REPRICE_REASON });
    }

    const awarded = await this.list({ supplierOfferId: offerId, active: 'true', _end: 1000 });
    return { message: translate(locale, 'offer_awarded'), data: awarded.rows };
  }

  /**
   * Withdraws an award (kept, with `withdrawnAt`). The suppliable it wrote is switched off unless another
   * active award uses it; the other suppliers' suppliables it switched off are switched on again unless
   * the part or operation is still awarded. Prices written are not rolled back.
   */
  async withdraw(id: string, userId: string) {
    const manager = this.manager;
    const [found] = await manager.query(`SELECT purchase_request_id FROM purchase_request_awards WHERE id = $1`, [id]);
    if (!found) throw new RecordNotFound();
    await manager.query(`SELECT 1 FROM purchase_requests WHERE id = $1 FOR UPDATE`, [found.purchase_request_id]);
    const award = await manager.getRepository(PurchaseRequestAward).findOneByOrFail({ id });
    if (award.withdrawnAt) throw new AppException(HttpStatus.CONFLICT, 'award_withdrawn', 'award_withdrawn');
    await manager.query(`UPDATE purchase_request_awards SET withdrawn_at = now(), withdrawn_by = $2, updated_at = now() WHERE id = $1`, [id, userId]);
    const [suppliable] = award.suppliableId ? await manager.query(`SELECT id, type, part_id, operation_id FROM suppliables WHERE id = $1`, [award.suppliableId]) : [];
    if (suppliable) {
      const kind = suppliable.type as OfferLineKind;
      const targetId = (kind === 'part' ? suppliable.part_id : suppliable.operation_id) as string;
      await manager.query(`SELECT 1 FROM ${targetTable(kind)} WHERE id = $1 FOR UPDATE`, [targetId]);
      const [stillUsed] = await manager.query(`SELECT 1 FROM purchase_request_awards WHERE suppliable_id = $1 AND withdrawn_at IS NULL LIMIT 1`, [suppliable.id]);
      if (!stillUsed) await manager.query(`UPDATE suppliables SET active = false, updated_at = now() WHERE id = $1`, [suppliable.id]);
      const [stillAwarded] = await manager.query(
        `SELECT 1 FROM purchase_request_awards a JOIN suppliables s ON s.id = a.suppliable_id WHERE a.withdrawn_at IS NULL AND s.${targetColumn(kind)} = $1 LIMIT 1`,
        [targetId],
      );
      if (!stillAwarded && award.deactivatedSuppliableIds.length > 0) {
        await manager.query(`UPDATE suppliables SET active = true, updated_at = now() WHERE id = ANY($1::uuid[])`, [award.deactivatedSuppliableIds]);
      }
      await this.outbox.emit('pricing.reprice', { source: 'suppliable', sourceId: suppliable.id, reason: REPRICE_REASON });
    }
    return this.get(id);
  }

  /** The offer's tiers per line (`kind:lineId` → tiers). */
  private async pricedLines(offerId: string): Promise<Map<string, OfferTier[]>> {
    const rows: Array<{ kind: string; line_id: string; quantity: string; unit_price: string }> = await this.manager.query(
      `SELECT CASE WHEN purchase_request_operation_id IS NOT NULL THEN 'operation' ELSE 'part' END AS kind,
              coalesce(purchase_request_operation_id, purchase_request_part_id) AS line_id, quantity, unit_price
         FROM supplier_offer_prices WHERE supplier_offer_id = $1`,
      [offerId],
    );
    const lines = new Map<string, OfferTier[]>();
    for (const row of rows) {
      const key = lineKey(row.kind, row.line_id);
      lines.set(key, [...(lines.get(key) ?? []), { quantity: row.quantity, unitPrice: row.unit_price }]);
    }
    return lines;
  }

  /** The request's operations and parts with what each buys (`kind:lineId` → line). */
  private async requestLines(purchaseRequestId: string): Promise<Map<string, RequestLine>> {
    const rows: Array<{ kind: OfferLineKind; line_id: string; target_id: string | null }> = await this.manager.query(
      `SELECT 'operation' AS kind, pro.id AS line_id, po.operation_id AS target_id
         FROM purchase_request_operations pro JOIN product_operations po ON po.id = pro.product_operation_id
        WHERE pro.purchase_request_id = $1
       UNION ALL
       SELECT 'part', prt.id, pp.part_id
         FROM purchase_request_parts prt JOIN product_parts pp ON pp.id = prt.product_part_id
        WHERE prt.purchase_request_id = $1`,
      [purchaseRequestId],
    );
    return new Map(rows.map((row) => [lineKey(row.kind, row.line_id), { kind: row.kind, lineId: row.line_id, targetId: row.target_id }]));
  }

  /** The lines named (each checked), or every line the offer prices that buys something. */
  private chosenLines(input: AwardOfferDto, requestLines: Map<string, RequestLine>, priced: Map<string, OfferTier[]>): Array<RequestLine & { targetId: string }> {
    const buys = (line: RequestLine): line is RequestLine & { targetId: string } => line.targetId !== null;
    if (!input.lines) {
      const all = [...priced.keys()].map((key) => requestLines.get(key)).filter((line): line is RequestLine => line !== undefined);
      const bought = all.filter(buys);
      if (bought.length === 0) throw new FieldInvalid('lines', all.length > 0 ? 'award_line_not_bought' : 'award_lines_required');
      return bought;
    }
    const chosen = new Map<string, RequestLine & { targetId: string }>();
    input.lines.forEach((named, index) => {
      const key = lineKey(named.kind, named.lineId);
      const line = requestLines.get(key);
      if (!line) throw new FieldInvalid(`lines.${index}.lineId`, 'award_line_unknown');
      if (!priced.has(key)) throw new FieldInvalid(`lines.${index}.lineId`, 'award_line_not_priced');
      if (!buys(line)) throw new FieldInvalid(`lines.${index}.lineId`, 'award_line_not_bought');
      chosen.set(key, line);
    });
    return [...chosen.values()];
  }

  /**
   * The supplier's suppliable of the part or operation, made the award's: found by supplier and part or
   * operation (the active one first, then the oldest), its cost and bands replaced and switched on; else a
   * new one numbered `<request number>-<n>`, n one above the highest the supplier has under that prefix.
   */
  private async writeSuppliable(supplierId: string, kind: OfferLineKind, targetId: string, bands: Band[], requestNumber: string): Promise<string> {
    const manager = this.manager;
    const cost = costBelowBands(bands);
    const [existing] = await manager.query(
      `SELECT id FROM suppliables WHERE supplier_id = $1 AND type = $2 AND ${targetColumn(kind)} = $3 ORDER BY active DESC, created_at, id LIMIT 1`,
      [supplierId, kind, targetId],
    );
    let suppliableId: string;
    if (existing) {
      suppliableId = existing.id;
      await manager.query(`UPDATE suppliables SET cost = $2, active = true, updated_at = now() WHERE id = $1`, [suppliableId, cost]);
      await manager.query(`DELETE FROM suppliable_bulk_prices WHERE suppliable_id = $1`, [suppliableId]);
    } else {
      const prefix = `${requestNumber}-`;
      const [{ last }] = await manager.query(
        `SELECT coalesce(max(substring(number FROM $3)::numeric), 0) AS last FROM suppliables
          WHERE supplier_id = $1 AND left(number, length($2)) = $2 AND substring(number FROM $3) IS NOT NULL`,
        [supplierId, prefix, `^${prefix.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}(\\d{1,9})$`],
      );
      const [created] = await manager.query(
        `INSERT INTO suppliables (type, number, supplier_id, ${targetColumn(kind)}, cost, active) VALUES ($1, $2, $3, $4, $5, true) RETURNING id`,
        [kind, `${prefix}${Number(last) + 1}`, supplierId, targetId, cost],
      );
      suppliableId = created.id;
    }
    await manager.query(
      `INSERT INTO suppliable_bulk_prices (suppliable_id, min_quantity, max_quantity, unit_price)
       SELECT $1, min_quantity, max_quantity, unit_price FROM unnest($2::numeric[], $3::numeric[], $4::numeric[]) AS band(min_quantity, max_quantity, unit_price)`,
      [suppliableId, bands.map((band) => band.minQuantity), bands.map((band) => band.maxQuantity), bands.map((band) => band.unitPrice)],
    );
    return suppliableId;
  }
}
