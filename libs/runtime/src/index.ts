export * from './embedded-postgres';
export * from './infrastructure';
export * from './local-redis';
export * from './logger-options';
export * from './data-directory-lock';
export * from './processes';
export * from './redact-url';
