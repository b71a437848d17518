import type { StreamableFile } from '@nestjs/common';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';
import type { Page } from '../list-query';

/**
 * What the API answers, written once as a schema whose TypeScript type is derived from it
 * (docs/architecture.md, "The contract"): `const Order = component('Order', object({ … }))` is both the
 * OpenAPI component `#/components/schemas/Order` and, through `SchemaType<typeof Order>`, the type the
 * route's handler must return. The route heads of `openapi.ts` take these schemas and refuse, at compile
 * time, a handler whose return type does not fit (`AnswerDecorator`).
 */
declare const ANSWER: unique symbol;

/** A JSON schema (OpenAPI 3.0) that describes values of type `T`. */
export type Schema<T> = SchemaObject & { readonly [ANSWER]?: T };

/** The TypeScript type a schema describes. */
export type SchemaType<S> = S extends { readonly [ANSWER]?: infer T } ? Exclude<T, undefined> : never;

/** What a schema may say besides its type: a description, an example, bounds, `readOnly`. */
export type Facets = Omit<SchemaObject, 'type' | 'properties' | 'required' | 'items' | 'nullable' | 'enum' | 'allOf' | 'oneOf' | 'additionalProperties'>;

const typed = <T>(schema: SchemaObject | ReferenceObject): Schema<T> => schema as Schema<T>;
const isReference = (schema: SchemaObject | ReferenceObject): schema is ReferenceObject => '$ref' in schema;

export const text = (facets: Facets = {}) => typed<string>({ type: 'string', ...facets });
export const uuid = (facets: Facets = {}) => typed<string>({ type: 'string', format: 'uuid', ...facets });
export const email = (facets: Facets = {}) => typed<string>({ type: 'string', format: 'email', ...facets });
/** A calendar day, `2026-11-26` (a `date` column reads as this text). */
export const date = (facets: Facets = {}) => typed<string>({ type: 'string', format: 'date', ...facets });
/** An instant; a `Date` is answered as its ISO text. */
export const dateTime = (facets: Facets = {}) => typed<string | Date>({ type: 'string', format: 'date-time', ...facets });
export const integer = (facets: Facets = {}) => typed<number>({ type: 'integer', ...facets });
export const number = (facets: Facets = {}) => typed<number>({ type: 'number', ...facets });
export const boolean = (facets: Facets = {}) => typed<boolean>({ type: 'boolean', ...facets });
export const choice = <const V extends string>(values: readonly V[], facets: Facets = {}) => typed<V>({ type: 'string', enum: [...values], ...facets });
export const array = <T>(items: Schema<T>, facets: Facets = {}) => typed<T[]>({ type: 'array', items, ...facets });
/** An object of any keys with values of one schema. */
export const dictionary = <T>(values: Schema<T>, facets: Facets = {}) => typed<Record<string, T>>({ type: 'object', additionalProperties: values, ...facets });
/** A file (a PDF, an image): the handler sends it, or answers a `StreamableFile`. */
export const binary = (facets: Facets = {}) => typed<StreamableFile | void>({ type: 'string', format: 'binary', ...facets });
/** An object the document does not describe further (the engine's inputs, a JSON:API document). */
export const anyObject = (facets: Facets = {}) => typed<Record<string, unknown>>({ type: 'object', additionalProperties: true, ...facets });

/** The schema with more said about it (a description, `readOnly`), the same type. */
export const annotated = <T>(schema: Schema<T>, facets: Facets): Schema<T> => typed<T>(isReference(schema) ? { allOf: [schema], ...facets } : { ...schema, ...facets });

/** The value or `null`; a component is wrapped (`allOf`), since OpenAPI 3.0 ignores what stands beside a `$ref`. */
export const nullable = <T>(schema: Schema<T>, facets: Facets = {}) =>
  typed<T | null>(isReference(schema) ? { allOf: [schema], nullable: true, ...facets } : { ...schema, nullable: true, ...facets });

export const oneOf = <S extends Array<Schema<unknown>>>(...schemas: S) => typed<SchemaType<S[number]>>({ oneOf: schemas });
export const allOf = <A, B>(first: Schema<A>, second: Schema<B>, facets: Facets = {}) => typed<A & B>({ allOf: [first, second], ...facets });

type Properties = Record<string, Schema<unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & unknown;
type ObjectType<P extends Properties, O extends keyof P> = Flat<{ [K in Exclude<keyof P, O>]: SchemaType<P[K]> } & { [K in O]?: SchemaType<P[K]> }>;

/** An object of these properties, each required unless named in `optional`. */
export function object<P extends Properties, O extends keyof P & string = never>(properties: P, facets: Facets & { optional?: readonly O[] } = {}): Schema<ObjectType<P, NoInfer<O>>> {
  const { optional = [], ...rest } = facets;
  const required = Object.keys(properties).filter((name) => !(optional as readonly string[]).includes(name));
  return typed({ type: 'object', ...rest, properties, ...(required.length > 0 ? { required } : {}) });
}

const COMPONENTS = new Map<string, SchemaObject>();

/** A reference to the component `name`, for a schema that refers to itself (declare its type by hand, check it with `satisfies`). */
export const reference = <T>(name: string) => typed<T>({ $ref: `#/components/schemas/${name}` });

/** Names a schema: the document lists it under `components.schemas`, everything else refers to it. */
export function component<T>(name: string, schema: Schema<T>): Schema<T> {
  const known = COMPONENTS.get(name);
  if (known && known !== schema) throw new Error(`Two answer schemas are named ${name}`);
  COMPONENTS.set(name, schema);
  return reference<T>(name);
}

/** Every component named so far (each area's answers are named when its controllers are loaded). */
export const answerComponents = (): Record<string, SchemaObject> => Object.fromEntries(COMPONENTS);

// ---------------------------------------------------------------------------------------------
// The check of a handler against its answer.

/**
 * Whether a handler's result `R` fits the answer `A`, property by property. What the code does not type
 * yet cannot be checked and passes: a row read as `Record<string, …>` (no known keys), a field of type
 * `unknown`, a property the result's type does not name (a spread untyped row); once its repository
 * types it, it is checked. A `string` where the answer names its values
 * (an enum) passes too: the contract check of the tests holds it to them.
 */
type Fits<R, A> = [R] extends [A] ? true : unknown extends R ? true : MemberFits<R, A>;
/** Each member of a union `R` fits some member of `A`. */
type MemberFits<R, A> = R extends string
  ? [Extract<A, string>] extends [never]
    ? false
    : true
  : R extends ReadonlyArray<infer Row>
    ? [Extract<A, ReadonlyArray<unknown>>] extends [never]
      ? false
      : Fits<Row, Extract<A, ReadonlyArray<unknown>>[number]>
    : R extends object
      ? string extends keyof R
        ? true
        : [Extract<A, object>] extends [never]
          ? false
          : EachFits<R, Extract<A, object>>
      : [R] extends [A]
        ? true
        : false;
type EachFits<R, A> = false extends { [K in keyof A]-?: K extends keyof R ? Fits<R[K], A[K]> : true }[keyof A] ? false : true;
/** Where `R` does not fit `A`: each property of the answer that the handler's type misses or contradicts. */
type Drift<R, A> = [R] extends [object]
  ? [A] extends [object]
    ? { [K in keyof A as K extends keyof R ? (Fits<R[K], A[K]> extends true ? never : K) : never]: K extends keyof R ? { answers: R[K]; schema: A[K] } : never }
    : A
  : A;
type Checked<R, A> = Fits<R, A> extends true ? unknown : { 'the handler answers what its schema does not describe': Drift<R, A> };

type Handler = (...args: never[]) => unknown;

/** A route head that checks its handler's return type against the answer `A`. */
export type AnswerDecorator<A> = <M extends Handler>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M> & Checked<Awaited<ReturnType<M>>, A>) => void;

/** A list head: the handler answers a `Page` of rows that fit `A`. */
export type ListDecorator<A> = <M extends Handler>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M> & (Awaited<ReturnType<M>> extends Page<infer Row> ? Checked<Row, A> : { 'a list answers a Page': A }),
) => void;

/** The answer a route head declares: a schema's type; a record resource's row (named by its spec) is not checked. */
export type AnswerOf<S> = S extends string ? unknown : SchemaType<S>;
