import { DataSource, EntityManager } from 'typeorm';
import { Organization } from '../entities';

type Row = Record<string, unknown>;

async function insert(manager: EntityManager, table: string, row: Row): Promise<string> {
  const columns = Object.keys(row);
  const [{ id }] = await manager.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(row),
  );
  return id;
}

/**
 * A believable small sheet-metal shop for the demo organization: three machines with
 * price bands, operations, steel/stainless/aluminium at several thicknesses with
 * prices per kg and densities, customers, a German and an English supplier, bought
 * parts with bulk prices, and factors. Runs once: an organization with machines is left alone.
 */
export async function seedDemoShop(dataSource: DataSource, organization: Organization): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    await manager.query(`SELECT set_config('app.organization_id', $1, true)`, [organization.id]);
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM assets`);
    if (count > 0) return false;

    const laser = await insert(manager, 'assets', { name: 'TruLaser 3030 fiber (laser cutter)', fab_number: 'M-01', quick_select: true, calculate_by_time: true, time_model: 'laser-cutting' });
    const brake = await insert(manager, 'assets', { name: 'TruBend 5130 (press brake)', fab_number: 'M-02', quick_select: true, calculate_by_time: true, time_model: 'bending', handling_seconds: 20 });
    await insert(manager, 'asset_bending_rates', { asset_id: brake, bend_class: 'standard', seconds: 12 });
    await insert(manager, 'asset_bending_rates', { asset_id: brake, bend_class: 'long', seconds: 25 });
    const welding = await insert(manager, 'assets', { name: 'TIG welding station', fab_number: 'M-03', quick_select: false, calculate_by_time: true });
    const bands: Array<[string, number, number, number, number, number]> = [
      [laser, 1, 0, 35, 25, 0],
      [laser, 50, 0, 35, 25, 0],
      [brake, 1, 0, 45, 20, 0],
      [brake, 100, 0, 45, 20, 0],
      [welding, 1, 5, 25, 0, 0],
    ];
    for (const [assetId, quantity, input, setup, program, price] of bands) {
      await insert(manager, 'asset_prices', { asset_id: assetId, quantity, input_cost: input, setup_cost: setup, program_cost: program, price });
    }

    for (const [name, fab, productPage, byDefault] of [
      ['Laser cutting', 'OP-10', true, true],
      ['Bending', 'OP-20', true, true],
      ['Deburring', 'OP-30', true, false],
      ['TIG welding', 'OP-40', true, false],
      ['Press-nut insertion', 'OP-50', false, false],
      ['Powder coating (bought in)', 'OP-90', false, false],
    ] as const) {
      await insert(manager, 'operations', { name, fab_number: fab, quick_select_product_page: productPage, quick_select_default: byDefault });
    }
    const [{ id: coating }] = await manager.query(`SELECT id FROM operations WHERE fab_number = 'OP-90'`);

    const materialIds = new Map<string, string>();
    // A material's own price history comes before its group's price list (libs/pricing README): steel and
    // aluminium are priced from their group's list by thickness, stainless at the prices of each material.
    const groups: Array<{ name: string; description: string; density: number; pricePerKg: number; code: string; thicknesses: number[]; ownHistory: boolean }> = [
      { name: 'S235 steel', description: 'Structural steel S235JR, cold rolled', density: 7.85, pricePerKg: 1.15, code: 'S235', thicknesses: [1, 1.5, 2, 3, 5], ownHistory: false },
      { name: '1.4301 stainless', description: 'Stainless steel X5CrNi18-10, 2B finish', density: 7.9, pricePerKg: 4.2, code: '14301', thicknesses: [1, 1.5, 2, 3], ownHistory: true },
      { name: 'AlMg3 aluminium', description: 'Aluminium EN AW-5754 H111', density: 2.66, pricePerKg: 5.6, code: 'ALMG3', thicknesses: [1, 2, 3, 4], ownHistory: false },
    ];
    // The catch-all for a material without rates of its own; the most specific rate applies, so it never shadows a group's.
    await insert(manager, 'asset_cutting_rates', { asset_id: laser, cut_speed: 1000, pierce_time: 2 });
    for (const group of groups) {
      const groupId = await insert(manager, 'material_groups', { name: group.name, description: group.description });
      // Fiber laser speeds (mm/min) and pierce times (s) by thickness: thin sheet cuts fast, thick sheet slowly.
      for (const [from, to, speed, pierce] of [[0, 1.5, 12000, 0.3], [1.51, 3, 6000, 0.6], [3.01, 6, 2500, 1.2]]) {
        await insert(manager, 'asset_cutting_rates', { asset_id: laser, group_id: groupId, thickness_from: from, thickness_to: to, cut_speed: speed, pierce_time: pierce });
      }
      await insert(manager, 'group_prices', { group_id: groupId, price: group.pricePerKg, price_unit: 'kg', min_thickness: 0, max_thickness: 2.99, valid_from: '2026-01-01' });
      await insert(manager, 'group_prices', { group_id: groupId, price: (group.pricePerKg * 0.95).toFixed(4), price_unit: 'kg', min_thickness: 3, valid_from: '2026-01-01' });
      for (const thickness of group.thicknesses) {
        const materialId = await insert(manager, 'materials', {
          name: `${group.code} ${thickness} mm`,
          number: `${group.code}-${String(thickness).replace('.', '')}`,
          group_id: groupId,
          height: thickness,
          width: 1250,
          length: 2500,
          weight: (1.25 * 2.5 * thickness * group.density).toFixed(2),
          price_per_unit: group.pricePerKg,
          price_unit: 'kg',
          density: group.density,
        });
        if (group.ownHistory) {
          await insert(manager, 'material_prices', { material_id: materialId, price: (group.pricePerKg * 1.08).toFixed(4), valid_from: '2025-07-01' });
          await insert(manager, 'material_prices', { material_id: materialId, price: group.pricePerKg, valid_from: '2026-01-01' });
        }
        materialIds.set(`${group.code}-${thickness}`, materialId);
      }
    }

    for (const customer of [
      { name: 'Müller Maschinenbau GmbH', account_number: 'K-10001', contact_info: 'Jana Müller, +49 711 4455-0', address: 'Industriestraße 12', zip_code: '70565', city: 'Stuttgart', country: 'Germany', billing_name: 'Müller Maschinenbau GmbH' },
      { name: 'Alpentech AG', account_number: 'K-10002', contact_info: 'Reto Brunner, einkauf@alpentech.example', address: 'Seestrasse 4', zip_code: '8002', city: 'Zürich', country: 'Switzerland', billing_name: 'Alpentech AG' },
      { name: 'Northfield Automation Ltd', account_number: 'K-10003', contact_info: 'Sam Patel, purchasing@northfield.example', address: '21 Mill Lane', zip_code: 'M1 2AB', city: 'Manchester', country: 'United Kingdom', billing_name: 'Northfield Automation Ltd' },
    ]) {
      await insert(manager, 'customers', customer);
    }

    const stahl = await insert(manager, 'suppliers', {
      name: 'Stahlhandel Nord GmbH', email: 'vertrieb@stahlhandel-nord.example', phone: '+49 40 123456', address: 'Hafenstraße 8', zip: '20457', city: 'Hamburg', country: 'Germany', language: 'de', status: 'active', secondary_name: 'Tim Becker', secondary_email: 't.becker@stahlhandel-nord.example',
    });
    const fasteners = await insert(manager, 'suppliers', {
      name: 'Midlands Fasteners Ltd', email: 'sales@midlands-fasteners.example', phone: '+44 121 555 0100', address: 'Unit 5, Canal Park', zip: 'B1 1AA', city: 'Birmingham', country: 'United Kingdom', language: 'en', status: 'active',
    });
    const coater = await insert(manager, 'suppliers', {
      name: 'Pulverbeschichtung Schmidt KG', email: 'auftrag@pulver-schmidt.example', city: 'Esslingen', country: 'Germany', language: 'de', status: 'active',
    });

    // Linked to the bought parts' suppliables below: it multiplies their prices, once, and is no organization factor as well.
    const freight = await insert(manager, 'factors', { name: 'Freight and packaging', value: 1.03, scope: 'purchase', valid_from: '2026-01-01' });
    await insert(manager, 'factors', { name: 'Energy surcharge', value: 1.04, scope: 'labor', valid_from: '2026-01-01', valid_until: '2026-12-31' });
    await insert(manager, 'factors', { name: 'Overhead and margin', value: 1.15, scope: 'total' });

    const partIds = new Map<string, string>();
    const parts: Array<{ name: string; number: string; description: string; cost: number; supplier: string; bands: Array<[number, number | null, number]> }> = [
      { name: 'Press nut M4', number: 'PN-M4', description: 'Self-clinching nut M4, steel zinc plated', cost: 0.09, supplier: fasteners, bands: [[1, 999, 0.08], [1000, null, 0.06]] },
      { name: 'Press nut M5', number: 'PN-M5', description: 'Self-clinching nut M5, steel zinc plated', cost: 0.1, supplier: fasteners, bands: [[1, 999, 0.09], [1000, null, 0.07]] },
      { name: 'Press nut M6', number: 'PN-M6', description: 'Self-clinching nut M6, steel zinc plated', cost: 0.12, supplier: fasteners, bands: [[1, 999, 0.11], [1000, null, 0.08]] },
      { name: 'Hinge 40 mm', number: 'HG-40', description: 'Weld-on hinge, stainless', cost: 1.9, supplier: stahl, bands: [[1, 99, 1.75], [100, null, 1.45]] },
      { name: 'Countersunk screw M5×12', number: 'SC-M5-12', description: 'ISO 10642, A2', cost: 0.06, supplier: fasteners, bands: [[1, null, 0.05]] },
    ];
    for (const part of parts) {
      const partId = await insert(manager, 'parts', { name: part.name, number: part.number, description: part.description, unit: 'piece', own_cost: part.cost });
      partIds.set(part.number, partId);
      const suppliableId = await insert(manager, 'suppliables', { type: 'part', number: `S-${part.number}`, supplier_id: part.supplier, part_id: partId, cost: part.bands[0][2], active: true });
      for (const [min, max, price] of part.bands) {
        await insert(manager, 'suppliable_bulk_prices', { suppliable_id: suppliableId, min_quantity: min, max_quantity: max, unit_price: price });
      }
      await insert(manager, 'suppliable_factors', { suppliable_id: suppliableId, factor_id: freight });
    }
    const coatingId = await insert(manager, 'suppliables', { type: 'operation', number: 'PB-RAL7035', second_number: 'RAL 7035', supplier_id: coater, operation_id: coating, cost: 4.5, active: true });
    await insert(manager, 'suppliable_bulk_prices', { suppliable_id: coatingId, min_quantity: 1, max_quantity: 49, unit_price: 4.5 });
    await insert(manager, 'suppliable_bulk_prices', { suppliable_id: coatingId, min_quantity: 50, unit_price: 3.2 });

    const operation = async (fab: string) => (await manager.query(`SELECT id FROM operations WHERE fab_number = $1`, [fab]))[0].id as string;
    const cutting = await operation('OP-10');
    const bending = await operation('OP-20');
    const deburring = await operation('OP-30');
    const pressNuts = await operation('OP-50');
    const [customer] = await manager.query(`SELECT id FROM customers WHERE account_number = 'K-10001'`);
    /** A sheet part: blank, outer contour, holes, bends, laser and press brake timed from the geometry. */
    const sheetPart = async (part: { name: string; number: string; material: string; thickness: number; width: number; length: number; holes: number[]; bends: number; innerContours?: number[] }) => {
      const productId = await insert(manager, 'products', {
        name: part.name, number: part.number, type: 'single', status: 'ready', customer_id: customer.id, category: 'Sheet metal part',
        material_id: materialIds.get(`${part.material}-${part.thickness}`), thickness: part.thickness, blank_width: part.width, blank_length: part.length, added_width: 5, added_length: 5,
        area: (part.width * part.length) / 1_000_000,
      });
      await insert(manager, 'product_contours', { product_id: productId, kind: 'outer', length: 2 * (part.width + part.length) });
      for (const length of part.innerContours ?? []) await insert(manager, 'product_contours', { product_id: productId, kind: 'inner', length });
      for (const diameter of part.holes) await insert(manager, 'product_holes', { product_id: productId, kind: 'hole', diameter, tolerance_class: 'default', through: true });
      for (let bend = 0; bend < part.bends; bend++) await insert(manager, 'product_bends', { product_id: productId, bend_class: 'standard', length: part.width, angle: 90 });
      await insert(manager, 'product_materials', { product_id: productId, material_id: materialIds.get(`${part.material}-${part.thickness}`) });
      await insert(manager, 'product_operations', { product_id: productId, sorting: 10, operation_id: cutting, asset_id: laser, hourly_rate: 120, program_time: 10, program_rate: 80 });
      if (part.bends > 0) await insert(manager, 'product_operations', { product_id: productId, sorting: 20, operation_id: bending, asset_id: brake, hourly_rate: 85, program_time: 5, program_rate: 80 });
      await insert(manager, 'product_operations', { product_id: productId, sorting: 30, operation_id: deburring, time_per_unit: 0.5, hourly_rate: 55 });
      return productId;
    };
    await sheetPart({ name: 'Mounting bracket', number: 'BR-100', material: 'S235', thickness: 2, width: 120, length: 80, holes: [6.5, 6.5, 6.5, 6.5], bends: 2 });
    const side = await sheetPart({ name: 'Housing side panel', number: 'HS-200-S', material: 'S235', thickness: 1.5, width: 400, length: 300, holes: [5, 5, 5, 5, 8], bends: 2, innerContours: [240] });
    const cover = await sheetPart({ name: 'Housing cover', number: 'HS-200-C', material: 'S235', thickness: 1.5, width: 420, length: 320, holes: [5, 5, 5, 5], bends: 4 });
    const door = await insert(manager, 'products', { name: 'Housing door (sub-assembly)', number: 'HS-200-D', type: 'assembly', status: 'ready', customer_id: customer.id, category: 'Assembly' });
    const doorPanel = await sheetPart({ name: 'Door panel', number: 'HS-200-DP', material: '14301', thickness: 1.5, width: 380, length: 280, holes: [5, 5], bends: 2 });
    await insert(manager, 'product_parts', { product_id: door, sub_product_id: doorPanel, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: door, part_id: partIds.get('HG-40'), quantity: 2 });
    await insert(manager, 'product_operations', { product_id: door, sorting: 10, operation_id: pressNuts, time_per_unit: 2, hourly_rate: 60 });
    const housing = await insert(manager, 'products', { name: 'Control cabinet housing', number: 'HS-200', type: 'assembly', status: 'ready', customer_id: customer.id, category: 'Assembly' });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: side, quantity: 2 });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: cover, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: door, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: housing, part_id: partIds.get('PN-M5'), quantity: 8 });
    await insert(manager, 'product_parts', { product_id: housing, part_id: partIds.get('SC-M5-12'), quantity: 8 });
    await insert(manager, 'product_operations', { product_id: housing, sorting: 10, operation_id: pressNuts, time_per_unit: 4, hourly_rate: 60 });
    await insert(manager, 'product_operations', { product_id: housing, sorting: 20, operation_id: await operation('OP-40'), asset_id: welding, time_per_unit: 12, hourly_rate: 70 });
    return true;
  });
}
