import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { paths, type Profile } from '@urbana/shared';
import { AccountButton } from './account-button.tsx';
import { userNavWithIcons } from './nav-icons.ts';

/**
 * The signed-in user's account menu in the header (loaded on demand); `defaultOpen` when its stand-in
 * was clicked before it arrived.
 */
export function UserMenu({
  user,
  onSignOut,
  defaultOpen = false,
}: {
  user: Profile;
  onSignOut(): void;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountButton user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-slate-500">{user.email}</DropdownMenu.Label>
          {userNavWithIcons.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <Link
                to={item.to}
                className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <item.icon className="h-4 w-4" aria-hidden="true" />
                {item.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          {user.is_staff ? (
            <DropdownMenu.Item asChild>
              <Link
                to={paths.admin.dashboard}
                className="flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
                Painel administrativo
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Sair
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
