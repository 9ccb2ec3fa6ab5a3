import { formatSpecFormats } from '@urbana/shared';
import { HelpLink, knowledgeArticles } from '../../knowledge/index.ts';
import { formatInteger } from '@urbana/shared';
import type { ProductDetail } from '@urbana/shared';

/** What the artwork must be for this face (resolution, formats, size, spot, insertions). */
export function CreativeSpec({ data }: { data: ProductDetail }) {
  return (
    <section aria-labelledby="especificacao" className="space-y-3">
      <h2 id="especificacao" className="text-xl font-bold text-slate-900">
        Especificação do criativo
      </h2>
      <table className="w-full overflow-hidden rounded-lg bg-white text-sm ring-1 ring-slate-200">
        <tbody className="divide-y divide-slate-100">
          <tr>
            <th scope="row" className="w-1/2 px-4 py-2 text-left font-medium text-slate-600">
              Resolução
            </th>
            <td className="px-4 py-2 text-slate-900">
              {data.spec.width} × {data.spec.height} px (
              {data.spec.orientation === 'vertical' ? 'vertical' : 'horizontal'})
            </td>
          </tr>
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
              Formatos
            </th>
            <td className="px-4 py-2 text-slate-900">{formatSpecFormats(data.spec.formats)}</td>
          </tr>
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
              Tamanho máximo
            </th>
            <td className="px-4 py-2 text-slate-900">{data.spec.maxSizeMb} MB</td>
          </tr>
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
              Duração do spot
            </th>
            <td className="px-4 py-2 text-slate-900">
              {data.spec.spotSeconds ? `${data.spec.spotSeconds} segundos` : 'Imagem fixa'}
            </td>
          </tr>
          <tr>
            <th scope="row" className="px-4 py-2 text-left font-medium text-slate-600">
              Inserções por dia
            </th>
            <td className="px-4 py-2 text-slate-900">
              {data.spec.insertionsPerDay
                ? formatInteger(data.spec.insertionsPerDay)
                : 'Exposição o dia todo'}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="text-sm text-slate-600">{data.spec.notes}</p>
      <HelpLink article={knowledgeArticles.envioCriativos}>Como e até quando enviar a arte</HelpLink>
    </section>
  );
}
