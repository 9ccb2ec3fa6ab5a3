import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './accounts.ts';
import { createdAt, id, timestamptz, updatedAt } from './columns.ts';

/**
 * An advertising agency (issue #44 item 1): its CNPJ and CENP certificate, which staff confirm before
 * its orders earn the desconto-padrão (decision 098).
 */
export const agencies = pgTable(
  'agencies',
  {
    id: id(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    cenp_certificate: text('cenp_certificate'),
    /** The certificate's last valid day. */
    cenp_valid_until: date('cenp_valid_until', { mode: 'string' }),
    /** Set by staff once the certificate was checked; changing the certificate clears it. */
    confirmed_at: timestamptz('confirmed_at'),
    confirmed_by: uuid('confirmed_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_by: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('agencies_document_key').on(t.document)],
);

/** The agency's people: one agency a person; the responsável adds and removes the others. */
export const agencyMembers = pgTable(
  'agency_members',
  {
    user_id: uuid('user_id')
      .primaryKey()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    agency_id: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['responsavel', 'membro'] }).notNull(),
    added_by: uuid('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('agency_members_agency_idx').on(t.agency_id),
    check('agency_members_role_check', sql`${t.role} in ('responsavel', 'membro')`),
  ],
);

/** A company an agency buys for: billed on its own CNPJ; seen only by its agency's people. */
export const advertisers = pgTable(
  'advertisers',
  {
    id: id(),
    agency_id: uuid('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'restrict' }),
    person_type: text('person_type', { enum: ['pf', 'pj'] }).notNull(),
    name: text('name').notNull(),
    document: text('document').notNull(),
    phone: text('phone').notNull(),
    cep: text('cep').notNull(),
    street: text('street').notNull(),
    number: text('number').notNull(),
    complement: text('complement'),
    district: text('district').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    ibge_code: text('ibge_code'),
    municipal_registration: text('municipal_registration'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('advertisers_agency_document_key').on(t.agency_id, t.document),
    check('advertisers_person_type_check', sql`${t.person_type} = 'pj'`),
  ],
);
