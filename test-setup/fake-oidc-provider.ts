import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface FakeUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

/**
 * A stand-in for Google's OpenID Connect provider in tests: discovery, JWKS, an authorization endpoint
 * that "consents" at once as `nextUser`, and a token endpoint that checks the client secret, the
 * redirect URI and the PKCE verifier before signing an RS256 ID token.
 */
export class FakeOidcProvider {
  nextUser: FakeUser = {
    sub: 'google-1',
    email: 'pessoa@gmail.com',
    email_verified: true,
    name: 'Pessoa Google',
  };
  /** Sign the next ID token with a key the provider does not publish. */
  signWithUnknownKey = false;
  private server: Server | undefined;
  private key!: CryptoKey;
  private strangerKey!: CryptoKey;
  private jwk!: JWK;
  private codes = new Map<
    string,
    { user: FakeUser; nonce: string; challenge: string; redirectUri: string; clientId: string }
  >();
  issuer = '';

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  async start(port = 0): Promise<string> {
    const pair = await generateKeyPair('RS256', { extractable: true });
    this.key = pair.privateKey;
    this.strangerKey = (await generateKeyPair('RS256')).privateKey;
    this.jwk = { ...(await exportJWK(pair.publicKey)), kid: 'chave-1', alg: 'RS256', use: 'sig' };
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.issuer;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        authorization_endpoint: `${this.issuer}/authorize`,
        token_endpoint: `${this.issuer}/token`,
        jwks_uri: `${this.issuer}/jwks`,
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [this.jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (
        p.get('client_id') !== this.clientId ||
        p.get('response_type') !== 'code' ||
        p.get('code_challenge_method') !== 'S256'
      ) {
        return json(400, { error: 'invalid_request' });
      }
      const code = randomBytes(16).toString('hex');
      this.codes.set(code, {
        user: this.nextUser,
        nonce: p.get('nonce') ?? '',
        challenge: p.get('code_challenge') ?? '',
        redirectUri: p.get('redirect_uri') ?? '',
        clientId: this.clientId,
      });
      const back = new URL(p.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const grant = this.codes.get(form.get('code') ?? '');
      this.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        form.get('client_id') !== this.clientId ||
        form.get('client_secret') !== this.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        challenge !== grant.challenge
      ) {
        return json(400, { error: 'invalid_grant' });
      }
      const idToken = await new SignJWT({
        email: grant.user.email,
        email_verified: grant.user.email_verified,
        name: grant.user.name,
        nonce: grant.nonce,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'chave-1' })
        .setIssuer(this.issuer)
        .setAudience(this.clientId)
        .setSubject(grant.user.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(this.signWithUnknownKey ? this.strangerKey : this.key);
      return json(200, { access_token: 'acesso', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    json(404, { error: 'not_found' });
  }
}
