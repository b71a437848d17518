import { randomBytes } from 'node:crypto';
import { Organization, TenantTransactions } from '@fabquote/database';
import { hashSupplierToken, newSupplierToken } from '../../src/procurement/shared/supplier-token';

export interface SeededSupplier {
  id: string;
  name: string;
  email: string;
  token: string;
}

export interface SeededRequest {
  id: string;
  number: string;
  productId: string;
  productLineId: string;
  operationLineId: string;
  partLineId: string;
  fileId: string;
  suppliers: SeededSupplier[];
}

export interface RequestOptions {
  /** Default: in 7 days. */
  deadline?: Date;
  status?: 'open' | 'closed';
  preview?: boolean;
  suppliers?: Array<{ language?: 'en' | 'de'; name?: string; email?: string }>;
  createdBy?: string | null;
}

/**
 * A sent purchase request as the staff API makes it, written with SQL inside a tenant transaction: a
 * product (10/50/200) with a material, contours, holes and bends, one bought operation and one part
 * (2 per product), a file, and suppliers each holding a token of their own (as the invite job leaves it).
 */
export async function seedPurchaseRequest(tenants: TenantTransactions, organization: Organization, options: RequestOptions = {}): Promise<SeededRequest> {
  const tag = randomBytes(4).toString('hex');
  const one = async (sql: string, parameters: unknown[]) => {
    const [row] = await tenants.manager().query(sql, parameters);
    return row.id as string;
  };
  return tenants.run(organization.id, async () => {
    const materialId = await one(`INSERT INTO materials (name, number) VALUES ($1, $2) RETURNING id`, ['S235JR', `M-${tag}`]);
    const productId = await one(
      `INSERT INTO products (name, number, material_id, thickness, blank_width, blank_length, area, weight_per_unit)
       VALUES ($1, $2, $3, 3, 120.5, 300, 0.0362, 0.85) RETURNING id`,
      [`Bracket ${tag}`, `P-${tag}`, materialId],
    );
    for (const kind of ['outer', 'inner', 'inner']) await one(`INSERT INTO product_contours (product_id, kind, length) VALUES ($1, $2, 100) RETURNING id`, [productId, kind]);
    await one(`INSERT INTO product_holes (product_id, diameter) VALUES ($1, 8) RETURNING id`, [productId]);
    await one(`INSERT INTO product_bends (product_id, length, angle) VALUES ($1, 120, 90) RETURNING id`, [productId]);
    const operationId = await one(`INSERT INTO operations (name, fab_number) VALUES ($1, $2) RETURNING id`, [`Powder coating ${tag}`, `OP-${tag}`]);
    const productOperationId = await one(`INSERT INTO product_operations (product_id, operation_id, bought_in) VALUES ($1, $2, true) RETURNING id`, [productId, operationId]);
    const partId = await one(`INSERT INTO parts (name, number) VALUES ($1, $2) RETURNING id`, [`Press nut M6 ${tag}`, `PN-${tag}`]);
    const productPartId = await one(`INSERT INTO product_parts (product_id, part_id, quantity) VALUES ($1, $2, 2) RETURNING id`, [productId, partId]);
    const number = `PR-2026-${tag}`;
    const id = await one(
      `INSERT INTO purchase_requests (number, name, close_submission_deadline, include_product_preview, status, created_by, additional_information, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'Zinc plated, please', now()) RETURNING id`,
      [number, `Brackets ${tag}`, options.deadline ?? new Date(Date.now() + 7 * 86_400_000), options.preview ?? true, options.status ?? 'open', options.createdBy ?? null],
    );
    const productLineId = await one(`INSERT INTO purchase_request_products (purchase_request_id, product_id, quantities) VALUES ($1, $2, '{10,50,200}') RETURNING id`, [id, productId]);
    const operationLineId = await one(`INSERT INTO purchase_request_operations (purchase_request_id, product_operation_id) VALUES ($1, $2) RETURNING id`, [id, productOperationId]);
    const partLineId = await one(`INSERT INTO purchase_request_parts (purchase_request_id, product_part_id) VALUES ($1, $2) RETURNING id`, [id, productPartId]);
    const fileId = await one(
      `INSERT INTO purchase_request_files (purchase_request_id, file_name, content_type, size, content) VALUES ($1, 'Zeichnung Halter.pdf', 'application/pdf', 9, $2) RETURNING id`,
      [id, Buffer.from('%PDF-1.4\n')],
    );
    const suppliers: SeededSupplier[] = [];
    for (const [index, supplier] of (options.suppliers ?? [{ language: 'en' }]).entries()) {
      const name = supplier.name ?? `Supplier ${index + 1} ${tag}`;
      const email = supplier.email ?? `supplier-${index + 1}-${tag}@supplier.example`;
      const supplierId = await one(`INSERT INTO suppliers (name, email, language) VALUES ($1, $2, $3) RETURNING id`, [name, email, supplier.language ?? 'en']);
      const { token, hash } = newSupplierToken();
      await one(`INSERT INTO purchase_request_suppliers (purchase_request_id, supplier_id, token_hash, invited_at) VALUES ($1, $2, $3, now()) RETURNING id`, [id, supplierId, hash]);
      suppliers.push({ id: supplierId, name, email, token });
    }
    return { id, number, productId, productLineId, operationLineId, partLineId, fileId, suppliers };
  });
}

/** What a resend does to a supplier's access: a new token replaces the old one. */
export async function replaceToken(tenants: TenantTransactions, organization: Organization, requestId: string, supplierId: string): Promise<string> {
  const { token } = newSupplierToken();
  await tenants.run(organization.id, (manager) =>
    manager.query(`UPDATE purchase_request_suppliers SET token_hash = $3 WHERE purchase_request_id = $1 AND supplier_id = $2`, [requestId, supplierId, hashSupplierToken(token)]),
  );
  return token;
}
