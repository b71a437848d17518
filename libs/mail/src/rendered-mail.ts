/** A mail as the renderers write it (password reset, invitations, purchase requests, questions, rankings). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: the five characters that could open markup or end an attribute, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]);
}

/** The style of every mail's body: one font, colour and line height. */
export const MAIL_BODY_STYLE = 'font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5';

/** The style of a mail's one call to action, a link drawn as a button. */
export const MAIL_BUTTON_STYLE = 'display:inline-block;padding:10px 18px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px';
