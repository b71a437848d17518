import { messages } from './messages';
import { isPhrase, localeFromAcceptLanguage, say, translate } from './translate';

describe('translate', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translate('en', 'too_long', { maxLength: 255 })).toBe('Value can not be longer than 255 characters');
    expect(translate('de', 'too_long', { maxLength: 255 })).toBe('Der Wert darf nicht länger als 255 Zeichen sein');
  });

  it('has every English message in German too', () => {
    expect(Object.keys(messages.de).sort()).toEqual(Object.keys(messages.en).sort());
  });
});

describe('say', () => {
  it('says a kept phrase in the reader’s language, inner phrases too', () => {
    const repriced = { key: 'reprice_reason', params: { what: { key: 'what_material' } } } as const;
    expect(say('en', repriced)).toBe('Repriced: a material price changed');
    expect(say('de', repriced)).toBe('Neu kalkuliert: Materialpreis geändert');
    expect(say('de', { key: 'calculated_manually', params: { name: 'Anna' } })).toBe('Kalkuliert von Anna');
  });

  it('knows a phrase from anything else', () => {
    expect(isPhrase({ key: 'reprice_reason' })).toBe(true);
    expect(isPhrase({ key: 'no_such_message' })).toBe(false);
    expect(isPhrase('Repriced')).toBe(false);
    expect(isPhrase(null)).toBe(false);
  });
});

describe('localeFromAcceptLanguage', () => {
  it('picks the best supported language by quality', () => {
    expect(localeFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('fr-FR,en;q=0.5,de;q=0.7')).toBe('de');
    expect(localeFromAcceptLanguage('fr-FR')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});
