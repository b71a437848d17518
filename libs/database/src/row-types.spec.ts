import { types } from 'pg';
import { parseTextArray, TEXT_ARRAY } from './row-types';

const driver = types.getTypeParser(TEXT_ARRAY, 'text') as (value: string) => unknown;

describe('parseTextArray', () => {
  it.each([
    '{}',
    '{products.view}',
    '{products.view,orders.view,ops.queues}',
    '{NULL}',
    '{a,NULL,b}',
    '{null,Null}',
    '{""}',
    '{"",a}',
    '{"NULL",NULL}',
    '{"a,b",c}',
    '{"a b","c\\"d","e\\\\f"}',
    '{{a,b},{c,d}}',
    '[0:1]={a,b}',
    '{"{x}",y}',
    '{ä,ß,日本}',
  ])('reads %s as the driver does', (text) => {
    expect(parseTextArray(text)).toEqual(driver(text));
  });

  it('keeps null apart from the text NULL', () => {
    expect(parseTextArray('{a,NULL}')).toStrictEqual(['a', null]);
    expect(parseTextArray('{"NULL"}')).toStrictEqual(['NULL']);
  });
});
