/**
 * Ads, the media library and campaigns (docs/spec/product.md §5): the rules both sides apply; the server decides.
 */
import { formatDecimal } from '../lib/money.ts';
import { addDays, earliestBookableStart, type IsoDate } from '../booking-dates.ts';
import { productTypeLabels, type ProductType } from '../catalog.ts';
import { creativeSpecs, formatSpecFormats, type CreativeFormat } from '../creative-specs.ts';

// ---- Media library.

export const mediaKinds = ['imagem', 'video'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** The only formats accepted, by the real type read from the file's bytes. */
export const mediaMimeTypes: Record<CreativeFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
};

export function mediaKindOf(format: CreativeFormat): MediaKind {
  return format === 'mp4' ? 'video' : 'imagem';
}

export interface MediaLimits {
  imageMaxBytes: number;
  videoMaxBytes: number;
  quotaBytes: number;
}

const MB = 1024 * 1024;

/**
 * The largest file of a kind that some creative specification takes (/especificacoes-criacao): the
 * library's limit, so it never refuses a file a product accepts nor keeps one no product does (issue
 * #40 item 9: the library said 20 MB while the table said 50 and 100 MB).
 */
export function largestSpecMb(kind: MediaKind): number {
  const sizes = Object.values(creativeSpecs)
    .filter((spec) => spec.formats.some((format) => mediaKindOf(format) === kind))
    .map((spec) => spec.maxSizeMb);
  return Math.max(...sizes);
}

export const defaultMediaLimits: MediaLimits = {
  imageMaxBytes: largestSpecMb('imagem') * MB,
  videoMaxBytes: largestSpecMb('video') * MB,
  quotaBytes: 2048 * MB,
};

/** "1,5 MB", "820 KB", "2 GB" (pt-BR). */
export function formatBytes(bytes: number): string {
  const units: Array<[number, string]> = [
    [1024 ** 3, 'GB'],
    [MB, 'MB'],
    [1024, 'KB'],
  ];
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size;
      const digits = value >= 100 || Number.isInteger(value) ? 0 : 1;
      return `${formatDecimal(value, digits)} ${unit}`;
    }
  }
  return `${bytes} bytes`;
}

export const mediaMessages = {
  empty: 'O arquivo está vazio.',
  unsupported: 'Formato não aceito: envie imagens JPG, PNG ou WebP, ou vídeos MP4.',
  svg: 'Arquivos SVG não são aceitos: envie a arte em JPG, PNG ou WebP.',
  imageTooLarge: (max: number) => `A imagem passa do limite de ${formatBytes(max)}.`,
  videoTooLarge: (max: number) => `O vídeo passa do limite de ${formatBytes(max)}.`,
  quota: (quota: number, used: number) =>
    `Sua biblioteca passaria do limite de ${formatBytes(quota)} (em uso: ${formatBytes(used)}). Exclua arquivos que não usa mais e tente de novo.`,
  brokenImage: 'Não foi possível ler a imagem: o arquivo parece corrompido.',
  brokenVideo: 'Não foi possível ler o vídeo: o arquivo MP4 está incompleto ou corrompido.',
  noVideoTrack: 'O arquivo MP4 não tem uma faixa de vídeo.',
  videoTooComplex:
    'Não foi possível ler o vídeo: o arquivo MP4 está dividido em partes demais. Exporte-o de novo, sem fragmentação, e envie outra vez.',
  badName: 'Dê um nome de até 120 caracteres ao arquivo.',
  notFound: 'Mídia não encontrada.',
  inUse: (ad: string) => `Esta mídia está em uso no anúncio "${ad}". Remova-a do anúncio antes de excluir.`,
  aborted: 'O envio foi interrompido; nada foi salvo.',
} as const;

// ---- Creative checks: one file against one target's specification.

export interface CreativeFile {
  format: CreativeFormat;
  width: number;
  height: number;
  sizeBytes: number;
  durationMs: number | null;
}

const orientationOf = (w: number, h: number) => (w >= h ? 'horizontal' : 'vertical');

/**
 * Why this file does not fit this product type (Portuguese messages), empty when it fits.
 * Resolution must match exactly: screens show the file pixel for pixel and print is produced at the
 * stated scale.
 */
export function creativeProblems(file: CreativeFile, type: ProductType): string[] {
  const spec = creativeSpecs[type];
  const label = productTypeLabels[type];
  const problems: string[] = [];
  if (!spec.formats.includes(file.format)) {
    problems.push(
      `Formato errado: ${formatSpecFormats([file.format])} não é aceito em ${label}; use ${formatSpecFormats(spec.formats)}.`,
    );
  }
  if (file.width !== spec.width || file.height !== spec.height) {
    const fileOrientation = orientationOf(file.width, file.height);
    const hint =
      fileOrientation !== spec.orientation
        ? ` A arte está na ${fileOrientation}, e a peça é ${spec.orientation}.`
        : '';
    problems.push(
      `Resolução errada: ${file.width} × ${file.height} px; a especificação de ${label} é ${spec.width} × ${spec.height} px.${hint}`,
    );
  }
  if (file.sizeBytes > spec.maxSizeMb * MB) {
    problems.push(
      `Arquivo grande demais: ${formatBytes(file.sizeBytes)}; o máximo em ${label} é ${spec.maxSizeMb} MB.`,
    );
  }
  if (file.format === 'mp4' && spec.spotSeconds !== null && file.durationMs !== null) {
    const seconds = Math.round(file.durationMs / 100) / 10;
    if (file.durationMs > spec.spotSeconds * 1000 + 100) {
      problems.push(
        `Vídeo longo demais: ${formatDecimal(seconds, 3)} s; o spot em ${label} tem ${spec.spotSeconds} s.`,
      );
    }
  }
  return problems;
}

// ---- Ads.

export const adStatuses = [
  'rascunho',
  'em_analise',
  'aprovado',
  'reprovado',
  'em_veiculacao',
  'finalizado',
] as const;
export type AdStatus = (typeof adStatuses)[number];

export const adStatusLabels: Record<AdStatus, string> = {
  rascunho: 'Rascunho',
  em_analise: 'Em análise',
  aprovado: 'Aprovado',
  reprovado: 'Reprovado',
  em_veiculacao: 'Em veiculação',
  finalizado: 'Finalizado',
};

export type AdActor = 'cliente' | 'equipe';

/** Who may move an ad from one state to another (the server enforces it). */
export const adTransitions: Record<AdStatus, Partial<Record<AdStatus, readonly AdActor[]>>> = {
  rascunho: { em_analise: ['cliente'] },
  reprovado: { em_analise: ['cliente'] },
  em_analise: { aprovado: ['equipe'], reprovado: ['equipe'] },
  aprovado: { em_veiculacao: ['equipe'] },
  em_veiculacao: { finalizado: ['equipe'] },
  finalizado: {},
};

export function canTransitionAd(from: AdStatus, to: AdStatus, actor: AdActor): boolean {
  return adTransitions[from][to]?.includes(actor) ?? false;
}

/** The customer may change an ad only while it is a draft or after it was rejected. */
export function isAdEditable(status: AdStatus): boolean {
  return status === 'rascunho' || status === 'reprovado';
}

export const ARTWORK_LEAD_BUSINESS_DAYS = 2;

/**
 * The last day to send the artwork: the latest day from which the start is still at least 2 business
 * days (Mon–Fri) away, counted exactly as the booking lead time is (earliestBookableStart). A booking
 * made at the earliest allowed start can therefore always still receive its artwork that day.
 */
export function artworkDeadline(startsOn: IsoDate, leadBusinessDays = ARTWORK_LEAD_BUSINESS_DAYS): IsoDate {
  let date = addDays(startsOn, -1);
  while (earliestBookableStart(date, leadBusinessDays) > startsOn) date = addDays(date, -1);
  return date;
}

export const adMessages = {
  notFound: 'Anúncio não encontrado.',
  name: 'Dê um nome ao anúncio (até 120 caracteres).',
  noItems: 'Escolha ao menos um item reservado para o anúncio.',
  /** An agency's ad is of one advertiser (issue #44, decision 116). */
  mixedAdvertisers: 'Um anúncio é de um só anunciante: escolha itens de pedidos do mesmo anunciante.',
  noMedia: 'Escolha ao menos um arquivo da biblioteca.',
  itemUnavailable:
    'Um dos itens escolhidos não está disponível para anúncios: ele precisa ser seu, estar pago e ainda não ter outro anúncio.',
  mediaUnavailable: 'Um dos arquivos escolhidos não está na sua biblioteca.',
  notEditable: 'Este anúncio não pode mais ser alterado: só rascunhos e anúncios reprovados são editáveis.',
  deadlinePassed: (item: string, deadline: string) =>
    `O prazo de envio da arte de "${item}" terminou em ${deadline}. Fale com o suporte para reagendar.`,
  misfit: (file: string, item: string, problem: string) => `"${file}" em "${item}": ${problem}`,
  reasonRequired: 'Explique o motivo da reprovação (de 5 a 1000 caracteres).',
  transition: (from: AdStatus, to: AdStatus) =>
    `Não é possível passar o anúncio de "${adStatusLabels[from]}" para "${adStatusLabels[to]}".`,
} as const;

// ---- Campaigns: the run of a paid order item.

export const campaignStatuses = [
  'aguardando_arte',
  'em_analise',
  'reprovada',
  'aprovada',
  'em_veiculacao',
  'finalizada',
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const campaignStatusLabels: Record<CampaignStatus, string> = {
  aguardando_arte: 'Aguardando arte',
  em_analise: 'Arte em análise',
  reprovada: 'Arte reprovada',
  aprovada: 'Pronta para veicular',
  em_veiculacao: 'Em veiculação',
  finalizada: 'Finalizada',
};

/** A campaign's state, from its item's run dates and its ad. */
export function campaignStatusOf(input: {
  startedAt: string | Date | null;
  finishedAt: string | Date | null;
  adStatus: AdStatus | null;
}): CampaignStatus {
  if (input.finishedAt) return 'finalizada';
  if (input.startedAt) return 'em_veiculacao';
  switch (input.adStatus) {
    case 'em_analise':
      return 'em_analise';
    case 'reprovado':
      return 'reprovada';
    case 'aprovado':
    case 'em_veiculacao':
    case 'finalizado':
      return 'aprovada';
    default:
      return 'aguardando_arte';
  }
}

export const campaignMessages = {
  notFound: 'Campanha não encontrada.',
  needsApprovedAd: 'A campanha só começa com um anúncio aprovado.',
  alreadyStarted: 'Esta campanha já começou.',
  notStarted: 'A campanha ainda não começou.',
  alreadyFinished: 'Esta campanha já terminou.',
  proofDate: 'Informe a data da foto (dd/mm/aaaa), dentro do período da campanha.',
  proofNotFound: 'Foto não encontrada.',
  proofRemovalReason: 'Diga por que a foto sai (até 300 caracteres).',
} as const;
