/**
 * A local OpenID Connect provider for the Google sign-in tests (`oidc-provider`, a certified
 * implementation), playing Google: discovery, the authorization endpoint with PKCE, the token
 * endpoint and signed ID tokens. Its login and consent screens are answered by the test for
 * whichever account `signInAs` names, and `follow` drives a browser's redirects with cookies.
 */
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface Account {
  sub: string;
  email: string;
  emailVerified?: boolean;
  name?: string;
}

export class OidcStandIn {
  private server: Server | undefined;
  private provider: Provider | undefined;
  /** Who "signs in at Google" in the next authorization. */
  private account: Account | undefined;
  issuer = '';

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
    readonly redirectUri: string,
  ) {}

  signInAs(account: Account): void {
    this.account = account;
  }

  async start(): Promise<string> {
    this.server = createServer();
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    const accounts = () => this.account;
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [this.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: {
        url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
      },
      cookies: { keys: ['oidc-stand-in-cookie-key'] },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts();
        if (!account || account.sub !== sub) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.emailVerified ?? true,
            name: account.name,
          }),
        };
      },
    });
    this.provider = provider;
    const handle = provider.callback();
    this.server.on('request', (req, res) => {
      if (!req.url?.startsWith('/interaction/')) return handle(req, res);
      void this.interact(req, res);
    });
    return this.issuer;
  }

  /** The login and consent screens: the chosen account signs in and allows everything. */
  private async interact(
    req: Parameters<Provider['interactionDetails']>[0],
    res: Parameters<Provider['interactionDetails']>[1],
  ) {
    const provider = this.provider!;
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: this.account!.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({
      accountId: details.session!.accountId!,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(
      req,
      res,
      { consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: true },
    );
  }

  /**
   * Follows redirects from `url` as a browser would (keeping this provider's cookies) until one
   * leaves the provider; returns that address (our callback with code and state).
   */
  async follow(url: string): Promise<URL> {
    const cookies = new Map<string, string>();
    let next = new URL(url);
    for (let i = 0; i < 10; i++) {
      if (!next.href.startsWith(this.issuer)) return next;
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const header of res.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const [name, ...value] = pair!.split('=');
        cookies.set(name!.trim(), value.join('='));
      }
      const location = res.headers.get('location');
      if (!location)
        throw new Error(
          `the provider answered ${res.status} without a redirect: ${await res.text()}`,
        );
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
