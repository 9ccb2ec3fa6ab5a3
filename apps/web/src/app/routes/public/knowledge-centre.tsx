import { ChevronRight, Search } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  articleCategories,
  articleCategoryLabels,
  articleHref,
  paths,
  searchArticles,
  type Article,
  type ArticleCategory,
} from '@urbana/shared';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { articles } from '../../../features/knowledge/articles.ts';

function ArticleList({ items, label }: { items: Article[]; label: string }) {
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {items.map((a) => (
        <li key={a.slug}>
          <Link
            to={articleHref(a.slug)}
            className="group flex h-full items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-600 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span>
              <span className="block font-semibold text-slate-900 group-hover:text-brand-800">{a.title}</span>
              <span className="mt-1 block text-sm text-slate-600">{a.description}</span>
            </span>
            <ChevronRight className="mt-1 h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Component() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const rawCategory = params.get('categoria');
  const category = articleCategories.includes(rawCategory as ArticleCategory)
    ? (rawCategory as ArticleCategory)
    : null;
  const [text, setText] = useState(query);

  const results = useMemo(() => {
    const found = searchArticles(articles, query);
    return category ? found.filter((a) => a.category === category) : found;
  }, [query, category]);
  const filtering = query.trim() !== '' || category !== null;

  const update = (next: { q?: string; categoria?: ArticleCategory | null }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { replace: true });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: text.trim() });
  };

  return (
    <div className="space-y-10">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Central de conhecimento
        </h1>
        <p className="text-lg text-slate-600">
          Tudo sobre reservar mídia exterior na Urbana: semanas e preços, pagamento por Pix, envio de
          criativos, análise, comprovação de veiculação e cancelamentos.
        </p>
        <form role="search" aria-label="Buscar na central" onSubmit={onSubmit} className="flex gap-2 pt-2">
          <label htmlFor="busca-central" className="sr-only">
            Buscar artigos
          </label>
          <input
            id="busca-central"
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value === '') update({ q: '' });
            }}
            placeholder="Ex.: pix, cancelamento"
            className="h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
          />
          <Button type="submit" className="shrink-0">
            <Search className="h-4 w-4" aria-hidden="true" />
            Buscar
          </Button>
        </form>
      </header>

      <nav aria-label="Categorias" className="-mx-1 flex flex-wrap gap-2">
        {[null, ...articleCategories].map((c) => (
          <button
            key={c ?? 'todas'}
            type="button"
            aria-pressed={category === c}
            onClick={() => update({ categoria: c })}
            className={cn(
              'mx-1 rounded-full px-4 py-2 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              category === c
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {c ? articleCategoryLabels[c] : 'Todas'}
          </button>
        ))}
      </nav>

      <section aria-labelledby="artigos" className="space-y-8">
        <h2 id="artigos" className="sr-only">
          Artigos
        </h2>
        <p aria-live="polite" className={cn('text-sm text-slate-600', !filtering && 'sr-only')}>
          {results.length === 0
            ? 'Nenhum artigo encontrado.'
            : `${results.length} ${results.length === 1 ? 'artigo encontrado' : 'artigos encontrados'}` +
              (query.trim() ? ` para “${query.trim()}”` : '') +
              (category ? ` em ${articleCategoryLabels[category]}` : '') +
              '.'}
        </p>
        {filtering ? (
          results.length > 0 ? (
            <ArticleList items={results} label="Resultados da busca" />
          ) : (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="font-semibold text-slate-900">Não encontramos um artigo sobre isso.</p>
              <p className="mt-1 text-sm text-slate-600">
                Tente outras palavras, veja todas as categorias ou fale com a nossa equipe.
              </p>
              <div className="mt-4 flex flex-wrap justify-center gap-3">
                <Button
                  variant="secondary"
                  onClick={() => {
                    setText('');
                    update({ q: '', categoria: null });
                  }}
                >
                  Ver todos os artigos
                </Button>
                <Link
                  to={paths.suporte}
                  className="inline-flex h-11 items-center rounded-lg px-4 text-sm font-semibold text-brand-800 hover:underline"
                >
                  Falar com o suporte
                </Link>
              </div>
            </div>
          )
        ) : (
          articleCategories.map((c) => (
            <section key={c} aria-labelledby={`categoria-${c}`} className="space-y-3">
              <h3 id={`categoria-${c}`} className="text-xl font-bold text-slate-900">
                {articleCategoryLabels[c]}
              </h3>
              <ArticleList
                items={articles.filter((a) => a.category === c)}
                label={articleCategoryLabels[c]}
              />
            </section>
          ))
        )}
      </section>

      <aside className="rounded-xl bg-slate-100 p-6">
        <h2 className="font-semibold text-slate-900">Não achou a resposta?</h2>
        <p className="mt-1 text-sm text-slate-700">
          Nossa equipe responde pelo{' '}
          <Link to={paths.suporte} className="font-medium text-brand-800 underline underline-offset-2">
            suporte
          </Link>
          . Para números da rede, veja o{' '}
          <Link to={paths.midiaKit} className="font-medium text-brand-800 underline underline-offset-2">
            mídia kit
          </Link>
          .
        </p>
      </aside>
    </div>
  );
}
