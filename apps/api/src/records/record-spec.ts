import { Transform } from 'class-transformer';
import { IsBoolean, IsDateString, IsDefined, IsEmail, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsPositive, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { Area } from '@fabquote/access';
import { MessageKey } from '@fabquote/i18n';
import type { PriceSource } from '@fabquote/queue';
import { TEXT_MAX_LENGTH } from '../common/text-field';

/**
 * What a field holds. `amount` is a number ≥ 0 (prices, costs), `positive` > 0
 * (quantities, dimensions, density); both are stored as numeric, never as floats.
 */
export type FieldKind = 'text' | 'email' | 'amount' | 'positive' | 'date' | 'boolean' | 'choice' | 'reference';

export interface FieldSpec {
  column: string;
  kind: FieldKind;
  required?: boolean;
  /** For `choice`. */
  choices?: readonly string[];
  /** For `reference`: the table whose row must exist in the same organization. */
  references?: string;
  /** Searched by `q`. */
  searchable?: boolean;
  /** For numbers: the largest value the column holds (default: that of numeric(14, 4), below ten billion). */
  max?: number;
  /** For numbers: a count, stored as an integer. */
  whole?: boolean;
}

/** numeric(14, 4) holds ten digits before the point. */
export const NUMBER_MAX = 9_999_999_999;
/** An integer column. */
const WHOLE_MAX = 2_147_483_647;

export interface RecordSpec {
  /** The resource path and admin resource name (`assets`, `asset-prices`, …). */
  resource: string;
  table: string;
  /** Whose permissions guard it. A child resource (prices, bulk prices) needs `view` to read and `update` of its parent's area to write. */
  area: Area;
  child?: boolean;
  fields: Record<string, FieldSpec>;
  defaultSort: string;
  /** Unique constraints and check constraints → the field and message a person sees. */
  constraints?: Record<string, { field: string; key: MessageKey }>;
  /**
   * A change here changes prices: the calculated products that depend on the record named
   * by `idField` (its own id, or its parent's) are recalculated through the pricing queue.
   * An edit of only `notPriced` fields (names, numbers, notes) changes no price and is not sent.
   * `unusedWhenNew`: products point to this row (a material, a machine, a part), so a new one is used by
   * no product yet and its creation is not sent; a new price row, factor or suppliable is.
   */
  reprices?: { source: PriceSource; idField: string; what: MessageKey; notPriced?: string[]; unusedWhenNew?: boolean };
  /** Read-only figures computed in SQL from the row `t` (a product's prices from its latest calculation). */
  derived?: Record<string, string>;
  /**
   * One row the derived figures read from, LEFT JOINed by `on` under `alias` (a product's latest calculation): one
   * join per row rather than a subquery per figure. At most one row per `t`, so pages and totals stand.
   */
  derivedJoin?: { table: string; alias: string; on: string };
  /** The API contract's type of a derived figure (default: a number, `null` without a calculation); a `boolean` is never `null`. */
  derivedTypes?: Record<string, 'integer' | 'boolean'>;
  /** Rows elsewhere that keep a row from being deleted: counted and named in the 409. */
  usedBy?: Array<{ table: string; column: string; noun: MessageKey }>;
}

const numeric = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value);
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const emptyToNull = ({ value }: { value: unknown }) => (value === '' ? null : value);

function decoratorsFor(field: FieldSpec, required: boolean): PropertyDecorator[] {
  const presence = required
    ? [IsDefined({ message: 'required' }), IsNotEmpty({ message: 'required' })]
    : [IsOptional()];
  const maxLength = { message: 'too_long', context: { maxLength: TEXT_MAX_LENGTH } };
  switch (field.kind) {
    case 'text':
      return [Transform(trimmed), ...presence, IsString({ message: 'must_be_text' }), MaxLength(TEXT_MAX_LENGTH, maxLength)];
    case 'email':
      return [Transform(trimmed), Transform(emptyToNull), ...presence, IsString({ message: 'must_be_text' }), MaxLength(TEXT_MAX_LENGTH, maxLength), IsEmail({}, { message: 'invalid_email' })];
    case 'amount':
    case 'positive': {
      const max = field.max ?? (field.whole ? WHOLE_MAX : NUMBER_MAX);
      return [
        Transform(numeric),
        ...presence,
        IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'positive_number' }),
        field.kind === 'amount' ? Min(0, { message: 'positive_number' }) : IsPositive({ message: 'positive_number' }),
        ...(field.whole ? [IsInt({ message: 'whole_number' })] : []),
        Max(max, { message: 'number_too_large', context: { max } }),
      ];
    }
    case 'date':
      return [Transform(emptyToNull), ...presence, IsDateString({ strict: true }, { message: 'invalid_date' })];
    case 'boolean':
      return [...presence, IsBoolean({ message: 'must_be_yes_no' })];
    case 'choice':
      return [...presence, IsIn([...(field.choices ?? [])], { message: 'not_one_of', context: { values: (field.choices ?? []).join(', ') } })];
    case 'reference':
      return [Transform(emptyToNull), ...presence, IsUUID('all', { message: 'unknown_reference' })];
  }
}

/**
 * The request body classes of a resource, made from its field list, so every
 * resource validates through class-validator the same way. On update every field
 * is optional; `null` clears an optional field to its column's default (empty, 0, `false`).
 */
export function bodyClass(spec: RecordSpec, mode: 'create' | 'update'): new () => object {
  const Body = class {};
  Object.defineProperty(Body, 'name', { value: `${spec.resource}-${mode}` });
  for (const [name, field] of Object.entries(spec.fields)) {
    for (const decorate of decoratorsFor(field, mode === 'create' && Boolean(field.required))) decorate(Body.prototype, name);
  }
  return Body;
}
