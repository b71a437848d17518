import { assertNoAssemblyCycle } from './assembly';
import { Catalog } from './catalog';
import { isoDate } from './dates';
import { Decimal, ZERO, formatAmount, formatCents, formatMeasure, multiply, sumStart, toCents, toDecimal } from './decimal';
import { PricingError } from './errors';
import { applyFactors, ValidFactor } from './factors';
import { amount, Explained, price } from './figure';
import { geometryFigures, measureGeometry } from './geometry';
import { blankSize, materialLineCost, PreparedMaterialLine, prepareMaterialLine } from './material';
import { memo } from './memo';
import { operationLinesAt, PreparedOperation, prepareOperation } from './operations';
import { cheapestSuppliable } from './purchase';
import { Pieces, piecesOf, piecesTimes } from './quantity';
import { TimeContext } from './time-models';
import { ComponentPrice, DecimalInput, Figure, Part, PricingRequest, PricingResult, Product, ProductOperation, TierPrice } from './types';

type Line = [label: string, line: Explained];

/** A part line or sub-assembly line: how many go into one piece. */
interface PreparedQuantityLine {
  label: string;
  quantity: Decimal;
  /** The quantity as shown in formulas. */
  count: string;
}

interface PreparedPartLine extends PreparedQuantityLine {
  part: Part;
  /** Line cost by the unit cost that applies, shared by the tiers at that unit cost. */
  costs: Map<Explained, Explained>;
}

interface PreparedSubAssemblyLine extends PreparedQuantityLine {
  product: Product;
}

interface PreparedBoughtOperation {
  label: string;
  operation: ProductOperation;
}

type SumName = 'material' | 'labor' | 'bought' | 'setup' | 'program';

interface LastSum {
  lines: readonly Line[];
  sum: Explained;
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
  costs: Map<string, ProductCost>;
  /** The last sum of each group of lines: the next tier usually has the very same lines. */
  sums: Partial<Record<SumName, LastSum>>;
  /** The last material + labor + purchase per piece: tiers often differ in setup and program only. */
  lastRunningCost: RunningCost | null;
}

/** The part of the cost per piece that does not spread an order's cost, by the figures summed. */
interface RunningCost {
  material: Explained;
  labor: Explained;
  purchase: Explained;
  sum: Decimal;
}

type Component = 'material' | 'labor' | 'purchase' | 'setup' | 'program';

/**
 * A product's cost per piece at one quantity, before the total factors. Setup and program stay
 * per order, with their share per piece as a plain amount: a sub-assembly's explanation shows
 * the division in its formula rather than as two more figures at every quantity.
 */
interface ProductCost {
  material: Explained;
  labor: Explained;
  purchase: Explained;
  setupPerOrder: Explained;
  programPerOrder: Explained;
  setup: Decimal;
  program: Decimal;
  perPiece: Explained;
}

/** One request's lookups and prepared products. */
interface Pricing {
  catalog: Catalog;
  prepared: Map<string, PreparedProduct>;
  /** The figure of an empty group of lines, by its text. */
  nothing: Map<string, Explained>;
}

/**
 * Prices `request.product` at every quantity on `request.date`. Pure: the same request always
 * gives the same result, and every figure explains itself.
 */
export function priceProduct(request: PricingRequest): PricingResult {
  const date = isoDate(request.date, 'Pricing date');
  const tiers = request.quantities.map(tierQuantity);
  const catalog = new Catalog(request, date);
  assertNoAssemblyCycle(request.product, catalog.products);
  const pricing: Pricing = { catalog, prepared: new Map(), nothing: new Map() };
  return {
    productId: request.product.id,
    date,
    currency: catalog.currency,
    geometry: request.product.geometry ? geometryFigures(request.product.geometry) : null,
    tiers: tiers.map((pieces) => priceTier(pricing, request.product, pieces)),
  };
}

function tierQuantity(value: DecimalInput): Pieces {
  const quantity = toDecimal(value, 'Tier quantity');
  if (!quantity.isInteger() || quantity.lte(0)) throw new PricingError('invalid-input', `Tier quantity must be a whole number above zero: ${String(value)}`);
  return piecesOf(quantity);
}

function priceTier(pricing: Pricing, product: Product, pieces: Pieces): TierPrice {
  const { currency, factors } = pricing.catalog;
  const cost = productCost(pricing, product, pieces);
  const components: Record<Component, Explained> = {
    material: cost.material,
    labor: cost.labor,
    purchase: cost.purchase,
    setup: spread(cost.setupPerOrder, cost.setup, pieces, currency),
    program: spread(cost.programPerOrder, cost.program, pieces, currency),
  };
  // The components are explained in the tier itself; here they are named by value, not repeated.
  const sum = amount(cost.perPiece.amount, currency, cost.perPiece.figure.formula, {
    material: `${cost.material.figure.value} ${currency}`,
    labor: `${cost.labor.figure.value} ${currency}`,
    purchase: `${cost.purchase.figure.value} ${currency}`,
    'setup per order': `${cost.setupPerOrder.figure.value} ${currency}`,
    'program per order': `${cost.programPerOrder.figure.value} ${currency}`,
  });
  const unitCost = applyFactors(sum, factors.total, currency);
  const unitPrice = price(toCents(unitCost.amount), currency, `${unitCost.figure.exact} ${currency} rounded half-up to cents`, { 'unit cost': unitCost.figure });
  const totalPrice = price(unitPrice.amount.times(pieces.count), currency, `${unitPrice.figure.value} ${currency} × ${pieces.text}`, {
    'unit price': `${unitPrice.figure.value} ${currency}`,
    quantity: pieces.text,
  });
  const component = (name: Component): ComponentPrice => {
    const { amount: perPiece, figure } = components[name];
    const unit = { ...figure, value: formatCents(perPiece, figure.exact) };
    // Setup and program are per order already; multiplying their share back would only add rounding dust.
    const perOrder = name === 'setup' ? cost.setupPerOrder : name === 'program' ? cost.programPerOrder : null;
    if (perOrder) return { unit, total: { ...perOrder.figure, value: formatCents(perOrder.amount, perOrder.figure.exact) } };
    const shownPerPiece = `${formatAmount(perPiece, figure.exact)} ${currency}`;
    return { unit, total: price(perPiece.times(pieces.count), currency, `${shownPerPiece} × ${pieces.text}`, { unit: shownPerPiece, quantity: pieces.text }).figure };
  };
  return {
    quantity: pieces.count.toNumber(),
    material: component('material'),
    labor: component('labor'),
    purchase: component('purchase'),
    setup: component('setup'),
    program: component('program'),
    unitPrice: unitPrice.figure,
    totalPrice: totalPrice.figure,
  };
}

function prepare(pricing: Pricing, product: Product): PreparedProduct {
  return memo(pricing.prepared, product.id, () => {
    const { catalog } = pricing;
    const blank = product.blank ? blankSize(product.blank, product.name) : null;
    const geometry = product.geometry ?? null;
    const sheetMaterialId = product.materialId ?? product.materials?.[0]?.materialId ?? null;
    const timeContext: TimeContext = {
      productName: product.name,
      geometry,
      measures: geometry ? measureGeometry(geometry) : null,
      materialGroupId: sheetMaterialId ? (catalog.material(sheetMaterialId, product.name).material.groupId ?? null) : null,
      thickness: blank?.thickness ?? null,
    };
    const operations = inSortingOrder(product.operations ?? []).map((operation, i) => ({ operation, label: `operation ${i + 1}: ${operation.name}` }));
    const partLines: PreparedPartLine[] = [];
    const subAssemblyLines: PreparedSubAssemblyLine[] = [];
    for (const [i, line] of (product.parts ?? []).entries()) {
      const what = `${product.name}: part line ${i + 1}`;
      const quantity = toDecimal(line.quantity, `${what}: quantity`);
      if (quantity.lte(0)) throw new PricingError('invalid-input', `${what}: quantity must be above zero`);
      const count = formatMeasure(quantity);
      if (line.kind === 'part') {
        const part = catalog.part(line.partId, what);
        partLines.push({ label: `part line ${i + 1}: ${part.name}`, quantity, count, part, costs: new Map() });
      } else {
        const sub = catalog.product(line.productId, what);
        subAssemblyLines.push({ label: `part line ${i + 1}: ${sub.name}`, quantity, count, product: sub });
      }
    }
    return {
      product,
      materialLines: (product.materials ?? []).map((line, i) =>
        prepareMaterialLine(catalog.material(line.materialId, `${product.name}: material line ${i + 1}`), product.name, line, i, blank),
      ),
      operations: operations
        .filter(({ operation }) => !operation.boughtIn)
        .map(({ operation, label }) => {
          const asset = operation.assetId ? catalog.asset(operation.assetId, `${product.name}: ${label}`) : null;
          return prepareOperation(operation, asset, label, timeContext, catalog.currency);
        }),
      boughtOperations: operations.filter(({ operation }) => operation.boughtIn),
      partLines,
      subAssemblyLines,
      costs: new Map(),
      sums: {},
      lastRunningCost: null,
    };
  });
}

/** Operations by their sorting; lines without one keep their order after the sorted ones. */
function inSortingOrder(operations: readonly ProductOperation[]): ProductOperation[] {
  return [...operations].sort((a, b) => (a.sorting ?? Number.MAX_SAFE_INTEGER) - (b.sorting ?? Number.MAX_SAFE_INTEGER));
}

/** The product's cost per piece when this many pieces are made in one order. */
function productCost(pricing: Pricing, product: Product, pieces: Pieces): ProductCost {
  const prepared = prepare(pricing, product);
  return memo(prepared.costs, pieces.text, () => {
    const { catalog } = pricing;
    const { factors, currency } = catalog;

    const materialLines: Line[] = prepared.materialLines.map((line) => [line.label, materialLineCost(line, pieces, currency)]);
    const labor: Line[] = [];
    const setup: Line[] = [];
    const program: Line[] = [];
    for (const operation of prepared.operations) {
      const lines = operationLinesAt(operation, pieces, currency);
      if (lines.labor) labor.push([operation.label, lines.labor]);
      if (lines.setup) setup.push([operation.label, lines.setup]);
      if (lines.program) program.push([operation.label, lines.program]);
    }
    const bought: Line[] = [];
    for (const { label, operation } of prepared.boughtOperations) bought.push([label, boughtOperationCost(catalog, operation, label, pieces)]);
    for (const line of prepared.partLines) bought.push([line.label, partLineCost(catalog, line, pieces)]);

    const material = componentSum(pricing, prepared, 'material', materialLines, 'no material', factors.material);
    const laborCost = componentSum(pricing, prepared, 'labor', labor, 'no labor', factors.labor);
    const boughtCost = componentSum(pricing, prepared, 'bought', bought, 'nothing bought', factors.purchase);
    const purchase = prepared.subAssemblyLines.length === 0 ? boughtCost : withSubAssemblies(pricing, prepared, boughtCost, pieces);
    const setupPerOrder = componentSum(pricing, prepared, 'setup', setup, 'no setup', factors.setup);
    const programPerOrder = componentSum(pricing, prepared, 'program', program, 'no program', factors.program);
    const setupCost = setupPerOrder.amount.isZero() ? ZERO : setupPerOrder.amount.div(pieces.count);
    const programCost = programPerOrder.amount.isZero() ? ZERO : programPerOrder.amount.div(pieces.count);
    const perOrder = (sum: Explained) => (sum.amount.isZero() ? sum.figure.value : `${sum.figure.value} ÷ ${pieces.text}`);
    const perPiece = amount(
      sumOfAmounts([setupCost, programCost], runningCost(prepared, material, laborCost, purchase)),
      currency,
      `${material.figure.value} + ${laborCost.figure.value} + ${purchase.figure.value} + ${perOrder(setupPerOrder)} + ${perOrder(programPerOrder)}`,
      {
        material: material.figure,
        labor: laborCost.figure,
        purchase: purchase.figure,
        'setup per order': setupPerOrder.figure,
        'program per order': programPerOrder.figure,
      },
    );
    return { material, labor: laborCost, purchase, setupPerOrder, programPerOrder, setup: setupCost, program: programCost, perPiece };
  });
}

/** Quantity × unit cost of the cheapest suppliable for the pieces needed, else the part's own cost. */
function partLineCost(catalog: Catalog, line: PreparedPartLine, pieces: Pieces): Explained {
  const needed = piecesTimes(pieces, line.quantity);
  const unitCost = cheapestSuppliable(catalog.offeringsFor('part', line.part.id), needed, catalog.currency) ?? catalog.ownCost(line.part);
  if (unitCost === null) {
    throw new PricingError('missing-price', `Part ${line.part.name}: no active suppliable covers ${needed.text} pieces and the part has no own cost`);
  }
  return memo(line.costs, unitCost, () =>
    amount(line.quantity.times(unitCost.amount), catalog.currency, `${line.count} × ${unitCost.figure.value} ${catalog.currency}`, {
      quantity: line.count,
      'unit cost': unitCost.figure,
    }),
  );
}

/** One per piece, from the cheapest active suppliable of type operation. */
function boughtOperationCost(catalog: Catalog, operation: ProductOperation, label: string, pieces: Pieces): Explained {
  const unitCost = operation.operationId ? cheapestSuppliable(catalog.offeringsFor('operation', operation.operationId), pieces, catalog.currency) : null;
  if (unitCost === null) throw new PricingError('missing-price', `${label} is bought in, but no active suppliable of type operation covers ${pieces.text} pieces`);
  return unitCost;
}

/**
 * Bought parts and operations carry this level's purchase factors; sub-assemblies do not, as
 * their own lines were already multiplied by the factors of their scopes. A sub-assembly is made
 * in an order of its own size, so its setup spreads over all of its pieces.
 */
function withSubAssemblies(pricing: Pricing, prepared: PreparedProduct, bought: Explained, pieces: Pieces): Explained {
  const { currency } = pricing.catalog;
  const lines = prepared.subAssemblyLines.map((line): Line => {
    const needed = piecesTimes(pieces, line.quantity);
    const sub = productCost(pricing, line.product, needed);
    // Inputs filled in one by one: an object literal with a computed key takes V8's slow path.
    const inputs: Figure['inputs'] = { quantity: line.count };
    inputs[`cost per piece of ${line.product.name} at ${needed.text} pieces`] = sub.perPiece.figure;
    return [line.label, amount(multiply(line.quantity, sub.perPiece.amount), currency, `${line.count} × ${sub.perPiece.figure.value} ${currency}`, inputs)];
  });
  const subAssemblies = sumOf(pricing, lines, 'no sub-assemblies');
  if (prepared.partLines.length + prepared.boughtOperations.length === 0) return subAssemblies;
  return amount(bought.amount.plus(subAssemblies.amount), currency, `${bought.figure.value} + ${subAssemblies.figure.value}`, {
    'bought parts and operations': bought.figure,
    'sub-assemblies': subAssemblies.figure,
  });
}

/** A group of lines summed and multiplied by its factors; reused while a tier has the same lines as the last. */
function componentSum(pricing: Pricing, prepared: PreparedProduct, name: SumName, lines: readonly Line[], emptyText: string, factors: readonly ValidFactor[]): Explained {
  const last = prepared.sums[name];
  if (last && sameLines(last.lines, lines)) return last.sum;
  const sum = lines.length === 0 ? sumOf(pricing, lines, emptyText) : applyFactors(sumOf(pricing, lines, emptyText), factors, pricing.catalog.currency);
  prepared.sums[name] = { lines, sum };
  return sum;
}

function sameLines(a: readonly Line[], b: readonly Line[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i][1] !== b[i][1]) return false;
  return true;
}

/**
 * Material + labor + purchase, reused while they are the same figures as at the last quantity;
 * summed in the same order as ever, so the per-piece cost is the very same Decimal sum.
 */
function runningCost(prepared: PreparedProduct, material: Explained, labor: Explained, purchase: Explained): Decimal {
  const last = prepared.lastRunningCost;
  if (last && last.material === material && last.labor === labor && last.purchase === purchase) return last.sum;
  const sum = sumOfAmounts([material.amount, labor.amount, purchase.amount]);
  prepared.lastRunningCost = { material, labor, purchase, sum };
  return sum;
}

/** Zeros are skipped: most products lack a component or two, and every Decimal sum allocates. */
function sumOfAmounts(amounts: readonly Decimal[], start: Decimal = ZERO): Decimal {
  let total = start;
  for (const value of amounts) if (!value.isZero()) total = total === ZERO ? sumStart(value) : total.plus(value);
  return total;
}

function sumOf(pricing: Pricing, lines: readonly Line[], emptyText: string): Explained {
  const { currency } = pricing.catalog;
  if (lines.length === 0) return memo(pricing.nothing, emptyText, () => amount(ZERO, currency, emptyText));
  let total = ZERO;
  let formula = 'Σ ';
  const inputs: Figure['inputs'] = {};
  for (const [i, [label, line]] of lines.entries()) {
    total = i === 0 ? sumStart(line.amount) : total.plus(line.amount);
    inputs[label] = line.figure;
    formula += i === 0 ? line.figure.value : ` + ${line.figure.value}`;
  }
  return amount(total, currency, formula, inputs);
}

/** An order's cost as a cost per piece, for the tier's own setup and program. */
function spread(perOrder: Explained, perPiece: Decimal, pieces: Pieces, currency: string): Explained {
  if (perOrder.amount.isZero()) return perOrder;
  return amount(perPiece, currency, `${perOrder.figure.value} ${currency} per order ÷ ${pieces.text} pieces`, { 'per order': perOrder.figure });
}
