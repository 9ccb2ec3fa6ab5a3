import { sql } from 'drizzle-orm';
import { check, index, inet, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/** Seed §3 profile, plus what an account needs. updated_at doubles as the last-access date. */
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
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('profiles_email_key').on(t.email),
    uniqueIndex('profiles_google_sub_key').on(t.google_sub),
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
