import { HttpStatus, Injectable } from '@nestjs/common';
import { AppConfig, publicUrl } from '@fabquote/config';
import { nextDocumentNumber, Organization } from '@fabquote/database';
import { Locale, translate } from '@fabquote/i18n';
import { EventOutbox } from '@fabquote/queue';
import { AppException, FieldInvalid, RecordNotFound } from '../../common/app-exception';
import { ListSpec, Page, parseListRequest, readPage, SqlFilter } from '../../common/list-query';
import { optionalText, requiredText } from '../../common/text-field';
import { PurchaseRequestDeadlines } from '../deadline/deadline.service';
import { ProcurementClock } from '../shared/procurement-clock';
import { supplierInvitationMail, TOKEN_PLACEHOLDER } from '../shared/procurement-mails';
import { PurchaseRequest } from '../shared/purchase-request.entity';
import { askedQuantities, CreatePurchaseRequestDto, EmailPreviewQuery, SendPurchaseRequestDto, UpdatePurchaseRequestDto } from './purchase-request.dto';
import { PurchaseRequestRepository, PurchaseRequestRow } from '../shared/purchase-request.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuids = (values: string[]) => values.filter((value) => UUID.test(value));

/** A list parameter with a value it can not use: a 400 like every list's (common/list-query.ts). */
const badListParameter = (name: string) => new AppException(HttpStatus.BAD_REQUEST, 'invalid_list_parameter', 'list_parameter', {}, { [name]: { key: 'list_parameter' } });

/** `closeSubmissionDeadline_gte=…`: a date-time (or a date) compared as a timestamp; anything else is a 400, never a cast error. */
const deadlineBound =
  (name: string, operator: '>=' | '<='): SqlFilter =>
  (values, param) =>
    values
      .map((value) => {
        if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(Date.parse(value))) throw badListParameter(name);
        return `t.close_submission_deadline ${operator} ${param(new Date(value).toISOString())}::timestamptz`;
      })
      .join(' AND ');

/** Requests that ask something of a child table: `supplierId=…` (to whom it goes), `productId=…` (what it asks). */
const askedOf =
  (table: string, column: string): SqlFilter =>
  (values, param) => {
    const ids = uuids(values);
    return ids.length === 0 ? 'false' : `EXISTS (SELECT 1 FROM ${table} f WHERE f.purchase_request_id = t.id AND f.${column} = ANY(${param(ids)}::uuid[]))`;
  };

const CUSTOM_FILTERS: Record<string, SqlFilter> = {
  supplierId: askedOf('purchase_request_suppliers', 'supplier_id'),
  productId: askedOf('purchase_request_products', 'product_id'),
  closeSubmissionDeadline_gte: deadlineBound('closeSubmissionDeadline_gte', '>='),
  closeSubmissionDeadline_lte: deadlineBound('closeSubmissionDeadline_lte', '<='),
};

export const LIST: ListSpec = {
  sortable: {
    number: 't.number',
    name: 't.name',
    status: 't.status',
    closeSubmissionDeadline: 't.close_submission_deadline',
    reminderFrequency: 't.reminder_frequency',
    includeProductPreview: 't.include_product_preview',
    sentAt: 't.sent_at',
    closedAt: 't.closed_at',
    createdAt: 't.created_at',
    updatedAt: 't.updated_at',
  },
  filters: {
    status: 't.status',
    reminderFrequency: 't.reminder_frequency',
    includeProductPreview: 't.include_product_preview',
    createdBy: { uuid: 't.created_by' },
    ...Object.fromEntries(Object.keys(CUSTOM_FILTERS).map((name) => [name, name])),
  },
  searchable: ['t.name', 't.number'],
  defaultSort: 'createdAt',
};

/** A deadline as given: a date-time after `now`, else a 422 on the field. */
function futureDeadline(value: string, now: Date): Date {
  const deadline = new Date(value);
  if (Number.isNaN(deadline.getTime())) throw new FieldInvalid('closeSubmissionDeadline', 'invalid_date_time');
  if (deadline.getTime() <= now.getTime()) throw new FieldInvalid('closeSubmissionDeadline', 'deadline_in_past');
  return deadline;
}

const conflict = (code: 'purchase_request_closed' | 'purchase_request_deadline_passed') => new AppException(HttpStatus.CONFLICT, code, code);

/**
 * Purchase requests: created with what they ask in one step, edited, sent to their suppliers (one
 * `procurement.invite-supplier` event per supplier, in the transaction that records the send), closed.
 */
@Injectable()
export class PurchaseRequestsService {
  constructor(
    private readonly requests: PurchaseRequestRepository,
    private readonly outbox: EventOutbox,
    private readonly config: AppConfig,
    private readonly deadlines: PurchaseRequestDeadlines,
    private readonly clock: ProcurementClock,
  ) {}

  async list(query: Record<string, unknown>): Promise<Page<PurchaseRequestRow>> {
    const page = await readPage(this.requests.listBuilder(), parseListRequest(query, LIST), LIST, CUSTOM_FILTERS);
    return new Page(await this.requests.named(page.rows), page.total);
  }

  async get(id: string): Promise<PurchaseRequestRow> {
    const row = await this.requests.record(id);
    if (!row) throw new RecordNotFound();
    return row;
  }

  /**
   * The stepper's products, details, suppliers, operations and parts in one transaction. Every id is
   * looked up under row-level security, so another organization's is as unknown as a made-up one: a
   * 422 on its field. Operations and parts must be lines of the chosen products, parts bought ones.
   */
  async create(input: CreatePurchaseRequestDto, createdBy: string): Promise<PurchaseRequestRow> {
    const name = requiredText('name', input.name);
    const closeSubmissionDeadline = futureDeadline(input.closeSubmissionDeadline, this.clock.now());
    const products = input.products.map((product, index) => ({
      productId: product.productId,
      quantities: askedQuantities(product.quantities, `products.${index}.quantities`),
    }));
    const productIds = products.map((product) => product.productId);
    const known = await this.requests.existing('products', productIds);
    products.forEach(({ productId }, index) => {
      if (!known.has(productId)) throw new FieldInvalid(`products.${index}.productId`, 'unknown_reference');
      if (productIds.indexOf(productId) !== index) throw new FieldInvalid(`products.${index}.productId`, 'already_attached');
    });
    const supplierIds = [...new Set(input.supplierIds)];
    const suppliers = await this.requests.existing('suppliers', supplierIds);
    if (supplierIds.some((id) => !suppliers.has(id))) throw new FieldInvalid('supplierIds', 'unknown_reference');
    const chosen = new Set(productIds);
    const operationIds = [...new Set(input.productOperationIds ?? [])];
    const operations = await this.requests.productOperations(operationIds);
    for (const id of operationIds) {
      const operation = operations.get(id);
      if (!operation) throw new FieldInvalid('productOperationIds', 'unknown_reference');
      if (!chosen.has(operation.productId)) throw new FieldInvalid('productOperationIds', 'line_not_of_request_product');
    }
    const partIds = [...new Set(input.productPartIds ?? [])];
    const parts = await this.requests.productParts(partIds);
    for (const id of partIds) {
      const part = parts.get(id);
      if (!part) throw new FieldInvalid('productPartIds', 'unknown_reference');
      if (part.subAssembly) throw new FieldInvalid('productPartIds', 'product_part_is_sub_assembly');
      if (!chosen.has(part.productId)) throw new FieldInvalid('productPartIds', 'line_not_of_request_product');
    }

    const manager = this.requests.manager;
    const request = await manager.getRepository(PurchaseRequest).save(
      manager.getRepository(PurchaseRequest).create({
        number: await nextDocumentNumber(manager, 'purchase-request'),
        name,
        closeSubmissionDeadline,
        includeProductPreview: input.includeProductPreview ?? false,
        reminderFrequency: input.reminderFrequency ?? null,
        additionalInformation: optionalText(input.additionalInformation),
        createdBy,
      }),
    );
    for (const product of products) await this.requests.addProduct(request.id, product.productId, product.quantities);
    for (const id of supplierIds) await this.requests.attach('suppliers', request.id, id);
    for (const id of operationIds) await this.requests.attach('operations', request.id, id);
    for (const id of partIds) await this.requests.attach('parts', request.id, id);
    return this.get(request.id);
  }

  /**
   * The details; a deadline changed must lie in the future (one left as it was may have passed). A closed
   * request given a new deadline opens again, and every supplier it was sent to is told (with a new link).
   */
  async update(id: string, input: UpdatePurchaseRequestDto): Promise<PurchaseRequestRow> {
    const request = await this.requests.lock(id);
    if (!request) throw new RecordNotFound();
    const changes: Partial<PurchaseRequest> = {};
    if (input.name !== undefined) changes.name = requiredText('name', input.name);
    if (input.closeSubmissionDeadline !== undefined) {
      const deadline = new Date(input.closeSubmissionDeadline);
      if (deadline.getTime() !== request.closeSubmissionDeadline.getTime()) changes.closeSubmissionDeadline = futureDeadline(input.closeSubmissionDeadline, this.clock.now());
    }
    if (input.includeProductPreview !== undefined) changes.includeProductPreview = input.includeProductPreview;
    if (input.reminderFrequency !== undefined) changes.reminderFrequency = input.reminderFrequency;
    if (input.additionalInformation !== undefined) changes.additionalInformation = optionalText(input.additionalInformation);
    const reopened = request.status === 'closed' && changes.closeSubmissionDeadline !== undefined;
    if (reopened) Object.assign(changes, { status: 'open', closedAt: null });
    if (Object.keys(changes).length > 0) await this.requests.manager.getRepository(PurchaseRequest).update(id, changes);
    if (reopened) await this.deadlines.reopened(id);
    return this.get(id);
  }

  /** With everything it owns: products, suppliers, lines, files, offers and questions (the tables cascade). */
  async remove(id: string): Promise<PurchaseRequestRow> {
    const record = await this.get(id);
    await this.requests.manager.getRepository(PurchaseRequest).delete(id);
    return record;
  }

  /**
   * Sends the request to all its suppliers, or resends it to some: refused when closed or past its
   * deadline (409), or when it asks nothing of anyone (422). The first send sets `sentAt`; each
   * supplier's mail is an event of this same transaction, so it goes out exactly when the send commits.
   */
  async send(id: string, input: SendPurchaseRequestDto, locale: Locale) {
    const request = await this.requests.lock(id);
    if (!request) throw new RecordNotFound();
    if (request.status === 'closed') throw conflict('purchase_request_closed');
    const now = this.clock.now();
    if (request.closeSubmissionDeadline.getTime() <= now.getTime()) throw conflict('purchase_request_deadline_passed');
    const suppliers = await this.requests.requestSupplierIds(id);
    if (suppliers.length === 0) throw new FieldInvalid('supplierIds', 'purchase_request_needs_suppliers');
    if ((await this.requests.productCount(id)) === 0) throw new FieldInvalid('products', 'purchase_request_needs_products');
    if ((await this.requests.lineCount(id)) === 0) throw new FieldInvalid('lines', 'purchase_request_needs_lines');
    const recipients = input.supplierIds ? [...new Set(input.supplierIds)] : suppliers;
    if (recipients.some((supplierId) => !suppliers.includes(supplierId))) throw new FieldInvalid('supplierIds', 'unknown_reference');
    if (!request.sentAt) await this.requests.manager.getRepository(PurchaseRequest).update(id, { sentAt: now });
    await this.outbox.emitAll('procurement.invite-supplier', recipients.map((supplierId) => ({ purchaseRequestId: id, supplierId })));
    return { message: translate(locale, 'purchase_request_sent'), data: await this.get(id) };
  }

  /** Ends submission early: the suppliers' pages turn read-only, and the creator gets the ranking as at the deadline. */
  async close(id: string): Promise<PurchaseRequestRow> {
    const request = await this.requests.lock(id);
    if (!request) throw new RecordNotFound();
    if (request.status === 'closed') throw conflict('purchase_request_closed');
    await this.requests.manager.getRepository(PurchaseRequest).update(id, { status: 'closed', closedAt: this.clock.now() });
    await this.deadlines.closed(id, 'staff');
    return this.get(id);
  }

  /**
   * The mail a supplier gets, rendered by the invite job's own function, the token shown as `…`: for
   * `supplierId` (else the request's first supplier), in `language`, else the supplier's, else the
   * organization's.
   */
  async emailPreview(id: string, query: EmailPreviewQuery, organization: Organization) {
    if (!(await this.requests.exists(id))) throw new RecordNotFound();
    const supplierId = query.supplierId ?? (await this.requests.requestSupplierIds(id))[0] ?? null;
    const found = await this.requests.mailFacts(id, supplierId);
    if (!found) throw new FieldInvalid('supplierId', 'unknown_reference');
    const language = query.language ?? found.supplier?.language ?? organization.defaultLocale;
    const mail = supplierInvitationMail(language, { ...found.facts, supplierName: found.facts.supplierName || TOKEN_PLACEHOLDER }, {
      base: publicUrl(this.config),
      organizationSlug: organization.slug,
      purchaseRequestId: id,
      supplierId: supplierId ?? TOKEN_PLACEHOLDER,
      token: TOKEN_PLACEHOLDER,
    });
    return { language, ...mail };
  }
}
