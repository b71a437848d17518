export { MAIL_SENDER_NAME, type MailSenderRow } from './mail-sender.repository';
export * from './mail-transport';
export * from './mail.module';
export * from './organization-mailer';
export * from './rendered-mail';
