import { paths } from './paths.ts';

export interface PageMeta {
  /** As in the router's handle: the page shows "<title> | Urbana". */
  title: string;
  description: string;
}

export const SITE_NAME = 'Urbana';
export const defaultDescription =
  'Urbana: encontre e reserve mídia exterior — painéis, telas em torres e outdoors — por semana, com pagamento por Pix.';

/**
 * Title and description of the public pages that search engines list; the server writes them into
 * the HTML and the web app keeps them in step on navigation.
 */
export const publicPageMeta: Record<string, PageMeta> = {
  [paths.home]: {
    title: 'Mídia exterior por semana',
    description:
      'Encontre e reserve painéis de LED, outdoors, empenas e telas em torres em todo o Brasil, por semana, com preços públicos e pagamento por Pix.',
  },
  [paths.buscarLocais]: {
    title: 'Buscar locais',
    description:
      'Veja no mapa os locais de mídia exterior perto do seu público, com preço, audiência semanal e disponibilidade para as suas datas.',
  },
  [paths.planejar]: {
    title: 'Planejar campanha',
    description:
      'Diga quanto quer investir, onde e quando: a Urbana sugere as faces livres que rendem mais impactos ou se espalham pelos bairros, com audiência, CPM e distância.',
  },
  [paths.central]: {
    title: 'Central de conhecimento',
    description:
      'Como funcionam a reserva, os preços por semana, o pagamento por Pix, o envio de criativos, a análise, a comprovação de veiculação e os cancelamentos na Urbana.',
  },
  [paths.midiaKit]: {
    title: 'Mídia kit',
    description:
      'A rede Urbana em números: locais, cidades, telas e audiência semanal por tipo de mídia e por estado, com mapa e mídia kit em PDF.',
  },
  [paths.guiaCriacao]: {
    title: 'Guia de criação',
    description:
      'Como criar anúncios que funcionam na rua: leitura a distância, contraste, mensagem curta e o formato certo para cada tela e lona.',
  },
  [paths.especificacoesCriacao]: {
    title: 'Especificações de criação',
    description:
      'Resolução, orientação, formatos, tamanho máximo e duração do spot de cada tipo de mídia da Urbana.',
  },
  [paths.suporte]: {
    title: 'Suporte',
    description:
      'Perguntas frequentes e contato com a equipe da Urbana: abra um chamado e acompanhe a resposta.',
  },
};

/** "Mídia kit | Urbana". */
export const fullTitle = (title: string) => `${title} | ${SITE_NAME}`;
