import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { de } from '../i18n/de';
import { en } from '../i18n/en';
import { mergeMessages } from '../i18n/merge-messages';
import { INTERPOLATION, withBraces } from '../i18n/placeholders';
import { raGerman } from '../i18n/ra-de';
import { noticeText, recordNoticeKey, recordNoticeOf, Translate } from './record-notice';

/** The console's translate as i18n-provider.ts builds it, without the browser. */
function translator(locale: 'en' | 'de', extra: object = {}): Translate {
  const english = mergeMessages<TranslationMessages>(withBraces(englishMessages), en, extra);
  const phrases = locale === 'de' ? mergeMessages<TranslationMessages>(english, raGerman, de, extra) : english;
  const provider = polyglotI18nProvider(() => phrases, locale, [], { allowMissing: true, interpolation: INTERPOLATION });
  return (key, options) => provider.translate(key, options);
}

/** What react-admin's create page sends: its key, with its generic text as the fallback. */
const fromReactAdmin = (resource: string, event: 'created' | 'updated' | 'deleted', count = 1) => ({
  message: recordNoticeKey(resource, event),
  args: { smart_count: count, _: event === 'created' ? 'Element created' : event === 'updated' ? 'Element updated' : 'Element deleted' },
});

describe('record notices', () => {
  it('know their resource and event, and nothing else', () => {
    expect(recordNoticeOf('resources.customers.notifications.created')).toEqual({ resource: 'customers', event: 'created' });
    expect(recordNoticeOf('resources.purchase-requests.notifications.deleted')).toEqual({ resource: 'purchase-requests', event: 'deleted' });
    expect(recordNoticeOf('ra.notification.created')).toBeNull();
    expect(recordNoticeOf('resources.customers.fields.name')).toBeNull();
  });

  it('name the record in English', () => {
    const translate = translator('en');
    const text = (resource: string, event: 'created' | 'updated' | 'deleted', count?: number) => {
      const { message, args } = fromReactAdmin(resource, event, count);
      return noticeText(message, args, translate);
    };
    expect(text('customers', 'created')).toBe('Customer created');
    expect(text('customers', 'updated')).toBe('Customer saved');
    expect(text('customers', 'deleted')).toBe('Customer deleted');
    expect(text('materials', 'deleted', 3)).toBe('3 Materials deleted');
    expect(text('asset-prices', 'created')).toBe('Price by quantity created');
  });

  it('name the record in German', () => {
    const translate = translator('de');
    const text = (resource: string, event: 'created' | 'updated' | 'deleted', count?: number) => {
      const { message, args } = fromReactAdmin(resource, event, count);
      return noticeText(message, args, translate);
    };
    expect(text('customers', 'created')).toBe('Kunde angelegt');
    expect(text('customers', 'updated')).toBe('Kunde gespeichert');
    expect(text('customers', 'deleted')).toBe('Kunde gelöscht');
    expect(text('customers', 'deleted', 2)).toBe('2 Kunden gelöscht');
  });

  it("keep a resource's own wording and react-admin's text for a resource without a name", () => {
    const own = translator('en', { resources: { customers: { notifications: { created: 'Welcome aboard' } } } });
    expect(noticeText(recordNoticeKey('customers', 'created'), { smart_count: 1 }, own)).toBe('Welcome aboard');
    const { message, args } = fromReactAdmin('nameless', 'created');
    expect(noticeText(message, args, translator('en'))).toBe('Element created');
    expect(noticeText(recordNoticeKey('nameless', 'updated'), {}, translator('de'))).toBe('Eintrag aktualisiert');
  });

  it('translate other messages, and show server texts as sent', () => {
    const translate = translator('en');
    expect(noticeText('fabquote.errors.session_expired', {}, translate)).toBe(translate('fabquote.errors.session_expired'));
    expect(noticeText('Name is already taken', {}, translate)).toBe('Name is already taken');
  });
});
