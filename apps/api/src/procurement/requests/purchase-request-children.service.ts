import { HttpStatus, Injectable } from '@nestjs/common';
import { AppException, FieldInvalid, RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage } from '../../common/list-query';
import { MAX_REQUEST_FILE_BYTES, requestFileTypeOf, storableName } from '../../common/file-type';
import {
  askedQuantities,
  CreateRequestOperationDto,
  CreateRequestPartDto,
  CreateRequestProductDto,
  CreateRequestSupplierDto,
  UpdateRequestProductDto,
} from './purchase-request.dto';
import { ChildKind, PurchaseRequestRepository, RequestChildRows, RequestFileRow, RequestOperationRow, RequestPartRow, RequestProductRow, RequestSupplierRow } from '../shared/purchase-request.repository';

/** The lists of the children: filtered by their request (and what they point at), newest last. */
const childList = (references: Record<string, string>, sortable: Record<string, string> = {}, searchable: string[] = []): ListSpec => ({
  sortable: { ...sortable, createdAt: 't.created_at', updatedAt: 't.updated_at' },
  filters: { purchaseRequestId: { uuid: 't.purchase_request_id' }, ...Object.fromEntries(Object.entries(references).map(([name, column]) => [name, { uuid: column }])) },
  searchable,
  defaultSort: 'createdAt',
});

export const CHILD_LISTS: Record<ChildKind, ListSpec> = {
  products: childList({ productId: 't.product_id' }, { productName: 'p.name', productNumber: 'p.number' }, ['p.name', 'p.number']),
  suppliers: childList({ supplierId: 't.supplier_id' }, { supplierName: 's.name', invitedAt: 't.invited_at' }, ['s.name', 's.email']),
  operations: childList({ productOperationId: 't.product_operation_id', productId: 'po.product_id' }, { productName: 'p.name', operationName: 'o.name', sorting: 'po.sorting' }, ['p.name', 'o.name']),
  parts: childList({ productPartId: 't.product_part_id', productId: 'pp.product_id' }, { productName: 'p.name', partName: 'pa.name', partNumber: 'pa.number' }, ['p.name', 'pa.name', 'pa.number']),
  files: childList({}, { fileName: 't.file_name', size: 't.size' }, ['t.file_name']),
};

/** A file as multer hands it over (memory storage). */
export interface UploadedRequestFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}


/**
 * What a purchase request asks and of whom, attached and detached one by one (the request's tabs),
 * and its files. Every id is looked up under row-level security: another organization's is unknown.
 */
@Injectable()
export class PurchaseRequestChildrenService {
  constructor(private readonly requests: PurchaseRequestRepository) {}

  async list<K extends ChildKind>(kind: K, query: Record<string, unknown>): Promise<Page<RequestChildRows[K]>> {
    return readPage(this.requests.childBuilder(kind), parseListRequest(query, CHILD_LISTS[kind]), CHILD_LISTS[kind]);
  }

  async get<K extends ChildKind>(kind: K, id: string): Promise<RequestChildRows[K]> {
    const row = await this.requests.child(kind, id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  async remove<K extends ChildKind>(kind: K, id: string): Promise<RequestChildRows[K]> {
    const row = await this.get(kind, id);
    if (kind === 'products' && (await this.requests.lineCount(row.purchaseRequestId, (row as RequestProductRow).productId)) > 0) {
      throw new AppException(HttpStatus.CONFLICT, 'product_still_has_lines', 'product_still_has_lines');
    }
    await this.requests.deleteChild(kind, id);
    return row;
  }

  async addProduct(input: CreateRequestProductDto): Promise<RequestProductRow> {
    await this.requestExists(input.purchaseRequestId);
    const quantities = askedQuantities(input.quantities, 'quantities');
    if (!(await this.requests.existing('products', [input.productId])).has(input.productId)) throw new FieldInvalid('productId', 'unknown_reference');
    if ((await this.requests.requestProductIds(input.purchaseRequestId)).has(input.productId)) throw new FieldInvalid('productId', 'already_attached');
    return this.get('products', await this.requests.addProduct(input.purchaseRequestId, input.productId, quantities));
  }

  async updateProduct(id: string, input: UpdateRequestProductDto): Promise<RequestProductRow> {
    await this.get('products', id);
    if (input.quantities !== undefined) await this.requests.setQuantities(id, askedQuantities(input.quantities, 'quantities'));
    return this.get('products', id);
  }

  async addSupplier(input: CreateRequestSupplierDto): Promise<RequestSupplierRow> {
    await this.requestExists(input.purchaseRequestId);
    if (!(await this.requests.existing('suppliers', [input.supplierId])).has(input.supplierId)) throw new FieldInvalid('supplierId', 'unknown_reference');
    return this.attached('suppliers', 'supplierId', await this.requests.attach('suppliers', input.purchaseRequestId, input.supplierId));
  }

  async addOperation(input: CreateRequestOperationDto): Promise<RequestOperationRow> {
    await this.requestExists(input.purchaseRequestId);
    const operation = (await this.requests.productOperations([input.productOperationId])).get(input.productOperationId);
    if (!operation) throw new FieldInvalid('productOperationId', 'unknown_reference');
    if (!(await this.requests.requestProductIds(input.purchaseRequestId)).has(operation.productId)) {
      throw new FieldInvalid('productOperationId', 'line_not_of_request_product');
    }
    return this.attached('operations', 'productOperationId', await this.requests.attach('operations', input.purchaseRequestId, input.productOperationId));
  }

  async addPart(input: CreateRequestPartDto): Promise<RequestPartRow> {
    await this.requestExists(input.purchaseRequestId);
    const part = (await this.requests.productParts([input.productPartId])).get(input.productPartId);
    if (!part) throw new FieldInvalid('productPartId', 'unknown_reference');
    if (part.subAssembly) throw new FieldInvalid('productPartId', 'product_part_is_sub_assembly');
    if (!(await this.requests.requestProductIds(input.purchaseRequestId)).has(part.productId)) throw new FieldInvalid('productPartId', 'line_not_of_request_product');
    return this.attached('parts', 'productPartId', await this.requests.attach('parts', input.purchaseRequestId, input.productPartId));
  }

  /** A drawing or document: at most 10 MB, its type read from its content (the name and the browser's word count for nothing). */
  async addFile(purchaseRequestId: string, file: UploadedRequestFile | undefined, createdBy: string): Promise<RequestFileRow> {
    await this.requestExists(purchaseRequestId);
    if (!file) throw new FieldInvalid('file', 'file_required');
    if (file.size > MAX_REQUEST_FILE_BYTES) throw new FieldInvalid('file', 'file_too_large');
    const fileName = storableName(file.originalname);
    const contentType = file.size > 0 ? requestFileTypeOf(file.buffer, fileName) : null;
    if (!contentType) throw new FieldInvalid('file', 'file_type_not_accepted');
    const id = await this.requests.addFile({ purchaseRequestId, fileName, contentType, size: file.size, content: file.buffer, createdBy });
    return this.get('files', id);
  }

  async fileContent(id: string) {
    const file = await this.requests.fileContent(id);
    if (!file) throw new RecordNotFound();
    return file;
  }

  private async requestExists(id: string): Promise<void> {
    if (!(await this.requests.exists(id))) throw new FieldInvalid('purchaseRequestId', 'unknown_reference');
  }

  private async attached<K extends ChildKind>(kind: K, field: string, id: string | null): Promise<RequestChildRows[K]> {
    if (!id) throw new FieldInvalid(field, 'already_attached');
    return this.get(kind, id);
  }
}
