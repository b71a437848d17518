import { HttpStatus, Injectable } from '@nestjs/common';
import { loadPriceData, loadProducts, standardTiers } from '@fabquote/calculations';
import { organizationCurrency, TenantTransactions } from '@fabquote/database';
import { Decimal, priceTiers, PricingError } from '@fabquote/pricing';
import { Locale, Phrase, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid, RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../../common/list-query';
import { userNames } from '../../identity';
import { SuppliableOffer, Suppliables } from '../../master-data';
import { ProductUsage } from '../../products';
import { AwardOfferDto } from './award.dto';
import { AwardRepository, AwardRow } from './award.repository';
import { PurchaseRequestAward } from './award.entity';
import { askedTiers, Band, bandsOf, costBelowBands, LandedTier, landedTiers, mergedTiers, OfferTier } from './award.rules';
import { SupplierOffer } from '../offers/supplier-offer.entity';
import { AskedLineRepository } from '../requests/asked-line.repository';
import { OfferLineKind } from '../requests/asked-lines';
import { ProcurementClock } from '../shared/procurement-clock';

/** A product the award would reprice: its unit price per piece at each tier, before and after (decimal strings). */
export interface AwardPreviewProduct {
  productId: string;
  number: string | null;
  name: string;
  tiers: Array<{ quantity: number; before: string | null; after: string | null }>;
  rises: boolean;
}

/** An existing suppliable of an awarded part or operation and what the award does to it. */
export interface AwardPreviewSuppliable {
  suppliableId: string | null;
  supplierName: string;
  lineName: string | null;
  kind: OfferLineKind;
  cost: string | null;
  bulkPrices?: Array<{ minQuantity: number; maxQuantity: number | null; unitPrice: string }>;
  action: 'switch-off' | 'replace' | 'keep';
}

/** What an award does, as the preview shows it and the award's notice names it. */
interface AwardOutcome {
  products: AwardPreviewProduct[];
  suppliables: AwardPreviewSuppliable[];
}

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

/** numeric(14, 4): ten digits before the point. */
const PRICE_MAX = 9_999_999_999;

const REPRICE_REASON: Phrase = { key: 'reprice_reason', params: { what: { key: 'what_award' } } };

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

const awardRow = (row: AwardRow) => ({ ...row, bulkPrices: presentedBands(row.bulkPrices ?? []) });

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
    private readonly suppliableRecords: Suppliables,
    private readonly productUsage: ProductUsage,
    private readonly clock: ProcurementClock,
    private readonly awardRecords: AwardRepository,
    private readonly askedLines: AskedLineRepository,
  ) {}

  async list(query: Record<string, unknown>) {
    const page = await readPage(this.awardRecords.listBuilder(), parseListRequest(query, AWARDS), AWARDS);
    return new Page(await this.named(page.rows), page.total);
  }

  async get(id: string) {
    const row = await this.awardRecords.award(id);
    if (!row) throw new RecordNotFound();
    const [named] = await this.named([row]);
    return named;
  }

  /** The rows as the API answers them, with the name of who awarded each (identity's users). */
  private async named(rows: AwardRow[]) {
    const names = await userNames(this.tenant.manager(), rows.map((row) => row.awardedBy));
    return rows.map((row) => awardRow({ ...row, awardedByName: (row.awardedBy && names.get(row.awardedBy)) ?? null }));
  }

  /**
   * Awards the offer's lines (all it prices, or those named). Refused: an offer that is not the latest
   * revision (409), a line not of its request or not priced by it (422 on `lines.<i>.lineId`). A line
   * awarded to another offer moves: that award is withdrawn (`replacedBy` the new one). A line already
   * awarded to this offer stays as it is.
   */
  async award(offerId: string, input: AwardOfferDto, userId: string, locale: Locale) {
    const outcome = await this.apply(offerId, input, userId);
    const awarded = await this.list({ supplierOfferId: offerId, active: 'true', _end: 1000 });
    return {
      message: translate(locale, 'offer_awarded'),
      data: awarded.rows,
      priceRises: outcome.products.filter((product) => product.rises).map(({ productId, number, name }) => ({ productId, number, name })),
    };
  }

  /**
   * What the award would do, written nowhere: the award itself runs inside a savepoint of the
   * request's transaction, the affected products are priced before and after with the pricing engine, and the
   * savepoint is rolled back. One source of truth: the very code of the award. Refused as the award is.
   */
  async preview(offerId: string, input: AwardOfferDto, userId: string) {
    const outcome = await this.awardRecords.rolledBack(() => this.apply(offerId, input, userId));
    return { data: { currency: (await organizationCurrency(this.tenant.manager())).toUpperCase(), ...outcome } };
  }

  /** The award's writes (and its outbox events), with the affected products priced before and after. */
  private async apply(offerId: string, input: AwardOfferDto, userId: string): Promise<AwardOutcome> {
    const manager = this.tenant.manager();
    const found = await this.awardRecords.offer(offerId);
    if (!found) throw new RecordNotFound();
    // Awards of one request one after the other; a revision submitted meanwhile waits (the page locks this supplier's row too).
    const request = await this.awardRecords.lockRequest(found.purchase_request_id, found.supplier_id);
    const offer = await manager.getRepository(SupplierOffer).findOneByOrFail({ id: offerId });
    if (!offer.latest) throw new AppException(HttpStatus.CONFLICT, 'award_not_latest', 'award_not_latest');

    // Only prices at asked quantities count, and the shared costs are split over the lines priced at them: as the rating.
    const asked = new Map((await this.askedLines.of(request.id)).map((line) => [lineKey(line.kind, line.id), line.quantities]));
    const priced = askedTiers(await this.pricedLines(offerId), asked);
    const costs = { packaging: offer.packagingCost, shipping: offer.shippingCost, customs: offer.customsCost };
    const chosen = this.chosenLines(input, await this.requestLines(request.id), priced).map(
      (line): AwardedLine => ({ ...line, landed: landedTiers(priced.get(lineKey(line.kind, line.lineId))!, costs, priced.size) }),
    );

    const current = await this.awardRecords.activeOfLines(chosen.map((line) => line.lineId));
    const kept = new Set(current.filter((award) => award.supplier_offer_id === offerId).map((award) => award.line_id));
    const moved = new Map(current.filter((award) => award.supplier_offer_id !== offerId).map((award) => [award.line_id, award.id]));

    const targets = new Map<string, AwardedLine[]>();
    for (const line of chosen.filter((line) => !kept.has(line.lineId))) {
      const key = lineKey(line.kind, line.targetId);
      targets.set(key, [...(targets.get(key) ?? []), line]);
    }
    const switchOffOthers = input.switchOffOthers === true;
    const suppliables = await this.affectedSuppliables(offer.supplierId, [...targets.values()].map((lines) => lines[0]), switchOffOthers);
    const products = await this.affectedProducts(request.id, [...targets.values()].map((lines) => lines[0]));
    const before = await this.unitPrices(products);

    // A move ends the other award first: one active award per line.
    if (moved.size > 0) {
      await this.awardRecords.withdraw([...moved.values()], userId, this.clock.now());
    }
    // In a fixed order, so two awards of the same parts never wait for each other crosswise.
    for (const key of [...targets.keys()].sort()) {
      const lines = targets.get(key)!;
      const { kind, targetId } = lines[0];
      await this.suppliableRecords.lockTarget(kind, targetId);
      const bands = bandsOf(mergedTiers(lines.map((line) => line.landed)));
      // Shared costs over a tiny quantity can land above what numeric(14, 4) holds: said, not a database error.
      if (bands.some((band) => Number(band.unitPrice) > PRICE_MAX)) throw new FieldInvalid('lines', 'number_too_large', { max: PRICE_MAX });
      const suppliableId = await this.suppliableRecords.save({
        supplierId: offer.supplierId,
        kind,
        targetId,
        cost: costBelowBands(bands),
        bands,
        numberPrefix: `${request.number}-`,
      });
      // Other suppliers' suppliables stay active unless switching them off is asked for: the engine buys the cheapest.
      const deactivated = switchOffOthers ? await this.suppliableRecords.switchOffOthers(kind, targetId, suppliableId) : [];
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
            deactivatedSuppliableIds: deactivated,
            awardedBy: userId,
            awardedAt: this.clock.now(),
          }),
        );
        const previous = moved.get(line.lineId);
        if (previous) await this.awardRecords.replaced(previous, award.id);
      }
      await this.outbox.emit('pricing.reprice', { source: 'suppliable', sourceId: suppliableId, reason: REPRICE_REASON });
    }

    const after = await this.unitPrices(products);
    return {
      suppliables,
      products: products.map((product, index) => {
        const tiers = product.quantities.map((quantity) => ({ quantity: Number(quantity), before: before[index]?.get(quantity) ?? null, after: after[index]?.get(quantity) ?? null }));
        const rises = tiers.some((tier) => tier.before !== null && tier.after !== null && Decimal.from(tier.before).lt(Decimal.from(tier.after)));
        return { productId: product.id, number: product.number, name: product.name, tiers, rises };
      }),
    };
  }

  /**
   * The existing suppliables of the awarded parts and operations and what the award does to each: the awarded
   * supplier's (found as `Suppliables.supplierSuppliable` finds it) is replaced, or made (`suppliableId` null); every other
   * active one is kept, or switched off when asked.
   */
  private async affectedSuppliables(supplierId: string, lines: AwardedLine[], switchOffOthers: boolean): Promise<AwardPreviewSuppliable[]> {
    const result: AwardPreviewSuppliable[] = [];
    for (const { kind, targetId } of [...lines].sort((a, b) => lineKey(a.kind, a.targetId).localeCompare(lineKey(b.kind, b.targetId)))) {
      const rows = await this.suppliableRecords.ofTarget(kind, targetId);
      const own = rows.find((row) => row.supplierId === supplierId && row.kind === kind);
      const present = (row: SuppliableOffer, action: AwardPreviewSuppliable['action']): AwardPreviewSuppliable => ({
        suppliableId: row.id,
        supplierName: row.supplierName,
        lineName: row.lineName,
        kind,
        cost: row.cost,
        bulkPrices: row.bands.map((band) => ({ minQuantity: Number(band.minQuantity), maxQuantity: band.maxQuantity === null ? null : Number(band.maxQuantity), unitPrice: band.unitPrice })),
        action,
      });
      if (own) result.push(present(own, 'replace'));
      else {
        const names = await this.suppliableRecords.names(supplierId, kind, targetId);
        result.push({ suppliableId: null, supplierName: names.supplierName ?? '', lineName: names.lineName, kind, cost: null, action: 'replace' });
      }
      for (const row of rows.filter((row) => row !== own && row.active)) result.push(present(row, switchOffOthers ? 'switch-off' : 'keep'));
    }
    return result;
  }

  /**
   * The products the award reprices: those using an awarded part or operation and every assembly above them,
   * where calculated or asked in this request; each at its latest calculation's quantities (else the request's
   * asked quantities, else the standard tiers).
   */
  private async affectedProducts(purchaseRequestId: string, lines: AwardedLine[]): Promise<Array<{ id: string; number: string | null; name: string; quantities: string[] }>> {
    const partIds = lines.filter((line) => line.kind === 'part').map((line) => line.targetId);
    const operationIds = lines.filter((line) => line.kind === 'operation').map((line) => line.targetId);
    if (lines.length === 0) return [];
    const using = await this.productUsage.using({ partIds, operationIds });
    const asked = await this.awardRecords.askedQuantities(purchaseRequestId, using.map((product) => product.id));
    const askedOf = new Map(asked.map((row) => [row.product_id, row.quantities]));
    const rows = using.filter((product) => product.hasCalculation || askedOf.has(product.id)).map((product) => ({ ...product, asked: askedOf.get(product.id) ?? null }));
    const standard = await standardTiers(this.tenant.manager());
    const plain = (values: string[]) => values.map((value) => Decimal.from(value).toFixed());
    return rows.map((row) => ({
      id: row.id,
      number: row.number,
      name: row.name,
      quantities: plain(row.calculated?.length ? row.calculated : row.asked?.length ? row.asked : standard),
    }));
  }

  /**
   * Each product's unit price per piece at its quantities on today's prices, today by the procurement clock (pure engine,
   * nothing stored); null where it can not be priced.
   */
  private async unitPrices(products: Array<{ id: string; quantities: string[] }>): Promise<Array<Map<string, string> | null>> {
    if (products.length === 0) return [];
    const manager = this.tenant.manager();
    const loaded = await loadProducts(manager, products.map((product) => product.id));
    const data = await loadPriceData(manager, loaded.values());
    const currency = await organizationCurrency(manager);
    const date = this.clock.now().toISOString().slice(0, 10);
    return products.map(({ id, quantities }) => {
      const product = loaded.get(id);
      if (!product) return null;
      try {
        const priced = priceTiers({ product, quantities, date, currency, prices: { ...data, products: [...loaded.values()].filter((other) => other.id !== id) } });
        return new Map(priced.tiers.map((tier) => [Decimal.from(String(tier.quantity)).toFixed(), tier.unitPrice]));
      } catch (error) {
        if (error instanceof PricingError) return null;
        throw error;
      }
    });
  }

  /**
   * Withdraws an award (kept, with `withdrawnAt`). The suppliable it wrote is switched off unless another
   * active award uses it; the other suppliers' suppliables it switched off are switched on again unless
   * the part or operation is still awarded. Prices written are not rolled back.
   */
  async withdraw(id: string, userId: string) {
    const manager = this.tenant.manager();
    const purchaseRequestId = await this.awardRecords.requestOf(id);
    if (!purchaseRequestId) throw new RecordNotFound();
    await this.awardRecords.lockRequest(purchaseRequestId);
    const award = await manager.getRepository(PurchaseRequestAward).findOneByOrFail({ id });
    if (award.withdrawnAt) throw new AppException(HttpStatus.CONFLICT, 'award_withdrawn', 'award_withdrawn');
    await this.awardRecords.withdraw([id], userId, this.clock.now());
    const suppliable = award.suppliableId ? await this.suppliableRecords.find(award.suppliableId) : null;
    if (suppliable) {
      const { kind, targetId } = suppliable;
      await this.suppliableRecords.lockTarget(kind, targetId);
      if (!(await this.awardRecords.anyActiveUsing([suppliable.id]))) await this.suppliableRecords.switchOff(suppliable.id);
      const stillAwarded = await this.awardRecords.anyActiveUsing(await this.suppliableRecords.idsOf(kind, targetId));
      if (!stillAwarded && award.deactivatedSuppliableIds.length > 0) {
        await this.suppliableRecords.switchOn(award.deactivatedSuppliableIds);
      }
      await this.outbox.emit('pricing.reprice', { source: 'suppliable', sourceId: suppliable.id, reason: REPRICE_REASON });
    }
    return this.get(id);
  }

  /** The offer's tiers per line (`kind:lineId` → tiers). */
  private async pricedLines(offerId: string): Promise<Map<string, OfferTier[]>> {
    const rows = await this.awardRecords.offerPrices(offerId);
    const lines = new Map<string, OfferTier[]>();
    for (const row of rows) {
      const key = lineKey(row.kind, row.line_id);
      lines.set(key, [...(lines.get(key) ?? []), { quantity: row.quantity, unitPrice: row.unit_price }]);
    }
    return lines;
  }

  /** The request's operations and parts with what each buys (`kind:lineId` → line). */
  private async requestLines(purchaseRequestId: string): Promise<Map<string, RequestLine>> {
    const rows = await this.awardRecords.requestLines(purchaseRequestId);
    // What each line buys is the products' line's (its operation or part).
    const bought = await this.productUsage.bought({
      operationLineIds: rows.filter((row) => row.kind === 'operation').map((row) => row.product_line_id),
      partLineIds: rows.filter((row) => row.kind === 'part').map((row) => row.product_line_id),
    });
    return new Map(rows.map((row) => [lineKey(row.kind, row.line_id), { kind: row.kind, lineId: row.line_id, targetId: bought.get(row.product_line_id) ?? null }]));
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
}
