import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n';
import type { MailMessage } from '../../adapters/mail/index';
import { escapeHtml } from '../../html';
import { fill, serverTexts } from '../../i18n';

export type AccountEmail = 'verify' | 'reset' | 'passwordChanged' | 'existingAccount';

type EmailTexts = {
  brand: string;
  greeting: string;
  signature: string;
  footer: string;
  buttonFallback: string;
  /** "{{button}}: {{url}}": the text part's button line (French puts a no-break space before the colon). */
  buttonLine: string;
} & Record<AccountEmail, { subject: string; body: string; button: string; expiry: string }>;

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
  const html = `<!doctype html>
<html lang="${escapeHtml(isLanguage(options.language) ? options.language : FALLBACK_LANGUAGE)}">
<body style="margin:0;background:#fff8ef;font-family:Nunito,Segoe UI,Helvetica,Arial,sans-serif;color:#2e2a4f">
  <div style="max-width:520px;margin:0 auto;padding:32px 24px">
    <p style="font-size:22px;font-weight:700;margin:0 0 24px">${escapeHtml(texts.brand)}</p>
    <p style="font-size:16px;line-height:1.6">${escapeHtml(texts.greeting)}</p>
    <p style="font-size:16px;line-height:1.6">${escapeHtml(part.body)}</p>
    <p style="margin:28px 0"><a href="${escapeHtml(options.url)}" style="background:#c4492f;color:#fff;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:700;display:inline-block">${escapeHtml(part.button)}</a></p>
    <p style="font-size:14px;line-height:1.6">${escapeHtml(part.expiry)}</p>
    <p style="font-size:13px;line-height:1.6;color:#5b5775">${escapeHtml(texts.buttonFallback)}<br><a href="${escapeHtml(options.url)}" style="color:#5b5775;word-break:break-all">${escapeHtml(options.url)}</a></p>
    <p style="font-size:16px;line-height:1.6;white-space:pre-line">${escapeHtml(texts.signature)}</p>
    <hr style="border:none;border-top:1px solid #eadfce;margin:24px 0">
    <p style="font-size:12px;line-height:1.6;color:#5b5775">${escapeHtml(texts.footer)}</p>
  </div>
</body>
</html>`;
  return { to: options.to, subject: part.subject, text, html };
}
