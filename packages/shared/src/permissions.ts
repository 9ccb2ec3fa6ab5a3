/**
 * Roles and permissions, exactly as docs/spec/specification.md §3 and §6 say, plus the staff matrix of docs/spec/product.md §1.
 */
export const userTypes = ['cliente', 'admin', 'operador'] as const;
export type UserType = (typeof userTypes)[number];

export type PermissionName = 'can_access_dashboard' | 'can_manage_campaigns' | 'can_view_analytics';
export type Permissoes = Record<PermissionName, boolean>;

/** The two company staff addresses allowed to be admin when ADMIN_EMAILS is not set. */
export const defaultAdminEmails = ['admin@urbana.com.br', 'diretoria@urbana.com.br'] as const;

export function parseAdminEmails(value: string | undefined): string[] {
  if (!value || !value.trim()) return [...defaultAdminEmails];
  return value
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

/** Specification §3 (docs/spec/specification.md): each derived flag is true for admin or operador. */
export function permissoesFor(tipo: UserType): Permissoes {
  const staff = tipo === 'admin' || tipo === 'operador';
  return { can_access_dashboard: staff, can_manage_campaigns: staff, can_view_analytics: staff };
}

export interface RoleSubject {
  email: string;
  tipo_usuario: UserType;
  permissoes?: Permissoes;
}

/** Specification §6 (docs/spec/specification.md): admin needs tipo admin, an allow-listed e-mail and can_access_dashboard, all three. */
export function isAdmin(user: RoleSubject | null | undefined, allowList: readonly string[]): boolean {
  if (!user) return false;
  const permissoes = user.permissoes ?? permissoesFor(user.tipo_usuario);
  return (
    user.tipo_usuario === 'admin' &&
    allowList.includes(user.email.toLowerCase()) &&
    permissoes.can_access_dashboard === true
  );
}

/** Specification §6 (docs/spec/specification.md): false for non-admins; for admins, the named flag. */
export function hasPermission(
  user: RoleSubject | null | undefined,
  permission: PermissionName,
  allowList: readonly string[],
): boolean {
  if (!user || !isAdmin(user, allowList)) return false;
  const permissoes = user.permissoes ?? permissoesFor(user.tipo_usuario);
  return permissoes[permission] === true;
}

/** Staff = operador or admin: may enter the admin area (docs/spec/product.md §1). */
export function isStaff(user: RoleSubject | null | undefined, allowList: readonly string[]): boolean {
  if (!user) return false;
  return user.tipo_usuario === 'operador' || isAdmin(user, allowList);
}

/** Admin-area sections and who may use them (docs/spec/product.md §1). */
export const adminSections = {
  dashboard: 'staff',
  pedidos: 'staff',
  produtos: 'staff',
  campanhas: 'staff',
  suporte: 'staff',
  notificacoes: 'staff',
  relatorios: 'staff',
  inventario: 'staff',
  propostas: 'staff',
  fiscal: 'staff',
  usuarios: 'admin',
  cupons: 'admin',
  'email-logs': 'admin',
  'email-agendados': 'admin',
  logs: 'admin',
} as const satisfies Record<string, 'staff' | 'admin'>;
export type AdminSection = keyof typeof adminSections;

export function canUseAdminSection(
  user: RoleSubject | null | undefined,
  section: AdminSection,
  allowList: readonly string[],
): boolean {
  return adminSections[section] === 'admin' ? isAdmin(user, allowList) : isStaff(user, allowList);
}
