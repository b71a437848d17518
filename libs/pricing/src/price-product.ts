import { decimalParam } from '@fabquote/i18n';
import { assertNoAssemblyCycle } from './assembly';
import { Catalog } from './catalog';
import { isoDate } from './dates';
import { Decimal, PLACES, ZERO, formatAmount, formatCents, formatMeasure, multiply, quickDecimal, toCents, toDecimal } from './decimal';
import { invalidData, PricingError } from './errors';
import { applyFactors, ValidFactor } from './factors';
import { amount, Explained, price } from './figure';
import { geometryFigures, measureGeometry } from './geometry';
import { BlankSize, blankSize, materialLineCost, PreparedMaterialLine, prepareMaterialLine } from './material';
import { memo } from './memo';
import { OperationLine, operationLinesAt, PreparedOperation, prepareOperation } from './operations';
import { cheapestSuppliable, Offerings } from './purchase';
import { ByQuantity, Pieces, piecesTimes, Quantities } from './quantity';
import { TimeContext } from './time-models';
import { Words } from './words';
import {
  ComponentPrice,
  ComponentPrices,
  DecimalInput,
  Figure,
  Part,
  PricedTiers,
  PricingWarning,
  PricingWarningKey,
  PricingRequest,
  PricingResult,
  Product,
  ProductOperation,
  TierPrice,
  TierPrices,
} from './types';

type Line = [label: string, line: Explained];

/** A part line or sub-assembly line: how many go into one piece. */
interface PreparedQuantityLine {
  label: string;
  quantity: Decimal;
  /** The quantity in plain notation: the key of piecesTimes. */
  quantityText: string;
  /** The quantity as shown in formulas, in the request's language (shownCount), once an explanation needs it. */
  count?: string;
}

/** A line's quantity as its formulas show it, written once per request and only when explaining. */
function shownCount(line: PreparedQuantityLine, words: Words): string {
  return (line.count ??= words.number(formatMeasure(line.quantity)));
}

/** A number of pieces as formulas show it, written once per request: many formulas name the same quantity. */
function shownPieces(pieces: Pieces, words: Words): string {
  return (pieces.shown ??= words.number(pieces.text));
}

interface PreparedPartLine extends PreparedQuantityLine {
  /** 1, 2 … among the product's part lines, as its warnings name it. */
  line: number;
  part: Part;
  /** Line cost by the unit cost that applies, shared by the tiers at that unit cost. */
  costs: Map<Explained, Explained>;
  /** The part's suppliables, looked up at the first tier. */
  offerings?: Offerings;
}

interface PreparedSubAssemblyLine extends PreparedQuantityLine {
  product: Product;
  /** The sub-assembly prepared, kept once the line first asks: the line asks at every quantity. */
  prepared?: PreparedProduct;
}

interface PreparedBoughtOperation {
  line: OperationLine;
  operation: ProductOperation;
  /** The operation's suppliables, looked up at the first tier. */
  offerings?: Offerings;
}

type SumName = 'material' | 'labor' | 'bought' | 'setup' | 'program';

interface LastSum {
  lines: readonly Line[];
  sum: Explained;
}

/**
 * A group of a product's lines (its material lines, its labor …), written anew at every quantity but
 * kept as the very same array while each line is the very same figure as at the last quantity, as it
 * mostly is: no array and no line is allocated then, and its sum is known by the array alone.
 */
class LineGroup {
  /** The lines at the last quantity; never changed once `end` returned them. */
  private lines: Line[] = [];
  /** The last sum of these lines (componentSum): the next tier usually has the very same lines. */
  last: LastSum | null = null;
  private next: Line[] | null = null;
  private count = 0;

  begin(): void {
    this.next = null;
    this.count = 0;
  }

  add(label: string, figure: Explained): void {
    const i = this.count++;
    if (this.next === null) {
      const last = this.lines[i];
      if (last !== undefined && last[1] === figure && last[0] === label) return;
      this.next = this.lines.slice(0, i);
    }
    this.next.push([label, figure]);
  }

  end(): readonly Line[] {
    if (this.next === null && this.count === this.lines.length) return this.lines;
    this.lines = this.next ?? this.lines.slice(0, this.count);
    this.next = null;
    return this.lines;
  }
}

/** A product with everything that does not depend on the quantity worked out once per request. */
interface PreparedProduct {
  product: Product;
  materialLines: PreparedMaterialLine[];
  operations: PreparedOperation[];
  boughtOperations: PreparedBoughtOperation[];
  partLines: PreparedPartLine[];
  subAssemblyLines: PreparedSubAssemblyLine[];
  /** Costs by quantity, so a sub-assembly used twice at the same quantity is priced once. */
  costs: ByQuantity<ProductCost>;
  /** Each group's lines, kept from one quantity to the next. */
  groups: Record<SumName, LineGroup>;
  /** The last sum of each total across components (see totalOf). */
  totals: Partial<Record<TotalName, LastTotal>>;
  /** The last Σ quantity × fixed part of the sub-assembly lines (see subAssemblySum), and the last fixed part with it. */
  lastSubFixed: LastSubFixed | null;
  lastFixed: { base: Decimal; sub: Decimal; sum: Decimal } | null;
}

interface LastSubFixed {
  fixeds: Decimal[];
  sum: Decimal;
}

/**
 * Sums across components: `running` is material + labor + purchase per piece (tiers often differ
 * in setup and program only), `order` is setup + program per order (the same within a machine band).
 */
type TotalName = 'running' | 'order';

interface LastTotal {
  a: Explained;
  b: Explained;
  c: Explained | null;
  sum: Decimal;
}

type Component = 'material' | 'labor' | 'purchase' | 'setup' | 'program';

/**
 * A product's cost per piece at one quantity, before the total factors. Setup and program stay
 * per order: a sub-assembly's explanation shows their division in its formula rather than as
 * two more figures at every quantity.
 */
interface ProductCost {
  material: Explained;
  labor: Explained;
  purchase: Explained;
  setupPerOrder: Explained;
  programPerOrder: Explained;
  pieces: Pieces;
  /** The cost per piece as a figure, once asked for (perPieceOf): a sub-assembly's only when explained. */
  perPiece: Explained | null;
  /**
   * The cost per piece in two parts whose exact sum it is: `fixed` the sum of figures that stay the very same
   * objects from one quantity to the next (material, labor, bought parts and operations, and the
   * sub-assemblies' fixed parts), so it is the very same Decimal while they are; `varying` the rest
   * (setup and program ÷ q, and the sub-assemblies' varying parts), mostly a short decimal. A parent
   * sums its sub-assemblies' parts separately (subAssemblySum): the 30-place sums (a laser time has
   * π in it) are then added once per change of the figures, not at every quantity.
   */
  fixed: Decimal;
  varying: Decimal;
}

/** One request's lookups and prepared products. */
interface Pricing {
  catalog: Catalog;
  quantities: Quantities;
  prepared: Map<string, PreparedProduct>;
  /** The figure of an empty group of lines, by its text. */
  nothing: Map<string, Explained>;
  /** What came out missing or zero, each once, by its key and params. */
  warnings: Map<string, PricingWarning>;
  /** Line labels, each text one string for the whole request (see LineLabels). */
  labels: Record<'operation' | 'part' | 'material', LineLabels>;
}

/**
 * Labels of one kind of line ("operation 2: Bending"), the very same string for every product with that
 * line: labels name the inputs of the sums, and V8 looks a string up in its string table the first
 * time it names a property of any object, which costs more than writing it. Found by the name's
 * string, whose hash V8 keeps once computed, and the line's number.
 */
class LineLabels {
  private readonly byName = new Map<string, string[]>();

  constructor(private readonly write: (line: number, name: string) => string) {}

  of(line: number, name: string): string {
    let labels = this.byName.get(name);
    if (labels === undefined) {
      labels = [];
      this.byName.set(name, labels);
    }
    return (labels[line] ??= this.write(line, name));
  }
}

function warn(pricing: Pricing, key: PricingWarningKey, params: PricingWarning['params']): void {
  const id = `${key} ${JSON.stringify(params)}`;
  if (!pricing.warnings.has(id)) pricing.warnings.set(id, { key, params });
}

/**
 * Prices `request.product` at every quantity on `request.date`, every figure explained. Pure:
 * the same request always gives the same result, so a stored calculation's explanation can be
 * written again from its inputs whenever it is opened.
 */
export function priceProduct(request: PricingRequest): PricingResult {
  const { tiers, warnings, ...priced } = priceAtTiers(request);
  return {
    ...priced,
    geometry: request.product.geometry ? geometryFigures(request.product.geometry, request.language) : null,
    tiers: tiers.map(explainTier),
    warnings,
  };
}

/**
 * The same prices as `priceProduct`, to the cent, without writing their explanations: what a
 * calculation stores, a list shows and repricing computes for thousands of products.
 */
export function priceTiers(request: PricingRequest): PricedTiers {
  const { tiers, warnings, ...priced } = priceAtTiers(request);
  return { ...priced, tiers: tiers.map(tierPrices), warnings };
}

/** A tier's components per piece and for the order, and its price, ready to explain or to print. */
interface TierCost {
  pieces: Pieces;
  words: Words;
  /** Per piece. */
  components: Record<Component, Explained>;
  /** Setup and program per order, which are their totals too. */
  perOrder: Record<'setup' | 'program', Explained>;
  unitPrice: Explained;
  totalPrice: Explained;
}

function priceAtTiers(request: PricingRequest): { productId: string; date: string; currency: string; tiers: TierCost[]; warnings: PricingWarning[] } {
  const date = isoDate(request.date, 'Pricing date');
  const quantities = new Quantities();
  const tiers = request.quantities.map((quantity) => tierQuantity(quantities, quantity));
  const catalog = new Catalog(request, date);
  assertNoAssemblyCycle(request.product, catalog.products);
  const { words } = catalog;
  const labels = { operation: new LineLabels(words.operationLine), part: new LineLabels(words.partLine), material: new LineLabels(words.materialLine) };
  const pricing: Pricing = { catalog, quantities, prepared: new Map(), nothing: new Map(), warnings: new Map(), labels };
  const priced = tiers.map((pieces) => priceTier(pricing, request.product, pieces));
  return { productId: request.product.id, date, currency: catalog.words.currency, tiers: priced, warnings: [...pricing.warnings.values()] };
}

function tierQuantity(quantities: Quantities, value: DecimalInput): Pieces {
  const quantity = toDecimal(value, 'Tier quantity');
  if (!quantity.isInteger() || quantity.lte(0)) throw new PricingError('invalid-input', 'pricing_tier_quantity', { value: String(value) });
  return quantities.of(quantity);
}

function priceTier(pricing: Pricing, product: Product, pieces: Pieces): TierCost {
  const { words, factors } = pricing.catalog;
  const { currency } = words;
  const cost = productCost(pricing, product, pieces);
  const perPiece = perPieceOf(cost, words);
  // The components are explained in the tier itself; here they are named by value, not repeated.
  const money = (figure: Figure) => `${words.number(figure.value)} ${currency}`;
  const sum = amount(perPiece.amount, currency, (inputs) => {
    inputs[words.material] = money(cost.material.figure);
    inputs[words.labor] = money(cost.labor.figure);
    inputs[words.purchase] = money(cost.purchase.figure);
    inputs[words.setupPerOrder] = money(cost.setupPerOrder.figure);
    inputs[words.programPerOrder] = money(cost.programPerOrder.figure);
    return perPiece.figure.formula;
  });
  const unitCost = applyFactors(sum, factors.total, words);
  const unitPrice = price(toCents(unitCost.amount), currency, (inputs) => {
    inputs[words.unitCost] = unitCost.figure;
    return words.roundedToCents(words.number(unitCost.figure.exact), currency);
  });
  const totalPrice = price(unitPrice.amount.times(pieces.count), currency, (inputs) => {
    inputs[words.unitPrice] = money(unitPrice.figure);
    inputs[words.quantity] = shownPieces(pieces, words);
    return `${money(unitPrice.figure)} × ${shownPieces(pieces, words)}`;
  });
  return {
    pieces,
    words,
    components: {
      material: cost.material,
      labor: cost.labor,
      purchase: cost.purchase,
      setup: spread(cost.setupPerOrder, pieces, words),
      program: spread(cost.programPerOrder, pieces, words),
    },
    perOrder: { setup: cost.setupPerOrder, program: cost.programPerOrder },
    unitPrice,
    totalPrice,
  };
}

/**
 * A component for the whole order: setup and program are per order already (multiplying their
 * share back would only add rounding dust); the others are the exact amount per piece × q.
 */
function componentTotal(tier: TierCost, name: Component): Explained {
  if (name === 'setup' || name === 'program') return tier.perOrder[name];
  const { pieces, words } = tier;
  const perPiece = tier.components[name];
  return price(perPiece.amount.times(pieces.count), words.currency, (inputs) => {
    const shownPerPiece = `${words.number(formatAmount(perPiece.amount, perPiece.figure.exact))} ${words.currency}`;
    inputs[words.perPiece] = shownPerPiece;
    inputs[words.quantity] = shownPieces(pieces, words);
    return `${shownPerPiece} × ${shownPieces(pieces, words)}`;
  });
}

/** A tier with each component and its prices in one form: figures, or display values. */
function tierOf<C, P>(quantity: number, component: (name: Component) => C, unitPrice: P, totalPrice: P): { quantity: number; unitPrice: P; totalPrice: P } & Record<Component, C> {
  return {
    quantity,
    material: component('material'),
    labor: component('labor'),
    purchase: component('purchase'),
    setup: component('setup'),
    program: component('program'),
    unitPrice,
    totalPrice,
  };
}

function explainTier(tier: TierCost): TierPrice {
  // Each component to the cent, as the product's prices are; the figure keeps the exact amount.
  const toTheCent = ({ amount: value, figure }: Explained): Figure => ({ ...figure, value: formatCents(value, figure.exact) });
  const component = (name: Component): ComponentPrice => ({ unit: toTheCent(tier.components[name]), total: toTheCent(componentTotal(tier, name)) });
  return tierOf(tier.pieces.count.toNumber(), component, tier.unitPrice.figure, tier.totalPrice.figure);
}

/** An explained tier's prices: its figures' display values, as `priceTiers` gives them. */
export function tierPricesOf(tier: TierPrice): TierPrices {
  const component = (name: Component): ComponentPrices => ({ unit: tier[name].unit.value, total: tier[name].total.value });
  return tierOf(tier.quantity, component, tier.unitPrice.value, tier.totalPrice.value);
}

function tierPrices(tier: TierCost): TierPrices {
  // The totals' amounts as componentTotal computes them, without their figures.
  const total = (name: Component) => (name === 'setup' || name === 'program' ? tier.perOrder[name].amount : tier.components[name].amount.times(tier.pieces.count));
  const component = (name: Component): ComponentPrices => ({ unit: formatCents(tier.components[name].amount), total: formatCents(total(name)) });
  return tierOf(tier.pieces.count.toNumber(), component, formatCents(tier.unitPrice.amount), formatCents(tier.totalPrice.amount));
}

function prepare(pricing: Pricing, product: Product): PreparedProduct {
  // Looked up at every quantity of every line: without a closure for the memo's first time.
  return pricing.prepared.get(product.id) ?? memo(pricing.prepared, product.id, () => {
    const { catalog } = pricing;
    const { words } = catalog;
    const blank = product.blank ? blankSize(product.blank, product.name, words) : null;
    const geometry = product.geometry ?? null;
    const sheetMaterialId = product.materialId ?? product.materials?.[0]?.materialId ?? null;
    const timeContext: TimeContext = {
      productName: product.name,
      geometry,
      measures: geometry ? measureGeometry(geometry, words) : null,
      ...sheetMaterialGroup(catalog, sheetMaterialId, product.name),
      thickness: blank?.thickness ?? null,
      words,
    };
    const operations = inSortingOrder(product.operations ?? []).map((operation, i) => ({
      operation,
      line: { label: pricing.labels.operation.of(i + 1, operation.name), names: { product: product.name, line: i + 1, operation: operation.name } },
    }));
    const partLines: PreparedPartLine[] = [];
    const subAssemblyLines: PreparedSubAssemblyLine[] = [];
    for (const [i, line] of (product.parts ?? []).entries()) {
      const what = `${product.name}: part line ${i + 1}`;
      const quantity = quickDecimal(line.quantity) ?? toDecimal(line.quantity, `${what}: quantity`);
      if (quantity.lte(0)) throw invalidData('invalid-input', `${what}: quantity must be above zero`);
      if (line.kind === 'part') {
        const part = catalog.part(line.partId, what);
        partLines.push({ label: pricing.labels.part.of(i + 1, part.name), line: i + 1, quantity, quantityText: quantity.toFixed(), part, costs: new Map() });
      } else {
        const sub = catalog.product(line.productId, what);
        subAssemblyLines.push({ label: pricing.labels.part.of(i + 1, sub.name), quantity, quantityText: quantity.toFixed(), product: sub });
      }
    }
    const warned = pricing.warnings.size;
    const materialLines = prepareMaterialLines(pricing, product, blank);
    // Said once: a product with a blank but no material has that warning already.
    if (materialLines.length + operations.length + partLines.length + subAssemblyLines.length === 0 && pricing.warnings.size === warned) {
      warn(pricing, 'pricing_warning_nothing_priced', { product: product.name });
    }
    return {
      product,
      materialLines,
      operations: operations
        .filter(({ operation }) => !operation.boughtIn)
        .map(({ operation, line }) => {
          const asset = operation.assetId ? catalog.asset(operation.assetId, `${product.name}: ${line.label}`) : null;
          return prepareOperation(operation, asset, line, timeContext, words);
        }),
      boughtOperations: operations.filter(({ operation }) => operation.boughtIn),
      partLines,
      subAssemblyLines,
      costs: [],
      groups: { material: new LineGroup(), labor: new LineGroup(), bought: new LineGroup(), setup: new LineGroup(), program: new LineGroup() },
      totals: {},
      lastSubFixed: null,
      lastFixed: null,
    };
  });
}

/**
 * The product's material: its material lines; without any, the material on its details with the
 * usage from its blank (one place says what a product is made of, never two). Warns where the
 * data calls for a material and none can be priced.
 */
function prepareMaterialLines(pricing: Pricing, product: Product, blank: BlankSize | null): PreparedMaterialLine[] {
  const { catalog } = pricing;
  const { words } = catalog;
  const lines = product.materials ?? [];
  if (lines.length > 0) {
    return lines.map((line, i) => {
      const priced = catalog.material(line.materialId, `${product.name}: material line ${i + 1}`);
      return prepareMaterialLine(priced, product.name, line, i, blank, pricing.labels.material.of(i + 1, priced.material.name), words);
    });
  }
  if (product.materialId) {
    const priced = catalog.material(product.materialId, `${product.name}: material`);
    if (blank !== null) return [prepareMaterialLine(priced, product.name, { materialId: product.materialId }, 0, blank, words.productMaterial(priced.material.name), words, true)];
    warn(pricing, 'pricing_warning_material_without_blank', { product: product.name, material: priced.material.name });
  } else if (blank !== null || (product.geometry?.contours?.length ?? 0) > 0) {
    warn(pricing, 'pricing_warning_no_material', { product: product.name });
  }
  return [];
}

/** The group of the sheet a product is cut from, for the cutting rates of a laser's time model. */
function sheetMaterialGroup(catalog: Catalog, materialId: string | null, productName: string): Pick<TimeContext, 'materialGroupId' | 'materialGroupName'> {
  if (materialId === null) return { materialGroupId: null, materialGroupName: null };
  const priced = catalog.material(materialId, productName);
  return { materialGroupId: priced.material.groupId ?? null, materialGroupName: priced.groupName };
}

/** Operations by their sorting; lines without one keep their order after the sorted ones. */
function inSortingOrder(operations: readonly ProductOperation[]): readonly ProductOperation[] {
  const sorting = (operation: ProductOperation) => operation.sorting ?? Number.MAX_SAFE_INTEGER;
  // Mostly entered in their order already: then the lines as they are, with no copy to sort.
  let sorted = true;
  for (let i = 1; i < operations.length && sorted; i++) sorted = sorting(operations[i - 1]) <= sorting(operations[i]);
  return sorted ? operations : [...operations].sort((a, b) => sorting(a) - sorting(b));
}

/** The product's cost per piece when this many pieces are made in one order. */
function productCost(pricing: Pricing, product: Product, pieces: Pieces): ProductCost {
  return preparedCost(pricing, prepare(pricing, product), pieces);
}

function preparedCost(pricing: Pricing, prepared: PreparedProduct, pieces: Pieces): ProductCost {
  return (prepared.costs[pieces.index] ??= costAt(pricing, prepared, pieces));
}

/** The product's cost at a quantity it was not yet priced at. */
function costAt(pricing: Pricing, prepared: PreparedProduct, pieces: Pieces): ProductCost {
  const { catalog } = pricing;
  const { factors, words } = catalog;

  const { product, groups } = prepared;
  groups.material.begin();
  groups.labor.begin();
  groups.setup.begin();
  groups.program.begin();
  groups.bought.begin();
  for (const line of prepared.materialLines) {
    const cost = materialLineCost(line, pieces, words);
    if (cost.amount.isZero()) {
      const material = line.priced.material.name;
      if (line.line === null) warn(pricing, 'pricing_warning_product_material_zero', { product: product.name, material });
      else warn(pricing, 'pricing_warning_material_zero', { product: product.name, line: line.line, material });
    }
    groups.material.add(line.label, cost);
  }
  for (const operation of prepared.operations) {
    const lines = operationLinesAt(operation, pieces, words);
    if (lines.labor) groups.labor.add(operation.label, lines.labor);
    if (lines.setup) groups.setup.add(operation.label, lines.setup);
    if (lines.program) groups.program.add(operation.label, lines.program);
    if (lines.labor === null || lines.labor.amount.isZero()) warn(pricing, 'pricing_warning_operation_zero', operation.names);
  }
  for (const boughtOperation of prepared.boughtOperations) {
    const { line } = boughtOperation;
    const cost = boughtOperationCost(catalog, boughtOperation, pieces);
    if (cost.amount.isZero()) warn(pricing, 'pricing_warning_bought_operation_zero', line.names);
    groups.bought.add(line.label, cost);
  }
  for (const line of prepared.partLines) {
    const cost = partLineCost(pricing, line, pieces);
    if (cost.amount.isZero()) warn(pricing, 'pricing_warning_part_zero', { product: product.name, line: line.line, part: line.part.name });
    groups.bought.add(line.label, cost);
  }

  const material = componentSum(pricing, groups.material, words.nothing.material, factors.material);
  const laborCost = componentSum(pricing, groups.labor, words.nothing.labor, factors.labor);
  const boughtCost = componentSum(pricing, groups.bought, words.nothing.bought, factors.purchase);
  const setupPerOrder = componentSum(pricing, groups.setup, words.nothing.setup, factors.setup);
  const programPerOrder = componentSum(pricing, groups.program, words.nothing.program, factors.program);
  const running = totalOf(prepared, 'running', material, laborCost, boughtCost);
  const orderCost = totalOf(prepared, 'order', setupPerOrder, programPerOrder);
  // One division for setup and program together: this runs for every sub-assembly at every quantity.
  let varying = orderCost.isZero() ? ZERO : orderCost.div(pieces.count);
  let fixed = running;
  let purchase = boughtCost;
  if (prepared.subAssemblyLines.length > 0) {
    const subs = subAssemblySum(pricing, prepared, pieces);
    purchase = withSubAssemblies(pricing, prepared, boughtCost, subs.sum);
    fixed = fixedWith(prepared, running, subs.fixed);
    varying = plusNonZero(subs.varying, varying);
  }
  return { material, labor: laborCost, purchase, setupPerOrder, programPerOrder, pieces, perPiece: null, fixed, varying };
}

/**
 * The cost per piece as a figure, made the first time it is asked for: a parent sums its
 * sub-assemblies' parts, so it is made only for the priced product itself and for explaining.
 */
function perPieceOf(cost: ProductCost, words: Words): Explained {
  return (cost.perPiece ??= perPieceFigure(cost, words));
}

function perPieceFigure(cost: ProductCost, words: Words): Explained {
  const { material, labor, purchase, setupPerOrder, programPerOrder, pieces } = cost;
  // Sums are exact, so this is the very value material + labor + purchase + (setup + program) ÷ q.
  return amount(plusNonZero(cost.fixed, cost.varying), words.currency, (inputs) => {
    inputs[words.material] = material.figure;
    inputs[words.labor] = labor.figure;
    inputs[words.purchase] = purchase.figure;
    inputs[words.setupPerOrder] = setupPerOrder.figure;
    inputs[words.programPerOrder] = programPerOrder.figure;
    const perOrder = `${perOrderPerPiece(setupPerOrder, pieces, words)} + ${perOrderPerPiece(programPerOrder, pieces, words)}`;
    return `${material.shownValue(words)} + ${labor.shownValue(words)} + ${purchase.shownValue(words)} + ${perOrder}`;
  });
}

/** A cost per order as a cost per piece's formula shows it: divided by the pieces, unless it is nothing. */
function perOrderPerPiece(sum: Explained, pieces: Pieces, words: Words): string {
  return sum.amount.isZero() ? sum.shownValue(words) : `${sum.shownValue(words)} ÷ ${shownPieces(pieces, words)}`;
}

/** `running + subFixed`, the very same Decimal while both are the same as at the last quantity. */
function fixedWith(prepared: PreparedProduct, running: Decimal, subFixed: Decimal): Decimal {
  const last = prepared.lastFixed;
  if (last !== null && last.base === running && last.sub === subFixed) return last.sum;
  // A product whose own lines come to nothing (a zero of any scale, such as 0.00) adds nothing: its fixed part is then
  // the sub-assemblies' very Decimal, with their scale, as summing only the non-zero terms (totalOf) has it, rather
  // than a new sum of the same value (plusNonZero hands back its second operand only beside the ZERO object itself).
  const sum = plusNonZero(running === ZERO || running.isZero() ? ZERO : running, subFixed);
  prepared.lastFixed = { base: running, sub: subFixed, sum };
  return sum;
}

/** Quantity × unit cost of the cheapest suppliable for the pieces needed, else the part's own cost. */
function partLineCost(pricing: Pricing, line: PreparedPartLine, pieces: Pieces): Explained {
  const { catalog } = pricing;
  const needed = piecesTimes(pricing.quantities, pieces, line.quantity, line.quantityText);
  const { words } = catalog;
  const unitCost = cheapestSuppliable((line.offerings ??= catalog.offeringsFor('part', line.part.id)), needed, words) ?? catalog.ownCost(line.part);
  if (unitCost === null) {
    throw new PricingError('missing-price', 'pricing_no_part_cost', { part: line.part.name, pieces: decimalParam(needed.text) });
  }
  const known = line.costs.get(unitCost);
  if (known !== undefined) return known;
  return memo(line.costs, unitCost, () =>
    amount(line.quantity.times(unitCost.amount), words.currency, (inputs) => {
      inputs[words.quantity] = shownCount(line, words);
      inputs[words.unitCost] = unitCost.figure;
      return `${shownCount(line, words)} × ${unitCost.shownValue(words)} ${words.currency}`;
    }),
  );
}

/** One per piece, from the cheapest active suppliable of type operation. */
function boughtOperationCost(catalog: Catalog, bought: PreparedBoughtOperation, pieces: Pieces): Explained {
  const { operation, line } = bought;
  const unitCost = operation.operationId ? cheapestSuppliable((bought.offerings ??= catalog.offeringsFor('operation', operation.operationId)), pieces, catalog.words) : null;
  if (unitCost === null) throw new PricingError('missing-price', 'pricing_no_bought_operation', { ...line.names, pieces: decimalParam(pieces.text) });
  return unitCost;
}

/** The sub-assembly lines at a quantity: their sum, and its parts as ProductCost has them. */
interface SubAssemblySum {
  sum: Explained;
  fixed: Decimal;
  varying: Decimal;
}

/**
 * Σ quantity × cost per piece of each sub-assembly at its own order size (q × quantity), summed as
 * Σ quantity × fixed + Σ quantity × varying: the same exact value, as every sum and every such
 * product is exact (a line whose quantity and cost have more than 30 places together is rounded
 * as a whole, as its own figure is, and counted as varying). The first sum is kept while the
 * sub-assemblies' fixed parts are the same Decimals; each line's figure is written only when
 * explained, from the very same costs.
 */
function subAssemblySum(pricing: Pricing, prepared: PreparedProduct, pieces: Pieces): SubAssemblySum {
  const { quantities } = pricing;
  const { words } = pricing.catalog;
  const lines = prepared.subAssemblyLines;
  const costs: ProductCost[] = [];
  const last = prepared.lastSubFixed;
  let sameFixed = last !== null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const sub = preparedCost(pricing, (line.prepared ??= prepare(pricing, line.product)), piecesTimes(quantities, pieces, line.quantity, line.quantityText));
    costs.push(sub);
    // A line rounded as a whole (below) is summed afresh, so that no fixed part is counted twice.
    if (sameFixed && (last!.fixeds[i] !== sub.fixed || !splits(line, sub))) sameFixed = false;
  }
  let fixed: Decimal = ZERO;
  let varying: Decimal = ZERO;
  if (sameFixed) fixed = last!.sum;
  const fixeds: Decimal[] = sameFixed ? last!.fixeds : [];
  for (let i = 0; i < lines.length; i++) {
    const { quantity } = lines[i];
    const sub = costs[i];
    if (splits(lines[i], sub)) {
      if (!sameFixed) {
        fixeds.push(sub.fixed);
        fixed = plusNonZero(fixed, multiply(quantity, sub.fixed));
      }
      if (!sub.varying.isZero()) varying = plusNonZero(varying, multiply(quantity, sub.varying));
    } else {
      // Rounded to 30 places as the line's own figure is: all of it counted as varying.
      if (!sameFixed) fixeds.push(ZERO);
      varying = plusNonZero(varying, multiply(quantity, perPieceOf(sub, words).amount));
    }
  }
  if (!sameFixed) prepared.lastSubFixed = { fixeds, sum: fixed };
  // Read only where explained, or where the product is the one priced (its purchase).
  const sum = amount(() => plusNonZero(fixed, varying), words.currency, (inputs) => subAssemblyExplanation(pricing, lines, costs, inputs));
  return { sum, fixed, varying };
}

/**
 * "Σ a + b + …" with each sub-assembly line, quantity × the sub-assembly's cost per piece at its own order
 * size, as an input. A line's figure is read nowhere else, so it is written here as it is, without an
 * Explained; a line of one piece has the very amount of the cost per piece, and so that figure's texts.
 */
function subAssemblyExplanation(pricing: Pricing, lines: readonly PreparedSubAssemblyLine[], costs: readonly ProductCost[], inputs: Figure['inputs']): string {
  const { words } = pricing.catalog;
  const { currency } = words;
  let formula = 'Σ ';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const sub = costs[i];
    const perPiece = perPieceOf(sub, words);
    const cost = perPiece.figure;
    let exact = cost.exact;
    let value = cost.value;
    let shownValue = perPiece.shownValue(words);
    if (!line.quantity.isOne()) {
      const lineAmount = line.quantity.times(perPiece.amount);
      exact = lineAmount.toFixed();
      value = formatAmount(lineAmount, exact);
      shownValue = words.number(value);
    }
    const count = shownCount(line, words);
    // Inputs filled in one by one: an object literal with a computed key takes V8's slow path.
    const lineInputs: Figure['inputs'] = {};
    lineInputs[words.quantity] = count;
    // The sub-assembly's own order size: the pieces it was priced at (subAssemblySum), q × the line's quantity.
    lineInputs[words.costPerPieceOf(line.product.name, shownPieces(sub.pieces, words))] = cost;
    inputs[line.label] = { value, exact, unit: currency, formula: `${count} × ${perPiece.shownValue(words)} ${currency}`, inputs: lineInputs };
    formula += i === 0 ? shownValue : ` + ${shownValue}`;
  }
  return formula;
}

/** Whether quantity × cost per piece is exact (at most 30 places), so that it is quantity × fixed + quantity × varying. */
function splits(line: PreparedSubAssemblyLine, sub: ProductCost): boolean {
  return line.quantity.scale + Math.max(sub.fixed.scale, sub.varying.scale) <= PLACES;
}

/**
 * Bought parts and operations carry this level's purchase factors; sub-assemblies do not, as
 * their own lines were already multiplied by the factors of their scopes. A sub-assembly is made
 * in an order of its own size, so its setup spreads over all of its pieces.
 */
function withSubAssemblies(pricing: Pricing, prepared: PreparedProduct, bought: Explained, subAssemblies: Explained): Explained {
  const { words } = pricing.catalog;
  if (prepared.partLines.length + prepared.boughtOperations.length === 0) return subAssemblies;
  return amount(() => bought.amount.plus(subAssemblies.amount), words.currency, (inputs) => {
    inputs[words.boughtPartsAndOperations] = bought.figure;
    inputs[words.subAssemblies] = subAssemblies.figure;
    return `${bought.shownValue(words)} + ${subAssemblies.shownValue(words)}`;
  });
}

/** A group of lines summed and multiplied by its factors; reused while a tier has the same lines as the last. */
function componentSum(pricing: Pricing, group: LineGroup, emptyText: string, factors: readonly ValidFactor[]): Explained {
  const lines = group.end();
  // A LineGroup hands out the very same array while every line is the same figure as at the last quantity.
  if (group.last !== null && group.last.lines === lines) return group.last.sum;
  const sum = lines.length === 0 ? sumOf(pricing, lines, emptyText) : applyFactors(sumOf(pricing, lines, emptyText), factors, pricing.catalog.words);
  group.last = { lines, sum };
  return sum;
}

/**
 * The figures' amounts summed, reused while they are the same figures as at the last quantity;
 * summed in the same order as ever (zeros skipped), so the result is the very same Decimal sum.
 */
function totalOf(prepared: PreparedProduct, name: TotalName, a: Explained, b: Explained, c: Explained | null = null): Decimal {
  const last = prepared.totals[name];
  if (last && last.a === a && last.b === b && last.c === c) return last.sum;
  let sum = a.amount.isZero() ? ZERO : a.amount;
  if (!b.amount.isZero()) sum = sum === ZERO ? b.amount : sum.plus(b.amount);
  if (c !== null && !c.amount.isZero()) sum = sum === ZERO ? c.amount : sum.plus(c.amount);
  prepared.totals[name] = { a, b, c, sum };
  return sum;
}

/** `sum + value`, a zero skipped: most products lack a component or two, and every Decimal sum allocates. */
function plusNonZero(sum: Decimal, value: Decimal): Decimal {
  if (value.isZero()) return sum;
  return sum === ZERO ? value : sum.plus(value);
}

function sumOf(pricing: Pricing, lines: readonly Line[], emptyText: string): Explained {
  const { words } = pricing.catalog;
  const { currency } = words;
  if (lines.length === 0) return pricing.nothing.get(emptyText) ?? memo(pricing.nothing, emptyText, () => amount(ZERO, currency, emptyText));
  let total = lines[0][1].amount;
  for (let i = 1; i < lines.length; i++) total = total.plus(lines[i][1].amount);
  return amount(total, currency, (inputs) => sumExplanation(lines, words, inputs));
}

/** "Σ a + b + …" with each line as an input. */
function sumExplanation(lines: readonly Line[], words: Words, inputs: Figure['inputs']): string {
  let formula = 'Σ ';
  for (let i = 0; i < lines.length; i++) {
    // Read by index, not destructured: this runs for every sum of every product and quantity explained.
    const line = lines[i][1];
    inputs[lines[i][0]] = line.figure;
    formula += i === 0 ? line.shownValue(words) : ` + ${line.shownValue(words)}`;
  }
  return formula;
}

/** An order's cost as a cost per piece, for the tier's own setup and program. */
function spread(perOrder: Explained, pieces: Pieces, words: Words): Explained {
  if (perOrder.amount.isZero()) return perOrder;
  return amount(perOrder.amount.div(pieces.count), words.currency, (inputs) => {
    inputs[words.perOrder] = perOrder.figure;
    return words.perOrderOver(perOrder.shownValue(words), words.currency, shownPieces(pieces, words));
  });
}
