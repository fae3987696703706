// A local OpenID Connect provider for the end-to-end run, standing in for Google.
import { startOidcProvider } from '../../test/oidc-provider';

const port = Number(process.env.OIDC_PORT);
const shopUrl = process.env.SHOP_URL ?? '';
await startOidcProvider({
  port,
  clientId: 'e2e-shop',
  clientSecret: 'e2e-shop-secret',
  redirectUris: [`${shopUrl}/api/auth/callback/google`],
});
