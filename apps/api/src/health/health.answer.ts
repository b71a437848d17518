import { choice, component, object, SchemaType } from '../common/openapi/answer-schema';

export const Health = component('Health', object({ status: choice(['ok', 'unavailable']), database: choice(['up', 'down']), redis: choice(['up', 'down']) }));
export type Health = SchemaType<typeof Health>;
