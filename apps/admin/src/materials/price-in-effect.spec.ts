import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import type { MaterialPriceInEffect } from '../api/contracts';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { mergeMessages } from '../i18n/merge-messages';
import { INTERPOLATION, withBraces } from '../i18n/placeholders';
import { raGerman } from '../i18n/ra-de';
import type { Translate } from '../shared/record-notice';
import { groupListCoverage, inEffectHeadline, pricePerUnitOverruled } from './price-in-effect';

/** The console's translate as i18n-provider.ts builds it, without the browser. */
function translator(locale: 'en' | 'de'): Translate {
  const english = mergeMessages<TranslationMessages>(withBraces(englishMessages), en);
  const phrases = locale === 'de' ? mergeMessages<TranslationMessages>(english, raGerman, de) : english;
  const provider = polyglotI18nProvider(() => phrases, locale, [], { allowMissing: true, interpolation: INTERPOLATION });
  return (key, options) => provider.translate(key, options);
}

const groupList: MaterialPriceInEffect = {
  source: 'group_list',
  unitPrice: '1.85',
  currency: 'EUR',
  priceUnit: 'kg',
  date: '2026-05-15',
  validFrom: '2026-03-01',
  groupId: 'g',
  groupName: 'S235',
  thickness: '2',
  quantity: '1',
  pricePerUnitUsed: false,
  groupList: [
    { price: '1.7', validFrom: '2026-03-01', thicknessFrom: '1', thicknessTo: '3', minQuantity: '100', maxQuantity: null },
    { price: '1.85', validFrom: '2026-03-01', thicknessFrom: '1', thicknessTo: '3', minQuantity: null, maxQuantity: null },
    { price: '2.1', validFrom: '2026-01-01', thicknessFrom: '1.5', thicknessTo: null, minQuantity: null, maxQuantity: null },
  ],
  explanation: '',
  reason: '',
};

describe('the price in effect, in a line', () => {
  it('names the group list, the thickness and the price in German notation', () => {
    expect(inEffectHeadline(groupList, 'de', translator('de'))).toBe('Gültig: Preisliste der Gruppe S235 bei 2 mm, 1,85\u00a0€ / kg');
    expect(inEffectHeadline(groupList, 'en', translator('en'))).toBe('In effect: group list S235 at 2 mm, €1.85 / kg');
  });

  it('names the own price with its date, the price per unit, or none', () => {
    const own = { ...groupList, source: 'own' as const, unitPrice: '1.15', validFrom: '2026-02-01' };
    expect(inEffectHeadline(own, 'de', translator('de'))).toBe('Gültig: eigener Preis ab 01.02.26, 1,15\u00a0€ / kg');
    expect(inEffectHeadline({ ...groupList, source: 'price_per_unit', unitPrice: '1.2', validFrom: null }, 'en', translator('en'))).toBe(
      'In effect: the price per unit, €1.20 / kg',
    );
    expect(inEffectHeadline({ ...groupList, source: 'none', unitPrice: '0' }, 'en', translator('en'))).toMatch(/^No price/);
  });

  it("says what the group's list covers, each range once", () => {
    expect(groupListCoverage(groupList, 'de', translator('de'))).toBe('Die Preisliste der Gruppe S235 gilt heute für: 1–3 mm (ab 100 Stück), 1–3 mm, ab 1,5 mm');
    expect(groupListCoverage({ ...groupList, groupList: [] }, 'en', translator('en'))).toBeNull();
  });

  it('calls a change of the price per unit overruled only when it changed and is not the price taken', () => {
    expect(pricePerUnitOverruled('1', '3', { pricePerUnitUsed: false })).toBe(true);
    expect(pricePerUnitOverruled('1', '3', { pricePerUnitUsed: true })).toBe(false);
    expect(pricePerUnitOverruled('3', 3, { pricePerUnitUsed: false })).toBe(false);
    expect(pricePerUnitOverruled('1', '3', null)).toBe(false);
  });
});
