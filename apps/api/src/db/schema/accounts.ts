import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  inet,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** Specification §3 (docs/spec/specification.md) profile, plus what an account needs. updated_at doubles as the last-access date. */
export const profiles = pgTable(
  'profiles',
  {
    id: id(),
    email: text('email').notNull(),
    nome_completo: text('nome_completo').notNull().default(''),
    nome: text('nome'),
    empresa: text('empresa'),
    telefone: text('telefone'),
    tipo_usuario: text('tipo_usuario', { enum: ['cliente', 'admin', 'operador'] })
      .notNull()
      .default('cliente'),
    password_hash: text('password_hash'),
    /** The Google account (OpenID Connect `sub`) linked to this profile, if any. */
    google_sub: text('google_sub'),
    email_confirmed_at: timestamptz('email_confirmed_at'),
    blocked_at: timestamptz('blocked_at'),
    /** The version of the terms and privacy policy accepted, and when (issue #24 item 1). */
    terms_version: text('terms_version'),
    terms_accepted_at: timestamptz('terms_accepted_at'),
    /** TOTP secret (base32) once two-factor sign-in is on; totp_pending_secret while being set up. */
    totp_secret: text('totp_secret'),
    totp_pending_secret: text('totp_pending_secret'),
    totp_enabled_at: timestamptz('totp_enabled_at'),
    /** Last TOTP time step accepted: a code is never accepted twice. */
    totp_last_step: integer('totp_last_step'),
    /** E-mails that can be turned off (transactional ones are always sent). */
    email_alerts: boolean('email_alerts').notNull().default(true),
    email_news: boolean('email_news').notNull().default(true),
    /** Random key of the one-click unsubscribe links (not a credential: it only turns e-mails off). */
    email_token: uuid('email_token').notNull().defaultRandom(),
    /** Set when the account was deleted: the row stays, anonymised, for the orders and invoices kept. */
    deleted_at: timestamptz('deleted_at'),
    /** The last sign-in (services/auth/sessions.ts createSession): staff's "Último acesso". */
    last_sign_in_at: timestamptz('last_sign_in_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_key').on(t.email),
    uniqueIndex('profiles_google_sub_key').on(t.google_sub),
    uniqueIndex('profiles_email_token_key').on(t.email_token),
    check('profiles_tipo_usuario_check', sql`${t.tipo_usuario} in ('cliente', 'admin', 'operador')`),
    check('profiles_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: createdAt(),
    last_seen_at: timestamptz('last_seen_at').notNull().defaultNow(),
    expires_at: timestamptz('expires_at').notNull(),
    ip: inet('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.token_hash),
    index('sessions_user_id_idx').on(t.user_id),
  ],
);

/** Single-use links sent by e-mail; only the SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email_confirmation', 'password_reset'] }).notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.token_hash),
    index('auth_tokens_user_kind_idx').on(t.user_id, t.kind),
    check('auth_tokens_kind_check', sql`${t.kind} in ('email_confirmation', 'password_reset')`),
  ],
);

/** A Google sign-in in progress: single use, expires in 10 minutes; only the state's hash is kept. */
export const oauthStates = pgTable('oauth_states', {
  id: id(),
  state_hash: text('state_hash').notNull().unique(),
  nonce: text('nonce').notNull(),
  code_verifier: text('code_verifier').notNull(),
  expires_at: timestamptz('expires_at').notNull(),
  created_at: createdAt(),
});

/**
 * Browsers that signed in to an account before (the urbana_dispositivo cookie, only its SHA-256 kept):
 * a correct password from one of them passes the wide per-e-mail sign-in limit, so that an attacker
 * cannot lock the owner out (docs/decisions/026-abuse-and-edge-cases.md).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    token_hash: text('token_hash').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_used_at: timestamptz('last_used_at').notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.user_id)],
);

/**
 * A new e-mail address waiting for its confirmation links (issue #24 item 2): one sent to the new
 * address (`token_hash`) and one to the old (`old_token_hash`); the change takes effect when both are
 * opened, and `used_at` closes it (done, replaced, or voided by a password change; issue #39 item 3).
 * `old_token_hash` is null only on requests made before that rule, all closed by migration 0024.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    token_hash: text('token_hash').notNull(),
    old_token_hash: text('old_token_hash'),
    new_confirmed_at: timestamptz('new_confirmed_at'),
    old_confirmed_at: timestamptz('old_confirmed_at'),
    expires_at: timestamptz('expires_at').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('email_changes_token_hash_key').on(t.token_hash),
    uniqueIndex('email_changes_old_token_hash_key').on(t.old_token_hash),
    index('email_changes_user_idx').on(t.user_id),
  ],
);

/** Two-factor recovery codes: shown once, only their hash kept, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    code_hash: text('code_hash').notNull(),
    used_at: timestamptz('used_at'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.user_id, t.code_hash)],
);

/**
 * A sign-in whose password was right, waiting for the second factor: single use, 5 minutes, a few
 * attempts (only the token's hash is kept).
 */
export const twoFactorChallenges = pgTable('two_factor_challenges', {
  id: id(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique(),
  attempts: integer('attempts').notNull().default(0),
  expires_at: timestamptz('expires_at').notNull(),
  used_at: timestamptz('used_at'),
  created_at: createdAt(),
});

/** Staff invitations (issue #24 item 4): the link sets the password; single use, expiring, revocable. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: id(),
    email: text('email').notNull(),
    nome_completo: text('nome_completo').notNull().default(''),
    role: text('role', { enum: ['admin', 'operador'] }).notNull(),
    token_hash: text('token_hash').notNull(),
    invited_by: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    expires_at: timestamptz('expires_at').notNull(),
    accepted_at: timestamptz('accepted_at'),
    revoked_at: timestamptz('revoked_at'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_hash_key').on(t.token_hash),
    index('staff_invitations_email_idx').on(t.email),
    check('staff_invitations_role_check', sql`${t.role} in ('admin', 'operador')`),
  ],
);

/**
 * "Baixar meus dados": a ZIP prepared in the background, downloadable until expires_at. pendente →
 * gerando (a worker holds it while locked_until lasts, renewing it) → pronto or falhou; a build whose
 * worker died is taken again once its lease runs out (issue #39 item 6).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pendente', 'gerando', 'pronto', 'falhou'] })
      .notNull()
      .default('pendente'),
    storage_key: text('storage_key'),
    // A library may pass 2 GB (the default quota is 2 GB, and it can be raised).
    size_bytes: bigint('size_bytes', { mode: 'number' }),
    /** Builds started; also the claim's token, so a worker that lost its lease cannot finish. */
    attempts: integer('attempts').notNull().default(0),
    locked_until: timestamptz('locked_until'),
    ready_at: timestamptz('ready_at'),
    expires_at: timestamptz('expires_at'),
    created_at: createdAt(),
  },
  (t) => [
    index('data_exports_user_idx').on(t.user_id, t.created_at),
    check('data_exports_status_check', sql`${t.status} in ('pendente', 'gerando', 'pronto', 'falhou')`),
  ],
);
