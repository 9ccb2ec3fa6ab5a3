import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canUseAdminSection,
  defaultAdminEmails,
  hasPermission,
  isAdmin,
  isStaff,
  parseAdminEmails,
  permissoesFor,
  userTypes,
  type PermissionName,
} from './permissions.ts';

const allow = ['chefe@urbana.com.br', 'diretora@urbana.com.br'];
const perms: PermissionName[] = ['can_access_dashboard', 'can_manage_campaigns', 'can_view_analytics'];

describe('permissoes (docs/spec/specification.md §3)', () => {
  it('são verdadeiras para admin e operador, falsas para cliente', () => {
    expect(permissoesFor('admin')).toEqual({
      can_access_dashboard: true,
      can_manage_campaigns: true,
      can_view_analytics: true,
    });
    expect(permissoesFor('operador')).toEqual({
      can_access_dashboard: true,
      can_manage_campaigns: true,
      can_view_analytics: true,
    });
    expect(permissoesFor('cliente')).toEqual({
      can_access_dashboard: false,
      can_manage_campaigns: false,
      can_view_analytics: false,
    });
  });
});

describe('isAdmin (docs/spec/specification.md §6)', () => {
  it('exige tipo admin, email na lista e can_access_dashboard', () => {
    expect(isAdmin({ email: 'chefe@urbana.com.br', tipo_usuario: 'admin' }, allow)).toBe(true);
    expect(isAdmin({ email: 'CHEFE@urbana.com.br', tipo_usuario: 'admin' }, allow)).toBe(true);
    expect(isAdmin({ email: 'outro@urbana.com.br', tipo_usuario: 'admin' }, allow)).toBe(false);
    expect(isAdmin({ email: 'chefe@urbana.com.br', tipo_usuario: 'operador' }, allow)).toBe(false);
    expect(
      isAdmin(
        {
          email: 'chefe@urbana.com.br',
          tipo_usuario: 'admin',
          permissoes: { can_access_dashboard: false, can_manage_campaigns: true, can_view_analytics: true },
        },
        allow,
      ),
    ).toBe(false);
    expect(isAdmin(null, allow)).toBe(false);
  });

  it('para qualquer pessoa, ser admin implica tipo admin e email na lista', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...userTypes),
        fc.constantFrom(...allow, 'x@y.com', 'op@urbana.com.br'),
        (tipo, email) => {
          const admin = isAdmin({ email, tipo_usuario: tipo }, allow);
          expect(admin).toBe(tipo === 'admin' && allow.includes(email));
        },
      ),
    );
  });
});

describe('hasPermission (docs/spec/specification.md §6)', () => {
  it('é falso para quem não é admin, inclusive operadores', () => {
    for (const p of perms) {
      expect(hasPermission({ email: 'op@urbana.com.br', tipo_usuario: 'operador' }, p, allow)).toBe(false);
      expect(hasPermission({ email: 'c@x.com', tipo_usuario: 'cliente' }, p, allow)).toBe(false);
      expect(hasPermission({ email: 'chefe@urbana.com.br', tipo_usuario: 'admin' }, p, allow)).toBe(true);
    }
  });

  it('para admins lê a flag pedida', () => {
    const user = {
      email: 'chefe@urbana.com.br',
      tipo_usuario: 'admin' as const,
      permissoes: { can_access_dashboard: true, can_manage_campaigns: false, can_view_analytics: true },
    };
    expect(hasPermission(user, 'can_manage_campaigns', allow)).toBe(false);
    expect(hasPermission(user, 'can_view_analytics', allow)).toBe(true);
  });
});

describe('equipe e seções do admin (docs/spec/product.md §1)', () => {
  it('operador usa as seções de equipe, não as de admin', () => {
    const op = { email: 'op@urbana.com.br', tipo_usuario: 'operador' as const };
    expect(isStaff(op, allow)).toBe(true);
    expect(canUseAdminSection(op, 'campanhas', allow)).toBe(true);
    expect(canUseAdminSection(op, 'cupons', allow)).toBe(false);
    expect(canUseAdminSection(op, 'usuarios', allow)).toBe(false);
    const admin = { email: 'chefe@urbana.com.br', tipo_usuario: 'admin' as const };
    expect(canUseAdminSection(admin, 'logs', allow)).toBe(true);
    expect(canUseAdminSection({ email: 'c@x.com', tipo_usuario: 'cliente' }, 'dashboard', allow)).toBe(false);
  });

  it('ADMIN_EMAILS vazio usa os dois endereços padrão', () => {
    expect(parseAdminEmails(undefined)).toEqual([...defaultAdminEmails]);
    expect(defaultAdminEmails).toHaveLength(2);
    expect(parseAdminEmails(' A@Urbana.com.br , b@urbana.com.br ')).toEqual([
      'a@urbana.com.br',
      'b@urbana.com.br',
    ]);
  });
});
