import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ARTWORK_LEAD_BUSINESS_DAYS, paths } from '@urbana/shared';

/** Illustrations drawn here in SVG: no stock images, nothing loaded from elsewhere. */
function Billboard({ children, label }: { children: ReactNode; label: string }) {
  return (
    <svg viewBox="0 0 240 110" role="img" aria-label={label} className="h-auto w-full">
      <rect x="0" y="0" width="240" height="110" rx="8" className="fill-slate-200" />
      <rect
        x="20"
        y="14"
        width="200"
        height="66"
        rx="3"
        className="fill-white stroke-slate-500"
        strokeWidth="2"
      />
      <rect x="112" y="80" width="16" height="30" className="fill-slate-500" />
      {children}
    </svg>
  );
}

function Figure({ label, good, children }: { label: string; good: boolean; children: ReactNode }) {
  return (
    <figure className="space-y-2">
      {children}
      <figcaption
        className={good ? 'text-sm font-medium text-emerald-800' : 'text-sm font-medium text-red-800'}
      >
        {good ? 'Funciona: ' : 'Evite: '}
        {label}
      </figcaption>
    </figure>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 border-t border-slate-200 pt-8">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const tips = [
  ['leitura', 'Leitura em 3 segundos'],
  ['palavras', 'Poucas palavras'],
  ['contraste', 'Contraste'],
  ['area-segura', 'Área segura'],
  ['video', 'Vídeo sem som'],
  ['checklist', 'Antes de enviar'],
] as const;

/** /guia-criacao: how to design for outdoor media. */
export function Component() {
  return (
    <article className="mx-auto max-w-3xl space-y-8 text-slate-700">
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          Guia de criação para mídia exterior
        </h1>
        <p className="text-lg">
          Na rua ninguém para para ler. Um outdoor é visto por alguns segundos, de longe, em movimento; uma
          tela de elevador, entre um andar e outro. Este guia reúne o que faz uma peça funcionar nessas
          condições.
        </p>
        <nav aria-label="Neste guia">
          <ul className="flex flex-wrap gap-2">
            {tips.map(([id, title]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="inline-block rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  {title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <Section id="leitura" title="Leitura em 3 segundos">
        <p>
          Quem passa de carro vê um painel por 3 a 5 segundos. A peça precisa dizer uma coisa só, e dizer de
          longe. Uma regra prática: a altura das letras, em centímetros, deve ser de pelo menos 3 cm para cada
          metro de distância de leitura. Um outdoor lido a 60 m pede letras com 1,80 m de altura ou mais.
        </p>
        <p>
          Use fontes sem serifa, em peso médio ou negrito, com bom espaço entre as letras. Evite caixa-alta em
          frases longas, letras finas, itálicos e fontes manuscritas.
        </p>
      </Section>

      <Section id="palavras" title="Poucas palavras">
        <p>
          Até 7 palavras na mensagem principal. O que não couber, deixe para o site ou para o QR Code de quem
          está parado (telas em elevadores e abrigos de ônibus). Um elemento principal — o produto, um rosto,
          uma cena — e o logotipo bem visível.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure good label="uma ideia, letras grandes, logotipo à vista.">
            <Billboard label="Outdoor com uma frase curta e o logotipo">
              <text x="34" y="50" className="fill-slate-900 text-[17px] font-bold">
                Pizza em 20 min
              </text>
              <rect x="170" y="56" width="38" height="14" rx="3" className="fill-brand-700" />
            </Billboard>
          </Figure>
          <Figure good={false} label="texto demais, ninguém lê andando.">
            <Billboard label="Outdoor com muitas linhas de texto pequeno">
              {[28, 36, 44, 52, 60, 68].map((y) => (
                <rect
                  key={y}
                  x="30"
                  y={y}
                  width={y % 16 === 4 ? 150 : 175}
                  height="3"
                  className="fill-slate-500"
                />
              ))}
            </Billboard>
          </Figure>
        </div>
      </Section>

      <Section id="contraste" title="Contraste">
        <p>
          Texto escuro sobre fundo claro, ou claro sobre escuro, com muita diferença de luminosidade. Sol
          forte, chuva e iluminação noturna apagam contrastes sutis. Evite texto sobre fotos cheias de
          detalhes; se precisar, use uma faixa de cor por trás.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <Figure good label="branco sobre verde-escuro.">
            <Billboard label="Texto branco sobre fundo escuro">
              <rect x="20" y="14" width="200" height="66" rx="3" className="fill-brand-800" />
              <text x="120" y="54" textAnchor="middle" className="fill-white text-[18px] font-bold">
                Abre às 7h
              </text>
            </Billboard>
          </Figure>
          <Figure good={false} label="amarelo-claro sobre branco.">
            <Billboard label="Texto claro sobre fundo claro, de pouco contraste">
              <text x="120" y="54" textAnchor="middle" className="fill-amber-200 text-[18px] font-bold">
                Abre às 7h
              </text>
            </Billboard>
          </Figure>
        </div>
      </Section>

      <Section id="area-segura" title="Área segura">
        <p>
          Deixe uma margem de pelo menos 5% em cada lado sem texto nem logotipo. Em lonas, a borda dobra na
          estrutura; em telas, molduras e reflexos cortam os cantos. A área segura aparece tracejada nos
          exemplos das{' '}
          <Link to={paths.especificacoesCriacao} className="font-medium text-brand-700 underline">
            especificações de criação
          </Link>
          .
        </p>
        <figure className="max-w-sm space-y-2">
          <svg
            viewBox="0 0 200 110"
            role="img"
            aria-label="Peça com margem de segurança tracejada"
            className="h-auto w-full"
          >
            <rect
              x="4"
              y="4"
              width="192"
              height="102"
              rx="3"
              className="fill-white stroke-slate-500"
              strokeWidth="2"
            />
            <rect
              x="14"
              y="14"
              width="172"
              height="82"
              className="fill-none stroke-brand-600"
              strokeDasharray="4 3"
            />
            <text x="100" y="60" textAnchor="middle" className="fill-slate-900 text-[14px] font-bold">
              Texto aqui dentro
            </text>
          </svg>
          <figcaption className="text-sm">Tudo o que importa fica dentro da linha tracejada.</figcaption>
        </figure>
      </Section>

      <Section id="video" title="Vídeo sem som">
        <p>
          As telas da rede não têm áudio. Conte a história com imagem e texto na tela: a marca nos 2 primeiros
          segundos, uma mensagem por cena, legendas grandes quando houver fala. Respeite a duração do spot de
          cada tipo (10 ou 15 segundos); o vídeo é conferido no envio. Movimentos suaves funcionam melhor do
          que cortes rápidos em telas de elevador, vistas de perto.
        </p>
      </Section>

      <Section id="checklist" title="Antes de enviar">
        <ul className="list-disc space-y-1 pl-5">
          <li>Resolução exata do tipo de mídia, na orientação certa.</li>
          <li>JPG, PNG ou WebP para imagens; MP4 para vídeo nas telas digitais.</li>
          <li>Mensagem principal com até 7 palavras, legível de longe.</li>
          <li>Logotipo e contato dentro da área segura.</li>
          <li>
            Enviado até {ARTWORK_LEAD_BUSINESS_DAYS} dias úteis antes do início, para dar tempo à análise e a
            um ajuste.
          </li>
        </ul>
        <p>
          Pronto? Envie pela{' '}
          <Link to={paths.usuario.bibliotecaMidias} className="font-medium text-brand-700 underline">
            biblioteca de mídias
          </Link>{' '}
          e monte o anúncio em{' '}
          <Link to={paths.usuario.criarAnuncio} className="font-medium text-brand-700 underline">
            criar anúncio
          </Link>
          .
        </p>
      </Section>
    </article>
  );
}
