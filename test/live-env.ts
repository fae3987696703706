// Test helper: the settings a live shop needs, with made-up secrets (app.test.ts, config.test.ts).
export const LIVE_ENV = {
  SHOP_MODE: 'live',
  PUBLIC_URL: 'https://shop.example.ch',
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SMTP_URL: 'smtps://shop:mail-password@smtp.example.ch:465',
  PRINTER: 'lulu',
  LULU_API_URL: 'https://api.lulu.com',
  LULU_CLIENT_KEY: 'lulu-key',
  LULU_CLIENT_SECRET: 'lulu-secret-value',
  LULU_CONTACT_EMAIL: 'orders@example.ch',
  PRINT_FILE_URL_SECRET: 'x'.repeat(32),
};
