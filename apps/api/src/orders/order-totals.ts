import { Decimal } from '@fabquote/pricing';

/**
 * An order's totals as a shop's accountant checks them (docs/api-orders.md "Totals"). Exact decimals
 * throughout; amounts are rounded half-up to cents at these points only, and every total is a sum
 * of rounded parts, so each figure on the offer adds up on paper:
 *
 * 1. a line's amount      = quantity × unit price                  → cents
 * 2. a line's discount    = line amount × discount %               → cents
 * 3. a line's total       = line amount − line discount            (exact)
 * 4. total price          = Σ line amounts; discount = Σ line discounts
 * 5. value of goods       = Σ line totals (= total price − discount)
 * 6. commission           = value of goods × commission %          → cents
 * 7. subtotal             = value of goods + commission
 * 8. VAT                  = subtotal × VAT rate                     → cents
 * 9. total with VAT       = subtotal + VAT
 *
 * Product and free lines count; text lines (a heading or a note) have no amount and count for nothing. The
 * total quantity is the pieces of the product lines (a free line's quantity is in a unit of its own).
 *
 * The order lists compute the same in SQL (`order.repository.ts`, `round(…, 2)` on numeric at the
 * same points); the API tests hold both to these worked examples.
 */
export interface OrderLine {
  /** Left out: a product line. */
  kind?: 'product' | 'free';
  /** Pieces (a free line: its unit), exact (as the numeric column gives it). */
  quantity: string;
  unitPrice: string;
  /** 0 to 100. */
  discountPercent: string;
}

/** A heading or a note: no amount. */
export interface TextLine {
  kind: 'text';
}

export interface LineAmounts {
  amount: string;
  discountAmount: string;
  lineTotal: string;
}

export interface OrderTotals {
  itemsCount: number;
  totalQuantity: string;
  totalPrice: string;
  discountAmount: string;
  valueOfGoods: string;
  commission: string;
  subtotal: string;
  vatAmount: string;
  totalWithVat: string;
}

const PERCENT = Decimal.from('0.01');
/** Half-up (away from zero; amounts here are never negative) to cents. */
const cents = (value: Decimal) => value.toDecimalPlaces(2);
/** Money always with two decimals: "12.50", "0.00". */
const money = (value: Decimal) => {
  const text = cents(value).toFixed();
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
};

function lineOf(line: OrderLine): { amount: Decimal; discount: Decimal } {
  const amount = cents(Decimal.from(line.quantity).times(Decimal.from(line.unitPrice)));
  const discount = cents(amount.times(Decimal.from(line.discountPercent)).times(PERCENT));
  return { amount, discount };
}

/** Steps 1–3 for one line. */
export function lineAmounts(line: OrderLine): LineAmounts {
  const { amount, discount } = lineOf(line);
  return { amount: money(amount), discountAmount: money(discount), lineTotal: money(amount.plus(discount.times(-1))) };
}

/** Steps 1–9 for an order's lines (text lines passed over), its commission percent and its VAT rate (percent). */
export function orderTotals(lines: Array<OrderLine | TextLine>, commissionPercent: string, vatRate: string): OrderTotals {
  let totalPrice = Decimal.from(0);
  let discount = Decimal.from(0);
  let totalQuantity = Decimal.from(0);
  const priced = lines.filter((line): line is OrderLine => line.kind !== 'text');
  for (const line of priced) {
    const parts = lineOf(line);
    totalPrice = totalPrice.plus(parts.amount);
    discount = discount.plus(parts.discount);
    if (line.kind !== 'free') totalQuantity = totalQuantity.plus(Decimal.from(line.quantity));
  }
  const valueOfGoods = totalPrice.plus(discount.times(-1));
  const commission = cents(valueOfGoods.times(Decimal.from(commissionPercent)).times(PERCENT));
  const subtotal = valueOfGoods.plus(commission);
  const vatAmount = cents(subtotal.times(Decimal.from(vatRate)).times(PERCENT));
  return {
    itemsCount: priced.length,
    totalQuantity: totalQuantity.toFixed(),
    totalPrice: money(totalPrice),
    discountAmount: money(discount),
    valueOfGoods: money(valueOfGoods),
    commission: money(commission),
    subtotal: money(subtotal),
    vatAmount: money(vatAmount),
    totalWithVat: money(subtotal.plus(vatAmount)),
  };
}
