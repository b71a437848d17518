import { DataSource, EntityManager } from 'typeorm';
import { AppConfig, publicUrl } from '@fabquote/config';
import { calculateProducts, CalculationRun } from '@fabquote/calculations';
import { dxfDrawing } from '@fabquote/cad';
import { appDataSource, appRoleOf, ENTITIES, nextDocumentNumber, Organization, provisionAdministrator, provisionOrganization, requireDatabaseUrl, seedDemoShop, TenantTransactions } from '@fabquote/database';
import { EventOutbox } from '@fabquote/queue';
import { customerOfferLink, issueOfferLink } from '../../apps/api/src/orders/customer-offer-links';
import { CustomerOfferRepository } from '../../apps/api/src/orders/customer-offer.repository';
import { PurchaseRequestAward } from '../../apps/api/src/procurement/award/award.entity';
import { Suppliables } from '../../apps/api/src/master-data';
import { SuppliableRepository } from '../../apps/api/src/master-data/suppliable.repository';
import { ProductUsage } from '../../apps/api/src/products';
import { ProductRepository } from '../../apps/api/src/products/product.repository';
import { AwardRepository } from '../../apps/api/src/procurement/award/award.repository';
import { AwardService } from '../../apps/api/src/procurement/award/award.service';
import { SupplierOffer } from '../../apps/api/src/procurement/offers/supplier-offer.entity';
import { ProcurementClock } from '../../apps/api/src/procurement/shared/procurement-clock';
import { AskedLineRepository } from '../../apps/api/src/procurement/requests/asked-line.repository';

export const DEMO = { slug: 'demo', name: 'Demo Metallbau GmbH', email: 'admin@demo.fabquote.local', password: 'fabquote-demo', timeZone: 'Europe/Berlin' };

/** The offer and line the demo awards: the coating of the demo request, to the supplier with the trophy (demo-shop.ts). */
export const DEMO_AWARD = { supplier: 'Blechtechnik Hoffmann GmbH', operation: 'OP-90' };

export interface SeededDemo {
  organization: Organization;
  admin: { created: boolean };
  /** Null when the shop was there already (seeded once, left alone after). */
  seeded: { run: CalculationRun; award: { supplier: string } | { error: string } } | null;
  /** The customer's page of the demo's open offer (docs/api-orders.md "The customer's offer page"); null: none. */
  offerLink: string | null;
}

/**
 * The demo organization and its administrator (the same provisioning code as `npm run org -- create`),
 * in `locale` when it is created here (one that exists keeps its language: `npm run org -- create demo
 * "Demo Metallbau GmbH" --locale de` before the first start gives a German demo),
 * the demo shop the first time, and then: the request's creator, one award through the API's own award
 * code (so the suppliable's landed bulk prices cannot drift from award.rules.ts), and every product
 * calculated, after the award, so the coated door is priced from the awarded bands. All before the
 * worker starts: the award's repricing event then finds those calculations current and stores nothing
 * again. The offers' ratings come from the worker: the seed queued the rating job.
 */
export async function seedDemo(config: AppConfig, locale: 'en' | 'de' = 'en'): Promise<SeededDemo> {
  // The award reads and writes the procurement area's entities, which the API registers with its module.
  const dataSource = new DataSource({ ...appDataSource(requireDatabaseUrl(config), appRoleOf(config), 1).options, entities: [...ENTITIES, SupplierOffer, PurchaseRequestAward] });
  await dataSource.initialize();
  try {
    const organization = await provisionOrganization(dataSource, { slug: DEMO.slug, name: DEMO.name, defaultLocale: locale, timeZone: DEMO.timeZone });
    const admin = await provisionAdministrator(dataSource, organization, { email: DEMO.email, name: 'Demo Admin', password: DEMO.password });
    const tenants = new TenantTransactions(dataSource);
    if (!(await seedDemoShop(dataSource, organization))) return { organization, admin, seeded: null, offerLink: await demoOfferLink(config, tenants, organization) };
    const userId = await tenants.run(organization.id, async (manager) => {
      // The demo's purchase request was made by the demo administrator: its questions are mailed to them.
      const [user] = await manager.query(`SELECT id FROM users WHERE email = $1`, [DEMO.email]);
      await manager.query(`UPDATE purchase_requests SET created_by = $1 WHERE created_by IS NULL`, [user.id]);
      return user.id as string;
    });
    // Before the calculation, so the products are priced from the awarded bands; a failed award is said, not fatal to the start.
    const award = await tenants
      .run(organization.id, (manager) => awardDemoLine(manager, new AwardService(tenants, new EventOutbox(tenants), new Suppliables(tenants, new SuppliableRepository(tenants)), new ProductUsage(new ProductRepository(tenants)), new ProcurementClock(config), new AwardRepository(tenants), new AskedLineRepository(tenants)), userId, organization.defaultLocale === 'de' ? 'de' : 'en'))
      .then(() => ({ supplier: DEMO_AWARD.supplier }), (error: Error) => ({ error: error.message }));
    const run = await tenants.run(organization.id, async (manager) => {
      const products: Array<{ id: string }> = await manager.query(`SELECT id FROM products ORDER BY number`);
      return calculateProducts(manager, products.map((product) => product.id), { key: 'calculated_demo_data' });
    });
    await tenants.run(organization.id, (manager) => seedDemoSurvey(manager, new EventOutbox(tenants), userId, demoSurvey(organization.defaultLocale)));
    return { organization, admin, seeded: { run, award }, offerLink: await demoOfferLink(config, tenants, organization) };
  } finally {
    await dataSource.destroy();
  }
}

/**
 * The demo's newest Offered order with a contact, as its customer sees it: valid for at least two more weeks, with
 * a personal link made here as the offer mail makes it (a random token, only its SHA-256 stored). The token is in no
 * table, so each start makes a new link for that order (replacing the one before) and `npm start` prints it.
 */
async function demoOfferLink(config: AppConfig, tenants: TenantTransactions, organization: Organization): Promise<string | null> {
  return tenants.run(organization.id, async (manager) => {
    const [order]: Array<{ id: string }> = await manager.query(
      `SELECT id FROM orders WHERE status = 'offered' AND contact_email IS NOT NULL AND customer_id IS NOT NULL ORDER BY created_at DESC, id LIMIT 1`,
    );
    if (!order) return null;
    await manager.query(`UPDATE orders SET valid_until = current_date + 30 WHERE id = $1 AND (valid_until IS NULL OR valid_until < current_date + 14)`, [order.id]);
    const token = await issueOfferLink(new CustomerOfferRepository(tenants), order.id, true);
    return token ? customerOfferLink(publicUrl(config), organization.slug, order.id, token) : null;
  });
}

/** The demo survey's drawing (docs/api-surveys.md): the file a customer sent, named as shops name them. */
export const DEMO_SURVEY = { title: 'Cover plates for Müller', fileName: 'Cover plate S235-3 3mm.dxf', customer: 'Müller Maschinenbau GmbH' };

/** The same survey in a German demo: the German shop's title, the drawing named as a German customer names it. */
export const DEMO_SURVEY_DE: typeof DEMO_SURVEY = { title: 'Abdeckbleche für Müller', fileName: 'Abdeckblech S235-3 3mm.dxf', customer: DEMO_SURVEY.customer };

export const demoSurvey = (locale: string | null | undefined): typeof DEMO_SURVEY => (locale === 'de' ? DEMO_SURVEY_DE : DEMO_SURVEY);

/**
 * A cover plate 300 × 150 mm with chamfered corners, six Ø6.6 holes and two slots 40 × 8 mm: what a
 * customer's DXF looks like (a closed polyline, circles, slots as bulged polylines).
 */
export function demoCoverPlate(): string {
  const slot = (x: number, y: number) => ({
    type: 'LWPOLYLINE' as const,
    closed: true,
    vertices: [
      { x, y: y - 4 },
      { x: x + 32, y: y - 4, bulge: 1 },
      { x: x + 32, y: y + 4 },
      { x, y: y + 4, bulge: 1 },
    ],
  });
  return dxfDrawing({
    entities: [
      {
        type: 'LWPOLYLINE',
        closed: true,
        vertices: [
          { x: 5, y: 0 },
          { x: 295, y: 0 },
          { x: 300, y: 5 },
          { x: 300, y: 145 },
          { x: 295, y: 150 },
          { x: 5, y: 150 },
          { x: 0, y: 145 },
          { x: 0, y: 5 },
        ],
      },
      ...[20, 150, 280].flatMap((x) => [20, 130].map((y) => ({ type: 'CIRCLE' as const, center: { x, y }, radius: 3.3 }))),
      slot(64, 75),
      slot(204, 75),
    ],
  });
}

/**
 * The demo's survey: a customer's drawing put in as staff would upload it, its reading queued. The
 * worker's first run reads it without AI into a product with its outline and holes, and prices it.
 */
async function seedDemoSurvey(manager: EntityManager, outbox: EventOutbox, userId: string, survey: typeof DEMO_SURVEY): Promise<void> {
  const [customer] = await manager.query(`SELECT id FROM customers WHERE name = $1`, [survey.customer]);
  const number = await nextDocumentNumber(manager, 'survey');
  const [row] = await manager.query(`INSERT INTO surveys (number, title, customer_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id`, [
    number,
    survey.title,
    customer?.id ?? null,
    userId,
  ]);
  const drawing = Buffer.from(demoCoverPlate(), 'utf8');
  const [input] = await manager.query(
    `INSERT INTO survey_inputs (survey_id, kind, reader, file_name, content_type, size, content, created_by)
     VALUES ($1, 'file', 'cad', $2, 'image/vnd.dxf', $3, $4, $5) RETURNING id`,
    [row.id, survey.fileName, drawing.length, drawing, userId],
  );
  await outbox.emit('surveys.read-cad', { surveyInputId: input.id, run: 1 });
}

/** Awards the demo request's coating line of the trophy supplier's latest offer, as staff would in the console. */
async function awardDemoLine(manager: EntityManager, awards: AwardService, userId: string, locale: 'en' | 'de'): Promise<void> {
  const [line] = await manager.query(
    `SELECT offer.id AS offer_id, pro.id AS line_id
       FROM supplier_offers offer
       JOIN suppliers supplier ON supplier.id = offer.supplier_id
       JOIN purchase_request_operations pro ON pro.purchase_request_id = offer.purchase_request_id
       JOIN product_operations po ON po.id = pro.product_operation_id
       JOIN operations operation ON operation.id = po.operation_id
      WHERE offer.latest AND supplier.name = $1 AND operation.fab_number = $2`,
    [DEMO_AWARD.supplier, DEMO_AWARD.operation],
  );
  if (!line) throw new Error(`no ${DEMO_AWARD.operation} line offered by ${DEMO_AWARD.supplier} in the demo request`);
  // The demo shows the awarded supplier winning: switching the others off is the award's explicit choice.
  await awards.award(line.offer_id, { lines: [{ kind: 'operation', lineId: line.line_id }], switchOffOthers: true }, userId, locale);
}
