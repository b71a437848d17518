import { array, component, dateTime, object, oneOf, text, uuid } from '../common/openapi/answer-schema';

export const Setting = component(
  'Setting',
  object({ id: uuid(), slug: text(), value: oneOf(text(), array(text())), createdAt: dateTime(), updatedAt: dateTime() }),
);
