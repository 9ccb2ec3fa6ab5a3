import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Specification §2 (docs/spec/specification.md): the fallback page for render errors, titled 'Unexpected Application Error!'. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 px-6">
      <p className="text-xl font-bold text-brand-700">Urbana</p>
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="text-slate-700">
        Algo deu errado ao mostrar esta página. Tente recarregar; se continuar, fale com o suporte.
      </p>
      {detail ? (
        <pre className="overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-slate-700">{detail}</pre>
      ) : null}
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
        >
          Recarregar
        </button>
        <a
          href="/"
          className="rounded-lg px-4 py-2 font-semibold text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          Ir para o início
        </a>
      </div>
    </main>
  );
}
