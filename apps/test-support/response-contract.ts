/* eslint-disable @typescript-eslint/no-explicit-any -- JSON schemas are any JSON */
import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import type { INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { openApiDocument } from '../api/src/openapi';

/**
 * The published contract, checked against what the API really answers: every JSON response a test of the
 * API suites receives is validated against the OpenAPI document's schema for its route, method and status
 * (shape, types, required fields, enums, formats). A response whose status the document does not name, or
 * that breaks its schema, is a drift; the API project's setup fails the suite that saw it
 * (`contract-setup.ts`). Responses without a JSON body (a PDF, 204) and the document's own routes are not
 * checked; a documented status without a schema is checked for being documented only.
 */
export class ResponseContract {
  private readonly ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  private readonly routes: Array<{ method: string; pattern: RegExp; template: string }> = [];
  private readonly validators = new Map<string, ValidateFunction | null>();
  readonly drifts: string[] = [];

  constructor(private readonly document: OpenAPIObject) {
    addFormats(this.ajv);
    // OpenAPI 3.0's own keywords, which JSON Schema does not know.
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addSchema(jsonSchemaOf({ components: document.components ?? {} }), 'openapi');
    for (const [template, item] of Object.entries(document.paths)) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        if (!(item as Record<string, unknown>)[method]) continue;
        const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
        this.routes.push({ method, pattern, template });
      }
    }
    // The most specific first: `/orders/{id}/items` before `/orders/{id}`; literal segments before parameters.
    this.routes.sort((a, b) => b.template.split('/').length - a.template.split('/').length || a.template.indexOf('{') - b.template.indexOf('{'));
  }

  /** Checks one answer; returns the drift found, or null. */
  check(method: string, path: string, status: number, body: unknown): string | null {
    const route = this.routes.find((candidate) => candidate.method === method && candidate.pattern.test(path));
    if (!route) return null; // not a documented route (a 404 of an unknown path, the admin's files)
    const responses = ((this.document.paths[route.template] as Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>)[method].responses ?? {});
    const documented = responses[String(status)] ?? responses.default;
    const what = `${method.toUpperCase()} ${route.template} → ${status}`;
    if (!documented) return `${what}: the document names no such status (it names ${Object.keys(responses).join(', ')})`;
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return null;
    const key = `${method} ${route.template} ${status}`;
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(rebased(jsonSchemaOf(schema)));
      this.validators.set(key, validate);
    }
    if (validate && !validate(body)) {
      const [first] = validate.errors ?? [];
      return `${what}: ${first?.instancePath || '(body)'} ${first?.message ?? 'does not match'} ${first?.params ? JSON.stringify(first.params) : ''}`.trim();
    }
    return null;
  }
}

/**
 * OpenAPI 3.0's dialect as JSON Schema: `nullable: true` becomes a `null` type (or `anyOf` with one, where
 * there is no `type`), a boolean `exclusiveMinimum`/`exclusiveMaximum` the number it qualifies.
 */
function jsonSchemaOf(value: unknown): any {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (value === null || typeof value !== 'object') return value;
  const schema: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === 'example' ? inner : jsonSchemaOf(inner)]));
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (typeof schema[flag] === 'boolean') {
      if (schema[flag]) schema[flag] = schema[bound];
      else delete schema[flag];
      if (schema[flag] !== undefined) delete schema[bound];
    }
  }
  if (schema.nullable === true) {
    delete schema.nullable;
    if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      if (Array.isArray(schema.enum)) schema.enum = [...schema.enum, null];
      return schema;
    }
    return { anyOf: [schema, { type: 'null' }] };
  }
  return schema;
}

/** `#/components/schemas/X` → the registered document's: the schema is compiled on its own. */
function rebased(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/'));
}

/** Every drift any test API of this process has seen. */
export const contractDrifts: string[] = [];

/** Installs the check on a test API (before its routes). */
export function checkResponses(app: INestApplication): void {
  let contract: ResponseContract | undefined;
  app.use((request: Request, response: Response, next: NextFunction) => {
    contract ??= new ResponseContract(openApiDocument(app));
    const json = response.json.bind(response);
    response.json = (body: unknown) => {
      const path = request.originalUrl.split('?')[0];
      if (path.startsWith('/api/v1/') && !path.startsWith('/api/v1/docs')) {
        let drift: string | null;
        try {
          drift = (contract as ResponseContract).check(request.method.toLowerCase(), path, response.statusCode, JSON.parse(JSON.stringify(body ?? null)));
        } catch (error) {
          drift = `${request.method} ${path} → ${response.statusCode}: its schema could not be checked (${(error as Error).message})`;
        }
        if (drift && !contractDrifts.includes(drift)) contractDrifts.push(drift);
      }
      return json(body);
    };
    next();
  });
}
