import { Link } from 'react-router';
import {
  ARTWORK_LEAD_BUSINESS_DAYS,
  creativeSpecs,
  formatSpecFormats,
  paths,
  productTypeLabels,
  productTypes,
  type ProductType,
  formatInteger,
} from '@urbana/shared';

/** The piece's proportion drawn to scale, with its safe area (5% margin) dashed. */
function Proportion({ type }: { type: ProductType }) {
  const spec = creativeSpecs[type];
  const box = 120;
  const scale = box / Math.max(spec.width, spec.height);
  const w = Math.round(spec.width * scale);
  const h = Math.round(spec.height * scale);
  const x = (box - w) / 2;
  const y = (box - h) / 2;
  const m = Math.round(Math.min(w, h) * 0.05);
  return (
    <svg
      viewBox={`0 0 ${box} ${box}`}
      className="h-28 w-28 shrink-0"
      role="img"
      aria-label={`Proporção ${spec.width} por ${spec.height}`}
    >
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx="2"
        className="fill-brand-50 stroke-brand-700"
        strokeWidth="2"
      />
      <rect
        x={x + m}
        y={y + m}
        width={w - 2 * m}
        height={h - 2 * m}
        className="fill-none stroke-brand-600"
        strokeWidth="1"
        strokeDasharray="3 2"
      />
      <text
        x={box / 2}
        y={box / 2 + 4}
        textAnchor="middle"
        className="fill-brand-800 text-[11px] font-semibold"
      >
        {spec.width}×{spec.height}
      </text>
    </svg>
  );
}

/** /especificacoes-criacao: read from the same table the upload check uses. */
export function Component() {
  return (
    <div className="space-y-10">
      <header className="max-w-3xl space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Especificações de criação</h1>
        <p className="text-lg text-slate-700">
          Cada tipo de mídia tem uma resolução, formatos e duração próprios. Os arquivos enviados para um
          anúncio são conferidos com esta tabela na hora: se algo não bater, você vê exatamente o quê antes de
          enviar.
        </p>
        <p className="text-slate-700">
          Envie a arte até {ARTWORK_LEAD_BUSINESS_DAYS} dias úteis antes do início da veiculação. Dúvidas de
          layout? Leia o{' '}
          <Link to={paths.guiaCriacao} className="font-medium text-brand-700 underline">
            guia de criação
          </Link>
          .
        </p>
      </header>

      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[760px] text-left text-sm">
          <caption className="sr-only">Especificação de cada tipo de mídia</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Tipo
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Resolução
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Orientação
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Formatos
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Tamanho máximo
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Spot
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Inserções por dia
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {productTypes.map((type) => {
              const s = creativeSpecs[type];
              return (
                <tr key={type}>
                  <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                    {productTypeLabels[type]}
                  </th>
                  <td className="px-4 py-3">
                    {formatInteger(s.width)} × {formatInteger(s.height)} px
                  </td>
                  <td className="px-4 py-3">{s.orientation === 'vertical' ? 'Vertical' : 'Horizontal'}</td>
                  <td className="px-4 py-3">{formatSpecFormats(s.formats)}</td>
                  <td className="px-4 py-3">{s.maxSizeMb} MB</td>
                  <td className="px-4 py-3">
                    {s.spotSeconds ? `${s.spotSeconds} s, sem áudio` : 'Arte fixa'}
                  </td>
                  <td className="px-4 py-3">
                    {s.insertionsPerDay ? formatInteger(s.insertionsPerDay) : 'O dia todo'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="exemplos" className="space-y-4">
        <h2 id="exemplos" className="text-2xl font-bold text-slate-900">
          Exemplos por tipo
        </h2>
        <p className="text-slate-700">
          A proporção de cada peça, em escala. A linha tracejada marca a área segura: mantenha textos,
          logotipo e telefone dentro dela.
        </p>
        <ul className="grid gap-4 md:grid-cols-2">
          {productTypes.map((type) => {
            const s = creativeSpecs[type];
            return (
              <li key={type} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
                <Proportion type={type} />
                <div className="space-y-1 text-sm">
                  <h3 className="text-base font-semibold text-slate-900">{productTypeLabels[type]}</h3>
                  <p className="text-slate-700">{s.notes}</p>
                  <p className="text-slate-700">
                    Exemplo de arquivo:{' '}
                    <code className="rounded bg-slate-100 px-1">
                      campanha-{type.replace('_', '-')}-{s.width}x{s.height}.
                      {s.formats.includes('mp4') && s.spotSeconds ? 'mp4' : 'jpg'}
                    </code>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="envio" className="max-w-3xl space-y-3">
        <h2 id="envio" className="text-2xl font-bold text-slate-900">
          Como enviar
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-slate-700">
          <li>
            Envie os arquivos para a{' '}
            <Link to={paths.usuario.bibliotecaMidias} className="font-medium text-brand-700 underline">
              biblioteca de mídias
            </Link>{' '}
            (JPG, PNG, WebP ou MP4; o tipo é conferido pelo conteúdo do arquivo, não pela extensão).
          </li>
          <li>
            Em{' '}
            <Link to={paths.usuario.criarAnuncio} className="font-medium text-brand-700 underline">
              criar anúncio
            </Link>
            , escolha os itens reservados e os arquivos: a conferência mostra na hora se cada arquivo serve
            para cada local.
          </li>
          <li>
            Envie para análise. A equipe aprova ou explica o que ajustar, e você recebe o resultado por email.
          </li>
        </ol>
      </section>
    </div>
  );
}
