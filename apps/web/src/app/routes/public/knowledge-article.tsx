import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { articleCategoryLabels, articleHref, paths } from '@urbana/shared';
import { articles, findArticle } from '../../../features/knowledge/articles.ts';
import { Markdown } from '../../../features/knowledge/markdown.tsx';
import { setPageHead } from '../../../lib/page-head.ts';

export function Component() {
  const { artigo } = useParams();
  const article = findArticle(artigo);

  useEffect(() => {
    setPageHead(
      article
        ? { title: article.title, description: article.description }
        : { title: 'Artigo não encontrado' },
    );
  }, [article]);

  if (!article) {
    return (
      <div className="mx-auto max-w-2xl space-y-4 py-10 text-center">
        <h1 className="text-3xl font-extrabold text-slate-900">Artigo não encontrado</h1>
        <p className="text-slate-600">Este endereço não corresponde a nenhum artigo da central.</p>
        <Link
          to={paths.central}
          className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Voltar à central de conhecimento
        </Link>
      </div>
    );
  }

  const related = articles.filter((a) => a.category === article.category && a.slug !== article.slug);

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <article className="max-w-3xl">
        <nav aria-label="Trilha" className="text-sm text-slate-600">
          <ol className="flex flex-wrap items-center gap-1">
            <li>
              <Link to={paths.central} className="text-brand-800 hover:underline">
                Central de conhecimento
              </Link>
              <span aria-hidden="true"> ›</span>
            </li>
            <li>
              <Link
                to={`${paths.central}?categoria=${article.category}`}
                className="text-brand-800 hover:underline"
              >
                {articleCategoryLabels[article.category]}
              </Link>
            </li>
          </ol>
        </nav>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {article.title}
        </h1>
        <p className="mt-3 text-lg text-slate-600">{article.description}</p>
        <div className="mt-4 leading-relaxed text-slate-800">
          <Markdown source={article.body} />
        </div>
      </article>
      <aside aria-labelledby="relacionados" className="space-y-4 lg:pt-10">
        {related.length > 0 ? (
          <section className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 id="relacionados" className="font-semibold text-slate-900">
              Também em {articleCategoryLabels[article.category]}
            </h2>
            <ul className="mt-3 space-y-2">
              {related.map((a) => (
                <li key={a.slug}>
                  <Link to={articleHref(a.slug)} className="text-sm text-brand-800 hover:underline">
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <h2 id="relacionados" className="sr-only">
            Mais ajuda
          </h2>
        )}
        <section className="rounded-xl bg-slate-100 p-5 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">Ainda com dúvida?</p>
          <p className="mt-1">
            Abra um chamado no{' '}
            <Link to={paths.suporte} className="font-medium text-brand-800 underline underline-offset-2">
              suporte
            </Link>{' '}
            ou veja{' '}
            <Link to={paths.central} className="font-medium text-brand-800 underline underline-offset-2">
              todos os artigos
            </Link>
            .
          </p>
        </section>
      </aside>
    </div>
  );
}
