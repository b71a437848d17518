import { formatNumber, Locale } from '@fabquote/i18n';
import { PriceUnit } from './types';

/**
 * Every word of an explanation, in one language: the names of a figure's inputs, its formula's
 * words, line labels, units, and how a number reads in its text (12.34 or 12,34). A figure's
 * `value` and `exact` keep the machine notation (12.34); the console formats them for the reader.
 */
export interface Vocabulary {
  /** A number of the machine notation ("0.1507", "-2", "1000") as the language writes it. */
  number(text: string): string;
  unit: Record<PriceUnit, string>;
  // Lines
  materialLine(line: number, name: string): string;
  /** The material on a product's details, priced as its material when it has no material lines. */
  productMaterial(name: string): string;
  operationLine(line: number, name: string): string;
  partLine(line: number, name: string): string;
  // Ranges and validity
  range: { between(from: string, to: string): string; from(from: string): string; upTo(to: string): string; any: string };
  validity(from: string | null, until: string | null): string;
  base: string;
  factor(position: number): string;
  /** Where a factor came from: the organization's factors, or a suppliable's own. */
  organizationFactor: string;
  suppliableFactor(supplier: string | null, suppliable: string): string;
  // Material
  /** The material's own price-history entry. */
  priceValidFrom(material: string, date: string): string;
  pricePerUnitOf(material: string): string;
  groupPrice(group: string, thickness: string, quantity: string, date: string): string;
  usageEntered: string;
  blankWidth: string;
  blankLength: string;
  thickness: string;
  density: string;
  withAdded(measure: string, added: string): string;
  divideByMillion: string;
  onePiecePerPiece: string;
  blanksPerSheet: string;
  sheet: string;
  blank: string;
  withMargins(size: string): string;
  sheetPrice: string;
  usage: string;
  price: string;
  // Geometry
  contoursName: string;
  /** `count` contours (every row times its count), `length` mm together. */
  contours(count: number, length: string): string;
  noHoles: string;
  /** `count` holes of the given diameters, each row's with its count ("4 × Ø 8 mm"). */
  holes(count: number, diameters: readonly HoleDiameter[]): string;
  innerContours: string;
  holesName: string;
  pierceFormula(inner: number, holes: number): string;
  pierces: string;
  bends: string;
  bendCount(count: number): string;
  // Operations and machines
  timePerPiece: string;
  timeEntered: string;
  hourlyRate: string;
  programTime: string;
  programRate: string;
  band(asset: string, quantity: string): string;
  bandPrice(band: string): string;
  bandSetup(setup: string, input: string, currency: string): string;
  bandName: string;
  bandProgram(band: string): string;
  cutLength: string;
  cutSpeed: string;
  cutSpeedOn(speed: string, asset: string, group: string | null, thickness: string): string;
  pierceTime: string;
  bendsOfClass(bendClass: string): string;
  perBend(count: number, seconds: string): string;
  handling: string;
  handlingTerm(seconds: string): string;
  handlingPerPiece(seconds: string): string;
  // Purchase
  bulkPriceOf(suppliable: string, range: string): string;
  costOf(suppliable: string): string;
  /** A suppliable's own cost at a quantity none of its bulk price bands covers. */
  costOutsideBands(suppliable: string): string;
  cheapest(source: string): string;
  ownCostOf(part: string): string;
  quantity: string;
  unitCost: string;
  costPerPieceOf(product: string, pieces: string): string;
  boughtPartsAndOperations: string;
  subAssemblies: string;
  // Sums and the tier
  nothing: { material: string; labor: string; bought: string; setup: string; program: string; subAssemblies: string };
  material: string;
  labor: string;
  purchase: string;
  setupPerOrder: string;
  programPerOrder: string;
  perOrder: string;
  perOrderOver(amount: string, currency: string, pieces: string): string;
  roundedToCents(exact: string, currency: string): string;
  unitPrice: string;
  /** The per-piece amount a component's total multiplies. */
  perPiece: string;
}

/** A hole row's diameter as its text shows it, and how many such holes the row is. */
export interface HoleDiameter {
  count: number;
  diameter: string;
}

/** `one` for exactly one, else `many` (0 takes the plural in both languages). */
const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** A count in a language's notation ("1", "2,5") names one thing only when it is exactly 1. */
const pluralOf = (count: string, one: string, many: string) => (count === '1' ? one : many);

/**
 * The holes' diameters: "Ø 10 + 5 + 6.6 mm" when every row is one hole (the diameters π multiplies,
 * summed), else each row with its count, "4 × Ø 8 mm + Ø 10 mm".
 */
function diameterList(diameters: readonly HoleDiameter[]): string {
  if (diameters.every((hole) => hole.count === 1)) return `Ø ${diameters.map((hole) => hole.diameter).join(' + ')} mm`;
  return diameters.map((hole) => (hole.count === 1 ? `Ø ${hole.diameter} mm` : `${hole.count} × Ø ${hole.diameter} mm`)).join(' + ');
}

/**
 * A number of the machine notation ("-1351.4159") as a language writes it: its thousands grouped and
 * its decimal mark (en "-1,351.4159", de "-1.351,4159"). The digits are kept as given, never rounded
 * through a float: the very text of libs/i18n's `formatNumber`, the one notation of every server text,
 * written here in one pass over the characters, as explaining a product writes thousands of numbers.
 * Anything but plain machine notation is formatNumber's to write.
 */
function languageNumber(text: string, locale: Locale, thousands: string, decimal: string): string {
  const length = text.length;
  const start = length > 0 && text.charCodeAt(0) === 45 /* '-' */ ? 1 : 0;
  let point = -1;
  for (let i = start; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 /* '.' */ && point < 0 && i > start) point = i;
    else if (code < 48 || code > 57) return formatNumber(locale, text);
  }
  if (length === start || point === length - 1) return formatNumber(locale, text);
  const end = point < 0 ? length : point;
  // Below a thousand in a language with the decimal point: the very text, with no copy of it.
  if (end - start <= 3 && (point < 0 || decimal === '.')) return text;
  const first = start + ((end - start) % 3 || 3);
  let grouped = text.slice(0, first);
  for (let i = first; i < end; i += 3) grouped += thousands + text.slice(i, i + 3);
  return point < 0 ? grouped : `${grouped}${decimal}${text.slice(point + 1)}`;
}

function englishNumber(text: string): string {
  return languageNumber(text, 'en', ',', '.');
}

/** A calendar day (YYYY-MM-DD) as the English console shows dates: 23/11/26. */
function englishDate(iso: string): string {
  return shortDate(iso, '/');
}

/** A calendar day (YYYY-MM-DD) as day, month and two-digit year with `separator` between; anything else as given. */
function shortDate(iso: string, separator: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return day ? [day[3], day[2], day[1].slice(2)].join(separator) : iso;
}

/** "factor 1", "factor 2" …, each written once: a key of many figures' inputs, where one string object is cheaper than a new one each time. */
const ENGLISH_FACTORS: string[] = [];
const GERMAN_FACTORS: string[] = [];

const ENGLISH: Vocabulary = {
  number: englishNumber,
  unit: { kg: 'kg', m2: 'm²', sheet: 'sheet', piece: 'piece' },
  materialLine: (line, name) => `material line ${line}: ${name}`,
  productMaterial: (name) => `material of the product: ${name}`,
  operationLine: (line, name) => `operation ${line}: ${name}`,
  partLine: (line, name) => `part line ${line}: ${name}`,
  range: { between: (from, to) => `${from}–${to}`, from: (from) => `from ${from}`, upTo: (to) => `up to ${to}`, any: 'any' },
  validity: (from, until) => (!from && !until ? 'always valid' : `valid ${from ? englishDate(from) : '…'} – ${until ? englishDate(until) : '…'}`),
  base: 'base',
  factor: (position) => (ENGLISH_FACTORS[position] ??= `factor ${position}`),
  organizationFactor: 'organization factor',
  suppliableFactor: (supplier, suppliable) => (supplier ? `supplier ${supplier}, suppliable ${suppliable}` : `suppliable ${suppliable}`),
  priceValidFrom: (material, date) => `price history of ${material}, valid from ${englishDate(date)}`,
  pricePerUnitOf: (material) => `price per unit of ${material}`,
  groupPrice: (group, thickness, quantity, date) => `group price of ${group} (thickness ${thickness} mm, quantity ${quantity}), valid from ${englishDate(date)}`,
  usageEntered: 'usage per piece, entered on the material line',
  blankWidth: 'blank width',
  blankLength: 'blank length',
  thickness: 'thickness',
  density: 'density',
  withAdded: (measure, added) => `${measure} mm + ${added} mm added`,
  divideByMillion: '÷ 1,000,000',
  onePiecePerPiece: 'one piece of material per piece',
  blanksPerSheet: 'blanks per sheet',
  sheet: 'sheet',
  blank: 'blank',
  withMargins: (size) => `${size} mm with margins`,
  sheetPrice: 'sheet price',
  usage: 'usage',
  price: 'price',
  contoursName: 'contours',
  contours: (count, length) => (count === 1 ? `1 contour, ${length} mm` : `${count} contours, ${length} mm together`),
  noHoles: 'no holes',
  holes: (count, diameters) => `${count} ${plural(count, 'hole', 'holes')}, ${diameterList(diameters)}`,
  innerContours: 'inner contours',
  holesName: 'holes',
  pierceFormula: (inner, holes) => `${inner} ${plural(inner, 'inner contour', 'inner contours')} + ${holes} ${plural(holes, 'hole', 'holes')} + 1 outer contour`,
  pierces: 'pierces',
  bends: 'bends',
  bendCount: (count) => `${count} ${plural(count, 'bend', 'bends')}`,
  timePerPiece: 'time per piece',
  timeEntered: 'time per piece, entered on the operation',
  hourlyRate: 'hourly rate',
  programTime: 'program time',
  programRate: 'program rate',
  band: (asset, quantity) => `${asset}, band from quantity ${quantity}`,
  bandPrice: (band) => `price per piece of ${band}`,
  bandSetup: (setup, input, currency) => `${setup} ${currency} setup + ${input} ${currency} input`,
  bandName: 'band',
  bandProgram: (band) => `program cost of ${band}`,
  cutLength: 'cut length',
  cutSpeed: 'cut speed',
  cutSpeedOn: (speed, asset, group, thickness) => `${speed} mm/min on ${asset} (group ${group ?? 'any'}, ${thickness} mm)`,
  pierceTime: 'pierce time',
  bendsOfClass: (bendClass) => `bends of class ${bendClass}`,
  perBend: (count, seconds) => `${count} × ${seconds} s per bend`,
  handling: 'handling',
  handlingTerm: (seconds) => `${seconds} s handling`,
  handlingPerPiece: (seconds) => `${seconds} s per piece`,
  bulkPriceOf: (suppliable, range) => `bulk price of ${suppliable} for ${range} pieces`,
  costOf: (suppliable) => `cost of ${suppliable}`,
  costOutsideBands: (suppliable) => `cost of ${suppliable}, as none of its bulk price bands covers the quantity`,
  cheapest: (source) => `${source}, the cheapest active suppliable for the quantity`,
  ownCostOf: (part) => `own cost of ${part}, as no active suppliable offers the quantity`,
  quantity: 'quantity',
  unitCost: 'unit cost',
  costPerPieceOf: (product, pieces) => `cost per piece of ${product} at ${pieces} ${pluralOf(pieces, 'piece', 'pieces')}`,
  boughtPartsAndOperations: 'bought parts and operations',
  subAssemblies: 'sub-assemblies',
  nothing: { material: 'no material', labor: 'no labor', bought: 'nothing bought', setup: 'no setup', program: 'no program', subAssemblies: 'no sub-assemblies' },
  material: 'material',
  labor: 'labor',
  purchase: 'purchase',
  setupPerOrder: 'setup per order',
  programPerOrder: 'program per order',
  perOrder: 'per order',
  perOrderOver: (amount, currency, pieces) => `${amount} ${currency} per order ÷ ${pieces} ${pluralOf(pieces, 'piece', 'pieces')}`,
  roundedToCents: (exact, currency) => `${exact} ${currency} rounded half-up to cents`,
  unitPrice: 'unit price',
  perPiece: 'unit',
};

/**
 * A number of the machine notation ("-1351.4159") as German writes it: points between thousands, a
 * comma before the decimals ("-1.351,4159"), the rule the console's figures follow, so a formula and
 * the figure beside it group alike. The digits are kept as given, never rounded through a float
 * (libs/i18n's `formatNumber`, as every server text writes numbers).
 */
function germanNumber(text: string): string {
  return languageNumber(text, 'de', '.', ',');
}

/** A calendar day (YYYY-MM-DD) as the German console shows dates: 23.11.26. */
function germanDate(iso: string): string {
  return shortDate(iso, '.');
}

const GERMAN: Vocabulary = {
  number: germanNumber,
  unit: { kg: 'kg', m2: 'm²', sheet: 'Tafel', piece: 'Stück' },
  materialLine: (line, name) => `Materialzeile ${line}: ${name}`,
  productMaterial: (name) => `Material des Produkts: ${name}`,
  operationLine: (line, name) => `Arbeitsgang ${line}: ${name}`,
  partLine: (line, name) => `Teilezeile ${line}: ${name}`,
  range: { between: (from, to) => `${from}–${to}`, from: (from) => `ab ${from}`, upTo: (to) => `bis ${to}`, any: 'beliebig' },
  validity: (from, until) => (!from && !until ? 'immer gültig' : `gültig ${from ? germanDate(from) : '…'} – ${until ? germanDate(until) : '…'}`),
  base: 'Basis',
  factor: (position) => (GERMAN_FACTORS[position] ??= `Faktor ${position}`),
  organizationFactor: 'Faktor der Organisation',
  suppliableFactor: (supplier, suppliable) => (supplier ? `Lieferant ${supplier}, lieferbare Leistung ${suppliable}` : `lieferbare Leistung ${suppliable}`),
  priceValidFrom: (material, date) => `Preishistorie von ${material}, gültig ab ${germanDate(date)}`,
  pricePerUnitOf: (material) => `Preis je Einheit von ${material}`,
  groupPrice: (group, thickness, quantity, date) => `Gruppenpreis von ${group} (Dicke ${thickness} mm, Menge ${quantity}), gültig ab ${germanDate(date)}`,
  usageEntered: 'Verbrauch pro Stück, in der Materialzeile eingegeben',
  blankWidth: 'Zuschnittbreite',
  blankLength: 'Zuschnittlänge',
  thickness: 'Dicke',
  density: 'Dichte',
  withAdded: (measure, added) => `${measure} mm + ${added} mm Zugabe`,
  divideByMillion: '÷ 1.000.000',
  onePiecePerPiece: 'ein Stück Material pro Stück',
  blanksPerSheet: 'Zuschnitte pro Tafel',
  sheet: 'Tafel',
  blank: 'Zuschnitt',
  withMargins: (size) => `${size} mm mit Rändern`,
  sheetPrice: 'Tafelpreis',
  usage: 'Verbrauch',
  price: 'Preis',
  contoursName: 'Konturen',
  contours: (count, length) => (count === 1 ? `1 Kontur, ${length} mm` : `${count} Konturen, zusammen ${length} mm`),
  noHoles: 'keine Bohrungen',
  holes: (count, diameters) => `${count} ${plural(count, 'Bohrung', 'Bohrungen')}, ${diameterList(diameters)}`,
  innerContours: 'Innenkonturen',
  holesName: 'Bohrungen',
  pierceFormula: (inner, holes) => `${inner} ${plural(inner, 'Innenkontur', 'Innenkonturen')} + ${holes} ${plural(holes, 'Bohrung', 'Bohrungen')} + 1 Außenkontur`,
  pierces: 'Einstiche',
  bends: 'Biegungen',
  bendCount: (count) => `${count} ${plural(count, 'Biegung', 'Biegungen')}`,
  timePerPiece: 'Zeit pro Stück',
  timeEntered: 'Zeit pro Stück, im Arbeitsgang eingegeben',
  hourlyRate: 'Stundensatz',
  programTime: 'Programmierzeit',
  programRate: 'Programmiersatz',
  band: (asset, quantity) => `${asset}, Staffel ab Menge ${quantity}`,
  bandPrice: (band) => `Preis pro Stück aus ${band}`,
  bandSetup: (setup, input, currency) => `${setup} ${currency} Rüsten + ${input} ${currency} Eingabe`,
  bandName: 'Staffel',
  bandProgram: (band) => `Programmierkosten aus ${band}`,
  cutLength: 'Schnittlänge',
  cutSpeed: 'Schnittgeschwindigkeit',
  cutSpeedOn: (speed, asset, group, thickness) => `${speed} mm/min auf ${asset} (Gruppe ${group ?? 'beliebig'}, ${thickness} mm)`,
  pierceTime: 'Einstechzeit',
  bendsOfClass: (bendClass) => `Biegungen der Klasse ${bendClass}`,
  perBend: (count, seconds) => `${count} × ${seconds} s je Biegung`,
  handling: 'Handhabung',
  handlingTerm: (seconds) => `${seconds} s Handhabung`,
  handlingPerPiece: (seconds) => `${seconds} s pro Stück`,
  bulkPriceOf: (suppliable, range) => `Staffelpreis von ${suppliable} für ${range} Stück`,
  costOf: (suppliable) => `Kosten von ${suppliable}`,
  costOutsideBands: (suppliable) => `Kosten von ${suppliable}, da keine ihrer Preisstaffeln die Menge abdeckt`,
  cheapest: (source) => `${source}, die günstigste aktive lieferbare Leistung für die Menge`,
  ownCostOf: (part) => `Eigenkosten von ${part}, da keine aktive lieferbare Leistung die Menge anbietet`,
  quantity: 'Menge',
  unitCost: 'Stückkosten',
  costPerPieceOf: (product, pieces) => `Kosten pro Stück von ${product} bei ${pieces} Stück`,
  boughtPartsAndOperations: 'Zukaufteile und zugekaufte Arbeitsgänge',
  subAssemblies: 'Baugruppen',
  nothing: { material: 'kein Material', labor: 'keine Fertigung', bought: 'kein Zukauf', setup: 'kein Rüsten', program: 'keine Programmierung', subAssemblies: 'keine Baugruppen' },
  material: 'Material',
  labor: 'Fertigung',
  purchase: 'Zukauf',
  setupPerOrder: 'Rüsten pro Auftrag',
  programPerOrder: 'Programmierung pro Auftrag',
  perOrder: 'pro Auftrag',
  perOrderOver: (amount, currency, pieces) => `${amount} ${currency} pro Auftrag ÷ ${pieces} Stück`,
  roundedToCents: (exact, currency) => `${exact} ${currency} kaufmännisch auf Cent gerundet`,
  unitPrice: 'Stückpreis',
  perPiece: 'pro Stück',
};

const VOCABULARIES: Record<Locale, Vocabulary> = { en: ENGLISH, de: GERMAN };

/** An explanation's words and the currency its amounts are in. */
export interface Words extends Vocabulary {
  currency: string;
}

/** The words by language and currency, each made once: a vocabulary is never changed, and every request asks for one. */
const WORDS = new Map<string, Words>();

export function wordsFor(language: Locale | undefined, currency: string): Words {
  const key = `${language ?? 'en'} ${currency}`;
  let words = WORDS.get(key);
  if (words === undefined) {
    words = Object.freeze({ ...VOCABULARIES[language ?? 'en'], currency });
    // A shop has a currency or two; a bound all the same, should a caller make up currencies.
    if (WORDS.size >= 64) WORDS.clear();
    WORDS.set(key, words);
  }
  return words;
}
