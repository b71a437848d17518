import { Material, MaterialGroup, materialPriceInEffect, priceProduct } from './index';

const steel: Material = { id: 's235', name: 'S235JR', groupId: 'g-steel', priceUnit: 'kg', pricePerUnit: '1.20', density: '7.85' };
const group: MaterialGroup = {
  id: 'g-steel',
  name: 'Steel',
  prices: [
    // Among prices valid from the same day the first listed that fits wins: the one from 100 pieces first.
    { price: '1.70', validFrom: '2026-03-01', thicknessFrom: 1, thicknessTo: 3, minQuantity: 100 },
    { price: '1.85', validFrom: '2026-03-01', thicknessFrom: 1, thicknessTo: 3 },
    { price: '9.99', validFrom: '2027-01-01', thicknessFrom: 1, thicknessTo: 3 },
  ],
};
const DATE = '2026-05-15';

/** What the engine itself takes per kg for a 2 mm blank of the material at a quantity (its material line's price). */
function engineUnitPrice(material: Material, groups: MaterialGroup[], thickness = 2, quantity = 1): string {
  const result = priceProduct({
    date: DATE,
    quantities: [quantity],
    product: { id: 'p', name: 'Bracket', blank: { width: 100, length: 100, thickness }, materials: [{ materialId: material.id }] },
    prices: { materials: [material], groups },
  });
  const line = result.tiers[0].material.unit.inputs['material line 1: S235JR'];
  return String(typeof line === 'object' && line.inputs.price && typeof line.inputs.price === 'object' ? line.inputs.price.exact : '');
}

describe("materialPriceInEffect: the engine's rule for which price applies", () => {
  it("takes the group's list at the thickness over the price per unit, and says so in the engine's words", () => {
    const inEffect = materialPriceInEffect(steel, group, DATE, { thickness: 2 });
    expect(inEffect).toMatchObject({
      source: 'group_list',
      unitPrice: '1.85',
      validFrom: '2026-03-01',
      groupId: 'g-steel',
      groupName: 'Steel',
      thickness: '2',
      quantity: '1',
      pricePerUnitUsed: false,
      explanation: 'group price of Steel (thickness 1–3 mm, quantity any), valid from 01/03/26',
    });
    // Not yet valid on the date: not listed.
    expect(inEffect.groupList.map((entry) => entry.price)).toEqual(['1.7', '1.85']);
    expect(inEffect.groupList[0]).toMatchObject({ thicknessFrom: '1', thicknessTo: '3', minQuantity: '100', maxQuantity: null });
    expect(engineUnitPrice(steel, [group])).toBe(inEffect.unitPrice);
  });

  it('takes the quantity into account as the engine does', () => {
    expect(materialPriceInEffect(steel, group, DATE, { thickness: 2, quantity: 100 }).unitPrice).toBe('1.7');
    expect(engineUnitPrice(steel, [group], 2, 100)).toBe('1.7');
  });

  it('takes the price per unit outside the thicknesses the list covers, and without a thickness', () => {
    const thick = materialPriceInEffect(steel, group, DATE, { thickness: 5 });
    expect(thick).toMatchObject({ source: 'price_per_unit', unitPrice: '1.2', validFrom: null, pricePerUnitUsed: true, explanation: 'price per unit of S235JR' });
    expect(engineUnitPrice(steel, [group], 5)).toBe('1.2');
    expect(materialPriceInEffect(steel, group, DATE).source).toBe('price_per_unit');
  });

  it("takes the material's own dated price over its group's list, still listing what the list covers", () => {
    const dated: Material = { ...steel, prices: [{ price: '1.15', validFrom: '2026-02-01' }, { price: '1.50', validFrom: '2026-06-01' }] };
    const inEffect = materialPriceInEffect(dated, group, DATE, { thickness: 2, language: 'de', currency: '€' });
    expect(inEffect).toMatchObject({ source: 'own', unitPrice: '1.15', validFrom: '2026-02-01', pricePerUnitUsed: false });
    expect(inEffect.explanation).toBe('Preishistorie von S235JR, gültig ab 01.02.26');
    expect(inEffect.groupList).toHaveLength(2);
    expect(engineUnitPrice(dated, [group])).toBe('1.15');
  });

  it('says none when nothing but a zero price per unit applies', () => {
    const free: Material = { ...steel, groupId: null, pricePerUnit: '0' };
    expect(materialPriceInEffect(free, null, DATE, { thickness: 2 })).toMatchObject({ source: 'none', unitPrice: '0', groupId: null, groupList: [], pricePerUnitUsed: true });
  });
});
