import { Module, OnApplicationBootstrap } from '@nestjs/common';
import { prepareDateTimeFormats } from '@fabquote/i18n';
import { MailModule } from '@fabquote/mail';
import { SendMailHandler } from './send-mail.handler';

/** `mail.send`: the platform's mails (invitations, password resets, whatever an area sends), in the organization's name. */
@Module({
  imports: [MailModule],
  providers: [SendMailHandler],
})
export class MailJobsModule implements OnApplicationBootstrap {
  /** The worker's mails write dates (a purchase request's deadline): ICU's start-up at boot rather than in the first mail. */
  onApplicationBootstrap(): void {
    prepareDateTimeFormats();
  }
}
