import { array, boolean, choice, component, date, nullable, object, Schema, text, uuid } from '../common/openapi/answer-schema';

/** An exact decimal as text (`"12.5"`). */
const decimal = (description: string): Schema<string> => text({ pattern: '^-?\\d+(\\.\\d+)?$', description });

export const MaterialPriceInEffect = component(
  'MaterialPriceInEffect',
  object({
    source: choice(['own', 'group_list', 'price_per_unit', 'none'], {
      description: "`own`: its own dated price; `group_list`: its group's list at its thickness; `price_per_unit`; `none`: nothing but a price per unit of zero.",
    }),
    unitPrice: decimal('The price per price unit the engine takes today, exact.'),
    currency: text({ example: 'EUR' }),
    priceUnit: choice(['kg', 'm2', 'sheet', 'piece']),
    date: date({ description: 'Today, the day the price is in effect on.' }),
    validFrom: nullable(date({ description: "The own or group price's valid-from; null for the price per unit." })),
    groupId: nullable(uuid()),
    groupName: nullable(text()),
    thickness: nullable(decimal("The thickness it applies at: the material's height (mm); null when it has none.")),
    quantity: decimal('The quantity it applies at (pieces): 1.'),
    pricePerUnitUsed: boolean({ description: "Whether the material's price per unit is the price taken: when not, changing it changes no price." }),
    groupList: array(
      object({
        price: decimal('Per price unit.'),
        validFrom: date({ description: 'Valid from.' }),
        thicknessFrom: nullable(decimal('mm; null: open.')),
        thicknessTo: nullable(decimal('mm; null: open.')),
        minQuantity: nullable(decimal('Pieces; null: open.')),
        maxQuantity: nullable(decimal('Pieces; null: open.')),
      }),
      { description: "The group's price list valid today, latest valid-from first, at every thickness: what it covers." },
    ),
    explanation: text({ description: "The engine's words for the price, as a calculation's explanation says them, in the reader's language." }),
    reason: text({ description: "Why this price applies, in the reader's language." }),
  }),
);
