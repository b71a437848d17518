import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { currencySetting, SettingValue, TenantTransactions, TIME_ZONE, timeZoneSetting } from '@fabquote/database';
import { MAIL_SENDER_NAME } from '@fabquote/mail';
import { userNames } from '../../identity';
import { PurchaseRequest, PurchaseRequestFile, PurchaseRequestStatus, PurchaseRequestSupplier, ReminderFrequency } from './purchase-request.entity';
import type { PurchaseRequestMailData } from './procurement-mails';
import type { ListRows } from '../../common/list-query';

/** A purchase request as the resource answers it (`REQUEST_COLUMNS`), with what it asks and what came back counted. */
export interface PurchaseRequestRow {
  id: string;
  number: string;
  name: string;
  status: PurchaseRequestStatus;
  closeSubmissionDeadline: Date;
  includeProductPreview: boolean;
  reminderFrequency: ReminderFrequency | null;
  additionalInformation: string | null;
  createdBy: string | null;
  createdByName: string | null;
  sentAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  productCount: number;
  supplierCount: number;
  operationCount: number;
  partCount: number;
  offerCount: number;
  openQuestionCount: number;
}

/** What every row of a request's tab has. */
interface RequestChildRow {
  id: string;
  purchaseRequestId: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A product asked, at its quantities. */
export interface RequestProductRow extends RequestChildRow {
  productId: string;
  quantities: number[];
  productName: string;
  productNumber: string;
}

/** A supplier asked, with when it was invited and what it submitted. */
export interface RequestSupplierRow extends RequestChildRow {
  supplierId: string;
  supplierName: string;
  supplierEmail: string;
  language: 'en' | 'de';
  invitedAt: Date | null;
  offerSubmittedAt: Date | null;
  revisions: number;
}

/** An operation of an asked product, priced on its own. */
export interface RequestOperationRow extends RequestChildRow {
  productOperationId: string;
  productId: string;
  productName: string;
  operationId: string | null;
  operationName: string | null;
  sorting: number;
}

/** A part of an asked product, priced on its own. */
export interface RequestPartRow extends RequestChildRow {
  productPartId: string;
  productId: string;
  productName: string;
  partId: string;
  partName: string;
  partNumber: string;
  quantity: number;
}

/** A drawing or document of the request (its content read apart). */
export interface RequestFileRow extends RequestChildRow {
  fileName: string;
  contentType: string;
  size: number;
}

/** Each tab's row, by the tab (`CHILD_TABLES`' columns). */
export interface RequestChildRows {
  products: RequestProductRow;
  suppliers: RequestSupplierRow;
  operations: RequestOperationRow;
  parts: RequestPartRow;
  files: RequestFileRow;
}

const count = (table: string, where = '') =>
  `(SELECT count(*)::int FROM ${table} c WHERE c.purchase_request_id = t.id${where ? ` AND ${where}` : ''})`;

/** A purchase request as the resource answers it, with what it asks and what came back counted. */
const REQUEST_COLUMNS = [
  't.id',
  't.number',
  't.name',
  't.status',
  't.close_submission_deadline AS "closeSubmissionDeadline"',
  't.include_product_preview AS "includeProductPreview"',
  't.reminder_frequency AS "reminderFrequency"',
  't.additional_information AS "additionalInformation"',
  't.created_by AS "createdBy"',
  'NULL AS "createdByName"',
  't.sent_at AS "sentAt"',
  't.closed_at AS "closedAt"',
  't.created_at AS "createdAt"',
  't.updated_at AS "updatedAt"',
  `${count('purchase_request_products')} AS "productCount"`,
  `${count('purchase_request_suppliers')} AS "supplierCount"`,
  `${count('purchase_request_operations')} AS "operationCount"`,
  `${count('purchase_request_parts')} AS "partCount"`,
  '(SELECT count(DISTINCT c.supplier_id)::int FROM supplier_offers c WHERE c.purchase_request_id = t.id) AS "offerCount"',
  `${count('purchase_request_questions', 'c.answered_at IS NULL')} AS "openQuestionCount"`,
].join(', ');

/**
 * A table read as plain rows: named directly, TypeORM would take it for the entity mapped to it and
 * `readPage` would hydrate entities from columns it does not know. PostgreSQL flattens the subquery,
 * so filters still use the table's indexes.
 */
const asRows = (table: string) => `(SELECT * FROM ${table})`;

/** A child resource of a purchase request: its table, what a row shows (alias `t`, joined names), and how it lists. */
export interface ChildTable {
  table: string;
  columns: string;
  joins: Array<[table: string, alias: string, on: string]>;
}

const STAMPS = 't.created_at AS "createdAt", t.updated_at AS "updatedAt"';
const OF_REQUEST = 't.purchase_request_id AS "purchaseRequestId"';

export const CHILD_TABLES = {
  products: {
    table: 'purchase_request_products',
    columns: `t.id, ${OF_REQUEST}, t.product_id AS "productId", t.quantities::float8[] AS quantities, p.name AS "productName", p.number AS "productNumber", ${STAMPS}`,
    joins: [['products', 'p', 'p.id = t.product_id']],
  },
  suppliers: {
    table: 'purchase_request_suppliers',
    columns: [
      `t.id, ${OF_REQUEST}, t.supplier_id AS "supplierId", s.name AS "supplierName", s.email AS "supplierEmail", s.language, t.invited_at AS "invitedAt"`,
      '(SELECT max(o.submitted_at) FROM supplier_offers o WHERE o.purchase_request_id = t.purchase_request_id AND o.supplier_id = t.supplier_id) AS "offerSubmittedAt"',
      '(SELECT count(*)::int FROM supplier_offers o WHERE o.purchase_request_id = t.purchase_request_id AND o.supplier_id = t.supplier_id) AS revisions',
      STAMPS,
    ].join(', '),
    joins: [['suppliers', 's', 's.id = t.supplier_id']],
  },
  operations: {
    table: 'purchase_request_operations',
    columns: `t.id, ${OF_REQUEST}, t.product_operation_id AS "productOperationId", po.product_id AS "productId", p.name AS "productName", po.operation_id AS "operationId", o.name AS "operationName", po.sorting, ${STAMPS}`,
    joins: [
      ['product_operations', 'po', 'po.id = t.product_operation_id'],
      ['products', 'p', 'p.id = po.product_id'],
      ['operations', 'o', 'o.id = po.operation_id'],
    ],
  },
  parts: {
    table: 'purchase_request_parts',
    columns: `t.id, ${OF_REQUEST}, t.product_part_id AS "productPartId", pp.product_id AS "productId", p.name AS "productName", pp.part_id AS "partId", pa.name AS "partName", pa.number AS "partNumber", pp.quantity::float8 AS quantity, ${STAMPS}`,
    joins: [
      ['product_parts', 'pp', 'pp.id = t.product_part_id'],
      ['products', 'p', 'p.id = pp.product_id'],
      ['parts', 'pa', 'pa.id = pp.part_id'],
    ],
  },
  files: {
    table: 'purchase_request_files',
    columns: `t.id, ${OF_REQUEST}, t.file_name AS "fileName", t.content_type AS "contentType", t.size, ${STAMPS}`,
    joins: [],
  },
} satisfies Record<string, ChildTable>;
export type ChildKind = keyof typeof CHILD_TABLES;

/**
 * Purchase requests and what they own, read and written in the request's or job's tenant transaction
 * (row-level security keeps every query to the organization, so none filters by it).
 */
/** The supplier a mail goes to. */
export interface MailSupplier {
  id: string;
  name: string;
  email: string;
  language: 'en' | 'de';
}

/** `mailFacts`' one row: the request, the shop and what is asked, the lists as JSON. */
interface MailFactsRow {
  number: string;
  name: string;
  closeSubmissionDeadline: Date;
  additionalInformation: string | null;
  organizationId: string;
  organizationSlug: string;
  shop: string;
  timeZone: SettingValue | null;
  currency: SettingValue | null;
  senderSetting: SettingValue | null;
  supplier: MailSupplier | null;
  products: PurchaseRequestMailData['products'];
  operations: PurchaseRequestMailData['operations'];
  parts: PurchaseRequestMailData['parts'];
  fileCount: number;
}

@Injectable()
export class PurchaseRequestRepository {
  constructor(private readonly tenant: TenantTransactions) {}

  get manager(): EntityManager {
    return this.tenant.manager();
  }

  /** The rows of the list, for `readPage`. */
  listBuilder(): ListRows<PurchaseRequestRow> {
    return { manager: this.manager, select: REQUEST_COLUMNS, from: 'purchase_requests t' };
  }

  async record(id: string): Promise<PurchaseRequestRow | undefined> {
    const [row] = await this.manager.query<PurchaseRequestRow[]>(`SELECT ${REQUEST_COLUMNS} FROM purchase_requests t WHERE t.id = $1`, [id]);
    return row ? (await this.named([row]))[0] : undefined;
  }

  /** The rows with the name of who created each (`createdByName`, identity's users). */
  async named(rows: PurchaseRequestRow[]): Promise<PurchaseRequestRow[]> {
    const names = await userNames(this.manager, rows.map((row) => row.createdBy));
    return rows.map((row) => ({ ...row, createdByName: (row.createdBy && names.get(row.createdBy)) ?? null }));
  }

  /** The request, its row locked until the transaction ends: a send, close or edit waits for another on the same request. */
  async lock(id: string): Promise<PurchaseRequest | null> {
    return this.manager.getRepository(PurchaseRequest).createQueryBuilder('request').setLock('pessimistic_write').where('request.id = :id', { id }).getOne();
  }

  async exists(id: string): Promise<boolean> {
    return (await this.manager.query<unknown[]>(`SELECT 1 FROM purchase_requests WHERE id = $1`, [id])).length > 0;
  }

  childBuilder<K extends ChildKind>(kind: K): SelectQueryBuilder<RequestChildRows[K]> {
    const child: ChildTable = CHILD_TABLES[kind];
    let builder = this.manager.createQueryBuilder().select(child.columns).from(asRows(child.table), 't');
    for (const [table, alias, on] of child.joins) builder = builder.leftJoin(table, alias, on);
    return builder as SelectQueryBuilder<RequestChildRows[K]>;
  }

  async child<K extends ChildKind>(kind: K, id: string): Promise<RequestChildRows[K] | undefined> {
    return (await this.childBuilder(kind).where('t.id = :id', { id }).getRawOne<RequestChildRows[K]>()) ?? undefined;
  }

  async deleteChild(kind: ChildKind, id: string): Promise<void> {
    await this.manager.query(`DELETE FROM ${CHILD_TABLES[kind].table} WHERE id = $1`, [id]);
  }

  /** Which of `ids` exist in `table` (of this organization: row-level security hides the others). */
  async existing(table: 'products' | 'suppliers', ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.manager.query(`SELECT id FROM ${table} WHERE id = ANY($1::uuid[])`, [ids]);
    return new Set(rows.map((row) => row.id));
  }

  /** Product operations by id, with the product each belongs to. */
  async productOperations(ids: string[]): Promise<Map<string, { productId: string }>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: string; product_id: string }> = await this.manager.query(`SELECT id, product_id FROM product_operations WHERE id = ANY($1::uuid[])`, [ids]);
    return new Map(rows.map((row) => [row.id, { productId: row.product_id }]));
  }

  /** Product parts by id, with their product and whether they are a sub-assembly (made in-house) rather than a part. */
  async productParts(ids: string[]): Promise<Map<string, { productId: string; subAssembly: boolean }>> {
    if (ids.length === 0) return new Map();
    const rows: Array<{ id: string; product_id: string; part_id: string | null }> = await this.manager.query(
      `SELECT id, product_id, part_id FROM product_parts WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, { productId: row.product_id, subAssembly: row.part_id === null }]));
  }

  async requestProductIds(purchaseRequestId: string): Promise<Set<string>> {
    const rows: Array<{ product_id: string }> = await this.manager.query(`SELECT product_id FROM purchase_request_products WHERE purchase_request_id = $1`, [purchaseRequestId]);
    return new Set(rows.map((row) => row.product_id));
  }

  async requestSupplierIds(purchaseRequestId: string): Promise<string[]> {
    const rows: Array<{ supplier_id: string }> = await this.manager.query(
      `SELECT supplier_id FROM purchase_request_suppliers WHERE purchase_request_id = $1 ORDER BY created_at, id`,
      [purchaseRequestId],
    );
    return rows.map((row) => row.supplier_id);
  }

  /** How many operations and parts the request asks for of `productId` (or of all its products). */
  async lineCount(purchaseRequestId: string, productId?: string): Promise<number> {
    const [{ lines }] = await this.manager.query<Array<{ lines: string }>>(
      `SELECT (SELECT count(*) FROM purchase_request_operations r JOIN product_operations po ON po.id = r.product_operation_id
                WHERE r.purchase_request_id = $1 AND ($2::uuid IS NULL OR po.product_id = $2::uuid))
            + (SELECT count(*) FROM purchase_request_parts r JOIN product_parts pp ON pp.id = r.product_part_id
                WHERE r.purchase_request_id = $1 AND ($2::uuid IS NULL OR pp.product_id = $2::uuid)) AS lines`,
      [purchaseRequestId, productId ?? null],
    );
    return Number(lines);
  }

  async productCount(purchaseRequestId: string): Promise<number> {
    const [{ products }] = await this.manager.query<Array<{ products: number }>>(`SELECT count(*)::int AS products FROM purchase_request_products WHERE purchase_request_id = $1`, [purchaseRequestId]);
    return products;
  }

  async addProduct(purchaseRequestId: string, productId: string, quantities: string[]): Promise<string> {
    const [{ id }] = await this.manager.query<Array<{ id: string }>>(
      `INSERT INTO purchase_request_products (purchase_request_id, product_id, quantities) VALUES ($1, $2, $3::numeric[]) RETURNING id`,
      [purchaseRequestId, productId, quantities],
    );
    return id;
  }

  async setQuantities(id: string, quantities: string[]): Promise<void> {
    await this.manager.query(`UPDATE purchase_request_products SET quantities = $2::numeric[], updated_at = now() WHERE id = $1`, [id, quantities]);
  }

  /** Attaches a supplier, operation or part: `null` when it was attached already. */
  async attach(kind: 'suppliers' | 'operations' | 'parts', purchaseRequestId: string, referenceId: string): Promise<string | null> {
    const column = { suppliers: 'supplier_id', operations: 'product_operation_id', parts: 'product_part_id' }[kind];
    const rows: Array<{ id: string }> = await this.manager.query(
      `INSERT INTO ${CHILD_TABLES[kind].table} (purchase_request_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
      [purchaseRequestId, referenceId],
    );
    return rows[0]?.id ?? null;
  }

  async addFile(file: Pick<PurchaseRequestFile, 'purchaseRequestId' | 'fileName' | 'contentType' | 'size' | 'content' | 'createdBy'>): Promise<string> {
    const saved = await this.manager.getRepository(PurchaseRequestFile).insert(file);
    return saved.identifiers[0].id as string;
  }

  async fileContent(id: string): Promise<Pick<PurchaseRequestFile, 'fileName' | 'contentType' | 'content'> | null> {
    return this.manager
      .getRepository(PurchaseRequestFile)
      .createQueryBuilder('file')
      .select(['file.fileName', 'file.contentType'])
      .addSelect('file.content')
      .where('file.id = :id', { id })
      .getOne();
  }

  /** Replaces the supplier's token hash (the link of its previous mail stops working) and records the mail, sent `at`. */
  async invited(purchaseRequestId: string, supplierId: string, tokenHash: string, at: Date): Promise<boolean> {
    const result = await this.manager.getRepository(PurchaseRequestSupplier).update({ purchaseRequestId, supplierId }, { tokenHash, invitedAt: at });
    return (result.affected ?? 0) > 0;
  }

  /** A new token's hash for the supplier of the request (the earlier mails' links stop working); false: not of the request (any more). */
  async replaceToken(purchaseRequestId: string, supplierId: string, tokenHash: string): Promise<boolean> {
    // A statement that answers rows (UPDATE … RETURNING alone answers [rows, count] through TypeORM).
    const replaced = await this.manager.query<Array<{ id: string }>>(
      `WITH replaced AS (UPDATE purchase_request_suppliers SET token_hash = $3, updated_at = now()
                          WHERE purchase_request_id = $1 AND supplier_id = $2 RETURNING id)
       SELECT id FROM replaced`,
      [purchaseRequestId, supplierId, tokenHash],
    );
    return replaced.length > 0;
  }

  /**
   * Everything the supplier's mail says but the link: the request, its products with quantities, the
   * operations and parts asked, the shop's name; `null` when the request or the supplier (of this
   * request) is gone. With `invitation`, the same statement sets the supplier's new token hash and
   * `invitedAt` (nothing when the supplier is not of the request), and answers the shop's
   * `mail-sender-name` setting: an invitation job's one round trip before its mail.
   */
  async mailFacts(purchaseRequestId: string, supplierId: string | null, invitation?: { tokenHash: string; at: Date }): Promise<{
    facts: Omit<PurchaseRequestMailData, 'link'>;
    organization: { id: string; slug: string; name: string; senderSetting: SettingValue | null };
    supplier: MailSupplier | null;
  } | null> {
    // One statement (a mail job runs it once per supplier), prepared (`TenantTransactions.prepared`: planning it
    // cost more than running it, about 1 ms against 0.3 ms, at every mail): the request, the shop, its
    // time zone, currency and sender-name settings, the supplier of this request, and the products, operations,
    // parts and files asked. The invitation's UPDATE runs whether or not the SELECT reads it (PostgreSQL
    // runs a data-modifying WITH exactly once); the SELECT sees the row as it was, which it does not read.
    const invite = invitation
      ? `WITH invited AS (UPDATE purchase_request_suppliers SET token_hash = $5, invited_at = $6, updated_at = now()
                           WHERE purchase_request_id = $1 AND supplier_id = $2 RETURNING id) `
      : '';
    const [row] = await this.tenant.prepared<MailFactsRow>(
      invitation ? 'purchase-request-invitation-facts' : 'purchase-request-mail-facts',
      `${invite}SELECT r.number, r.name, r.close_submission_deadline AS "closeSubmissionDeadline", r.additional_information AS "additionalInformation",
              o.id AS "organizationId", o.slug AS "organizationSlug", o.name AS shop,
              (SELECT value FROM settings WHERE slug = $3) AS "timeZone",
              (SELECT value FROM settings WHERE slug = 'currency') AS currency,
              (SELECT value FROM settings WHERE slug = $4) AS "senderSetting",
              (SELECT json_build_object('id', s.id, 'name', s.name, 'email', s.email, 'language', s.language)
                 FROM purchase_request_suppliers rs JOIN suppliers s ON s.id = rs.supplier_id
                WHERE rs.purchase_request_id = r.id AND rs.supplier_id = $2) AS supplier,
              coalesce((SELECT json_agg(json_build_object('name', p.name, 'number', p.number, 'quantities', rp.quantities::float8[]) ORDER BY p.name, p.number, rp.id)
                 FROM purchase_request_products rp JOIN products p ON p.id = rp.product_id WHERE rp.purchase_request_id = r.id), '[]') AS products,
              coalesce((SELECT json_agg(json_build_object('productName', p.name, 'name', coalesce(op.name, '')) ORDER BY p.name, po.sorting, ro.id)
                 FROM purchase_request_operations ro JOIN product_operations po ON po.id = ro.product_operation_id
                 JOIN products p ON p.id = po.product_id LEFT JOIN operations op ON op.id = po.operation_id
                WHERE ro.purchase_request_id = r.id), '[]') AS operations,
              coalesce((SELECT json_agg(json_build_object('productName', p.name, 'name', pa.name, 'number', pa.number, 'perProduct', pp.quantity::float8) ORDER BY p.name, pa.name, rt.id)
                 FROM purchase_request_parts rt JOIN product_parts pp ON pp.id = rt.product_part_id
                 JOIN products p ON p.id = pp.product_id JOIN parts pa ON pa.id = pp.part_id
                WHERE rt.purchase_request_id = r.id), '[]') AS parts,
              (SELECT count(*)::int FROM purchase_request_files f WHERE f.purchase_request_id = r.id) AS "fileCount"
         FROM purchase_requests r JOIN organizations o ON o.id = r.organization_id
        WHERE r.id = $1`,
      [purchaseRequestId, supplierId, TIME_ZONE, MAIL_SENDER_NAME, ...(invitation ? [invitation.tokenHash, invitation.at] : [])],
    );
    if (!row || (supplierId && !row.supplier)) return null;
    const supplier = supplierId ? row.supplier : null;
    return {
      organization: { id: row.organizationId, slug: row.organizationSlug, name: row.shop, senderSetting: row.senderSetting },
      supplier,
      facts: {
        shop: row.shop,
        supplierName: supplier?.name ?? '',
        number: row.number,
        name: row.name,
        closeSubmissionDeadline: row.closeSubmissionDeadline,
        timeZone: timeZoneSetting(row.timeZone ?? undefined),
        currency: currencySetting(row.currency ?? undefined).toUpperCase(),
        additionalInformation: row.additionalInformation,
        products: row.products,
        operations: row.operations,
        parts: row.parts,
        fileCount: row.fileCount,
      },
    };
  }

}
