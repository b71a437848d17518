/**
 * Success notices that name the record: "Customer created", "Kunde gespeichert", "3 Materials
 * deleted", never react-admin's "Element created". react-admin's create and edit pages already
 * notify `resources.<resource>.notifications.<event>` (with its generic text as the fallback); the
 * console's own saves and deletes use the same key (`recordNoticeKey`), and the notification turns
 * every such key into `fabquote.records.<event>` with the resource's name (`recordNoticeText`).
 */
export type RecordEvent = 'created' | 'updated' | 'deleted';

const RECORD_NOTICE = /^resources\.([^.]+)\.notifications\.(created|updated|deleted)$/;

/** The key react-admin notifies after saving or deleting a record of `resource`. */
export const recordNoticeKey = (resource: string, event: RecordEvent) => `resources.${resource}.notifications.${event}`;

/** The resource and event of a record notice's key, or null for any other message. */
export function recordNoticeOf(message: string): { resource: string; event: RecordEvent } | null {
  const match = RECORD_NOTICE.exec(message);
  return match ? { resource: match[1], event: match[2] as RecordEvent } : null;
}

/** react-admin's translate: a key and its arguments; `_` is the text when the key is missing. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A notification's text. A record notice reads `fabquote.records.<event>` with the resource's
 * name in the singular or the plural (`smart_count`), unless the resource words its own
 * (`resources.<resource>.notifications.<event>`); a resource without a name keeps react-admin's
 * generic text. Anything else is translated as it is, or shown as sent.
 */
export function noticeText(message: string, args: Record<string, unknown>, translate: Translate): string {
  const notice = recordNoticeOf(message);
  if (!notice) return translate(message, { _: message, ...args });
  const count = typeof args.smart_count === 'number' ? args.smart_count : 1;
  const name = translate(`resources.${notice.resource}.name`, { smart_count: count, _: '' });
  const generic = typeof args._ === 'string' ? args._ : translate(`ra.notification.${notice.event}`, { smart_count: count });
  const named = name ? translate(`fabquote.records.${notice.event}`, { smart_count: count, name }) : generic;
  return translate(message, { ...args, smart_count: count, _: named });
}
