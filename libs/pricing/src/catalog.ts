import { BandedAsset, bandAsset } from './bands';
import { optionalDecimal } from './decimal';
import { invalidData } from './errors';
import { factorsByScope, ValidFactor } from './factors';
import { amount, Explained } from './figure';
import { PricedMaterial, priceMaterialOn } from './material';
import { memo } from './memo';
import { Offerings, offeringsOf } from './purchase';
import { Words, wordsFor } from './words';
import { Asset, FactorScope, IsoDate, Material, MaterialGroup, Part, PricingRequest, Product, Suppliable } from './types';

function byId<T extends { id: string }>(rows: readonly T[] | undefined): Map<string, T> {
  return new Map((rows ?? []).map((row) => [row.id, row]));
}

/**
 * One request's price data, indexed, with each row parsed and narrowed to the pricing date the
 * first time a product line uses it. It lives for one request only, so nothing is shared
 * between requests.
 */
export class Catalog {
  /** The explanations' words (request.language) and currency. */
  readonly words: Words;
  readonly products: Map<string, Product>;
  /** The organization's factors valid on the date, by scope. */
  readonly factors: Record<FactorScope, ValidFactor[]>;
  private readonly materials: Map<string, Material>;
  private readonly groups: Map<string, MaterialGroup>;
  private readonly assets: Map<string, Asset>;
  private readonly parts: Map<string, Part>;
  private readonly suppliables: Map<string, Suppliable[]> = new Map();
  private readonly pricedMaterials = new Map<string, PricedMaterial>();
  private readonly bandedAssets = new Map<string, BandedAsset>();
  /** By type, then by the part's or operation's id: every part line and bought-in operation asks, without a key to write. */
  private readonly offerings: Record<Suppliable['type'], Map<string, Offerings>> = { part: new Map(), operation: new Map() };
  private readonly ownCosts = new Map<Part, Explained>();

  constructor(
    request: PricingRequest,
    readonly date: IsoDate,
  ) {
    const { prices } = request;
    this.words = wordsFor(request.language, request.currency ?? '€');
    this.products = byId(prices.products);
    // The product being priced wins over a stored copy of itself.
    this.products.set(request.product.id, request.product);
    this.materials = byId(prices.materials);
    this.groups = byId(prices.groups);
    this.assets = byId(prices.assets);
    this.parts = byId(prices.parts);
    for (const suppliable of prices.suppliables ?? []) {
      const suppliedId = suppliable.type === 'part' ? suppliable.partId : suppliable.operationId;
      if (!suppliable.active || !suppliedId) continue;
      memo(this.suppliables, `${suppliable.type}:${suppliedId}`, () => []).push(suppliable);
    }
    this.factors = factorsByScope(prices.factors ?? [], date, this.words);
  }

  // Each lookup reads its map first: most find the row, and then no closure is made for the memo.
  material(id: string, referrer: string): PricedMaterial {
    return this.pricedMaterials.get(id) ?? memo(this.pricedMaterials, id, () => {
      const material = lookup(this.materials, id, 'material', referrer);
      const group = material.groupId ? lookup(this.groups, material.groupId, 'material group', `Material ${material.name}`) : null;
      return priceMaterialOn(material, group, this.date, this.words);
    });
  }

  asset(id: string, referrer: string): BandedAsset {
    return this.bandedAssets.get(id) ?? memo(this.bandedAssets, id, () => bandAsset(lookup(this.assets, id, 'asset', referrer)));
  }

  part(id: string, referrer: string): Part {
    return lookup(this.parts, id, 'part', referrer);
  }

  product(id: string, referrer: string): Product {
    return lookup(this.products, id, 'sub-assembly', referrer);
  }

  /** The active suppliables of a part or operation. */
  offeringsFor(type: Suppliable['type'], suppliedId: string): Offerings {
    const byId = this.offerings[type];
    return byId.get(suppliedId) ?? memo(byId, suppliedId, () => offeringsOf(this.suppliables.get(`${type}:${suppliedId}`) ?? [], this.date, this.words));
  }

  /** A part's own cost, for when no suppliable covers the quantity; null if it has none. */
  ownCost(part: Part): Explained | null {
    const known = this.ownCosts.get(part);
    if (known) return known;
    const cost = optionalDecimal(part.ownCost, `Part ${part.name}: own cost`);
    if (cost === null) return null;
    const figure = amount(cost, this.words.currency, this.words.ownCostOf(part.name));
    this.ownCosts.set(part, figure);
    return figure;
  }
}

/** A referenced row, or an error naming who refers to it. */
function lookup<T>(rows: Map<string, T>, id: string, kind: string, referrer: string): T {
  const row = rows.get(id);
  if (row === undefined) throw invalidData('unknown-reference', `${referrer} refers to ${kind} ${id}, which is not in the price data`);
  return row;
}
