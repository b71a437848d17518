export * from './mail-transport';
export * from './mail.module';
export * from './organization-mailer';
export * from './rendered-mail';
