import { CircleHelp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { articleHref, type ArticleSlug } from '@urbana/shared';
import { cn } from '../../lib/cn.ts';

/**
 * A link to the knowledge-centre article that answers the question a screen raises. The text should
 * say what the reader will learn ("Como funciona o pagamento por Pix"), never "saiba mais".
 */
export function HelpLink({
  article,
  children,
  className,
}: {
  article: ArticleSlug;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={articleHref(article)}
      className={cn(
        'inline-flex items-center gap-1.5 text-sm font-medium text-brand-800 underline-offset-2 hover:underline',
        className,
      )}
    >
      <CircleHelp className="h-4 w-4 shrink-0" aria-hidden="true" />
      {children}
    </Link>
  );
}
