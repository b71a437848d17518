import {
  Body,
  Controller,
  Delete,
  Get,
  Post,
  Put,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, RequirePermission, SignedInUser } from '../identity';
import { ApiList, ApiReturns, ApiSchemas, listOf } from '../openapi';
import { attachmentHeader } from '../common/file-type';
import { MultipartUpload } from '../common/multipart-upload';
import { CHILD_LISTS, PurchaseRequestChildrenService, UploadedRequestFile } from './purchase-request-children.service';
import {
  CreateRequestFileDto,
  CreateRequestOperationDto,
  CreateRequestPartDto,
  CreateRequestProductDto,
  CreateRequestSupplierDto,
  UpdateRequestProductDto,
} from './purchase-request.dto';
import { Id } from '../common/id-param';

const uuid = { type: 'string', format: 'uuid' } as const;
const text = { type: 'string' } as const;
const dateTime = { type: 'string', format: 'date-time' } as const;
const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });
const row = (properties: Record<string, SchemaObject>): SchemaObject => ({
  type: 'object',
  properties: { id: uuid, purchaseRequestId: uuid, ...properties, createdAt: dateTime, updatedAt: dateTime },
  required: ['id', 'purchaseRequestId', ...Object.keys(properties), 'createdAt', 'updatedAt'],
});

export const CHILD_SCHEMAS: Record<string, SchemaObject> = {
  PurchaseRequestProduct: row({ productId: uuid, quantities: { type: 'array', items: { type: 'number' } }, productName: text, productNumber: text }),
  PurchaseRequestSupplier: row({
    supplierId: uuid,
    supplierName: text,
    supplierEmail: text,
    language: { type: 'string', enum: ['en', 'de'] },
    invitedAt: nullable(dateTime),
    offerSubmittedAt: nullable(dateTime),
    revisions: { type: 'integer', description: 'How many offers the supplier submitted.' },
  }),
  PurchaseRequestOperation: row({ productOperationId: uuid, productId: uuid, productName: text, operationId: nullable(uuid), operationName: nullable(text), sorting: { type: 'integer' } }),
  PurchaseRequestPart: row({ productPartId: uuid, productId: uuid, productName: text, partId: uuid, partName: text, partNumber: text, quantity: { type: 'number', description: 'Pieces per product.' } }),
  PurchaseRequestFile: row({ fileName: text, contentType: text, size: { type: 'integer' } }),
};

@Controller('purchase-request-products')
@ApiSchemas(CHILD_SCHEMAS)
export class PurchaseRequestProductsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequestProduct', listOf(CHILD_LISTS.products))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('products', query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequestProduct')
  get(@Id() id: string) {
    return this.children.get('products', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestProduct', 201)
  create(@Body() input: CreateRequestProductDto) {
    return this.children.addProduct(input);
  }

  @Put(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestProduct')
  update(@Id() id: string, @Body() input: UpdateRequestProductDto) {
    return this.children.updateProduct(id, input);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestProduct')
  remove(@Id() id: string) {
    return this.children.remove('products', id);
  }
}

@Controller('purchase-request-suppliers')
export class PurchaseRequestSuppliersController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequestSupplier', listOf(CHILD_LISTS.suppliers))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('suppliers', query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequestSupplier')
  get(@Id() id: string) {
    return this.children.get('suppliers', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestSupplier', 201)
  create(@Body() input: CreateRequestSupplierDto) {
    return this.children.addSupplier(input);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestSupplier')
  remove(@Id() id: string) {
    return this.children.remove('suppliers', id);
  }
}

@Controller('purchase-request-operations')
export class PurchaseRequestOperationsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequestOperation', listOf(CHILD_LISTS.operations))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('operations', query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequestOperation')
  get(@Id() id: string) {
    return this.children.get('operations', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestOperation', 201)
  create(@Body() input: CreateRequestOperationDto) {
    return this.children.addOperation(input);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestOperation')
  remove(@Id() id: string) {
    return this.children.remove('operations', id);
  }
}

@Controller('purchase-request-parts')
export class PurchaseRequestPartsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequestPart', listOf(CHILD_LISTS.parts))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('parts', query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequestPart')
  get(@Id() id: string) {
    return this.children.get('parts', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestPart', 201)
  create(@Body() input: CreateRequestPartDto) {
    return this.children.addPart(input);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestPart')
  remove(@Id() id: string) {
    return this.children.remove('parts', id);
  }
}

@Controller('purchase-request-files')
export class PurchaseRequestFilesController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @Get()
  @RequirePermission('purchase-requests.view')
  @ApiList('PurchaseRequestFile', listOf(CHILD_LISTS.files))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('files', query);
  }

  @Get(':id')
  @RequirePermission('purchase-requests.view')
  @ApiReturns('PurchaseRequestFile')
  get(@Id() id: string) {
    return this.children.get('files', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiConsumes('multipart/form-data')
  @ApiReturns('PurchaseRequestFile', 201)
  @UseInterceptors(MultipartUpload({ files: [{ name: 'file', maxCount: 1, tooMany: 'one_file_at_a_time' }] }))
  create(@Body() input: CreateRequestFileDto, @UploadedFiles() parts: { file?: UploadedRequestFile[] } | undefined, @CurrentUser() user: SignedInUser) {
    return this.children.addFile(input.purchaseRequestId, parts?.file?.[0], user.id);
  }

  /** Everyone who may open the request may download its files. */
  @Get(':id/content')
  @RequirePermission('purchase-requests.view')
  @ApiProduces('application/octet-stream')
  @ApiReturns({ type: 'string', format: 'binary' })
  async content(@Id() id: string, @Res() response: Response) {
    const file = await this.children.fileContent(id);
    response.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(file.content);
  }

  @Delete(':id')
  @RequirePermission('purchase-requests.update')
  @ApiReturns('PurchaseRequestFile')
  remove(@Id() id: string) {
    return this.children.remove('files', id);
  }
}

export const PURCHASE_REQUEST_CHILD_CONTROLLERS = [
  PurchaseRequestProductsController,
  PurchaseRequestSuppliersController,
  PurchaseRequestOperationsController,
  PurchaseRequestPartsController,
  PurchaseRequestFilesController,
];
