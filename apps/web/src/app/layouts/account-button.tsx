import { ChevronDown, User } from 'lucide-react';
import type { ComponentProps } from 'react';
import type { Profile } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';

/** The header's account button: the trigger of the account menu, and its stand-in while it loads. */
export function AccountButton({ user, ...props }: { user: Profile } & ComponentProps<typeof Button>) {
  return (
    <Button
      variant="ghost"
      className="ml-1 hidden sm:inline-flex"
      aria-label={`Menu da conta de ${user.nome_completo || user.email}`}
      {...props}
    >
      <User className="h-5 w-5" aria-hidden="true" />
      <span className="max-w-32 truncate">{user.nome_completo.split(' ')[0] || user.email}</span>
      <ChevronDown className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}
