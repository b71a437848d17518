import type { MessageKey } from '@fabquote/i18n';

/**
 * Plain data in and out of the pricing engine. Units are fixed (see README.md):
 * lengths in mm, density in g/cm³ (= kg/dm³), operation and program times in minutes,
 * pierce, bend and handling times in seconds, cut speed in mm/min, rates per hour.
 * Dates are calendar days as `YYYY-MM-DD` strings.
 */

/** A decimal value as it comes from the database (numeric columns arrive as strings) or a form. */
export type DecimalInput = string | number;

/** A calendar day, `YYYY-MM-DD`. */
export type IsoDate = string;

/** What a material price is per. `m2` is a square metre. */
export type PriceUnit = 'kg' | 'm2' | 'sheet' | 'piece';

// ─── The product ──────────────────────────────────────────────────────────────

/** The rectangle cut from the sheet for one piece, in mm. The added width and length are the margins nesting needs. */
export interface Blank {
  width: DecimalInput;
  length: DecimalInput;
  addedWidth?: DecimalInput | null;
  addedLength?: DecimalInput | null;
  thickness: DecimalInput;
}

export type ContourKind = 'inner' | 'outer';

export interface Contour {
  kind: ContourKind;
  /** mm */
  length: DecimalInput;
  /** How many such contours the part has (a whole number from 1; empty: 1). An outer contour is one. */
  count?: number | null;
}

export type HoleKind = 'hole' | 'thread' | 'counterbore' | 'countersink';
export type ToleranceClass = 'default' | 'coarse' | 'medium' | 'precise';

/**
 * A hole, in mm. The laser cuts `diameter`; a counterbore or countersink given only by its
 * inner and outer diameter is cut at the inner (through) diameter.
 */
export interface Hole {
  kind?: HoleKind;
  toleranceClass?: ToleranceClass;
  diameter?: DecimalInput | null;
  innerDiameter?: DecimalInput | null;
  outerDiameter?: DecimalInput | null;
  depth?: DecimalInput | null;
  innerDepth?: DecimalInput | null;
  outerDepth?: DecimalInput | null;
  through?: boolean;
  /** How many such holes the part has: 4 × Ø8 is one hole with count 4 (a whole number from 1; empty: 1). */
  count?: number | null;
}

export interface Bend {
  /** Looked up in the bending time model's seconds per bend. */
  bendClass: string;
  /** mm */
  length?: DecimalInput | null;
  /** degrees */
  angle?: DecimalInput | null;
  combinedBends?: number | null;
  /** How many such bends the part has (a whole number from 1; empty: 1); each is timed as one bend. */
  count?: number | null;
}

export interface Geometry {
  contours?: Contour[];
  holes?: Hole[];
  bends?: Bend[];
}

/** A material line of the product's production. Without a usage, the usage comes from the blank. */
export interface ProductMaterial {
  materialId: string;
  /** In the material's price unit (kg, m², sheets or pieces) per piece of the product. */
  usagePerUnit?: DecimalInput | null;
}

/** An operation line of the product's production. */
export interface ProductOperation {
  name: string;
  /** The operation master record; a bought-in operation is matched to suppliables through it. */
  operationId?: string | null;
  sorting?: number | null;
  assetId?: string | null;
  /** Minutes per piece. Empty: derived from the geometry through the asset's time model. */
  timePerUnit?: DecimalInput | null;
  /** Currency per hour. */
  hourlyRate?: DecimalInput | null;
  /** Minutes per order. Empty: the program cost of the asset's price band, if any. */
  programTime?: DecimalInput | null;
  /** Currency per hour. */
  programRate?: DecimalInput | null;
  /** Done by a supplier: priced from suppliables of type operation, not by the shop's labor. */
  boughtIn?: boolean;
}

/** A part line: a bought or standard part, or a sub-assembly (another product). */
export type ProductPart =
  | { kind: 'part'; partId: string; quantity: DecimalInput }
  | { kind: 'sub-assembly'; productId: string; quantity: DecimalInput };

export interface Product {
  id: string;
  name: string;
  number?: string | null;
  /**
   * The sheet material on the product's details; its group selects the laser's cut speed (else the
   * first material line's). Without material lines it is the product's material, its usage from the
   * blank; with material lines, the lines are the material and this one is not priced again.
   */
  materialId?: string | null;
  blank?: Blank | null;
  geometry?: Geometry | null;
  materials?: ProductMaterial[];
  operations?: ProductOperation[];
  parts?: ProductPart[];
}

// ─── Master data the engine reads ─────────────────────────────────────────────

/** An entry of a material's price history. */
export interface MaterialPrice {
  price: DecimalInput;
  validFrom: IsoDate;
}

export interface Material {
  id: string;
  name: string;
  groupId?: string | null;
  priceUnit: PriceUnit;
  /** Used when no price history entry is valid on the date. */
  pricePerUnit: DecimalInput;
  prices?: MaterialPrice[];
  /** g/cm³ (= kg/dm³); steel ≈ 7.85. Needed for a price per kg when the usage comes from the blank. */
  density?: DecimalInput | null;
  /** Sheet size in mm; needed for a price per sheet when the usage comes from the blank. */
  width?: DecimalInput | null;
  length?: DecimalInput | null;
}

/**
 * A group price, per the material's price unit. Ranges are inclusive at both ends and open
 * where empty. Among the entries that match, the latest valid-from wins, then the first listed.
 */
export interface GroupPrice {
  price: DecimalInput;
  validFrom: IsoDate;
  /** mm */
  thicknessFrom?: DecimalInput | null;
  thicknessTo?: DecimalInput | null;
  /** Pieces of the product ordered. */
  minQuantity?: DecimalInput | null;
  maxQuantity?: DecimalInput | null;
}

export interface MaterialGroup {
  id: string;
  name: string;
  prices?: GroupPrice[];
}

/** An asset price band: applies from `quantity` pieces up to the next band's quantity. */
export interface AssetPriceBand {
  quantity: DecimalInput;
  /** Per order. */
  inputCost: DecimalInput;
  /** Per order. */
  setupCost: DecimalInput;
  /** Per order; used when the operation has no program time. */
  programCost: DecimalInput;
  /** Per piece; the labor when the asset does not calculate by time. */
  price: DecimalInput;
}

/** Cut speed and pierce time of a laser for a material group (empty: any) and thickness range (mm, inclusive). */
export interface CuttingRate {
  materialGroupId?: string | null;
  thicknessFrom?: DecimalInput | null;
  thicknessTo?: DecimalInput | null;
  /** mm/min */
  cutSpeed: DecimalInput;
  /** seconds per pierce */
  pierceTime: DecimalInput;
}

export interface LaserCuttingModel {
  kind: 'laser-cutting';
  /** The most specific rate matching the material group and thickness applies (README.md); an equal tie is an error. */
  rates: CuttingRate[];
}

export interface BendingModel {
  kind: 'bending';
  secondsPerBend: Array<{ bendClass: string; seconds: DecimalInput }>;
  /** Seconds per piece for picking up, turning and putting down. */
  handlingSeconds?: DecimalInput | null;
}

export type TimeModel = LaserCuttingModel | BendingModel;

export interface Asset {
  id: string;
  name: string;
  calculateByTime: boolean;
  prices?: AssetPriceBand[];
  timeModel?: TimeModel | null;
}

export interface Part {
  id: string;
  name: string;
  number?: string | null;
  /** Per piece; used when no active suppliable offers the quantity. */
  ownCost?: DecimalInput | null;
}

/** Scope a factor multiplies. Factors without a scope multiply the total. */
export type FactorScope = 'material' | 'labor' | 'purchase' | 'setup' | 'program' | 'total';

/** A multiplier, valid from and until the given days inclusive (empty: open). */
export interface Factor {
  id?: string;
  name: string;
  value: DecimalInput;
  validFrom?: IsoDate | null;
  validUntil?: IsoDate | null;
  /** Ignored for a suppliable's own factors, which multiply its unit cost. */
  scope?: FactorScope | null;
}

/** A bulk price band of a suppliable: `minQuantity` to `maxQuantity` pieces inclusive (empty max: open). */
export interface BulkPrice {
  minQuantity: DecimalInput;
  maxQuantity?: DecimalInput | null;
  unitPrice: DecimalInput;
}

/**
 * What a supplier sells: a part or an operation. Without bulk prices, `cost` is its unit cost at
 * any quantity; with them, at the quantities none of its bands covers (a cost of zero: none there).
 */
export interface Suppliable {
  id: string;
  type: 'part' | 'operation';
  /** The part sold, for type part. */
  partId?: string | null;
  /** The operation sold, for type operation. */
  operationId?: string | null;
  number?: string | null;
  supplierName?: string | null;
  cost: DecimalInput;
  /** False when the suppliable or its supplier is inactive. */
  active: boolean;
  bulkPrices?: BulkPrice[];
  factors?: Factor[];
}

/** Everything the engine may look up. Arrays as read from the database; the engine indexes them. */
export interface PriceData {
  materials?: Material[];
  groups?: MaterialGroup[];
  assets?: Asset[];
  parts?: Part[];
  suppliables?: Suppliable[];
  /**
   * The organization's factors; each applies once, to its scope (see README.md). A factor linked to
   * a suppliable belongs in that suppliable's `factors` only, never here as well.
   */
  factors?: Factor[];
  /** Products used as sub-assemblies, at any depth. */
  products?: Product[];
}

export interface PricingRequest {
  product: Product;
  /** Tiers: pieces per order, positive whole numbers. */
  quantities: DecimalInput[];
  /** The day whose prices and factors apply. */
  date: IsoDate;
  prices: PriceData;
  /** Only for the formulas' text; default €. */
  currency?: string;
  /** The language explanations are written in; default English. Prices never depend on it. */
  language?: 'en' | 'de';
}

// ─── The result ───────────────────────────────────────────────────────────────

/**
 * One explained figure. `value` is for display (product prices to the cent, other amounts to
 * at most 4 decimals); `exact` keeps full precision. `formula` is written with the inputs'
 * display values; `inputs` names them, as figures to explain further or as plain text.
 */
export interface Figure {
  value: string;
  exact: string;
  unit: string;
  formula: string;
  inputs: Record<string, Figure | string>;
}

/** A component of the price per piece and for the whole order. */
export interface ComponentPrice {
  unit: Figure;
  total: Figure;
}

export interface TierPrice {
  quantity: number;
  material: ComponentPrice;
  labor: ComponentPrice;
  purchase: ComponentPrice;
  setup: ComponentPrice;
  program: ComponentPrice;
  unitPrice: Figure;
  totalPrice: Figure;
}

/** A component's prices without their explanation: to the cent, per piece and for the order. */
export interface ComponentPrices {
  unit: string;
  total: string;
}

/** A tier's prices without their explanation, as `TierPrice` gives them to the cent. */
export interface TierPrices {
  quantity: number;
  material: ComponentPrices;
  labor: ComponentPrices;
  purchase: ComponentPrices;
  setup: ComponentPrices;
  program: ComponentPrices;
  unitPrice: string;
  totalPrice: string;
}

export interface GeometryFigures {
  /** mm: contour lengths plus hole circumferences π·d. */
  cutLength: Figure;
  /** Inner contours + holes + 1 for the outer contour. */
  pierceCount: Figure;
  bendCount: Figure;
}

/** A `pricing_warning_…` message of `@fabquote/i18n`. */
export type PricingWarningKey = Extract<MessageKey, `pricing_warning_${string}`>;

/**
 * Something the data calls for that came out missing or zero (no material, an operation with no
 * time or rate, a part that costs nothing): the product is priced, but the price may be too low.
 * A phrase of `@fabquote/i18n` (`say(locale, warning)`), so each reader reads it in their language.
 */
export interface PricingWarning {
  key: PricingWarningKey;
  params: Record<string, string | number>;
}

export interface PricingResult {
  productId: string;
  date: IsoDate;
  currency: string;
  geometry: GeometryFigures | null;
  tiers: TierPrice[];
  /** In the order met, each once; sub-assemblies' too, naming their product. */
  warnings: PricingWarning[];
}

/** What `priceTiers` gives: the prices of `priceProduct`'s result, without explanations. */
export interface PricedTiers {
  productId: string;
  date: IsoDate;
  currency: string;
  tiers: TierPrices[];
  warnings: PricingWarning[];
}
