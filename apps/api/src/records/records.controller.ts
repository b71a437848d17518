import { Body, Controller, PipeTransform, Query, Req, Type } from '@nestjs/common';
import { ACTIONS, PermissionName } from '@fabquote/access';
import { FabquoteRequest } from '../common/request-context';
import { validationPipe } from '../common/validation';
import { ApiRecordBody, ApiRecordResource, CreateRoute, DeleteRoute, GetRoute, ListRoute, recordListOf, recordSchemaName, UpdateRoute } from '../openapi';
import { bodyClass, RecordSpec } from './record-spec';
import { SqlFilter } from '../common/list-query';
import { RecordRule, RecordsService } from './records.service';
import { Id } from '../common/id-param';

/** Validates a body against a class made at runtime, where TypeScript's parameter metadata cannot name it. */
class BodyOf implements PipeTransform {
  constructor(private readonly metatype: Type) {}

  transform(value: unknown) {
    return validationPipe.transform(value, { type: 'body', metatype: this.metatype });
  }
}

/** The permission of an action on a resource; children are read with `view` and written with `update` of their parent's area. */
export function permissionFor(spec: RecordSpec, action: (typeof ACTIONS)[number]): PermissionName {
  return `${spec.area}.${spec.child && action !== 'view' ? 'update' : action}` as PermissionName;
}

export interface RecordsOptions {
  rule?: RecordRule;
  filters?: Record<string, SqlFilter>;
}

/**
 * A ra-data-json-server resource for `spec`: list (with X-Total-Count), get, create,
 * update, delete, each behind its permission. One definition serves every master-data area.
 */
export function recordsController(spec: RecordSpec, options: RecordsOptions = {}): Type {
  const createBody = new BodyOf(bodyClass(spec, 'create'));
  const updateBody = new BodyOf(bodyClass(spec, 'update'));
  const name = recordSchemaName(spec);

  @Controller(spec.resource)
  @ApiRecordResource(spec)
  class RecordsController {
    constructor(readonly records: RecordsService) {}

    @ListRoute(permissionFor(spec, 'view'), name, recordListOf(spec, Object.keys(options.filters ?? {})))
    list(@Query() query: Record<string, unknown>) {
      return this.records.list(spec, query, options.filters);
    }

    @GetRoute(permissionFor(spec, 'view'), name)
    get(@Id() id: string) {
      return this.records.get(spec, id);
    }

    @CreateRoute(permissionFor(spec, 'create'), name)
    @ApiRecordBody(spec, 'create')
    create(@Body(createBody) input: Record<string, unknown>) {
      return this.records.create(spec, input, options.rule);
    }

    @UpdateRoute(permissionFor(spec, 'update'), name)
    @ApiRecordBody(spec, 'update')
    update(@Id() id: string, @Body(updateBody) input: Record<string, unknown>) {
      return this.records.update(spec, id, input, options.rule);
    }

    @DeleteRoute(permissionFor(spec, 'delete'), name)
    remove(@Id() id: string, @Req() request: FabquoteRequest) {
      return this.records.remove(spec, id, request.locale);
    }
  }
  Object.defineProperty(RecordsController, 'name', { value: `${spec.resource}-controller` });
  return RecordsController;
}
