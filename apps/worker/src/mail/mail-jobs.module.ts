import { Module } from '@nestjs/common';
import { AppConfig } from '@fabquote/config';
import { MailTransport } from '@fabquote/mail';
import { SendMailHandler } from './send-mail.handler';

/** `mail.send`: the platform's mails (invitations, password resets, whatever an area sends), in the organization's name. */
@Module({
  providers: [
    SendMailHandler,
    {
      provide: MailTransport,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new MailTransport({ smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR }),
    },
  ],
})
export class MailJobsModule {}
