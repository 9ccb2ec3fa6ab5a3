export function App() {
  return (
    <main className="mx-auto flex min-h-screen max-w-3xl flex-col justify-center gap-4 px-6">
      <p className="text-2xl font-bold text-brand-700">Urbana</p>
      <h1 className="text-4xl font-bold tracking-tight">Mídia exterior para o seu negócio</h1>
      <p className="text-lg text-slate-600">
        Encontre painéis, telas em torres e outdoors no mapa, reserve por semana e pague por Pix.
      </p>
    </main>
  );
}
