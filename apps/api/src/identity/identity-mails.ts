import { Locale } from '@fabquote/i18n';
import { escapeHtml, MAIL_BODY_STYLE, MAIL_BUTTON_STYLE, RenderedMail } from '@fabquote/mail';



function layout(paragraphs: string[], link: { url: string; label: string }, footer: string): string {
  return `<!doctype html><html><body style="${MAIL_BODY_STYLE}">
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="${MAIL_BUTTON_STYLE}">${escapeHtml(link.label)}</a></p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(footer)}</p>
</body></html>`;
}

/** The password-reset mail, in the recipient's language. */
export function passwordResetMail(locale: Locale, input: { name: string; organization: string; link: string }): RenderedMail {
  const copy =
    locale === 'de'
      ? {
          subject: `Passwort zurücksetzen – ${input.organization}`,
          lines: [`Hallo ${input.name},`, `jemand (hoffentlich Sie) möchte das Passwort Ihres Fabquote-Kontos bei ${input.organization} zurücksetzen.`],
          label: 'Passwort zurücksetzen',
          footer: 'Der Link ist 60 Minuten gültig und nur einmal verwendbar. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.',
        }
      : {
          subject: `Reset your password – ${input.organization}`,
          lines: [`Hello ${input.name},`, `someone (hopefully you) asked to reset the password of your Fabquote account at ${input.organization}.`],
          label: 'Reset password',
          footer: 'The link is valid for 60 minutes and works once. If you did not ask for this, ignore this email.',
        };
  return {
    subject: copy.subject,
    text: `${copy.lines.join('\n\n')}\n\n${copy.label}: ${input.link}\n\n${copy.footer}\n`,
    html: layout(copy.lines, { url: input.link, label: copy.label }, copy.footer),
  };
}

/** The invitation mail: a link to set a password and sign in. */
export function invitationMail(locale: Locale, input: { name: string; organization: string; inviter: string; link: string }): RenderedMail {
  const copy =
    locale === 'de'
      ? {
          subject: `Einladung zu Fabquote – ${input.organization}`,
          lines: [`Hallo ${input.name},`, `${input.inviter} hat Sie zu Fabquote bei ${input.organization} eingeladen. Legen Sie Ihr Passwort fest, um sich anzumelden.`],
          label: 'Passwort festlegen',
          footer: 'Der Link ist 7 Tage gültig und nur einmal verwendbar.',
        }
      : {
          subject: `You are invited to Fabquote – ${input.organization}`,
          lines: [`Hello ${input.name},`, `${input.inviter} invited you to Fabquote at ${input.organization}. Set your password to sign in.`],
          label: 'Set password',
          footer: 'The link is valid for 7 days and works once.',
        };
  return {
    subject: copy.subject,
    text: `${copy.lines.join('\n\n')}\n\n${copy.label}: ${input.link}\n\n${copy.footer}\n`,
    html: layout(copy.lines, { url: input.link, label: copy.label }, copy.footer),
  };
}
