import { decimalParam } from '@fabquote/i18n';
import { FieldInvalid } from '../common/app-exception';
import { takenPrice } from './item-price';
import type { OrderItem } from './order.entity';
import { samePrice, shownPrice } from './order-input';
import type { ProductPrice } from '../products';

/** Where the answers about an item's price go: the body's field names (`items.0.quantity` or `quantity`). */
export interface ItemFields {
  productId: string;
  quantity: string;
  unitPriceReason: string;
}

export type ItemPrice = Pick<OrderItem, 'unitPrice' | 'takenUnitPrice' | 'priceSource' | 'calculationId' | 'priceQuantity' | 'unitPriceReason'>;

/** A calculation chosen for the item must be one of its product's: else a 422 `unknown_reference` on `field`. */
export function chosenCalculationFound(product: ProductPrice, chosen: string | null | undefined, field: string): void {
  if (chosen && product.calculationId !== chosen) throw new FieldInvalid(field, 'unknown_reference');
}

/**
 * An item's price columns: the price the product gives for `quantity` (item-price.ts), sold at it or
 * at `unitPrice` (null: at the one taken). A price of its own needs a reason; a product with no price
 * at all needs both a price and a reason (422 `product_has_no_price` otherwise).
 */
export function pricedItem(product: ProductPrice, quantity: string, unitPrice: string | null, reason: string | null, fields: ItemFields): ItemPrice {
  const taken = takenPrice(product.tiers, product.bands, quantity);
  if (unitPrice === null && !taken) throw new FieldInvalid(fields.productId, 'product_has_no_price', { product: product.name, quantity: Number(quantity) });
  const price = unitPrice ?? taken!.unitPrice;
  const own = !taken || !samePrice(price, taken.unitPrice);
  if (own && !reason) {
    if (!taken) throw new FieldInvalid(fields.unitPriceReason, 'product_has_no_price', { product: product.name, quantity: Number(quantity) });
    throw new FieldInvalid(fields.unitPriceReason, 'unit_price_reason_required', { price: decimalParam(shownPrice(taken.unitPrice)) });
  }
  return {
    unitPrice: price,
    takenUnitPrice: taken?.unitPrice ?? null,
    priceSource: taken?.source ?? 'manual',
    calculationId: taken?.source === 'calculation' ? product.calculationId : null,
    priceQuantity: taken?.atQuantity ?? null,
    unitPriceReason: own ? reason : null,
  };
}
