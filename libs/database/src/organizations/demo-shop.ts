import { createHash, randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { nextDocumentNumber } from '../document-number';
import { Organization } from '../entities';
import { demoLogoPng } from './demo-logo';
import { DemoRow, DemoShopRepository } from './demo-shop.repository';

const insert = (manager: EntityManager, table: string, row: DemoRow): Promise<string> => new DemoShopRepository(manager).insert(table, row);

/**
 * The demo's own texts in German, by their English wording: what a German shop would have typed in
 * (names of machines, operations, materials, parts and products, descriptions, countries, the purchase
 * request, orders). Names of firms, numbers and codes (S235JR, RAL 7035, M5×12) read the same in both;
 * what suppliers wrote (their offers' notes, Apex's question) stays in the supplier's language.
 */
export const DEMO_GERMAN: Readonly<Record<string, string>> = {
  'TruLaser 3030 fiber (laser cutter)': 'TruLaser 3030 fiber (Laserschneidanlage)',
  'TruBend 5130 (press brake)': 'TruBend 5130 (Abkantpresse)',
  'TIG welding station': 'WIG-Schweißplatz',
  'Laser cutting': 'Laserschneiden',
  Bending: 'Abkanten',
  Deburring: 'Entgraten',
  'TIG welding': 'WIG-Schweißen',
  'Press-nut insertion': 'Einpressmuttern setzen',
  'Powder coating (bought in)': 'Pulverbeschichten (Zukauf)',
  'Thread cutting (bought in)': 'Gewindeschneiden (Zukauf)',
  'S235 steel': 'Baustahl S235',
  'Structural steel S235JR, cold rolled': 'Baustahl S235JR, kaltgewalzt',
  '1.4301 stainless': 'Edelstahl 1.4301',
  'Stainless steel X5CrNi18-10, 2B finish': 'Edelstahl X5CrNi18-10, Oberfläche 2B',
  'AlMg3 aluminium': 'Aluminium AlMg3',
  'Aluminium EN AW-5754 H111': 'Aluminium EN AW-5754 H111',
  Germany: 'Deutschland',
  Switzerland: 'Schweiz',
  'United Kingdom': 'Vereinigtes Königreich',
  Lithuania: 'Litauen',
  'Freight and packaging': 'Fracht und Verpackung',
  'Energy surcharge': 'Energiezuschlag',
  'Overhead and margin': 'Gemeinkosten und Gewinn',
  'Press nut M4': 'Einpressmutter M4',
  'Press nut M5': 'Einpressmutter M5',
  'Press nut M6': 'Einpressmutter M6',
  'Self-clinching nut M4, steel zinc plated': 'Einpressmutter M4, Stahl verzinkt',
  'Self-clinching nut M5, steel zinc plated': 'Einpressmutter M5, Stahl verzinkt',
  'Self-clinching nut M6, steel zinc plated': 'Einpressmutter M6, Stahl verzinkt',
  'Hinge 40 mm': 'Scharnier 40 mm',
  'Weld-on hinge, stainless': 'Anschweißscharnier, Edelstahl',
  'Countersunk screw M5×12': 'Senkschraube M5×12',
  'ISO 10642, A2': 'ISO 10642, A2',
  piece: 'Stück',
  'Sheet metal part': 'Blechteil',
  Assembly: 'Baugruppe',
  'Mounting bracket': 'Montagewinkel',
  'Housing side panel': 'Gehäuseseitenwand',
  'Housing cover': 'Gehäusedeckel',
  'Housing door (sub-assembly)': 'Gehäusetür (Unterbaugruppe)',
  'Door panel': 'Türblatt',
  'Control cabinet housing': 'Schaltschrankgehäuse',
  'Housing door coating, bracket threads and hinges': 'Beschichtung Gehäusetür, Gewinde Montagewinkel und Scharniere',
  'Powder coating RAL 7035 fine texture, 80 µm; the hinges are welded on before coating. Delivery to Stuttgart.':
    'Pulverbeschichtung RAL 7035 Feinstruktur, 80 µm; die Scharniere werden vor dem Beschichten angeschweißt. Lieferung nach Stuttgart.',
  'Brackets for line 3': 'Montagewinkel für Linie 3',
  'Enclosure prototype': 'Gehäuse-Prototyp',
  'Housings Q4': 'Gehäuse Q4',
  'Service covers': 'Servicedeckel',
  'Enclosures for the retrofit': 'Gehäuse für die Nachrüstung',
  'Brackets, second source': 'Montagewinkel, zweite Bezugsquelle',
  'Framework agreement 2026': 'Rahmenvertrag 2026',
  // An offer's free line and its note.
  Freight: 'Fracht',
  'lump sum': 'pauschal',
  'Delivery in two parts: the housings first, the brackets a week later.': 'Lieferung in zwei Teilen: zuerst die Gehäuse, die Halter eine Woche später.',
  // Orders the English demo names in German already (its German customers' orders).
  'Schaltschrankgehäuse Serie A': 'Schaltschrankgehäuse Serie A',
  'Ersatzteile Seitenwände': 'Ersatzteile Seitenwände',
  'Halter Nachbestellung': 'Halter Nachbestellung',
  'Gehäuse Linie 4': 'Gehäuse Linie 4',
  'Schaltschrankgehäuse Serie B': 'Schaltschrankgehäuse Serie B',
  'Halter Wartung 2027': 'Halter Wartung 2027',
  'Seitenwände Muster': 'Seitenwände Muster',
  'Gehäuse Linie 5': 'Gehäuse Linie 5',
  'Abdeckungen Anfrage 4711': 'Abdeckungen Anfrage 4711',
};

/** The demo's words in `locale`: the English text itself, or its German one (DEMO_GERMAN). */
export type DemoWords = (english: string) => string;

export function demoWords(locale: string | null | undefined): DemoWords {
  if (locale !== 'de') return (english) => english;
  return (english) => {
    const german = DEMO_GERMAN[english];
    // A text without its German one would leave an English name in a German shop: a mistake of this file.
    if (german === undefined) throw new Error(`The demo has no German for "${english}"`);
    return german;
  };
}

/**
 * A believable small sheet-metal shop for the demo organization: three machines with
 * price bands, operations, steel/stainless/aluminium at several thicknesses with
 * prices per kg and densities, customers, suppliers in German and English with bought parts and
 * bought-in operations at bulk prices, factors, and a purchase request that was sent and answered
 * (seedDemoProcurement). In the organization's language: English, or German for one created with
 * `--locale de`. Runs once: an organization with machines is left alone.
 */
export async function seedDemoShop(dataSource: DataSource, organization: Organization): Promise<boolean> {
  const say = demoWords(organization.defaultLocale);
  const german = organization.defaultLocale === 'de';
  return dataSource.transaction(async (manager) => {
    const demo = new DemoShopRepository(manager);
    await demo.actAs(organization.id);
    if ((await demo.assetCount()) > 0) return false;

    const laser = await insert(manager, 'assets', { name: say('TruLaser 3030 fiber (laser cutter)'), fab_number: 'M-01', quick_select: true, calculate_by_time: true, time_model: 'laser-cutting' });
    const brake = await insert(manager, 'assets', { name: say('TruBend 5130 (press brake)'), fab_number: 'M-02', quick_select: true, calculate_by_time: true, time_model: 'bending', handling_seconds: 20 });
    await insert(manager, 'asset_bending_rates', { asset_id: brake, bend_class: 'standard', seconds: 12 });
    await insert(manager, 'asset_bending_rates', { asset_id: brake, bend_class: 'long', seconds: 25 });
    const welding = await insert(manager, 'assets', { name: say('TIG welding station'), fab_number: 'M-03', quick_select: false, calculate_by_time: true });
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
      ['Thread cutting (bought in)', 'OP-91', false, false],
    ] as const) {
      await insert(manager, 'operations', { name: say(name), fab_number: fab, quick_select_product_page: productPage, quick_select_default: byDefault });
    }
    const coating = await demo.operationId('OP-90');

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
      const groupId = await insert(manager, 'material_groups', { name: say(group.name), description: say(group.description) });
      // Fiber laser speeds (mm/min) and pierce times (s) by thickness: thin sheet cuts fast, thick sheet slowly.
      for (const [from, to, speed, pierce] of [[0, 1.5, 12000, 0.3], [1.51, 3, 6000, 0.6], [3.01, 6, 2500, 1.2]]) {
        await insert(manager, 'asset_cutting_rates', { asset_id: laser, group_id: groupId, thickness_from: from, thickness_to: to, cut_speed: speed, pierce_time: pierce });
      }
      await insert(manager, 'group_prices', { group_id: groupId, price: group.pricePerKg, price_unit: 'kg', min_thickness: 0, max_thickness: 2.99, valid_from: '2026-01-01' });
      await insert(manager, 'group_prices', { group_id: groupId, price: (group.pricePerKg * 0.95).toFixed(4), price_unit: 'kg', min_thickness: 3, valid_from: '2026-01-01' });
      for (const thickness of group.thicknesses) {
        const materialId = await insert(manager, 'materials', {
          name: `${group.code} ${german ? String(thickness).replace('.', ',') : thickness} mm`,
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
      { name: 'Müller Maschinenbau GmbH', account_number: 'K-10001', contact_info: 'Jana Müller, +49 711 4455-0', address: 'Industriestraße 12', zip_code: '70565', city: 'Stuttgart', country: 'Germany', billing_name: 'Müller Maschinenbau GmbH', language: 'de' },
      { name: 'Alpentech AG', account_number: 'K-10002', contact_info: 'Reto Brunner, einkauf@alpentech.example', address: 'Seestrasse 4', zip_code: '8002', city: 'Zürich', country: 'Switzerland', billing_name: 'Alpentech AG', language: 'de' },
      { name: 'Northfield Automation Ltd', account_number: 'K-10003', contact_info: 'Sam Patel, purchasing@northfield.example', address: '21 Mill Lane', zip_code: 'M1 2AB', city: 'Manchester', country: 'United Kingdom', billing_name: 'Northfield Automation Ltd', language: 'en' },
    ]) {
      await insert(manager, 'customers', { ...customer, country: say(customer.country) });
    }

    const stahl = await insert(manager, 'suppliers', {
      name: 'Stahlhandel Nord GmbH', email: 'vertrieb@stahlhandel-nord.example', phone: '+49 40 123456', address: 'Hafenstraße 8', zip: '20457', city: 'Hamburg', country: say('Germany'), language: 'de', status: 'active', secondary_name: 'Tim Becker', secondary_email: 't.becker@stahlhandel-nord.example',
    });
    const fasteners = await insert(manager, 'suppliers', {
      name: 'Midlands Fasteners Ltd', email: 'sales@midlands-fasteners.example', phone: '+44 121 555 0100', address: 'Unit 5, Canal Park', zip: 'B1 1AA', city: 'Birmingham', country: say('United Kingdom'), language: 'en', status: 'active',
    });
    const coater = await insert(manager, 'suppliers', {
      name: 'Pulverbeschichtung Schmidt KG', email: 'auftrag@pulver-schmidt.example', city: 'Esslingen', country: say('Germany'), language: 'de', status: 'active',
    });

    // Linked to the bought parts' suppliables below: it multiplies their prices, once, and is no organization factor as well.
    const freight = await insert(manager, 'factors', { name: say('Freight and packaging'), value: 1.03, scope: 'purchase', valid_from: '2026-01-01' });
    await insert(manager, 'factors', { name: say('Energy surcharge'), value: 1.04, scope: 'labor', valid_from: '2026-01-01', valid_until: '2026-12-31' });
    await insert(manager, 'factors', { name: say('Overhead and margin'), value: 1.15, scope: 'total' });

    const partIds = new Map<string, string>();
    const parts: Array<{ name: string; number: string; description: string; cost: number; supplier: string; bands: Array<[number, number | null, number]> }> = [
      { name: 'Press nut M4', number: 'PN-M4', description: 'Self-clinching nut M4, steel zinc plated', cost: 0.09, supplier: fasteners, bands: [[1, 999, 0.08], [1000, null, 0.06]] },
      { name: 'Press nut M5', number: 'PN-M5', description: 'Self-clinching nut M5, steel zinc plated', cost: 0.1, supplier: fasteners, bands: [[1, 999, 0.09], [1000, null, 0.07]] },
      { name: 'Press nut M6', number: 'PN-M6', description: 'Self-clinching nut M6, steel zinc plated', cost: 0.12, supplier: fasteners, bands: [[1, 999, 0.11], [1000, null, 0.08]] },
      { name: 'Hinge 40 mm', number: 'HG-40', description: 'Weld-on hinge, stainless', cost: 1.9, supplier: stahl, bands: [[1, 99, 1.75], [100, null, 1.45]] },
      { name: 'Countersunk screw M5×12', number: 'SC-M5-12', description: 'ISO 10642, A2', cost: 0.06, supplier: fasteners, bands: [[1, null, 0.05]] },
    ];
    for (const part of parts) {
      const partId = await insert(manager, 'parts', { name: say(part.name), number: part.number, description: say(part.description), unit: say('piece'), own_cost: part.cost });
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

    const operation = (fab: string) => demo.operationId(fab);
    const cutting = await operation('OP-10');
    const bending = await operation('OP-20');
    const deburring = await operation('OP-30');
    const pressNuts = await operation('OP-50');
    const customer = { id: await demo.customerId('K-10001') };
    /** A sheet part: blank, outer contour, holes, bends, laser and press brake timed from the geometry. */
    const sheetPart = async (part: { name: string; number: string; material: string; thickness: number; width: number; length: number; holes: number[]; bends: number; innerContours?: number[] }) => {
      const productId = await insert(manager, 'products', {
        name: say(part.name), number: part.number, type: 'single', status: 'ready', customer_id: customer.id, category: say('Sheet metal part'),
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
    const bracket = await sheetPart({ name: 'Mounting bracket', number: 'BR-100', material: 'S235', thickness: 2, width: 120, length: 80, holes: [6.5, 6.5, 6.5, 6.5], bends: 2 });
    const side = await sheetPart({ name: 'Housing side panel', number: 'HS-200-S', material: 'S235', thickness: 1.5, width: 400, length: 300, holes: [5, 5, 5, 5, 8], bends: 2, innerContours: [240] });
    const cover = await sheetPart({ name: 'Housing cover', number: 'HS-200-C', material: 'S235', thickness: 1.5, width: 420, length: 320, holes: [5, 5, 5, 5], bends: 4 });
    const door = await insert(manager, 'products', { name: say('Housing door (sub-assembly)'), number: 'HS-200-D', type: 'assembly', status: 'ready', customer_id: customer.id, category: say('Assembly') });
    const doorPanel = await sheetPart({ name: 'Door panel', number: 'HS-200-DP', material: '14301', thickness: 1.5, width: 380, length: 280, holes: [5, 5], bends: 2 });
    await insert(manager, 'product_parts', { product_id: door, sub_product_id: doorPanel, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: door, part_id: partIds.get('HG-40'), quantity: 2 });
    await insert(manager, 'product_operations', { product_id: door, sorting: 10, operation_id: pressNuts, time_per_unit: 2, hourly_rate: 60 });
    const housing = await insert(manager, 'products', { name: say('Control cabinet housing'), number: 'HS-200', type: 'assembly', status: 'ready', customer_id: customer.id, category: say('Assembly') });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: side, quantity: 2 });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: cover, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: housing, sub_product_id: door, quantity: 1 });
    await insert(manager, 'product_parts', { product_id: housing, part_id: partIds.get('PN-M5'), quantity: 8 });
    await insert(manager, 'product_parts', { product_id: housing, part_id: partIds.get('SC-M5-12'), quantity: 8 });
    await insert(manager, 'product_operations', { product_id: housing, sorting: 10, operation_id: pressNuts, time_per_unit: 4, hourly_rate: 60 });
    await insert(manager, 'product_operations', { product_id: housing, sorting: 20, operation_id: await operation('OP-40'), asset_id: welding, time_per_unit: 12, hourly_rate: 70 });

    // Done outside: the bracket's threads and the door's coating, priced from the suppliables of those operations.
    const threading = await operation('OP-91');
    const threads = await insert(manager, 'product_operations', { product_id: bracket, sorting: 40, operation_id: threading, bought_in: true });
    const doorCoating = await insert(manager, 'product_operations', { product_id: door, sorting: 20, operation_id: coating, bought_in: true });
    const doorHinges = await demo.partLineId(door, partIds.get('HG-40'));
    await seedDemoProcurement(manager, say, {
      coating,
      threading,
      hinge: partIds.get('HG-40') as string,
      door: { id: door, coating: doorCoating, hinges: doorHinges },
      bracket: { id: bracket, threads },
    });
    await seedDemoProfile(manager, organization, say);
    await seedDemoOrders(manager, say, { bracket, side, cover, housing });
    return true;
  });
}

/** The lines of the demo's production that are bought outside, as seedDemoShop made them. */
interface BoughtLines {
  coating: string;
  threading: string;
  hinge: string;
  door: { id: string; coating: string; hinges: string };
  bracket: { id: string; threads: string };
}

/** Unit prices per line asked, one per quantity tier, lowest quantity first. */
interface OfferPrices {
  coating: number[];
  threads: number[];
  hinges: number[];
}

interface DemoOffer {
  prices: OfferPrices;
  packaging: number;
  shipping: number;
  customs: number;
  leadTimeDays: number;
  /** Days from now: negative is in the past. */
  submitted: number;
  additionalInformation: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Subcontractors for the door's coating, the bracket's threads and the door's hinges, with their catalogue
 * (bulk prices as [min, max, unit price]) and what they offered for the demo request. With the default
 * weights the rating (libs/rating README) gives each a different mark: Hoffmann the best landed price at
 * every quantity and the quickest, 5 stars and the trophy; Apex (it asked a question and revised its offer
 * after the answer) 3 stars, its freight and customs heavy on the small quantities but within 30 % at 200
 * and more; Baltic the dearest with the longest lead time, 1 star. scripts/cli/demo.ts then awards the
 * coating to Hoffmann. demo-shop.spec.ts keeps these outcomes.
 */
const SUBCONTRACTORS = [
  {
    supplier: { name: 'Blechtechnik Hoffmann GmbH', email: 'angebote@blechtechnik-hoffmann.example', phone: '+49 371 778899-0', address: 'Zwickauer Straße 120', zip: '09116', city: 'Chemnitz', country: 'Germany', language: 'de', status: 'active', secondary_name: 'Katrin Hoffmann', secondary_email: 'k.hoffmann@blechtechnik-hoffmann.example' },
    suppliables: [
      { type: 'operation', what: 'coating', number: 'HB-PB-7035', second_number: 'RAL 7035', bands: [[1, 49, 6.9], [50, 199, 5.2], [200, null, 4.1]] },
      { type: 'operation', what: 'threading', number: 'HB-GEW-01', second_number: null, bands: [[1, 199, 1.7], [200, null, 1.1]] },
      { type: 'part', what: 'hinge', number: 'HB-SCH-40', second_number: null, bands: [[1, 99, 1.85], [100, null, 1.4]] },
    ],
    offers: [
      { prices: { coating: [6.4, 4.9, 3.8], threads: [1.6, 1.15, 0.95], hinges: [1.7, 1.45, 1.3] }, packaging: 15, shipping: 45, customs: 0, leadTimeDays: 10, submitted: -2, additionalInformation: 'Pulverbeschichtung RAL 7035 Feinstruktur, 80 µm, inkl. Abdecken der Scharnierbolzen.' },
    ],
  },
  {
    supplier: { name: 'Apex Metal Finishing Ltd', email: 'quotes@apex-finishing.example', phone: '+44 114 496 0321', address: '14 Attercliffe Road', zip: 'S4 7WZ', city: 'Sheffield', country: 'United Kingdom', language: 'en', status: 'active', secondary_name: null, secondary_email: null },
    suppliables: [
      { type: 'operation', what: 'coating', number: 'APX-PC-7035', second_number: 'RAL 7035', bands: [[1, 49, 8], [50, null, 6.2]] },
      { type: 'operation', what: 'threading', number: 'APX-TAP-01', second_number: null, bands: [[1, 199, 2.2], [200, null, 1.5]] },
    ],
    offers: [
      { prices: { coating: [8.2, 6.4, 5.1], threads: [2.1, 1.55, 1.25], hinges: [2.1, 1.8, 1.6] }, packaging: 20, shipping: 95, customs: 60, leadTimeDays: 14, submitted: -2.5, additionalInformation: null },
      { prices: { coating: [7.6, 5.9, 4.7], threads: [1.95, 1.4, 1.15], hinges: [2.1, 1.8, 1.6] }, packaging: 20, shipping: 85, customs: 60, leadTimeDays: 12, submitted: -1, additionalInformation: 'Revised after your answer: hinge pins masked, masking included in the coating price.' },
    ],
  },
  {
    supplier: { name: 'Baltic Sheet Metal UAB', email: 'sales@baltic-sheet.example', phone: '+370 37 200 400', address: 'Pramonės pr. 16', zip: 'LT-51329', city: 'Kaunas', country: 'Lithuania', language: 'en', status: 'active', secondary_name: null, secondary_email: null },
    suppliables: [
      { type: 'operation', what: 'threading', number: 'BSM-THR-01', second_number: null, bands: [[1, null, 2.4]] },
      { type: 'part', what: 'hinge', number: 'BSM-H40', second_number: null, bands: [[1, 99, 2.4], [100, null, 1.9]] },
    ],
    offers: [
      { prices: { coating: [9.8, 7.5, 5.9], threads: [2.6, 1.9, 1.55], hinges: [2.4, 2, 1.75] }, packaging: 25, shipping: 140, customs: 0, leadTimeDays: 21, submitted: -0.5, additionalInformation: 'Shipped by truck on pallets, delivery to your dock.' },
    ],
  },
] as const satisfies ReadonlyArray<{
  supplier: DemoRow;
  suppliables: ReadonlyArray<{ type: 'part' | 'operation'; what: 'coating' | 'threading' | 'hinge'; number: string; second_number: string | null; bands: ReadonlyArray<readonly [number, number | null, number]> }>;
  offers: readonly DemoOffer[];
}>;

/**
 * Procurement as the shop sees it three days after sending a purchase request: the door's powder
 * coating, the bracket's threads and the door's hinges asked from three subcontractors (one German),
 * every offer in, one question asked and answered. The links' tokens are hashes of random tokens
 * nobody keeps: a resend gives a supplier a link that works.
 */
/**
 * The demo shop's company profile, every field filled so its offers print on a real letterhead:
 * address, reach, VAT ID and tax number, bank, the defaults of new orders, a Reply-To address, and a logo
 * drawn in code (demo-logo.ts). Words in the organization's language; codes (IBAN, BIC) read the same in both.
 */
async function seedDemoProfile(manager: EntityManager, organization: Organization, say: DemoWords): Promise<void> {
  const german = organization.defaultLocale === 'de';
  const profile: Record<string, string | string[]> = {
    'letterhead-name': organization.name,
    'letterhead-address': ['Industriestraße 5', '70565 Stuttgart', say('Germany')],
    'letterhead-phone': '+49 711 987654-0',
    'letterhead-email': 'info@demo-metallbau.example',
    'letterhead-website': 'https://www.demo-metallbau.example',
    'letterhead-vat-id': 'DE123456789',
    'letterhead-tax-number': '99/123/45678',
    'letterhead-bank-name': 'Commerzbank Stuttgart',
    'letterhead-iban': 'DE89 3704 0044 0532 0130 00',
    'letterhead-bic': 'COBADEFFXXX',
    'default-payment-terms': german ? '30 Tage netto' : '30 days net',
    'default-shipping-terms': german ? 'Ab Werk Stuttgart, zuzüglich Verpackung und Fracht' : 'Ex works Stuttgart, packaging and freight extra',
    'offer-validity-days': '30',
    'mail-reply-to': 'vertrieb@demo-metallbau.example',
    // The public quote page (docs/api-surveys.md "The quote-request page"), with instant indicative prices.
    'quote-page-enabled': 'true',
    'quote-instant-prices': 'true',
  };
  const demo = new DemoShopRepository(manager);
  for (const [slug, value] of Object.entries(profile)) await demo.settingUnlessSet(slug, value);
  // The zone the demo is created with (scripts/cli/demo.ts) stays; one created without gets Berlin's.
  await demo.settingUnlessSet('time-zone', 'Europe/Berlin');
  await demo.logoUnlessSet(demoLogoPng());
}

async function seedDemoProcurement(manager: EntityManager, say: DemoWords, lines: BoughtLines): Promise<void> {
  const now = Date.now();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const sent = at(-3);
  const created = at(-3.05);

  const supplierIds: string[] = [];
  for (const { supplier, suppliables } of SUBCONTRACTORS) {
    const supplierId = await insert(manager, 'suppliers', { ...supplier, country: say(supplier.country) });
    supplierIds.push(supplierId);
    for (const { type, what, number, second_number, bands } of suppliables) {
      const target = type === 'part' ? { part_id: lines[what] } : { operation_id: lines[what] };
      const suppliableId = await insert(manager, 'suppliables', { type, number, second_number, supplier_id: supplierId, ...target, cost: bands[0][2], active: true });
      for (const [min, max, price] of bands) {
        await insert(manager, 'suppliable_bulk_prices', { suppliable_id: suppliableId, min_quantity: min, max_quantity: max, unit_price: price });
      }
    }
  }

  const requestId = await insert(manager, 'purchase_requests', {
    // The number as the API gives it: a counter per kind and year.
    number: await nextDocumentNumber(manager, 'purchase-request', created),
    name: say('Housing door coating, bracket threads and hinges'),
    status: 'open',
    close_submission_deadline: at(14),
    include_product_preview: true,
    reminder_frequency: 'weekly',
    additional_information: say('Powder coating RAL 7035 fine texture, 80 µm; the hinges are welded on before coating. Delivery to Stuttgart.'),
    sent_at: sent,
    created_at: created,
    updated_at: sent,
  });
  const doorQuantities = [10, 50, 200];
  const bracketQuantities = [50, 200, 500];
  await insert(manager, 'purchase_request_products', { purchase_request_id: requestId, product_id: lines.door.id, quantities: doorQuantities });
  await insert(manager, 'purchase_request_products', { purchase_request_id: requestId, product_id: lines.bracket.id, quantities: bracketQuantities });
  const asked = {
    coating: { operation: await insert(manager, 'purchase_request_operations', { purchase_request_id: requestId, product_operation_id: lines.door.coating }), quantities: doorQuantities },
    threads: { operation: await insert(manager, 'purchase_request_operations', { purchase_request_id: requestId, product_operation_id: lines.bracket.threads }), quantities: bracketQuantities },
    // Two hinges per door: the line asks for twice the doors' quantities.
    hinges: { part: await insert(manager, 'purchase_request_parts', { purchase_request_id: requestId, product_part_id: lines.door.hinges }), quantities: doorQuantities.map((doors) => doors * 2) },
  };
  for (const [i, supplierId] of supplierIds.entries()) {
    const tokenHash = createHash('sha256').update(randomBytes(32).toString('base64url'), 'utf8').digest('hex');
    await insert(manager, 'purchase_request_suppliers', { purchase_request_id: requestId, supplier_id: supplierId, token_hash: tokenHash, invited_at: new Date(sent.getTime() + (i + 1) * 1000) });
  }

  for (const [i, { supplier, offers }] of SUBCONTRACTORS.entries()) {
    for (const [revision, offer] of (offers as readonly DemoOffer[]).entries()) {
      const submittedAt = at(offer.submitted);
      const offerId = await insert(manager, 'supplier_offers', {
        purchase_request_id: requestId,
        supplier_id: supplierIds[i],
        revision: revision + 1,
        latest: revision === offers.length - 1,
        shipping_date: at(14 + offer.leadTimeDays).toISOString().slice(0, 10),
        packaging_cost: offer.packaging,
        shipping_cost: offer.shipping,
        customs_cost: offer.customs,
        // Every demo offer states all three costs (a 0 customs too): a detailed breakdown for the rating.
        packaging_given: true,
        shipping_given: true,
        customs_given: true,
        lead_time_days: offer.leadTimeDays,
        additional_information: offer.additionalInformation,
        language: supplier.language,
        submitted_at: submittedAt,
        created_at: submittedAt,
        updated_at: submittedAt,
      });
      for (const [what, line] of Object.entries(asked) as Array<[keyof OfferPrices, (typeof asked)[keyof OfferPrices]]>) {
        for (const [tier, quantity] of line.quantities.entries()) {
          await insert(manager, 'supplier_offer_prices', {
            supplier_offer_id: offerId,
            purchase_request_operation_id: 'operation' in line ? line.operation : null,
            purchase_request_part_id: 'part' in line ? line.part : null,
            quantity,
            unit_price: offer.prices[what][tier],
          });
        }
      }
    }
  }

  // The worker rates the offers as it would after a submission (the rating job, queue `rating`).
  const organizationId = await new DemoShopRepository(manager).currentOrganizationId();
  await insert(manager, 'outbox_events', { job_name: 'procurement.rate-offers', queue_name: 'rating', payload: { purchaseRequestId: requestId, organizationId } });

  await insert(manager, 'purchase_request_questions', {
    purchase_request_id: requestId,
    supplier_id: supplierIds[1],
    question: 'Are the hinges welded on before coating? If so, shall we mask the hinge pins?',
    asked_at: at(-2.2),
    answer: 'Yes, they are welded on before coating. Please mask the hinge pins.',
    answered_at: at(-2),
  });
}

/** The products the demo sells, as seedDemoShop made them. */
type SoldProducts = Record<'bracket' | 'side' | 'cover' | 'housing', string>;

/**
 * The customers' price list of the demo's products (product bulk prices, [min, max, unit price]): what an
 * item is priced from until the product is calculated (docs/api-orders.md "Unit prices").
 */
const PRICE_LIST: Record<keyof SoldProducts, ReadonlyArray<readonly [number, number | null, number]>> = {
  bracket: [[1, 99, 4.85], [100, 499, 3.6], [500, null, 2.95]],
  side: [[1, 49, 28.4], [50, null, 22.9]],
  cover: [[1, 49, 31.2], [50, null, 25.5]],
  housing: [[1, 9, 389], [10, 49, 342], [50, null, 305]],
};

type DemoStatus = 'draft' | 'offered' | 'ordered' | 'deferred' | 'declined';

interface DemoOrder {
  /** Days before the seed. */
  created: number;
  customer: 'K-10001' | 'K-10002' | 'K-10003';
  /** The statuses after Draft, each with the days after creation it was reached; legal transitions only. */
  path: ReadonlyArray<readonly [DemoStatus, number]>;
  items: ReadonlyArray<{ product: keyof SoldProducts; quantity: number; discount?: number; price?: { unit: number; reason: string } }>;
  /** Lines after the products: a free line (freight, at a quantity, unit and price given) or a text line (a note). */
  more?: ReadonlyArray<{ text: string; free?: { quantity: number; unit: string; price: number } }>;
  name: string;
  commission?: number;
}

/**
 * A year of offers and orders, oldest first so their numbers follow their dates: every status, the
 * history of how each got there (created, offered, and the customer's answer days or weeks later), so
 * the dashboard's orders by status, conversion and volume have something to show over any interval, the
 * default 30 days included (an order ordered 6 days ago; without it the first dashboard read "0 %" and "--").
 */
const DEMO_ORDERS: readonly DemoOrder[] = [
  { created: 350, customer: 'K-10001', name: 'Brackets for line 3', path: [['offered', 1], ['ordered', 9]], items: [{ product: 'bracket', quantity: 500 }] },
  { created: 322, customer: 'K-10003', name: 'Enclosure prototype', path: [['offered', 2], ['declined', 21]], items: [{ product: 'housing', quantity: 2 }, { product: 'bracket', quantity: 8 }] },
  { created: 295, customer: 'K-10002', name: 'Schaltschrankgehäuse Serie A', path: [['offered', 1], ['ordered', 6]], items: [{ product: 'housing', quantity: 20, discount: 3 }, { product: 'bracket', quantity: 160 }], commission: 2.5 },
  { created: 262, customer: 'K-10001', name: 'Ersatzteile Seitenwände', path: [['offered', 1], ['ordered', 4]], items: [{ product: 'side', quantity: 60 }, { product: 'cover', quantity: 30 }] },
  { created: 236, customer: 'K-10003', name: 'Housings Q4', path: [['offered', 3], ['deferred', 14], ['offered', 40], ['ordered', 47]], items: [{ product: 'housing', quantity: 12 }] },
  { created: 204, customer: 'K-10002', name: 'Halter Nachbestellung', path: [['offered', 1], ['declined', 12]], items: [{ product: 'bracket', quantity: 250 }] },
  { created: 171, customer: 'K-10001', name: 'Gehäuse Linie 4', path: [['offered', 2], ['draft', 5], ['offered', 6], ['ordered', 13]], items: [{ product: 'housing', quantity: 50, discount: 5 }, { product: 'side', quantity: 20 }] },
  { created: 139, customer: 'K-10003', name: 'Service covers', path: [['offered', 1], ['ordered', 8]], items: [{ product: 'cover', quantity: 40 }, { product: 'bracket', quantity: 120 }] },
  { created: 108, customer: 'K-10002', name: 'Schaltschrankgehäuse Serie B', path: [['offered', 2], ['ordered', 10]], items: [{ product: 'housing', quantity: 25 }], commission: 2.5 },
  { created: 79, customer: 'K-10001', name: 'Halter Wartung 2027', path: [['offered', 1], ['deferred', 9]], items: [{ product: 'bracket', quantity: 1000, price: { unit: 2.7, reason: 'Framework agreement 2026' } }] },
  { created: 54, customer: 'K-10003', name: 'Enclosures for the retrofit', path: [['offered', 1], ['ordered', 5]], items: [{ product: 'housing', quantity: 8 }, { product: 'cover', quantity: 8 }] },
  { created: 33, customer: 'K-10002', name: 'Seitenwände Muster', path: [['offered', 1], ['declined', 10]], items: [{ product: 'side', quantity: 10 }] },
  {
    created: 18,
    customer: 'K-10001',
    name: 'Gehäuse Linie 5',
    path: [['offered', 2], ['ordered', 12]],
    items: [{ product: 'housing', quantity: 30 }, { product: 'bracket', quantity: 240 }],
    more: [{ text: 'Freight', free: { quantity: 1, unit: 'lump sum', price: 145 } }, { text: 'Delivery in two parts: the housings first, the brackets a week later.' }],
  },
  { created: 8, customer: 'K-10003', name: 'Brackets, second source', path: [['offered', 1]], items: [{ product: 'bracket', quantity: 400, discount: 2 }] },
  { created: 2, customer: 'K-10002', name: 'Abdeckungen Anfrage 4711', path: [], items: [{ product: 'cover', quantity: 100 }, { product: 'side', quantity: 100 }] },
];

/** The band of `bands` that holds `quantity` (min ≤ quantity ≤ max, no max: open upwards). */
function band(bands: ReadonlyArray<readonly [number, number | null, number]>, quantity: number): readonly [number, number | null, number] {
  const found = bands.find(([min, max]) => min <= quantity && (max === null || quantity <= max));
  if (!found) throw new Error(`No demo price for ${quantity} pieces`);
  return found;
}

async function seedDemoOrders(manager: EntityManager, say: DemoWords, products: SoldProducts): Promise<void> {
  for (const [key, bands] of Object.entries(PRICE_LIST) as Array<[keyof SoldProducts, (typeof PRICE_LIST)[keyof SoldProducts]]>) {
    for (const [min, max, price] of bands) {
      await insert(manager, 'product_bulk_prices', { product_id: products[key], min_quantity: min, max_quantity: max, unit_price: price });
    }
  }
  const customers = new Map((await new DemoShopRepository(manager).customers()).map((row) => [row.account_number, row]));
  const now = Date.now();
  for (const order of DEMO_ORDERS) {
    const customer = customers.get(order.customer);
    if (!customer) throw new Error(`No demo customer ${order.customer}`);
    const created = new Date(now - order.created * DAY_MS);
    const changes = order.path.map(([status, days]) => ({ status, at: new Date(created.getTime() + days * DAY_MS) }));
    const last = changes.at(-1);
    const english = customer.country === say('United Kingdom');
    const orderId = await insert(manager, 'orders', {
      number: await nextDocumentNumber(manager, 'order', created),
      name: say(order.name),
      status: last?.status ?? 'draft',
      customer_id: customer.id,
      language: english ? 'en' : 'de',
      request_number: `RFQ-${String(1000 + Math.round(order.created)).padStart(5, '0')}`,
      valid_until: new Date(created.getTime() + 30 * DAY_MS).toISOString().slice(0, 10),
      contact_name: customer.contact_info?.split(',')[0] ?? null,
      contact_email: customer.contact_info?.match(/\S+@\S+/)?.[0] ?? null,
      payment_terms: english ? '30 days net' : '30 Tage netto',
      currency: 'EUR',
      shipping_terms: 'FCA',
      shipping_days: 15,
      commission_percent: order.commission ?? 0,
      vat_rate: 19,
      status_changed_at: last?.at ?? created,
      created_at: created,
      updated_at: last?.at ?? created,
    });
    let position = 0;
    for (const item of order.items) {
      const [min, , price] = band(PRICE_LIST[item.product], item.quantity);
      position += 1;
      await insert(manager, 'order_items', {
        order_id: orderId,
        product_id: products[item.product],
        position,
        quantity: item.quantity,
        unit_price: item.price?.unit ?? price,
        taken_unit_price: price,
        price_source: 'bulk_price',
        price_quantity: min,
        unit_price_reason: item.price ? say(item.price.reason) : null,
        discount_percent: item.discount ?? 0,
        created_at: created,
        updated_at: created,
      });
    }
    for (const line of order.more ?? []) {
      position += 1;
      const figures = line.free
        ? { kind: 'free', quantity: line.free.quantity, unit: say(line.free.unit), unit_price: line.free.price, price_source: 'free', discount_percent: 0 }
        : { kind: 'text', discount_percent: null };
      await insert(manager, 'order_items', { order_id: orderId, position, text: say(line.text), ...figures, created_at: created, updated_at: created });
    }
    // The history as the API writes it: the creation (from none), then each change.
    let from: DemoStatus | null = null;
    for (const change of [{ status: 'draft' as DemoStatus, at: created }, ...changes]) {
      await insert(manager, 'order_status_changes', { order_id: orderId, from_status: from, to_status: change.status, changed_at: change.at });
      from = change.status;
    }
  }
}
