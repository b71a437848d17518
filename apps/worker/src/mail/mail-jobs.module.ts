import { Module } from '@nestjs/common';
import { MailModule } from '@fabquote/mail';
import { SendMailHandler } from './send-mail.handler';

/** `mail.send`: the platform's mails (invitations, password resets, whatever an area sends), in the organization's name. */
@Module({
  imports: [MailModule],
  providers: [SendMailHandler],
})
export class MailJobsModule {}
