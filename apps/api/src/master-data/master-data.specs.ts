import { RecordSpec } from '../records';

const PRICE_UNITS = ['kg', 'm2', 'sheet', 'piece'] as const;

export const ASSETS: RecordSpec = {
  resource: 'assets',
  table: 'assets',
  area: 'assets',
  defaultSort: 'name',
  reprices: { source: 'asset', idField: 'id', what: 'what_asset', notPriced: ['name', 'fabNumber', 'quickSelect'], unusedWhenNew: true },
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    fabNumber: { column: 'fab_number', kind: 'text', searchable: true },
    quickSelect: { column: 'quick_select', kind: 'boolean' },
    calculateByTime: { column: 'calculate_by_time', kind: 'boolean' },
    timeModel: { column: 'time_model', kind: 'choice', choices: ['laser-cutting', 'bending'] },
    handlingSeconds: { column: 'handling_seconds', kind: 'amount' },
  },
  usedBy: [{ table: 'product_operations', column: 'asset_id', noun: 'noun_product_lines' }],
};

/** Laser cut speed and pierce time for a material group (empty: any) and a thickness range. */
export const ASSET_CUTTING_RATES: RecordSpec = {
  resource: 'asset-cutting-rates',
  table: 'asset_cutting_rates',
  area: 'assets',
  child: true,
  defaultSort: 'thicknessFrom',
  reprices: { source: 'asset', idField: 'assetId', what: 'what_asset' },
  fields: {
    assetId: { column: 'asset_id', kind: 'reference', references: 'assets', required: true },
    groupId: { column: 'group_id', kind: 'reference', references: 'material_groups' },
    thicknessFrom: { column: 'thickness_from', kind: 'amount' },
    thicknessTo: { column: 'thickness_to', kind: 'amount' },
    cutSpeed: { column: 'cut_speed', kind: 'positive', required: true },
    pierceTime: { column: 'pierce_time', kind: 'amount' },
  },
};

/** Seconds per bend of a press brake, by bend class. */
export const ASSET_BENDING_RATES: RecordSpec = {
  resource: 'asset-bending-rates',
  table: 'asset_bending_rates',
  area: 'assets',
  child: true,
  defaultSort: 'bendClass',
  reprices: { source: 'asset', idField: 'assetId', what: 'what_asset' },
  fields: {
    assetId: { column: 'asset_id', kind: 'reference', references: 'assets', required: true },
    bendClass: { column: 'bend_class', kind: 'text', required: true },
    seconds: { column: 'seconds', kind: 'amount', required: true },
  },
  constraints: { asset_bending_rates_class_unique: { field: 'bendClass', key: 'bending_rate_taken' } },
};

export const ASSET_PRICES: RecordSpec = {
  resource: 'asset-prices',
  table: 'asset_prices',
  area: 'assets',
  child: true,
  defaultSort: 'quantity',
  reprices: { source: 'asset', idField: 'assetId', what: 'what_asset' },
  fields: {
    assetId: { column: 'asset_id', kind: 'reference', references: 'assets', required: true },
    quantity: { column: 'quantity', kind: 'positive', required: true },
    inputCost: { column: 'input_cost', kind: 'amount' },
    setupCost: { column: 'setup_cost', kind: 'amount' },
    programCost: { column: 'program_cost', kind: 'amount' },
    price: { column: 'price', kind: 'amount' },
  },
  constraints: { asset_prices_quantity_unique: { field: 'quantity', key: 'quantity_taken' } },
};

export const OPERATIONS: RecordSpec = {
  resource: 'operations',
  table: 'operations',
  area: 'operations',
  defaultSort: 'name',
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    fabNumber: { column: 'fab_number', kind: 'text', searchable: true },
    quickSelectProductPage: { column: 'quick_select_product_page', kind: 'boolean' },
    quickSelectDefault: { column: 'quick_select_default', kind: 'boolean' },
  },
  usedBy: [
    { table: 'suppliables', column: 'operation_id', noun: 'noun_suppliables' },
    { table: 'product_operations', column: 'operation_id', noun: 'noun_product_lines' },
  ],
};

export const CUSTOMERS: RecordSpec = {
  resource: 'customers',
  table: 'customers',
  area: 'customers',
  defaultSort: 'name',
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    accountNumber: { column: 'account_number', kind: 'text', searchable: true },
    contactInfo: { column: 'contact_info', kind: 'text', searchable: true },
    /** Its email address (a customer made by the quote page has the one it gave; its domain matches the next request). */
    email: { column: 'email', kind: 'email', searchable: true },
    address: { column: 'address', kind: 'text' },
    zipCode: { column: 'zip_code', kind: 'text' },
    city: { column: 'city', kind: 'text', searchable: true },
    country: { column: 'country', kind: 'text' },
    billingName: { column: 'billing_name', kind: 'text', searchable: true },
    /** The offer's PDF and mail; left out: German in Germany, Austria and Switzerland, else the organization's (a trigger). */
    language: { column: 'language', kind: 'choice', choices: ['en', 'de'] },
  },
  constraints: { customers_account_number_unique: { field: 'accountNumber', key: 'account_number_taken' } },
  usedBy: [
    { table: 'products', column: 'customer_id', noun: 'noun_products' },
    { table: 'orders', column: 'customer_id', noun: 'noun_orders' },
    { table: 'surveys', column: 'customer_id', noun: 'noun_surveys' },
  ],
};

export const SUPPLIERS: RecordSpec = {
  resource: 'suppliers',
  table: 'suppliers',
  area: 'suppliers',
  defaultSort: 'name',
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    email: { column: 'email', kind: 'email', required: true, searchable: true },
    phone: { column: 'phone', kind: 'text' },
    address: { column: 'address', kind: 'text' },
    address2: { column: 'address2', kind: 'text' },
    zip: { column: 'zip', kind: 'text' },
    city: { column: 'city', kind: 'text', searchable: true },
    country: { column: 'country', kind: 'text' },
    language: { column: 'language', kind: 'choice', choices: ['en', 'de'] },
    status: { column: 'status', kind: 'choice', choices: ['active', 'inactive'] },
    secondaryName: { column: 'secondary_name', kind: 'text' },
    secondaryEmail: { column: 'secondary_email', kind: 'email' },
    secondaryPhone: { column: 'secondary_phone', kind: 'text' },
  },
  usedBy: [
    { table: 'suppliables', column: 'supplier_id', noun: 'noun_suppliables' },
    { table: 'purchase_request_suppliers', column: 'supplier_id', noun: 'noun_purchase_requests' },
  ],
};

export const FACTORS: RecordSpec = {
  resource: 'factors',
  table: 'factors',
  area: 'factors',
  defaultSort: 'name',
  reprices: { source: 'factor', idField: 'id', what: 'what_factor', notPriced: ['name'] },
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    value: { column: 'value', kind: 'amount', required: true, max: 99_999_999 },
    scope: { column: 'scope', kind: 'choice', choices: ['material', 'labor', 'purchase', 'setup', 'program', 'total'] },
    validFrom: { column: 'valid_from', kind: 'date' },
    validUntil: { column: 'valid_until', kind: 'date' },
  },
  constraints: { factors_validity: { field: 'validUntil', key: 'valid_until_before_from' } },
  usedBy: [{ table: 'suppliable_factors', column: 'factor_id', noun: 'noun_suppliable_factors' }],
};

export const GROUPS: RecordSpec = {
  resource: 'groups',
  table: 'material_groups',
  area: 'groups',
  defaultSort: 'name',
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    description: { column: 'description', kind: 'text', searchable: true },
  },
  usedBy: [{ table: 'materials', column: 'group_id', noun: 'noun_materials' }],
};

export const GROUP_PRICES: RecordSpec = {
  resource: 'group-prices',
  table: 'group_prices',
  area: 'groups',
  child: true,
  defaultSort: 'validFrom',
  reprices: { source: 'group', idField: 'groupId', what: 'what_group_price' },
  fields: {
    groupId: { column: 'group_id', kind: 'reference', references: 'material_groups', required: true },
    price: { column: 'price', kind: 'amount', required: true },
    priceUnit: { column: 'price_unit', kind: 'choice', choices: PRICE_UNITS },
    minThickness: { column: 'min_thickness', kind: 'amount' },
    maxThickness: { column: 'max_thickness', kind: 'amount' },
    minQuantity: { column: 'min_quantity', kind: 'amount' },
    validFrom: { column: 'valid_from', kind: 'date', required: true },
  },
  constraints: { group_prices_thickness: { field: 'maxThickness', key: 'max_below_min' } },
};

export const MATERIALS: RecordSpec = {
  resource: 'materials',
  table: 'materials',
  area: 'materials',
  defaultSort: 'name',
  reprices: { source: 'material', idField: 'id', what: 'what_material', notPriced: ['name', 'number', 'height', 'weight'], unusedWhenNew: true },
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    number: { column: 'number', kind: 'text', required: true, searchable: true },
    groupId: { column: 'group_id', kind: 'reference', references: 'material_groups' },
    height: { column: 'height', kind: 'positive' },
    width: { column: 'width', kind: 'positive' },
    length: { column: 'length', kind: 'positive' },
    weight: { column: 'weight', kind: 'positive' },
    pricePerUnit: { column: 'price_per_unit', kind: 'amount' },
    priceUnit: { column: 'price_unit', kind: 'choice', choices: PRICE_UNITS },
    density: { column: 'density', kind: 'positive' },
  },
  constraints: { materials_number_unique: { field: 'number', key: 'number_taken' } },
  usedBy: [
    { table: 'products', column: 'material_id', noun: 'noun_products' },
    { table: 'product_materials', column: 'material_id', noun: 'noun_product_lines' },
  ],
};

export const MATERIAL_PRICES: RecordSpec = {
  resource: 'material-prices',
  table: 'material_prices',
  area: 'materials',
  child: true,
  defaultSort: 'validFrom',
  reprices: { source: 'material', idField: 'materialId', what: 'what_material' },
  fields: {
    materialId: { column: 'material_id', kind: 'reference', references: 'materials', required: true },
    price: { column: 'price', kind: 'amount', required: true },
    validFrom: { column: 'valid_from', kind: 'date', required: true },
  },
  constraints: { material_prices_valid_from_unique: { field: 'validFrom', key: 'valid_from_taken' } },
};

export const PARTS: RecordSpec = {
  resource: 'parts',
  table: 'parts',
  area: 'parts',
  defaultSort: 'name',
  reprices: { source: 'part', idField: 'id', what: 'what_part', notPriced: ['name', 'number', 'description', 'unit'], unusedWhenNew: true },
  fields: {
    name: { column: 'name', kind: 'text', required: true, searchable: true },
    number: { column: 'number', kind: 'text', required: true, searchable: true },
    description: { column: 'description', kind: 'text', searchable: true },
    unit: { column: 'unit', kind: 'text' },
    ownCost: { column: 'own_cost', kind: 'amount' },
  },
  constraints: { parts_number_unique: { field: 'number', key: 'number_taken' } },
  usedBy: [
    { table: 'suppliables', column: 'part_id', noun: 'noun_suppliables' },
    { table: 'product_parts', column: 'part_id', noun: 'noun_product_lines' },
  ],
};

export const SUPPLIABLES: RecordSpec = {
  resource: 'suppliables',
  table: 'suppliables',
  area: 'suppliables',
  defaultSort: 'number',
  reprices: { source: 'suppliable', idField: 'id', what: 'what_suppliable', notPriced: ['number', 'secondNumber', 'supplierId'] },
  fields: {
    type: { column: 'type', kind: 'choice', choices: ['part', 'operation'], required: true },
    number: { column: 'number', kind: 'text', required: true, searchable: true },
    secondNumber: { column: 'second_number', kind: 'text', searchable: true },
    supplierId: { column: 'supplier_id', kind: 'reference', references: 'suppliers', required: true },
    partId: { column: 'part_id', kind: 'reference', references: 'parts' },
    operationId: { column: 'operation_id', kind: 'reference', references: 'operations' },
    cost: { column: 'cost', kind: 'amount' },
    active: { column: 'active', kind: 'boolean' },
  },
  constraints: {
    suppliables_number_unique: { field: 'number', key: 'number_taken' },
    suppliables_supplies: { field: 'type', key: 'suppliable_kind' },
  },
};

export const SUPPLIABLE_BULK_PRICES: RecordSpec = {
  resource: 'suppliable-bulk-prices',
  table: 'suppliable_bulk_prices',
  area: 'suppliables',
  child: true,
  defaultSort: 'minQuantity',
  reprices: { source: 'suppliable', idField: 'suppliableId', what: 'what_suppliable' },
  fields: {
    suppliableId: { column: 'suppliable_id', kind: 'reference', references: 'suppliables', required: true },
    minQuantity: { column: 'min_quantity', kind: 'positive', required: true },
    maxQuantity: { column: 'max_quantity', kind: 'positive' },
    unitPrice: { column: 'unit_price', kind: 'amount', required: true },
  },
};

export const SUPPLIABLE_FACTORS: RecordSpec = {
  resource: 'suppliable-factors',
  table: 'suppliable_factors',
  area: 'suppliables',
  child: true,
  defaultSort: 'createdAt',
  reprices: { source: 'suppliable', idField: 'suppliableId', what: 'what_suppliable' },
  fields: {
    suppliableId: { column: 'suppliable_id', kind: 'reference', references: 'suppliables', required: true },
    factorId: { column: 'factor_id', kind: 'reference', references: 'factors', required: true },
  },
  constraints: { suppliable_factors_unique: { field: 'factorId', key: 'factor_already_applied' } },
};
