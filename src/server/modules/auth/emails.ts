import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n';
import type { MailMessage } from '../../adapters/mail/index';
import type { EmailFrameTexts } from '../../email-layout';
import { emailButton, emailHtml, emailLinkFallback, emailNote, emailParagraph } from '../../email-layout';
import { fill, serverTexts } from '../../i18n';

export type AccountEmail = 'verify' | 'reset' | 'passwordChanged' | 'existingAccount';

type EmailTexts = EmailFrameTexts &
  Record<AccountEmail, { subject: string; body: string; button: string; expiry: string }>;

/** An account e-mail in the user's language, with an HTML and a plain-text part. */
export function renderAccountEmail(
  kind: AccountEmail,
  options: { to: string; url: string; language: unknown },
): MailMessage {
  // The e-mail texts live in the translation files beside the client's (namespace `emails`).
  const texts = serverTexts<EmailTexts>('emails', options.language);
  const part = texts[kind];
  const text = [
    texts.greeting,
    '',
    part.body,
    '',
    fill(texts.buttonLine, { button: part.button, url: options.url }),
    '',
    part.expiry,
    '',
    texts.signature,
    '',
    '--',
    texts.footer,
  ].join('\n');
  const html = emailHtml({
    language: isLanguage(options.language) ? options.language : FALLBACK_LANGUAGE,
    brand: texts.brand,
    greeting: texts.greeting,
    blocks: [
      emailParagraph(part.body),
      emailButton(options.url, part.button),
      emailNote(part.expiry),
      emailLinkFallback(texts.buttonFallback, options.url),
    ],
    signature: texts.signature,
    footer: texts.footer,
  });
  return { to: options.to, subject: part.subject, text, html };
}
