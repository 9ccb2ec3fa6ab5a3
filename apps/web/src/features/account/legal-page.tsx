import type { ReactNode } from 'react';
import { TERMS_VERSION } from '@urbana/shared';

export function formatTermsVersion(version: string = TERMS_VERSION): string {
  const [y, m, d] = version.split('-');
  return `${d}/${m}/${y}`;
}

/** The frame of /termos and /privacidade: a readable column with the version in force. */
export function LegalPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">
        Versão de {formatTermsVersion()} — em vigor. {intro}
      </p>
      <div className="mt-8 space-y-8 text-slate-800 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_li]:mt-1 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
