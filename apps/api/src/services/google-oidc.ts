import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { JWTVerifyGetKey } from 'jose';
import { accountMessages, googleSignInErrors, TERMS_VERSION } from '@urbana/shared';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { oauthStates, profiles } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { loadJose } from '../lib/heavy-modules.ts';
import { hashToken, newToken } from '../lib/tokens.ts';
import { audit } from './audit.ts';
import type { ProfileRow } from './auth/index.ts';

/** Google sign-in by OpenID Connect: authorization code flow with PKCE, state and nonce. */
interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

export const GOOGLE_FAILED = googleSignInErrors.google;
const STATE_TTL_MS = 10 * 60_000;

const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, JWTVerifyGetKey>();

async function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`descoberta OIDC respondeu ${r.status}`);
      return (await r.json()) as Discovery;
    });
    discoveries.set(issuer, found);
    // A failed discovery is retried on the next sign-in.
    found.catch(() => discoveries.delete(issuer));
  }
  return found;
}

export function googleCallbackUrl(config: Config): string {
  return `${config.publicUrl}/api/auth/google/callback`;
}

/** Starts a sign-in: returns the provider URL and the state to bind to this browser. */
export async function startGoogleSignIn(db: Db, config: Config) {
  const google = config.google;
  if (!google) throw new AppError(404, 'Entrar com o Google não está disponível.');
  const discovery = await discover(google.issuer).catch(() => {
    throw new AppError(502, GOOGLE_FAILED);
  });
  const state = newToken();
  const nonce = newToken();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  await db.delete(oauthStates).where(lt(oauthStates.expires_at, new Date()));
  await db.insert(oauthStates).values({
    state_hash: hashToken(state),
    nonce,
    code_verifier: verifier,
    expires_at: new Date(Date.now() + STATE_TTL_MS),
  });
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: google.clientId,
    redirect_uri: googleCallbackUrl(config),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'select_account',
  }).toString();
  return { url: url.toString(), state };
}

/** Finishes a sign-in: checks state, exchanges the code, verifies the ID token, finds or creates the profile. */
/** What Google says of the person: the code exchanged (PKCE), the ID token verified, the nonce and e-mail checked. */
async function googleIdentity(
  config: Config,
  google: NonNullable<Config['google']>,
  code: string,
  pending: { code_verifier: string; nonce: string },
): Promise<{ sub: string; email: string; name: string }> {
  const discovery = await discover(google.issuer);
  const tokenResponse = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: googleCallbackUrl(config),
      client_id: google.clientId,
      client_secret: google.clientSecret,
      code_verifier: pending.code_verifier,
    }),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!tokenResponse?.ok) throw new AppError(502, GOOGLE_FAILED);
  const tokens = (await tokenResponse.json()) as { id_token?: string };
  if (!tokens.id_token) throw new AppError(502, GOOGLE_FAILED);

  const { createRemoteJWKSet, jwtVerify } = await loadJose();
  let keys = keySets.get(discovery.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(discovery.jwks_uri));
    keySets.set(discovery.jwks_uri, keys);
  }
  const { payload } = await jwtVerify(tokens.id_token, keys, {
    issuer: discovery.issuer,
    audience: google.clientId,
  }).catch(() => {
    throw new AppError(400, GOOGLE_FAILED);
  });
  if (payload.nonce !== pending.nonce) throw new AppError(400, GOOGLE_FAILED);
  const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
  if (!email || payload.email_verified !== true || !payload.sub) {
    throw new AppError(400, googleSignInErrors.google_email);
  }
  const name = typeof payload.name === 'string' ? payload.name.trim().slice(0, 120) : '';
  return { sub: payload.sub, email, name };
}

/** The account of this Google identity: linked by subject or e-mail (confirming it), or created. */
async function googleAccount(
  db: Db,
  identity: { sub: string; email: string; name: string },
  ip: string,
): Promise<ProfileRow> {
  const { email, name } = identity;
  const bySub = await db.query.profiles.findFirst({ where: eq(profiles.google_sub, identity.sub) });
  const byEmail = bySub ?? (await db.query.profiles.findFirst({ where: eq(profiles.email, email) }));
  let user: ProfileRow | undefined;
  if (byEmail) {
    if (byEmail.blocked_at) throw new AppError(403, accountMessages.blocked);
    // Google vouches for the mailbox: link the account and count the e-mail as confirmed.
    [user] = await db
      .update(profiles)
      .set({ google_sub: identity.sub, email_confirmed_at: byEmail.email_confirmed_at ?? new Date() })
      .where(eq(profiles.id, byEmail.id))
      .returning();
  } else {
    user = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profiles)
        .values({
          email,
          nome_completo: name,
          tipo_usuario: 'cliente',
          google_sub: identity.sub,
          email_confirmed_at: new Date(),
          // The Google button sits under the sign-up's statement about the terms (issue #24).
          terms_version: TERMS_VERSION,
          terms_accepted_at: new Date(),
        })
        .returning();
      await audit(tx, {
        actorId: row!.id,
        action: 'conta.cadastro_google',
        entity: 'profile',
        entityId: email,
        ip,
      });
      return row;
    });
  }
  return user!;
}

export async function finishGoogleSignIn(
  db: Db,
  config: Config,
  input: { code: string; state: string; cookieState: string | undefined; ip: string },
): Promise<ProfileRow> {
  const google = config.google;
  if (!google) throw new AppError(404, 'Entrar com o Google não está disponível.');
  // The state must come back to the same browser that started (login CSRF) and be used once.
  if (!input.cookieState || input.cookieState !== input.state) throw new AppError(400, GOOGLE_FAILED);
  const [pending] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.state_hash, hashToken(input.state)), gt(oauthStates.expires_at, new Date())))
    .returning();
  if (!pending) throw new AppError(400, GOOGLE_FAILED);

  const identity = await googleIdentity(config, google, input.code, pending);

  const user = await googleAccount(db, identity, input.ip);
  await audit(db, {
    actorId: user.id,
    action: 'login.sucesso',
    entity: 'profile',
    entityId: identity.email,
    ip: input.ip,
    after: { via: 'google' },
  });
  return user;
}
