/**
 * A company's OpenID Connect provider for sign-in tests: `oidc-provider` on 127.0.0.1 (a free
 * port), with one client and a login page that signs in whoever `signInAs` last named, without a
 * form (login and consent are granted at once).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  /** The provider's subject: stays the same across sign-ins. */
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the provider's login page signs in next. */
  signInAs(account: ProviderAccount): void;
  close(): Promise<void>;
}

const clientId = 'agent-studio';
const clientSecret = 'agent-studio-client-secret';

/** Grants login and consent to the account named last: what a person at the provider's page would do. */
async function finishInteraction(
  provider: Provider,
  account: ProviderAccount,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const details = await provider.interactionDetails(request, response);
  const grant =
    (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
    new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
  grant.addOIDCScope('openid email profile');
  const grantId = await grant.save();
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: account.sub }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

/** Starts the provider; `redirectUri` is the studio's callback (`<public URL>/api/auth/callback/oidc`). */
export async function startOidcProvider({ redirectUri }: { redirectUri: string }): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | undefined;
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_context: unknown, id: string) => {
      const account = accounts.get(id);
      return account && { accountId: id, claims: async () => account };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
  });
  const serveProtocol = provider.callback();
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/interaction/')) return serveProtocol(request, response);
    if (!current) {
      response.writeHead(500).end('nobody to sign in');
      return;
    }
    finishInteraction(provider, current, request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      accounts.set(account.sub, account);
      current = account;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
