import type {
  EmailPreview,
  PurchaseRequest,
  PurchaseRequestOperation,
  PurchaseRequestPart,
  PurchaseRequestQuestion,
  PurchaseRequestSupplier,
  SupplierOffer,
  SupplierOfferPrice,
} from '../api/contracts';
import { decimalText, formatNumberList, numberProblemMessage, readNumberList } from '../shared/numbers';

/**
 * Purchase requests as docs/api-procurement.md describes them, and the rules the console applies
 * before asking the API: the quantities asked per product (10 / 50 / 200), what each step of the
 * create stepper needs before Next, and the one POST the stepper ends with.
 */

/** docs/product.md §9: how often suppliers are reminded; `null` is none (the API's values). */
export const REMINDER_FREQUENCIES = ['once', 'daily', 'every_3_days', 'weekly', 'monthly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];
export const REMINDER_PREFIX = 'resources.purchase-requests.reminders';

export const PURCHASE_REQUEST_STATUSES = ['open', 'closed'] as const;
export const PURCHASE_REQUEST_STATUS_PREFIX = 'fabquote.status.purchase_request';

/** The API's limit of quantities per product. */
export const MAX_QUANTITIES = 10;

/** Messages of the area, under resources.purchase-requests.messages. */
const MESSAGES = 'resources.purchase-requests.messages';
export const MESSAGE = {
  selectProduct: `${MESSAGES}.select_product`,
  selectSupplier: `${MESSAGES}.select_supplier`,
  selectProductOperation: `${MESSAGES}.select_product_operation`,
  selectProductPart: `${MESSAGES}.select_product_part`,
  quantitiesRequired: `${MESSAGES}.quantities_required`,
  quantitiesTooMany: `${MESSAGES}.quantities_too_many`,
  quantitiesDuplicate: `${MESSAGES}.quantities_duplicate`,
  positiveNumber: 'fabquote.validation.positive_number',
  deadlineInPast: `${MESSAGES}.deadline_in_past`,
} as const;

/** The records as the API answers them (docs/api-procurement.md): the API's contract. */
export type PurchaseRequestRecord = PurchaseRequest;
export type RequestSupplierRecord = PurchaseRequestSupplier;
export type RequestOperationRecord = PurchaseRequestOperation;
export type RequestPartRecord = PurchaseRequestPart;
export type SupplierOfferRecord = SupplierOffer;
export type SupplierOfferPriceRecord = SupplierOfferPrice;
export type QuestionRecord = PurchaseRequestQuestion;
export type { EmailPreview };

export type QuantitiesResult = { quantities: number[]; error?: undefined } | { quantities?: undefined; error: string; args?: Record<string, unknown> };

/**
 * "10 / 50 / 1.000" (German), "10 / 50 / 1,000" (English) or [10, 50, 1000] → [10, 50, 1000]: the
 * quantities of one product, in the order typed, read in the chosen language (shared/numbers.ts): split on
 * "/", ";" or spaces, never on a number's own point or comma. An entry the language cannot read (German
 * "1.5") is refused with the notation expected, never reinterpreted.
 */
export function parseQuantities(value: unknown, locale: string): QuantitiesResult {
  const reading = Array.isArray(value) ? { values: value.map((item) => decimalText(item) ?? String(item)) } : readNumberList(value, locale);
  if (reading.problem !== undefined) return { error: `fabquote.numbers.${reading.problem}`, args: numberProblemMessage(reading.problem, reading.entry, reading.suggestion, locale).args };
  if (reading.values.length === 0) return { error: MESSAGE.quantitiesRequired };
  const quantities: number[] = [];
  for (const part of reading.values) {
    const number = Number(part);
    if (!Number.isFinite(number) || number <= 0) return { error: MESSAGE.positiveNumber };
    if (quantities.includes(number)) return { error: MESSAGE.quantitiesDuplicate };
    quantities.push(number);
  }
  if (quantities.length > MAX_QUANTITIES) return { error: MESSAGE.quantitiesTooMany, args: { max: MAX_QUANTITIES } };
  return { quantities };
}

/** [10, 50, 1000] → "10 / 50 / 1.000" in German, "10 / 50 / 1,000" in English: the way the input shows a product's quantities. */
export function quantitiesText(value: unknown, locale: string): string {
  if (Array.isArray(value)) return formatNumberList(value, locale);
  return value === null || value === undefined ? '' : String(value);
}

/** A react-admin validator for the quantities input in the chosen language: the message of the first problem, or nothing. */
export const validateQuantities =
  (locale: string) =>
  (value: unknown): { message: string; args: Record<string, unknown> } | undefined => {
    const result = parseQuantities(value, locale);
    return result.error ? { message: result.error, args: result.args ?? {} } : undefined;
  };

/** A product chosen on the first step: which one, and its quantities as typed. */
export interface ChosenProduct {
  productId?: string | null;
  quantities?: string | number[] | null;
}

/** Everything the stepper collects; ids of lines are the product's own lines (product-operations, product-parts). */
export interface StepperValues {
  products?: ChosenProduct[];
  name?: string;
  closeSubmissionDeadline?: string | null;
  includeProductPreview?: boolean;
  reminderFrequency?: ReminderFrequency | null;
  additionalInformation?: string | null;
  supplierIds?: string[];
  productOperationIds?: string[];
  productPartIds?: string[];
}

export const STEPS = ['products', 'details', 'suppliers', 'product-operations', 'product-parts'] as const;
export type Step = (typeof STEPS)[number];

/** The fields each step owns: react-hook-form validates these before Next. */
export const STEP_FIELDS: Record<Step, string[]> = {
  products: ['products'],
  details: ['name', 'closeSubmissionDeadline', 'reminderFrequency', 'additionalInformation'],
  suppliers: ['supplierIds'],
  'product-operations': ['productOperationIds'],
  'product-parts': ['productPartIds'],
};

/**
 * Why Next is refused on `step` beyond the inputs' own rules (docs/product.md §5: creating needs
 * products and suppliers), as a message key; null when the step is complete.
 */
export function stepRefusal(step: Step, values: StepperValues): string | null {
  if (step === 'products') {
    const products = values.products ?? [];
    if (products.length === 0 || products.some((product) => !product?.productId)) return MESSAGE.selectProduct;
    return null;
  }
  if (step === 'suppliers') return (values.supplierIds ?? []).length === 0 ? MESSAGE.selectSupplier : null;
  return null;
}

/** The ids of the products chosen so far, each once. */
export function chosenProductIds(values: StepperValues): string[] {
  return [...new Set((values.products ?? []).map((product) => product?.productId).filter((id): id is string => Boolean(id)))];
}

/** The stepper's one POST /purchase-requests; lines of products no longer chosen are left out. */
export function createPayload(
  values: StepperValues,
  lines: { operations: readonly { id: string; productId: string }[]; parts: readonly { id: string; productId: string }[] },
  locale: string,
) {
  const products = chosenProductIds(values);
  const ofChosen = (ids: string[] | undefined, rows: readonly { id: string; productId: string }[]) =>
    (ids ?? []).filter((id) => rows.some((row) => row.id === id && products.includes(row.productId)));
  return {
    name: (values.name ?? '').trim(),
    closeSubmissionDeadline: values.closeSubmissionDeadline ?? null,
    includeProductPreview: Boolean(values.includeProductPreview),
    reminderFrequency: values.reminderFrequency ?? null,
    additionalInformation: values.additionalInformation?.trim() ? values.additionalInformation.trim() : null,
    products: (values.products ?? [])
      .filter((product) => product?.productId)
      .map((product) => ({ productId: product.productId as string, quantities: parseQuantities(product.quantities, locale).quantities ?? [] })),
    supplierIds: values.supplierIds ?? [],
    productOperationIds: ofChosen(values.productOperationIds, lines.operations),
    productPartIds: ofChosen(values.productPartIds, lines.parts),
  };
}

/** The product operations ticked when the step opens: those bought in (made outside). */
export function preTickedOperations(operations: readonly { id: string; boughtIn?: boolean | null }[]): string[] {
  return operations.filter((operation) => operation.boughtIn === true).map((operation) => operation.id);
}

/** Only product parts with a part can be bought; a sub-assembly is made in-house. */
export function buyableParts<T extends { partId?: string | null }>(parts: readonly T[]): T[] {
  return parts.filter((part) => Boolean(part.partId));
}

/** A deadline must lie ahead (the API says the same); empty is left to required(). */
export function deadlineAhead(value: unknown, now: Date = new Date()): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const time = new Date(String(value)).getTime();
  return Number.isFinite(time) && time > now.getTime() ? undefined : MESSAGE.deadlineInPast;
}
