/**
 * Who owns which table (docs/architecture.md, "Who owns which table"): every table of the schema belongs to one
 * area, and only that area's code names it in SQL; other areas call the owner's public service, so the owner's
 * rules always run. This map is the source: the doc's table is written from it, and
 * `scripts/table-ownership.spec.ts` fails when a table of the migrations is missing here or when an area's SQL
 * names another area's table that `ALLOWED_CROSS_AREA_SQL` does not list.
 */

/** The owners: the areas of apps/api/src that hold data, and the platform (libs/database, libs/queue, the worker). */
export const OWNERS = ['platform', 'organization', 'identity', 'settings', 'master-data', 'products', 'procurement', 'orders', 'surveys'] as const;
export type Owner = (typeof OWNERS)[number];

/** Every table of libs/database/src/migrations → its owning area. The dashboard owns none: it only reads. */
export const TABLE_OWNERS: Readonly<Record<string, Owner>> = {
  // The platform: events, the jobs' ledger, document numbers shared by the numbered documents.
  outbox_events: 'platform',
  handled_jobs: 'platform',
  document_numbers: 'platform',
  // The organization: looked up by slug before a tenant is known (libs/database's directory and provisioning).
  organizations: 'organization',
  // Identity: users, roles, permissions, sessions, sign-in limits, uploaded files (avatars).
  languages: 'identity',
  permissions: 'identity',
  roles: 'identity',
  role_permissions: 'identity',
  users: 'identity',
  user_roles: 'identity',
  access_tokens: 'identity',
  files: 'identity',
  sign_in_attempts: 'identity',
  sign_in_addresses: 'identity',
  sign_in_failures: 'identity',
  // Settings: the organization's settings and its company logo.
  settings: 'settings',
  company_logos: 'settings',
  // Master data: the catalogue a shop prices from.
  assets: 'master-data',
  asset_prices: 'master-data',
  asset_cutting_rates: 'master-data',
  asset_bending_rates: 'master-data',
  operations: 'master-data',
  customers: 'master-data',
  suppliers: 'master-data',
  factors: 'master-data',
  material_groups: 'master-data',
  materials: 'master-data',
  material_prices: 'master-data',
  group_prices: 'master-data',
  parts: 'master-data',
  suppliables: 'master-data',
  suppliable_bulk_prices: 'master-data',
  suppliable_factors: 'master-data',
  // Products: products, their geometry and production lines, their calculations.
  products: 'products',
  product_contours: 'products',
  product_holes: 'products',
  product_bends: 'products',
  product_materials: 'products',
  product_operations: 'products',
  product_parts: 'products',
  product_bulk_prices: 'products',
  calculations: 'products',
  // Procurement: purchase requests, the supplier's page, offers, ratings, reminders, awards.
  purchase_requests: 'procurement',
  purchase_request_products: 'procurement',
  purchase_request_suppliers: 'procurement',
  purchase_request_operations: 'procurement',
  purchase_request_parts: 'procurement',
  purchase_request_files: 'procurement',
  purchase_request_questions: 'procurement',
  purchase_request_reminders: 'procurement',
  purchase_request_awards: 'procurement',
  supplier_offers: 'procurement',
  supplier_offer_prices: 'procurement',
  supplier_offer_ratings: 'procurement',
  supplier_page_failures: 'procurement',
  superseded_supplier_tokens: 'procurement',
  // Orders: offers and orders, their items and status history, the customer's offer page.
  orders: 'orders',
  order_items: 'orders',
  order_status_changes: 'orders',
  customer_offer_links: 'orders',
  order_questions: 'orders',
  // Surveys: a customer's survey, its inputs, the products read from them, the public quote page's requests.
  surveys: 'surveys',
  survey_inputs: 'surveys',
  survey_products: 'surveys',
  // The public quote page: a request is a survey from the page (docs/api-surveys.md "The quote-request page").
  quote_requests: 'surveys',
};

/**
 * Where the code lives for each owner, and the readers that own nothing. The dashboard only reads (its reports
 * are allowed below); records is the RecordSpec machinery, naming tables only through the specs it is given.
 */
export const AREA_FOLDERS: Readonly<Record<string, Owner | 'dashboard' | 'records' | 'health' | 'ops'>> = {
  'apps/api/src/identity': 'identity',
  'apps/api/src/settings': 'settings',
  'apps/api/src/master-data': 'master-data',
  'apps/api/src/products': 'products',
  'apps/api/src/procurement': 'procurement',
  'apps/api/src/orders': 'orders',
  'apps/api/src/surveys': 'surveys',
  'apps/api/src/organization': 'organization',
  'apps/api/src/dashboard': 'dashboard',
  'apps/api/src/records': 'records',
  'apps/api/src/health': 'health',
  'apps/api/src/ops': 'ops',
  'apps/worker/src': 'platform',
};

/**
 * An area's SQL that may name another area's table: the file, the tables, and why. Keep it short. Reads only,
 * unless `writes` names the tables it writes (INSERT, UPDATE, DELETE) as well.
 */
export interface CrossAreaSql {
  file: string;
  tables: readonly string[];
  writes?: readonly string[];
  reason: string;
}

export const ALLOWED_CROSS_AREA_SQL: readonly CrossAreaSql[] = [
  // The dashboard owns no table: its reports are read-only aggregates over the areas, one query per figure.
  {
    file: 'apps/api/src/dashboard/dashboard.repository.ts',
    tables: ['orders', 'order_status_changes', 'products', 'quote_requests'],
    reason: 'the dashboard only reads: counts and sums over other areas\' tables, one query per figure, nothing written',
  },
  // Procurement's request lines are products' lines (purchase_request_operations → product_operations,
  // purchase_request_parts → product_parts): reading what a line buys and for which product joins them.
  {
    file: 'apps/api/src/procurement/shared/purchase-request.repository.ts',
    tables: ['products', 'product_operations', 'product_parts', 'operations', 'parts', 'suppliers', 'organizations', 'settings'],
    reason:
      'read-only joins of the request\'s lines to the products\' lines they copy and the catalogue names shown with them (lists and the request\'s page); ' +
      'and `mailFacts`, one statement per supplier mail, reading the shop\'s name and its time-zone, currency and mail-sender-name settings beside them (parsed by libs/database\'s `timeZoneSetting`/`currencySetting`, as the settings readers do); nothing written',
  },
  {
    file: 'apps/api/src/procurement/requests/asked-line.repository.ts',
    tables: ['products', 'product_operations', 'product_parts', 'operations', 'parts', 'assets'],
    reason: 'read-only: the lines a request asks joined to the products\' lines they copy and their names, read alike by the supplier\'s page, the rating and the award',
  },
  {
    file: 'apps/api/src/procurement/award/award.repository.ts',
    tables: ['product_operations', 'product_parts', 'operations', 'parts', 'suppliers', 'suppliables'],
    reason: 'read-only: the awards list\'s paged join, sorted and searched by supplier, line and suppliable names; the award itself reads and writes suppliables through master data\'s Suppliables and products\' lines through products\' ProductUsage',
  },
  {
    file: 'apps/api/src/procurement/deadline/deadline.repository.ts',
    tables: ['product_operations', 'product_parts', 'suppliers'],
    reason: 'read-only: the prices a request asks (its lines joined to the products\' lines) and the suppliers named in the ranking mail',
  },
  {
    file: 'apps/api/src/procurement/supplier-page/supplier-page.repository.ts',
    tables: ['products', 'product_contours', 'product_holes', 'product_bends', 'materials', 'survey_inputs', 'survey_products', 'suppliers'],
    reason: 'read-only: the supplier\'s page shows the asked products with their geometry and material, and the drawing a survey read them from; the supplier\'s name and language for its page come in the one query that checks its token',
  },
  {
    file: 'apps/api/src/procurement/offers/supplier-offer.repository.ts',
    tables: ['suppliers'],
    reason: 'read-only: the offers list\'s paged join, sorted and searched by supplier name',
  },
  {
    file: 'apps/api/src/procurement/requests/purchase-request-question.repository.ts',
    tables: ['suppliers'],
    reason: 'read-only: the questions list\'s paged join, sorted and searched by supplier name',
  },
  // Orders' and surveys' lists: sorted and searched by names other areas own. What carries another area's rule or
  // content (prices, what-ifs, languages, existence, senders, letterheads, materials) goes through the owners' readers.
  {
    file: 'apps/api/src/orders/order.repository.ts',
    tables: ['customers', 'products'],
    reason:
      'read-only: the orders list\'s paged join sorted and searched by customer name (`customerName`; the dashboard sums over it too), ' +
      'the items list\'s by product name and number; prices, what-ifs, languages, which ids exist and who made or changed an order ' +
      'come from products\' `ProductPrices`, master data\'s `customerFacts` and identity\'s `userNames`',
  },
  {
    file: 'apps/api/src/surveys/survey.repository.ts',
    tables: ['customers', 'products'],
    reason:
      'read-only: the surveys list\'s paged join sorted and searched by customer name, the survey products list\'s by product name and number; ' +
      'whether a product has a calculation comes from products\' `ProductPrices.calculated`, whether a customer exists from master data\'s ' +
      '`customerFacts`, who made a survey from identity\'s `userNames`',
  },
];
