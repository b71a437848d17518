import {
  Body,
  Controller,
  Get,
  Post,
  Query,
  Res,
  UploadedFiles,
  UseInterceptors,
} from '@nestjs/common';
import { ApiConsumes, ApiProduces } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser, RequirePermission, SignedInUser } from '../../identity';
import { ApiReturns, CreateRoute, DeleteRoute, GetRoute, listOf, ListRoute, UpdateRoute } from '../../openapi';
import { binary } from '../../common/openapi/answer-schema';
import { PurchaseRequestFile, PurchaseRequestOperation, PurchaseRequestPart, PurchaseRequestProduct, PurchaseRequestSupplier } from './purchase-request-children.answer';
import { attachmentHeader } from '../../common/file-type';
import { MultipartUpload } from '../../common/multipart-upload';
import { CHILD_LISTS, PurchaseRequestChildrenService, UploadedRequestFile } from './purchase-request-children.service';
import {
  CreateRequestFileDto,
  CreateRequestOperationDto,
  CreateRequestPartDto,
  CreateRequestProductDto,
  CreateRequestSupplierDto,
  UpdateRequestProductDto,
} from './purchase-request.dto';
import { Id } from '../../common/id-param';

@Controller('purchase-request-products')
export class PurchaseRequestProductsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestProduct, listOf(CHILD_LISTS.products))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('products', query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestProduct)
  get(@Id() id: string) {
    return this.children.get('products', id);
  }

  @CreateRoute('purchase-requests.update', PurchaseRequestProduct)
  create(@Body() input: CreateRequestProductDto) {
    return this.children.addProduct(input);
  }

  @UpdateRoute('purchase-requests.update', PurchaseRequestProduct)
  update(@Id() id: string, @Body() input: UpdateRequestProductDto) {
    return this.children.updateProduct(id, input);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestProduct)
  remove(@Id() id: string) {
    return this.children.remove('products', id);
  }
}

@Controller('purchase-request-suppliers')
export class PurchaseRequestSuppliersController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestSupplier, listOf(CHILD_LISTS.suppliers))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('suppliers', query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestSupplier)
  get(@Id() id: string) {
    return this.children.get('suppliers', id);
  }

  @CreateRoute('purchase-requests.update', PurchaseRequestSupplier)
  create(@Body() input: CreateRequestSupplierDto) {
    return this.children.addSupplier(input);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestSupplier)
  remove(@Id() id: string) {
    return this.children.remove('suppliers', id);
  }
}

@Controller('purchase-request-operations')
export class PurchaseRequestOperationsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestOperation, listOf(CHILD_LISTS.operations))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('operations', query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestOperation)
  get(@Id() id: string) {
    return this.children.get('operations', id);
  }

  @CreateRoute('purchase-requests.update', PurchaseRequestOperation)
  create(@Body() input: CreateRequestOperationDto) {
    return this.children.addOperation(input);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestOperation)
  remove(@Id() id: string) {
    return this.children.remove('operations', id);
  }
}

@Controller('purchase-request-parts')
export class PurchaseRequestPartsController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestPart, listOf(CHILD_LISTS.parts))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('parts', query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestPart)
  get(@Id() id: string) {
    return this.children.get('parts', id);
  }

  @CreateRoute('purchase-requests.update', PurchaseRequestPart)
  create(@Body() input: CreateRequestPartDto) {
    return this.children.addPart(input);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestPart)
  remove(@Id() id: string) {
    return this.children.remove('parts', id);
  }
}

@Controller('purchase-request-files')
export class PurchaseRequestFilesController {
  constructor(private readonly children: PurchaseRequestChildrenService) {}

  @ListRoute('purchase-requests.view', PurchaseRequestFile, listOf(CHILD_LISTS.files))
  list(@Query() query: Record<string, unknown>) {
    return this.children.list('files', query);
  }

  @GetRoute('purchase-requests.view', PurchaseRequestFile)
  get(@Id() id: string) {
    return this.children.get('files', id);
  }

  @Post()
  @RequirePermission('purchase-requests.update')
  @ApiConsumes('multipart/form-data')
  @ApiReturns(PurchaseRequestFile, 201)
  @UseInterceptors(MultipartUpload({ files: [{ name: 'file', maxCount: 1, tooMany: 'one_file_at_a_time' }] }))
  create(@Body() input: CreateRequestFileDto, @UploadedFiles() parts: { file?: UploadedRequestFile[] } | undefined, @CurrentUser() user: SignedInUser) {
    return this.children.addFile(input.purchaseRequestId, parts?.file?.[0], user.id);
  }

  /** Everyone who may open the request may download its files. */
  @Get(':id/content')
  @RequirePermission('purchase-requests.view')
  @ApiProduces('application/octet-stream')
  @ApiReturns(binary())
  async content(@Id() id: string, @Res() response: Response) {
    const file = await this.children.fileContent(id);
    response.setHeader('Content-Disposition', attachmentHeader(file.fileName));
    response.setHeader('Content-Type', file.contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.send(file.content);
  }

  @DeleteRoute('purchase-requests.update', PurchaseRequestFile)
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
