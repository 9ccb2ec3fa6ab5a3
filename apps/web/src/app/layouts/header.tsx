import { Bell, Heart, Menu, ShoppingCart, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { paths, successToasts } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { Tooltip } from '../../components/ui/tooltip.tsx';
import { REDIRECT_DELAY_MS, saveRedirectPath } from '../../features/auth/redirect.ts';
import { useAuth } from '../../features/auth/use-auth.ts';
import { useCart } from '../../features/cart/index.ts';
import { useFavorites } from '../../features/favorites/use-favorites.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import { userNav } from './nav.ts';
import { AccountButton } from './account-button.tsx';

// The account menu and the login dialog are loaded when needed, not on every first visit.
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));
const importLoginDialog = () => import('../../features/auth/login-dialog.tsx');
const LoginDialog = lazy(() => importLoginDialog().then((m) => ({ default: m.LoginDialog })));
const loadLoginDialog = () => void importLoginDialog();
// The bell (and its live stream) only for signed-in users, in its own chunk.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

const mainNav = [
  { to: paths.buscarLocais, label: 'Buscar locais' },
  { to: paths.planejar, label: 'Planejar' },
  { to: paths.midiaKit, label: 'Mídia kit' },
  { to: paths.central, label: 'Central' },
  { to: paths.suporte, label: 'Suporte' },
];

export function Brand() {
  return (
    <Link
      to={paths.home}
      className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800"
      aria-label="Urbana, página inicial"
    >
      <span
        aria-hidden="true"
        className="grid h-8 w-8 place-items-center rounded-lg bg-brand-700 text-base text-white"
      >
        U
      </span>
      Urbana
    </Link>
  );
}

/** Signs out with the seed's toast and sends the user to / (unless already there) after 100 ms. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    await signOut();
    toast.success(successToasts.signOut.title, successToasts.signOut.description);
    if (location.pathname !== paths.home) window.setTimeout(() => navigate(paths.home), REDIRECT_DELAY_MS);
  };
}

function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <span
      data-testid={label}
      aria-hidden="true"
      className={cn(
        'absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white',
        count === 0 && 'hidden',
      )}
    >
      {count}
    </span>
  );
}

/**
 * "Entrar" (the login dialog, loaded as the pointer or the focus comes to it) and "Criar conta". Until
 * the session has answered (a server-rendered page shows before it), they keep their place but are not
 * shown: a signed-in user never sees "Entrar" flash.
 */
function VisitorButtons({ hidden }: { hidden: boolean }) {
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <div className={cn('ml-1 hidden items-center gap-2 sm:flex', hidden && 'invisible')}>
      <Button
        variant="ghost"
        onPointerEnter={loadLoginDialog}
        onFocus={loadLoginDialog}
        onClick={() => {
          // Specification §2 (docs/spec/specification.md)'s saved-redirect rule: signing in here comes
          // back to this page (a product page stays the product page); the home page keeps the seed's
          // /buscar-locais.
          saveRedirectPath(`${window.location.pathname}${window.location.search}`);
          setLoginOpen(true);
        }}
      >
        Entrar
      </Button>
      {loginOpen ? (
        <Suspense fallback={null}>
          <LoginDialog open onOpenChange={setLoginOpen} />
        </Suspense>
      ) : null}
      <Button asChild>
        <Link to={`${paths.auth}?modo=cadastro`}>Criar conta</Link>
      </Button>
    </div>
  );
}

export function Header() {
  const { user, initialized } = useAuth();
  const cart = useCart();
  const favorites = useFavorites();
  const signOut = useSignOut();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAsked, setMenuAsked] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The phone menu is a disclosure: Escape closes it, from its button or from inside it, and the
  // focus goes back to the button that opened it.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !mobileOpen) return;
    event.stopPropagation();
    setMobileOpen(false);
    menuButton.current?.focus();
  };

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Principal" className="ml-6 hidden items-center gap-1 md:flex">
          {mainNav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100',
                  isActive && 'text-brand-800 bg-brand-50',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <Tooltip content="Favoritos">
            <Link
              to={paths.usuario.meusFavoritos}
              className="relative grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
              aria-label={`Favoritos (${favorites.count})`}
            >
              <Heart className="h-5 w-5" aria-hidden="true" />
              <CountBadge count={favorites.count} label="contador-favoritos" />
            </Link>
          </Tooltip>
          <Tooltip content="Carrinho">
            <Link
              to={paths.carrinho}
              className="relative grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
              aria-label={`Carrinho (${cart.count} ${cart.count === 1 ? 'item' : 'itens'})`}
            >
              <ShoppingCart className="h-5 w-5" aria-hidden="true" />
              <CountBadge count={cart.count} label="contador-carrinho" />
            </Link>
          </Tooltip>
          {user ? (
            <Suspense
              fallback={
                <Link
                  to={paths.usuario.notificacoes}
                  className="grid h-10 w-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
                  aria-label="Notificações"
                >
                  <Bell className="h-5 w-5" aria-hidden="true" />
                </Link>
              }
            >
              <NotificationBell />
            </Suspense>
          ) : null}
          {user ? (
            // A click on the stand-in while the menu's chunk loads is kept: the menu opens as it arrives.
            <Suspense fallback={<AccountButton user={user} onClick={() => setMenuAsked(true)} />}>
              <UserMenu user={user} onSignOut={() => void signOut()} defaultOpen={menuAsked} />
            </Suspense>
          ) : (
            <VisitorButtons hidden={!initialized} />
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={mobileOpen ? 'Fechar menu' : 'Abrir menu'}
            aria-expanded={mobileOpen}
            aria-controls="menu-movel"
            ref={menuButton}
            onClick={() => setMobileOpen((o) => !o)}
            onKeyDown={closeOnEscape}
          >
            {mobileOpen ? (
              <X className="h-5 w-5" aria-hidden="true" />
            ) : (
              <Menu className="h-5 w-5" aria-hidden="true" />
            )}
          </Button>
        </div>
      </div>
      {mobileOpen ? (
        <nav
          id="menu-movel"
          aria-label="Menu"
          className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden"
          onClick={() => setMobileOpen(false)}
          onKeyDown={closeOnEscape}
        >
          <ul className="flex flex-col py-2">
            {mainNav.map((item) => (
              <MobileLink key={item.to} to={item.to} label={item.label} strong />
            ))}
          </ul>
          <MobileAccountLinks user={user} onSignOut={() => void signOut()} />
        </nav>
      ) : null}
    </header>
  );
}

/** One link of the phone menu, a finger's height tall. */
function MobileLink({ to, label, strong = false }: { to: string; label: string; strong?: boolean }) {
  return (
    <li>
      <Link
        to={to}
        className={cn(
          'block rounded-md px-3 py-3 text-base text-slate-800 hover:bg-slate-100',
          strong && 'font-medium',
        )}
      >
        {label}
      </Link>
    </li>
  );
}

/** The phone menu's account part: the user area's links and "Sair", or "Entrar" and "Criar conta". */
function MobileAccountLinks({
  user,
  onSignOut,
}: {
  user: ReturnType<typeof useAuth>['user'];
  onSignOut: () => void;
}) {
  return (
    <div className="border-t border-slate-200 pt-3">
      {user ? (
        <ul className="flex flex-col">
          {userNav.map((item) => (
            <MobileLink key={item.to} to={item.to} label={item.label} />
          ))}
          {user.is_staff ? <MobileLink to={paths.admin.dashboard} label="Painel administrativo" /> : null}
          <li>
            <button
              type="button"
              onClick={onSignOut}
              className="block w-full rounded-md px-3 py-3 text-left text-base text-red-700 hover:bg-red-50"
            >
              Sair
            </button>
          </li>
        </ul>
      ) : (
        <div className="flex gap-2">
          <Button asChild variant="secondary" className="flex-1">
            <Link to={paths.auth}>Entrar</Link>
          </Button>
          <Button asChild className="flex-1">
            <Link to={`${paths.auth}?modo=cadastro`}>Criar conta</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
