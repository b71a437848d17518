import { buildBenchmarkAssembly, Figure, priceProduct, PricingRequest } from './index';

/** Words an English explanation uses that a German one must not. */
const ENGLISH =
  /\b(per|piece|pieces|order|operation|line|price|cost|band|quantity|setup|input|program|rounded|half|cents|with|of|no|and|from|valid|group|sheet|blank|blanks|usage|labor|purchase|bought|handling|bends|holes|contours|time|rate|factor|base|unit|cut|speed|pierce|pierces|margins|added|nothing|the|cheapest|active|suppliable|covering|own|always|any|up|to|together|inner|outer|thickness|density|width|length|entered|class|at)\b/i;

/** Every text of a figure tree: units, formulas, input names and plain-text inputs. */
function textsOf(figure: Figure, into: string[] = []): string[] {
  into.push(figure.unit, figure.formula);
  for (const [name, input] of Object.entries(figure.inputs)) {
    into.push(name);
    if (typeof input === 'string') into.push(input);
    else textsOf(input, into);
  }
  return into;
}

/** The names the shop gave its things (English in the benchmark): not the engine's words. */
function namesIn(request: PricingRequest): string[] {
  const { prices, product } = request;
  const names = [product, ...(prices.products ?? [])].flatMap((item) => [item.name, ...(item.operations ?? []).map((operation) => operation.name)]);
  names.push(...(prices.materials ?? []).map((material) => material.name), ...(prices.groups ?? []).map((group) => group.name));
  names.push(...(prices.assets ?? []).map((asset) => asset.name), ...(prices.parts ?? []).map((part) => part.name));
  names.push(...(prices.factors ?? []).map((factor) => factor.name));
  for (const suppliable of prices.suppliables ?? []) names.push(`${suppliable.number} (${suppliable.supplierName})`, ...(suppliable.factors ?? []).map((factor) => factor.name));
  // Longest first, so "Bracket 12" goes before "Bracket 1".
  return [...new Set(names)].sort((a, b) => b.length - a.length);
}

describe('the language of explanations', () => {
  const { request } = buildBenchmarkAssembly();

  it('writes every figure of a 3-level assembly in German, without an English word', () => {
    const result = priceProduct({ ...request, language: 'de' });
    const names = namesIn(request);
    const texts = result.tiers.flatMap((tier) => [tier.unitPrice, tier.totalPrice, ...(['material', 'labor', 'purchase', 'setup', 'program'] as const).flatMap((name) => [tier[name].unit, tier[name].total])]).flatMap((figure) => textsOf(figure));
    const english = [...new Set(texts)]
      .map((text) => names.reduce((rest, name) => rest.split(name).join('·'), text))
      .filter((text) => ENGLISH.test(text));
    expect(english).toEqual([]);
    expect(texts.length).toBeGreaterThan(1000);
    // Numbers as German writes them: a decimal comma, points only between thousands (1.250,5), dates as 01.04.26.
    const numbers = [...new Set(texts)].flatMap((text) => names.reduce((rest, name) => rest.split(name).join('·'), text).replace(/\b\d{2}\.\d{2}\.\d{2}\b/g, '·').match(/\d[\d.,]*\d|\d/g) ?? []);
    expect(numbers.filter((number) => !/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(number) && !/^\d+(,\d+)?$/.test(number))).toEqual([]);
    expect(numbers.filter((number) => /^\d{4,}/.test(number))).toEqual([]);
    expect(numbers.some((number) => /^\d{1,3}\.\d{3}/.test(number))).toBe(true);
    // The check itself finds English where there is some.
    const inEnglish = priceProduct(request).tiers[0].purchase.unit;
    expect(textsOf(inEnglish).filter((text) => ENGLISH.test(names.reduce((rest, name) => rest.split(name).join('·'), text))).length).toBeGreaterThan(50);
  });

  it('gives the same prices in every language, and the German words where the English ones were', () => {
    const english = priceProduct(request);
    const german = priceProduct({ ...request, language: 'de' });
    expect(german.tiers.map((tier) => tier.unitPrice.value)).toEqual(english.tiers.map((tier) => tier.unitPrice.value));
    const [tier] = german.tiers;
    expect(tier.unitPrice.formula).toMatch(/^\d{1,3}(\.\d{3})*,\d+ € kaufmännisch auf Cent gerundet$/);
    expect(Object.keys(tier.purchase.unit.inputs)).toEqual(['Zukaufteile und zugekaufte Arbeitsgänge', 'Baugruppen']);
    expect(tier.setup.unit.formula).toBe('kein Rüsten');
    // Labor: the operations' sum times the wage agreement factor.
    expect(Object.keys(tier.labor.unit.inputs)).toEqual(['Basis', 'Faktor 1']);
    expect(Object.keys((tier.labor.unit.inputs.Basis as Figure).inputs)).toEqual(['Arbeitsgang 1: Assembly', 'Arbeitsgang 2: Final inspection']);
    expect(tier.labor.unit.inputs['Faktor 1']).toBe('1,025 Wage agreement (Faktor der Organisation, gültig 01.04.26 – …)');
    expect(Object.keys((english.tiers[0].labor.unit.inputs.base as Figure).inputs)).toEqual(['operation 1: Assembly', 'operation 2: Final inspection']);
  });

  it('writes a German explanation\'s numbers and dates as the German console shows them', () => {
    const german = priceProduct({ ...request, language: 'de' });
    const english = priceProduct(request);
    const texts = german.tiers.flatMap((tier) => [tier.unitPrice, ...(['material', 'labor', 'purchase', 'setup', 'program'] as const).map((name) => tier[name].unit)].flatMap((figure) => textsOf(figure)));
    // The highest tier, 2500 pieces: its formulas group the thousands like the figures beside them.
    const [last, lastInEnglish] = [german.tiers.at(-1)!, english.tiers.at(-1)!];
    expect(last.totalPrice.formula).toMatch(/^\d+,\d{2} € × 2\.500$/);
    expect(last.totalPrice.inputs.Menge).toBe('2.500');
    const lastTexts = (['material', 'labor', 'purchase'] as const).flatMap((name) => textsOf(last[name].unit)).join('\n');
    expect(lastTexts).toMatch(/\d+,\d{2} ÷ 2\.500 \+/);
    expect(lastTexts).toContain('÷ 1.000.000');
    expect(lastTexts).toMatch(/ 6\.000 mm\/min/);
    // English groups with commas, as the English console does.
    expect(lastInEnglish.totalPrice.formula).toMatch(/^\d+\.\d{2} € × 2,500$/);
    // Validity dates: day, month and two-digit year with points, never the machine's 2026-04-01.
    expect(texts.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(texts.join('\n')).toMatch(/gültig 01\.04\.26 – …/);
    // And English dates as the English console's lists show them.
    const englishTexts = english.tiers.flatMap((tier) => [tier.unitPrice, ...(['material', 'labor', 'purchase', 'setup', 'program'] as const).map((name) => tier[name].unit)].flatMap((figure) => textsOf(figure)));
    expect(englishTexts.join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(englishTexts.join('\n')).toMatch(/valid 01\/04\/26 – …/);
  });
});
