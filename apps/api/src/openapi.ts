import { applyDecorators, Delete, Get, HttpCode, INestApplication, Post, Put, SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiQuery, ApiResponse, ApiTags, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';
import type { PermissionName } from '@fabquote/access';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { Access, ACCESS, RequirePermission } from './identity/access';
import type { FieldSpec, RecordSpec } from './records/record-spec';
import { TEXT_MAX_LENGTH } from './common/text-field';
import type { ListSpec } from './common/list-query';
import { answerComponents } from './common/openapi/answer-schema';
import type { AnswerDecorator, AnswerOf, ListDecorator, Schema } from './common/openapi/answer-schema';
import { ErrorBody } from './common/openapi/error.answer';

/**
 * The API's contract (OpenAPI 3.0), made from the routes themselves: Swagger UI at `/api/v1/docs`, the
 * JSON at `/api/v1/docs-json`; `npm run contracts` turns its component schemas into the admin's row
 * types (`apps/admin/src/api/contracts.ts`). Record resources are described from their `RecordSpec`
 * (`recordSchemas`), hand-written DTOs from their class-validator decorators (`dtoSchema`), the other
 * answers from the areas' answer schemas (`common/openapi/answer-schema.ts`, checked against the
 * handlers' return types by the route heads), security and errors from each route's access declaration
 * (`describeAccess`): nothing is described twice.
 */
export const DOCS_PATH = '/api/v1/docs';
export const DOCS_JSON_PATH = '/api/v1/docs-json';

const RECORD_SPEC = Symbol('fabquote:openapi-record-spec');

export const schemaRef = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

// ---------------------------------------------------------------------------------------------
// RecordSpec resources: one generator for every master-data and product resource.

/** `asset-cutting-rates` → `AssetCuttingRate`: the row's schema; `…Create`/`…Update` are its bodies. */
export function recordSchemaName(spec: RecordSpec): string {
  return spec.resource
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')
    .replace(/s$/, '');
}

/** Mirrors `bodyClass` (record-spec.ts): what a field's value may be. */
export function fieldSchema(field: FieldSpec): SchemaObject {
  switch (field.kind) {
    case 'text':
      return { type: 'string', maxLength: TEXT_MAX_LENGTH };
    case 'email':
      return { type: 'string', format: 'email', maxLength: TEXT_MAX_LENGTH };
    case 'amount':
    case 'positive': {
      const max = field.max ?? (field.whole ? 2_147_483_647 : 9_999_999_999);
      const floor: SchemaObject = field.kind === 'amount' ? { minimum: 0 } : { minimum: 0, exclusiveMinimum: true };
      return { type: field.whole ? 'integer' : 'number', ...floor, maximum: max };
    }
    case 'date':
      return { type: 'string', format: 'date' };
    case 'boolean':
      return { type: 'boolean' };
    case 'choice':
      return { type: 'string', enum: [...(field.choices ?? [])] };
    case 'reference':
      return { type: 'string', format: 'uuid', description: `The id of a row of \`${field.references}\` of the same organization.` };
  }
}

const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

/**
 * The row a resource answers (every field, `id`, `createdAt`, `updatedAt` and the derived figures,
 * always present; an optional field may be `null`) and the bodies it takes: on create the required
 * fields must be given, on update none must; `null` on an optional field writes its column's default.
 */
export function recordSchemas(spec: RecordSpec): Record<string, SchemaObject> {
  const name = recordSchemaName(spec);
  const fields = Object.entries(spec.fields);
  const required = fields.filter(([, field]) => field.required).map(([field]) => field);
  const body = (mode: 'create' | 'update'): SchemaObject => ({
    type: 'object',
    description: `What ${mode === 'create' ? 'POST' : 'PUT'} /${spec.resource} takes; other fields are ignored.`,
    properties: Object.fromEntries(fields.map(([field, definition]) => [field, definition.required ? fieldSchema(definition) : nullable(fieldSchema(definition))])),
    ...(mode === 'create' && required.length > 0 ? { required } : {}),
  });
  const derived = Object.keys(spec.derived ?? {}).map((field): [string, SchemaObject] => {
    const type = spec.derivedTypes?.[field] ?? 'number';
    return [field, type === 'boolean' ? { type, readOnly: true } : { type, nullable: true, readOnly: true }];
  });
  const row: SchemaObject = {
    type: 'object',
    description: `A row of /${spec.resource}.`,
    properties: {
      id: { type: 'string', format: 'uuid' },
      ...Object.fromEntries(fields.map(([field, definition]) => [field, definition.required ? fieldSchema(definition) : nullable(fieldSchema(definition))])),
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      ...Object.fromEntries(derived),
    },
    required: ['id', ...fields.map(([field]) => field), 'createdAt', 'updatedAt', ...derived.map(([field]) => field)],
  };
  return { [name]: row, [`${name}Create`]: body('create'), [`${name}Update`]: body('update') };
}

/** The list of a RecordSpec resource, as `RecordsService.list` reads it. */
export function recordListOf(spec: RecordSpec, customFilters: string[] = []): ListParameters {
  return {
    sortable: [...Object.keys(spec.fields), 'createdAt', 'updatedAt'],
    filters: [...Object.keys(spec.fields), ...customFilters],
    searchable: Object.values(spec.fields).some((field) => field.searchable),
  };
}

/** Marks a records controller: its schemas are added to the document from `spec`. */
export const ApiRecordResource = (spec: RecordSpec) => applyDecorators(SetMetadata(RECORD_SPEC, spec), ApiTags(spec.resource));

export const ApiRecordBody = (spec: RecordSpec, mode: 'create' | 'update') =>
  ApiBody({ schema: schemaRef(`${recordSchemaName(spec)}${mode === 'create' ? 'Create' : 'Update'}`) });

// ---------------------------------------------------------------------------------------------
// Lists: the ra-data-json-server convention (docs/architecture.md, "A request" 5).

export interface ListParameters {
  sortable: string[];
  filters: string[];
  searchable: boolean;
}

/** The list parameters of a `ListSpec`. */
export const listOf = (spec: ListSpec): ListParameters => ({
  sortable: Object.keys(spec.sortable),
  filters: Object.keys(spec.filters),
  searchable: spec.searchable.length > 0,
});

/** A row schema of a list: a component of the code's answers, or the name of a record resource's row. */
type RowSchema = Schema<unknown> | string;
const answerSchema = (schema: RowSchema): SchemaObject | ReferenceObject => (typeof schema === 'string' ? schemaRef(schema) : schema);

/** A list route: `_start/_end/_sort/_order/q/id`, a filter per field, the rows as an array with `X-Total-Count`. */
export const ApiList = <S extends RowSchema>(rowSchema: S, list: ListParameters) => listAnswer<AnswerOf<S>>(listParameters(rowSchema, list));

const listParameters = (rowSchema: RowSchema, list: ListParameters) =>
  applyDecorators(
    ApiQuery({ name: '_start', required: false, schema: { type: 'integer', minimum: 0, default: 0 }, description: 'First row (0-based).' }),
    ApiQuery({ name: '_end', required: false, schema: { type: 'integer', minimum: 0 }, description: 'One past the last row; at most 1000 rows a page (default 25).' }),
    ApiQuery({ name: '_sort', required: false, schema: { type: 'string', enum: [...new Set(['id', ...list.sortable])] } }),
    ApiQuery({ name: '_order', required: false, schema: { type: 'string', enum: ['ASC', 'DESC'], default: 'ASC' } }),
    ...(list.searchable ? [ApiQuery({ name: 'q', required: false, schema: { type: 'string' }, description: 'Searched case-insensitively.' })] : []),
    ApiQuery({ name: 'id', required: false, schema: { type: 'array', items: { type: 'string', format: 'uuid' } }, style: 'form', explode: true, description: 'Only these rows (`id=…&id=…`).' }),
    ...list.filters.map((name) =>
      ApiQuery({ name, required: false, schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true, description: 'Exact match; repeat for any of several values.' }),
    ),
    ApiOkResponse({
      description: 'The page of rows; `X-Total-Count` holds how many rows match.',
      headers: { 'X-Total-Count': { schema: { type: 'integer' }, description: 'Rows matching, over all pages.' } },
      schema: { type: 'array', items: answerSchema(rowSchema) },
    }),
  );

/** Sign-in and its MFA step are limited (identity/sign-in-limits.ts). */
export const ApiTooManyAttempts = () =>
  ApiResponse({ status: 429, description: 'Too many failed attempts (OWASP ASVS V2.2.1): `retry_after` says when to try again.', schema: ErrorBody });

/** The answer of a route: a schema of `common/openapi/answer-schema.ts` (the handler's return type is checked against it) or a record row's name. */
export const ApiReturns = <S extends RowSchema>(schema: S, status: 200 | 201 = 200) => answer<AnswerOf<S>>(returns(schema, status));

const returns = (schema: RowSchema, status: 200 | 201 = 200) => (status === 201 ? ApiCreatedResponse : ApiOkResponse)({ schema: answerSchema(schema) });
/** The decorators of a route head, typed with the answer its handler is checked against (they are plain Nest decorators). */
const answer = <A>(decorator: MethodDecorator) => decorator as unknown as AnswerDecorator<A>;
const listAnswer = <A>(decorator: MethodDecorator) => decorator as unknown as ListDecorator<A>;

// ---------------------------------------------------------------------------------------------
// Route heads: a route behind a permission is declared by one of these, its HTTP method, permission and
// answer together (the access and the document cannot part, and the handler must return what the answer
// says). `schema` is an answer schema or a record row's name; `path` defaults to the collection (list,
// create) or `:id` (get, update, delete).

/** `GET`: a page of rows (`ApiList`). */
export const ListRoute = <S extends RowSchema>(permission: PermissionName, rowSchema: S, list: ListParameters, path?: string) =>
  listAnswer<AnswerOf<S>>(applyDecorators(Get(path), RequirePermission(permission), listParameters(rowSchema, list)));

/** `GET :id`: one row, or what `path` reads. */
export const GetRoute = <S extends RowSchema>(permission: PermissionName, schema: S, path = ':id') =>
  answer<AnswerOf<S>>(applyDecorators(Get(path), RequirePermission(permission), returns(schema)));

/** `POST`: makes a row, answers 201. */
export const CreateRoute = <S extends RowSchema>(permission: PermissionName, schema: S, path?: string) =>
  answer<AnswerOf<S>>(applyDecorators(Post(path), RequirePermission(permission), returns(schema, 201)));

/** `PUT :id`: changes a row. */
export const UpdateRoute = <S extends RowSchema>(permission: PermissionName, schema: S, path = ':id') =>
  answer<AnswerOf<S>>(applyDecorators(Put(path), RequirePermission(permission), returns(schema)));

/** `DELETE :id`: removes a row, answering it as it was. */
export const DeleteRoute = <S extends RowSchema>(permission: PermissionName, schema: S, path = ':id') =>
  answer<AnswerOf<S>>(applyDecorators(Delete(path), RequirePermission(permission), returns(schema)));

/** `POST path`: an action on a row (a status change, a reorder) that makes none, answers 200. */
export const ActionRoute = <S extends RowSchema>(permission: PermissionName, schema: S, path: string) =>
  answer<AnswerOf<S>>(applyDecorators(Post(path), HttpCode(200), RequirePermission(permission), returns(schema)));

// ---------------------------------------------------------------------------------------------
// Hand-written DTOs: their schema read from their class-validator decorators.

/** A DTO class as JSON schema, from class-validator's metadata (what the validation pipe enforces). */
export function dtoSchema(dto: new () => object): SchemaObject {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const entry of metadata) byProperty.set(entry.propertyName, [...(byProperty.get(entry.propertyName) ?? []), entry]);
  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const [property, entries] of byProperty) {
    const schema: SchemaObject = {};
    const item: SchemaObject = {};
    let optional = false;
    let mayBeNull = false;
    for (const entry of entries) {
      const target = entry.each ? item : schema;
      const [first] = (entry.constraints ?? []) as unknown[];
      // `@Validate(Rule)` names its rule on the constraint class (`@ValidatorConstraint({ name })`).
      const custom = entry.constraintCls ? getMetadataStorage().getTargetValidatorConstraints(entry.constraintCls)[0]?.name : undefined;
      switch (entry.name ?? custom ?? entry.type) {
        case 'isOptional':
          optional = mayBeNull = true;
          break;
        case 'conditionalValidation':
          optional = true; // MayBeLeftOut: may be left out, but null is refused
          break;
        case 'isString':
          target.type = 'string';
          break;
        case 'maxLength':
          target.maxLength = first as number;
          break;
        case 'isNotEmpty':
          if (target.type === 'string' || target.type === undefined) target.minLength = 1;
          break;
        case 'isEmail':
          Object.assign(target, { type: 'string', format: 'email' });
          break;
        case 'isUuid':
          Object.assign(target, { type: 'string', format: 'uuid' });
          break;
        case 'isIn':
          target.enum = [...(first as unknown[])];
          target.type ??= typeof (first as unknown[])[0] === 'number' ? 'number' : 'string';
          break;
        case 'isBoolean':
          target.type = 'boolean';
          break;
        case 'isArray':
          schema.type = 'array';
          break;
        case 'arrayMaxSize':
          schema.maxItems = first as number;
          break;
        case 'matches':
          target.pattern = (first as RegExp).source;
          break;
        case 'settingValue':
          Object.assign(schema, {
            oneOf: [
              { type: 'string', maxLength: TEXT_MAX_LENGTH },
              { type: 'array', maxItems: 200, items: { type: 'string', maxLength: TEXT_MAX_LENGTH } },
            ],
          });
          break;
      }
    }
    if (Object.keys(item).length > 0) Object.assign(schema, { type: 'array', items: item });
    if (schema.minLength && schema.type !== 'string') delete schema.minLength;
    properties[property] = mayBeNull ? nullable(schema) : schema;
    if (!optional) required.push(property);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The document.

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
/** `customers-controller` / `SignInController` + `list` → `customers.list` / `signIn.login`. */
const operationId = (controllerKey: string, methodKey: string) => `${lowerFirst(controllerKey.replace(/-?controller$/i, ''))}.${methodKey}`;

interface RouteFacts {
  access: Access;
  spec?: RecordSpec;
  dtos: Array<new () => object>;
}

/** Every route's access declaration and body classes, by operation id; the API refuses to start without the former (AccessCoverageCheck). */
function routeFacts(app: INestApplication): Map<string, RouteFacts> {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const facts = new Map<string, RouteFacts>();
  for (const wrapper of app.get(DiscoveryService).getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller) continue;
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, () => unknown>)[name];
      if (Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const access = reflector.getAllAndOverride<Access | undefined>(ACCESS, [handler, controller]);
      if (!access) throw new Error(`Routes without an access declaration: ${controller.name}.${name}`);
      const parameterTypes = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []) as unknown[];
      const dtos = parameterTypes.filter(
        (type): type is new () => object => typeof type === 'function' && getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0,
      );
      facts.set(operationId(controller.name, name), { access, spec: Reflect.getMetadata(RECORD_SPEC, controller), dtos });
    }
  }
  return facts;
}

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } });

/** Security and errors of one operation, from its access declaration and what it takes. */
function describeAccess(path: string, method: string, operation: OperationObject, facts: RouteFacts | undefined): void {
  if (!facts) return;
  const { access } = facts;
  const open = access.kind === 'public';
  const tenantless = path.startsWith('/api/v1/health');
  operation.security = open ? (tenantless ? [] : [{ organization: [] }]) : [{ bearer: [], organization: [] }];
  const who =
    access.kind === 'public'
      ? 'Public: no sign-in.'
      : access.kind === 'signed-in'
        ? `Any signed-in user${access.beforePrivacyPolicy ? ', also before accepting the privacy policy' : ''}.`
        : `Needs the permission \`${access.permission}\`.`;
  operation.description = [operation.description, who].filter(Boolean).join('\n\n');
  if (access.kind === 'permission') (operation as unknown as Record<string, unknown>)['x-permission'] = access.permission;
  const responses = operation.responses;
  const add = (status: string, description: string) => (responses[status] ??= errorResponse(description));
  if (!open) {
    add('401', 'No valid session token: `{ "message": "Unauthenticated." }`.');
    add('403', access.kind === 'permission' ? 'The privacy policy is not accepted yet (`privacy_policy_required`), or the permission is missing.' : 'The privacy policy is not accepted yet (`privacy_policy_required`).');
  }
  if (!tenantless) add('404', path.includes('{') ? 'No such organization (`no_organization`) or row (`not_found`).' : 'No such organization (`no_organization`).');
  const list = operation.parameters?.some((parameter) => 'name' in parameter && parameter.name === '_start');
  const body = method === 'post' || method === 'put' || method === 'patch';
  add(
    '400',
    `The request cannot be read: broken percent-encoding or JSON${body ? ', a malformed multipart form (`malformed_request`), or a body nested deeper than 32 levels (`too_deep`)' : ''}${list ? '; or a list parameter it does not know (`invalid_list_parameter`)' : ''}.`,
  );
  if (body) add('413', 'The body is larger than the API takes (`payload_too_large`), the limit in the message.');
  add('422', body ? 'A field is refused (`validation_failed`): `errors` names each.' : 'A parameter is refused (`validation_failed`): `errors` names each.');
  if (method === 'delete' && facts.spec?.usedBy) add('409', 'Still used by other rows (`still_used`), named in the message.');
  if (method !== 'get') add('409', 'Changed concurrently (`concurrent_change`): try again.');
  add('503', 'PostgreSQL or Redis unreachable (`service_unavailable`), with `Retry-After`.');
}

/** The OpenAPI document of the API as it runs: every route, with record schemas from their specs. */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Fabquote API')
    .setDescription(
      'Lists follow ra-data-json-server (`_start/_end/_sort/_order/q`, a filter per field, `id=…&id=…`) and answer an array with `X-Total-Count`. ' +
        'The organization is the first label of the host name; on localhost the `X-Organization` header (or `?host=`) names it. ' +
        'Errors are `{ message, code?, errors? }` in the request\'s language (Accept-Language, else the organization\'s).',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'The session token of `POST /api/v1/restify/login` (`meta.token`).' }, 'bearer')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Organization', description: 'The organization\'s slug (on localhost; elsewhere the host name says it).' }, 'organization')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: operationId });
  const facts = routeFacts(app);
  const schemas: Record<string, SchemaObject | ReferenceObject> = (document.components ??= {}).schemas ?? {};
  Object.assign(schemas, answerComponents());
  for (const fact of facts.values()) {
    if (fact.spec) Object.assign(schemas, recordSchemas(fact.spec));
    for (const dto of fact.dtos) {
      const described = schemas[dto.name] as SchemaObject | undefined;
      const fromValidation = dtoSchema(dto);
      // Properties described with @ApiProperty (where class-validator says too little) win.
      schemas[dto.name] = { ...fromValidation, properties: { ...fromValidation.properties, ...(described?.properties ?? {}) } };
    }
  }
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      // `@Query() query: Record<…>` says nothing; the list parameters are declared with ApiList.
      operation.parameters = operation.parameters?.filter((parameter) => !('name' in parameter) || parameter.name !== 'query' || (parameter as ParameterObject).in !== 'query');
      // Every path parameter is an id, checked as a uuid (a malformed one is a 404).
      for (const parameter of operation.parameters ?? []) {
        if ('in' in parameter && parameter.in === 'path') parameter.schema = { type: 'string', format: 'uuid' };
      }
      describeAccess(path, method, operation, facts.get(operation.operationId ?? ''));
    }
  }
  document.components.schemas = Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return document;
}

/**
 * Serves the Swagger UI and the JSON document, public like the sign-in routes. They are registered on
 * Express, outside Nest's router (so neither the access guard nor the coverage check sees them, and
 * the document is built only when first asked for); every route they describe still declares its
 * access, or the API does not start, and building the document checks it again. The UI's page loads
 * its scripts and styles from this origin (`/api/v1/docs/swagger-ui-bundle.js`, …) and has no inline
 * script, so the API's content security policy (helmet, bootstrap.ts) serves it unchanged.
 */
export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup(DOCS_PATH, app, () => openApiDocument(app), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    customSiteTitle: 'Fabquote API',
    swaggerOptions: { persistAuthorization: false, displayOperationId: false, validatorUrl: null },
  });
}
