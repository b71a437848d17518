/**
 * Every message Fabquote shows a person, in English and German. Keys are the
 * contract; `{name}` placeholders are filled by {@link translate}.
 */
export const messages = {
  en: {
    organization_not_found: 'Organization not found',
    unauthenticated: 'Unauthenticated.',
    forbidden: 'You are not allowed to perform this action',
    not_found: 'No data found',
    route_not_found: 'This page does not exist.',
    server_error: 'A server error occurred during request execution',
    too_many_requests: 'Too many requests. Please wait {seconds} seconds and try again.',
    validation_failed: 'The given data was invalid.',
    malformed_request: 'The request body could not be read: {detail}',
    required: 'This field is required',
    too_long: 'Value can not be longer than {maxLength} characters',
    positive_number: 'Value must be a positive number',
    invalid_email: 'Invalid email format',
    must_be_text: 'Value must be a text',
    text_or_list: 'Value must be a text or a list of texts',
    unknown_field: 'This field is not allowed',
    invalid_value: 'This value is not valid',
    slug_format: 'Use lower-case letters, digits, dots, dashes and underscores only',
    setting_slug_taken: 'A setting with this slug already exists',
    record_changed: 'This record was deleted or changed meanwhile',
    unknown_route: 'There is nothing at this address',
    payload_too_large: 'The request is too large',
    list_parameter: 'This list parameter is not valid',
  },
  de: {
    organization_not_found: 'Organisation nicht gefunden',
    unauthenticated: 'Nicht angemeldet.',
    forbidden: 'Sie dürfen diese Aktion nicht ausführen',
    not_found: 'Keine Daten gefunden',
    route_not_found: 'Diese Seite existiert nicht.',
    server_error: 'Bei der Ausführung der Anfrage ist ein Serverfehler aufgetreten',
    too_many_requests: 'Zu viele Anfragen. Bitte warten Sie {seconds} Sekunden und versuchen Sie es erneut.',
    validation_failed: 'Die übermittelten Daten sind ungültig.',
    malformed_request: 'Der Inhalt der Anfrage konnte nicht gelesen werden: {detail}',
    required: 'Dieses Feld ist erforderlich',
    too_long: 'Der Wert darf nicht länger als {maxLength} Zeichen sein',
    positive_number: 'Der Wert muss eine positive Zahl sein',
    invalid_email: 'Ungültiges E-Mail-Format',
    must_be_text: 'Der Wert muss ein Text sein',
    text_or_list: 'Der Wert muss ein Text oder eine Liste von Texten sein',
    unknown_field: 'Dieses Feld ist nicht erlaubt',
    invalid_value: 'Dieser Wert ist ungültig',
    slug_format: 'Nur Kleinbuchstaben, Ziffern, Punkte, Binde- und Unterstriche verwenden',
    setting_slug_taken: 'Eine Einstellung mit diesem Kürzel existiert bereits',
    record_changed: 'Dieser Datensatz wurde inzwischen gelöscht oder geändert',
    unknown_route: 'Unter dieser Adresse gibt es nichts',
    payload_too_large: 'Die Anfrage ist zu groß',
    list_parameter: 'Dieser Listenparameter ist ungültig',
  },
} as const satisfies Record<string, Record<string, string>>;

export type Locale = keyof typeof messages;
export type MessageKey = keyof (typeof messages)['en'];
export const LOCALES = Object.keys(messages) as Locale[];
export const DEFAULT_LOCALE: Locale = 'en';
