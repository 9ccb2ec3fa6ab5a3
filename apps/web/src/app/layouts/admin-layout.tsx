import {
  BarChart3,
  Building2,
  CalendarRange,
  FileCheck,
  FileSignature,
  CircleUser,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  MailPlus,
  Megaphone,
  MonitorPlay,
  RotateCcw,
  Package,
  Receipt,
  ScrollText,
  Send,
  ShoppingCart,
  Ticket,
  UserPlus,
  Users,
} from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { adminSections, paths, twoFactorMessages, type AdminSection, type Profile } from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { AdminOnlySection, StaffRoute, useAuth } from '../../features/auth/index.ts';
import { cn } from '../../lib/cn.ts';
import { useSignOut } from './header.tsx';
import { useCurrentSectionInView } from '../../lib/use-current-in-view.ts';

// Staff are told live on the same bell as customers (issue #19 item 5): an invoiced order to confirm,
// an ad to review, a new ticket.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

const adminNav: Array<{ to: string; label: string; section: AdminSection; icon: typeof Users }> = [
  { to: paths.admin.dashboard, label: 'Painel', section: 'dashboard', icon: LayoutDashboard },
  { to: paths.admin.pedidos, label: 'Pedidos', section: 'pedidos', icon: ShoppingCart },
  { to: paths.admin.pis, label: 'PIs pendentes', section: 'pedidos', icon: FileCheck },
  { to: paths.admin.usuarios, label: 'Usuários', section: 'usuarios', icon: Users },
  { to: paths.admin.equipe, label: 'Equipe', section: 'usuarios', icon: UserPlus },
  { to: paths.admin.agencias, label: 'Agências', section: 'usuarios', icon: Building2 },
  { to: paths.admin.produtos, label: 'Produtos', section: 'produtos', icon: Package },
  { to: paths.admin.telas, label: 'Telas', section: 'produtos', icon: MonitorPlay },
  { to: paths.admin.inventario, label: 'Inventário', section: 'inventario', icon: CalendarRange },
  { to: paths.admin.propostas, label: 'Propostas', section: 'propostas', icon: FileSignature },
  { to: paths.admin.fiscal, label: 'Fila fiscal', section: 'fiscal', icon: Receipt },
  { to: paths.admin.campanhas, label: 'Campanhas', section: 'campanhas', icon: Megaphone },
  { to: paths.admin.reposicoes, label: 'Reposições', section: 'campanhas', icon: RotateCcw },
  { to: paths.admin.cupons, label: 'Cupons', section: 'cupons', icon: Ticket },
  { to: paths.admin.notificacoes, label: 'Notificações', section: 'notificacoes', icon: Send },
  { to: paths.admin.emailLogs, label: 'Logs de email', section: 'email-logs', icon: Mail },
  { to: paths.admin.emailAgendados, label: 'Emails agendados', section: 'email-agendados', icon: MailPlus },
  { to: paths.admin.suporte, label: 'Suporte', section: 'suporte', icon: LifeBuoy },
  { to: paths.admin.relatorios, label: 'Relatórios', section: 'relatorios', icon: BarChart3 },
  { to: paths.admin.logs, label: 'Logs', section: 'logs', icon: ScrollText },
];

/** The client mirrors the server's matrix (docs/spec/product.md §1): the menu shows only what the role may use. */
export function mayUse(user: Profile, section: AdminSection): boolean {
  return adminSections[section] === 'admin' ? user.is_admin : user.is_staff;
}

function sectionFor(pathname: string): AdminSection | undefined {
  return [...adminNav]
    .sort((a, b) => b.to.length - a.to.length)
    .find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.section;
}

/** The account's two-factor set-up, with the way back to this page of the panel (issue #40 item 8). */
const securityLink = (from: string) =>
  `${paths.usuario.conta}?voltar=${encodeURIComponent(from)}#conta-duas-etapas`;

export function Component() {
  const { user } = useAuth();
  const location = useLocation();
  const signOut = useSignOut();
  const section = sectionFor(location.pathname);
  const nav = useCurrentSectionInView(location.pathname);
  return (
    <StaffRoute>
      <div data-admin-shell="" className="flex min-h-screen flex-col bg-slate-100 md:flex-row">
        <aside className="border-b border-slate-800 bg-slate-900 text-slate-100 md:w-64 md:shrink-0 md:border-b-0">
          <div className="flex h-16 items-center justify-between px-4">
            <Link to={paths.admin.dashboard} className="text-lg font-extrabold tracking-tight">
              Urbana <span className="font-medium text-brand-100">Admin</span>
            </Link>
          </div>
          <nav ref={nav} aria-label="Administração" className="overflow-x-auto px-2 pb-3">
            <ul className="flex gap-1 md:flex-col">
              {adminNav
                .filter((item) => user && mayUse(user, item.section))
                .map((item) => (
                  <li key={item.to} className="shrink-0">
                    <NavLink
                      to={item.to}
                      end={item.to === paths.admin.dashboard}
                      className={({ isActive }) =>
                        cn(
                          'flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-white',
                          isActive && 'bg-slate-800 text-white',
                        )
                      }
                    >
                      <item.icon className="h-4 w-4" aria-hidden="true" />
                      {item.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <AdminHeader user={user} from={location.pathname} onSignOut={() => void signOut()} />
          <main id="conteudo" className="flex-1 p-4 sm:p-6">
            {user?.two_factor_setup_required ? (
              // The API keeps the panel closed to an admin without two-factor sign-in (decision 031).
              <div className="mx-auto max-w-2xl">
                <Alert tone="info">
                  <p>{twoFactorMessages.adminRequired}</p>
                  <Link
                    to={securityLink(location.pathname)}
                    className="mt-2 inline-block font-semibold underline"
                  >
                    Configurar agora em Minha conta
                  </Link>
                </Alert>
              </div>
            ) : section && user && !mayUse(user, section) ? (
              <AdminOnlySection />
            ) : (
              <Outlet />
            )}
          </main>
        </div>
      </div>
    </StaffRoute>
  );
}

/** Who is signed in, and the way to their security settings, the site and out. */
function AdminHeader({
  user,
  from,
  onSignOut,
}: {
  user: Profile | null;
  from: string;
  onSignOut: () => void;
}) {
  return (
    <header className="flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
      <p className="truncate text-sm text-slate-600">
        <CircleUser className="mr-1 inline h-4 w-4" aria-hidden="true" />
        {user?.nome_completo} · {user?.is_admin ? 'Administrador' : 'Operador'}
      </p>
      <div className="flex items-center gap-2">
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
          <Link to={securityLink(from)}>Segurança</Link>
        </Button>
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.home}>Ver site</Link>
        </Button>
        <Button variant="secondary" size="sm" onClick={onSignOut}>
          Sair
        </Button>
      </div>
    </header>
  );
}
