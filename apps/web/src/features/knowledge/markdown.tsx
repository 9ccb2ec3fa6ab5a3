import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { foldText } from '@urbana/shared';

/** Anchor id of a heading: "Prazo de 30 minutos" → "prazo-de-30-minutos". */
export const headingId = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const linkClass = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900';

/** **bold** and [links](/path): the only inline marks the articles use. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*|\[[^\]]+\]\([^)\s]+\))/g).map((part, i) => {
    const bold = /^\*\*([^*]+)\*\*$/.exec(part);
    if (bold) return <strong key={i}>{bold[1]}</strong>;
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
    if (link) {
      const [, label, href] = link;
      return href!.startsWith('/') ? (
        <Link key={i} to={href!} className={linkClass}>
          {label}
        </Link>
      ) : (
        <a key={i} href={href} className={linkClass} rel="noopener noreferrer">
          {label}
        </a>
      );
    }
    return <Fragment key={i}>{part}</Fragment>;
  });
}

/**
 * Renders the articles' Markdown (headings, paragraphs, lists, quotes, bold, links) as React
 * elements — never as HTML, so no text of a file can become markup.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = source
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n').map((l) => l.trim());
        const heading = /^(#{2,3})\s+(.*)$/.exec(lines[0]!);
        if (heading && lines.length === 1) {
          const text = heading[2]!;
          return heading[1] === '##' ? (
            <h2 key={i} id={headingId(text)} className="mt-8 text-xl font-bold text-slate-900">
              {inline(text)}
            </h2>
          ) : (
            <h3 key={i} id={headingId(text)} className="mt-6 text-lg font-semibold text-slate-900">
              {inline(text)}
            </h3>
          );
        }
        if (lines.every((l) => /^-\s+/.test(l))) {
          return (
            <ul key={i} className="mt-4 list-disc space-y-2 pl-6">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^-\s+/, ''))}</li>
              ))}
            </ul>
          );
        }
        if (lines.every((l) => /^\d+\.\s+/.test(l))) {
          return (
            <ol key={i} className="mt-4 list-decimal space-y-2 pl-6">
              {lines.map((l, j) => (
                <li key={j}>{inline(l.replace(/^\d+\.\s+/, ''))}</li>
              ))}
            </ol>
          );
        }
        if (lines.every((l) => l.startsWith('>'))) {
          return (
            <blockquote
              key={i}
              className="mt-4 rounded-lg border-l-4 border-brand-600 bg-brand-50 px-4 py-3 font-medium text-slate-900"
            >
              {inline(lines.map((l) => l.replace(/^>\s?/, '')).join(' '))}
            </blockquote>
          );
        }
        return (
          <p key={i} className="mt-4">
            {inline(lines.join(' '))}
          </p>
        );
      })}
    </>
  );
}
