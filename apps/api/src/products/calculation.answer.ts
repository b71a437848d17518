import { allOf, annotated, anyObject, array, boolean, component, date, dictionary, integer, nullable, number, object, oneOf, reference, Schema, text, uuid } from '../common/openapi/answer-schema';

const COMPONENTS = ['material', 'labor', 'purchase', 'setup', 'program'] as const;
type PriceComponent = (typeof COMPONENTS)[number];
const perComponent = <T>(schema: (component: PriceComponent) => Schema<T>) =>
  Object.fromEntries(COMPONENTS.map((component) => [component, schema(component)])) as Record<PriceComponent, Schema<T>>;

export const QuantityTiers = component('QuantityTiers', object({ quantities: array(integer({ minimum: 1 })) }));

export const TierSummary = component(
  'TierSummary',
  object({
    quantity: integer(),
    unitPrice: text({ description: 'A decimal amount per piece.' }),
    totalPrice: text(),
    ...perComponent((part) => text({ description: `The ${part} share per piece.` })),
  }),
);

export const Calculation = component(
  'Calculation',
  object(
    {
      id: uuid(),
      productId: uuid(),
      index: integer({ description: '1, 2, 3 … per product.' }),
      createdOn: date(),
      reason: nullable(text()),
      quantities: array(integer()),
      whatIf: boolean({ description: 'Priced at quantities someone chose ("Quantities…") rather than the standard tiers: order items take no price from it unless it is chosen.' }),
      warnings: array(text(), { description: 'Figures that came out missing or zero, in the reader\'s language.' }),
      currency: text(),
      tiers: array(TierSummary),
    },
    { optional: ['warnings'] },
  ),
);

/** An explained figure of the pricing engine; it refers to itself, so its type is written out. */
export interface Figure {
  value: string;
  exact: string;
  unit: string;
  formula: string;
  inputs: Record<string, Figure | string>;
}

export const Figure = component(
  'Figure',
  object(
    { value: text(), exact: text(), unit: text(), formula: text(), inputs: dictionary(oneOf(reference<Figure>('Figure'), text())) },
    { description: 'An explained figure of the pricing engine: `inputs` are further figures or plain text.' },
  ) satisfies Schema<Figure>,
);

export const ComponentPrice = component(
  'ComponentPrice',
  object({ unit: annotated(Figure, { description: 'Per piece.' }), total: annotated(Figure, { description: 'For the whole order of the tier\'s quantity.' }) }),
);

export const TierResult = component(
  'TierResult',
  object({ quantity: integer(), unitPrice: Figure, totalPrice: Figure, ...perComponent(() => ComponentPrice) }),
);

export const GeometryFigures = component('GeometryFigures', object({ cutLength: Figure, pierceCount: Figure, bendCount: Figure }));

export const CalculationDetail = component(
  'CalculationDetail',
  allOf(
    Calculation,
    object({
      result: nullable(
        object({ date: text(), currency: text(), geometry: nullable(GeometryFigures), tiers: array(TierResult) }, {
          description: 'The explanation written again from the inputs; null when today\'s engine prices them differently (the stored prices stand).',
        }),
      ),
      inputs: anyObject({ description: 'The exact inputs the engine was given.' }),
    }),
  ),
);

export const BulkPriceBand = component('BulkPriceBand', object({ id: uuid(), minQuantity: number(), maxQuantity: nullable(number()), unitPrice: number() }));
