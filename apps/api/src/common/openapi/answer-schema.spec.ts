import { Page } from '../list-query';
import { AnswerDecorator, array, choice, component, dateTime, integer, ListDecorator, nullable, object, SchemaType, text, uuid } from './answer-schema';

const Row = object({ id: uuid(), name: text(), kind: choice(['a', 'b']), count: nullable(integer()), at: dateTime(), tags: array(text()) }, { optional: ['tags'] });
type Row = SchemaType<typeof Row>;
const answers = <A>(): AnswerDecorator<A> => () => undefined;
const lists = <A>(): ListDecorator<A> => () => undefined;
const row: Row = { id: 'x', name: 'n', kind: 'a', count: null, at: new Date() };

/** The compile-time half of the contract (docs/architecture.md, "The contract"): `tsc` fails if a drift passes. */
export class Handlers {
  @answers<Row>()
  fits(): Promise<Row> {
    return Promise.resolve(row);
  }

  @answers<Row>()
  untypedRow(): Promise<Record<string, unknown>> {
    return Promise.resolve(row);
  }

  @lists<Row>()
  page(): Promise<Page<Row>> {
    return Promise.resolve(new Page([row], 1));
  }

  // @ts-expect-error -- `count` may be null in the answer, but not a string
  @answers<Row>()
  wrongType() {
    return { ...row, count: 'many' };
  }

  // @ts-expect-error -- the answer requires `name`, the handler may give null
  @answers<Row>()
  nullWhereRequired() {
    return { ...row, name: null as string | null };
  }

  // @ts-expect-error -- a list answers a Page
  @lists<Row>()
  notAPage(): Promise<Row[]> {
    return Promise.resolve([row]);
  }
}

describe('answer schemas', () => {
  it('writes OpenAPI 3.0: required unless optional, nullable beside the type, a component as a reference', () => {
    expect(Row).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        name: { type: 'string' },
        kind: { type: 'string', enum: ['a', 'b'] },
        count: { type: 'integer', nullable: true },
        at: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['id', 'name', 'kind', 'count', 'at'],
    });
    const Named = component('AnswerSchemaSpecRow', Row);
    expect(Named).toEqual({ $ref: '#/components/schemas/AnswerSchemaSpecRow' });
    expect(nullable(Named)).toEqual({ allOf: [Named], nullable: true });
    expect(() => component('AnswerSchemaSpecRow', object({ id: uuid() }))).toThrow('Two answer schemas are named AnswerSchemaSpecRow');
  });
});
