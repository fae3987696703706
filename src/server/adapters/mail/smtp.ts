import nodemailer from 'nodemailer';
import type { Mailer } from './index';

/** The real adapter: SMTP through nodemailer, e.g. `smtps://user:password@smtp.example.com:465`. */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  options: { tls?: { rejectUnauthorized: boolean } } = {},
): Mailer {
  const transport = nodemailer.createTransport(smtpUrl, {
    from,
    ...(options.tls ? { tls: options.tls } : {}),
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
