/** One e-mail, always with an HTML and a plain-text part. */
export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Sends e-mail; the embedded default writes to an outbox folder, the real adapter speaks SMTP. */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
