import { choice, component, object, text, uuid } from '../common/openapi/answer-schema';

export const Organization = component('Organization', object({ id: uuid(), slug: text(), name: text(), defaultLocale: choice(['en', 'de']) }));
