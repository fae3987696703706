import { escapeHtml } from './html';

// The one HTML frame of every e-mail the shop sends (issue 29): the brand line, the greeting, the
// message's own blocks, the signature and a footer under a rule. The e-mails' words come from the
// translation files (namespace `emails`); this module only lays them out, escaping every text.

const PARAGRAPH = 'font-size:16px;line-height:1.6';
const MUTED = 'color:#5b5775';

/** One paragraph of body text (16 px), escaped; `bold` for a line the reader should not miss. */
export function emailParagraph(text: string, options: { bold?: boolean } = {}): string {
  return `<p style="${PARAGRAPH}${options.bold ? ';font-weight:700' : ''}">${escapeHtml(text)}</p>`;
}

/** A smaller, quieter paragraph (an order number, a link's expiry). */
export function emailNote(text: string, options: { muted?: boolean } = {}): string {
  return `<p style="font-size:14px;line-height:1.6${options.muted ? `;${MUTED}` : ''}">${escapeHtml(text)}</p>`;
}

/** The call to action: one rounded button. */
export function emailButton(url: string, label: string): string {
  return `<p style="margin:28px 0"><a href="${escapeHtml(url)}" style="background:#c4492f;color:#fff;text-decoration:none;padding:14px 24px;border-radius:999px;font-weight:700;display:inline-block">${escapeHtml(label)}</a></p>`;
}

/** "If the button does not work, copy this link": the button's address written out. */
export function emailLinkFallback(text: string, url: string): string {
  const href = escapeHtml(url);
  return `<p style="font-size:13px;line-height:1.6;${MUTED}">${escapeHtml(text)}<br><a href="${href}" style="${MUTED};word-break:break-all">${href}</a></p>`;
}

/** A footer that ends with a link (the reminder's one-click opt-out). */
export function emailFooterLink(text: string, url: string): { html: string } {
  const href = escapeHtml(url);
  return { html: `${escapeHtml(text)}<a href="${href}" style="${MUTED}">${href}</a>` };
}

export type EmailFrame = {
  /** The `lang` of the document (the language the e-mail is written in). */
  language: string;
  /** The shop's name, the first line. */
  brand: string;
  /** "Hello," above the message; none for the shop's internal alerts. */
  greeting?: string;
  /** The message's own blocks, already HTML (built with the helpers above). */
  blocks: string[];
  /** The sign-off under the message (its line breaks kept); none for internal alerts. */
  signature?: string;
  /** The small print under the rule: a text (escaped here) or HTML built by `emailFooterLink`. */
  footer?: string | { html: string };
};

/** The texts every customer e-mail shares (namespace `emails` of the translation files). */
export type EmailFrameTexts = {
  brand: string;
  greeting: string;
  signature: string;
  footer: string;
  buttonFallback: string;
  /** "{{button}}: {{url}}": the text part's button line (French puts a no-break space before the colon). */
  buttonLine: string;
};

/** The whole HTML part of an e-mail. */
export function emailHtml(frame: EmailFrame): string {
  const lines = [
    `<p style="font-size:22px;font-weight:700;margin:0 0 24px">${escapeHtml(frame.brand)}</p>`,
    ...(frame.greeting === undefined ? [] : [emailParagraph(frame.greeting)]),
    ...frame.blocks,
    ...(frame.signature === undefined
      ? []
      : [`<p style="${PARAGRAPH};white-space:pre-line">${escapeHtml(frame.signature)}</p>`]),
  ];
  if (frame.footer !== undefined) {
    const footer = typeof frame.footer === 'string' ? escapeHtml(frame.footer) : frame.footer.html;
    lines.push(
      '<hr style="border:none;border-top:1px solid #eadfce;margin:24px 0">',
      `<p style="font-size:12px;line-height:1.6;${MUTED}">${footer}</p>`,
    );
  }
  return `<!doctype html>
<html lang="${escapeHtml(frame.language)}">
<body style="margin:0;background:#fff8ef;font-family:Nunito,Segoe UI,Helvetica,Arial,sans-serif;color:#2e2a4f">
  <div style="max-width:520px;margin:0 auto;padding:32px 24px">
${lines.map((line) => `    ${line}`).join('\n')}
  </div>
</body>
</html>`;
}
