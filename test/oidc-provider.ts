import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type LocalOidcProvider = { issuer: string; discoveryUrl: string; close(): Promise<void> };

/**
 * A real OpenID Connect provider on this machine (the `oidc-provider` package), standing in for
 * Google or Microsoft in tests. PKCE is required; any login and password are accepted by its
 * development login form, and the login becomes the e-mail of the account.
 */
export async function startOidcProvider(options: {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<LocalOidcProvider> {
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: `sub-${id}`, email: id, email_verified: true, name: id.split('@')[0] }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-test-only-cookie-key'] },
  });
  // Plain http on loopback in tests: the provider must not insist on https.
  provider.proxy = true;
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
