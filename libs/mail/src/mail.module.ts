import { Module } from '@nestjs/common';
import { AppConfig } from '@fabquote/config';
import { MailSenderRepository } from './mail-sender.repository';
import { MailTransport } from './mail-transport';
import { OrganizationMailer } from './organization-mailer';

/** Mail for the jobs that send it: one transport (SMTP or `.eml` files) and the organization's sender. */
@Module({
  providers: [
    {
      provide: MailTransport,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new MailTransport({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR }),
    },
    OrganizationMailer,
    MailSenderRepository,
  ],
  exports: [MailTransport, OrganizationMailer],
})
export class MailModule {}
