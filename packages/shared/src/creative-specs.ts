/** What a creative must be for each kind of face: size, formats, spot length (the upload checks and the guides). */
import type { ProductType } from './catalog.ts';

export type CreativeFormat = 'jpg' | 'png' | 'webp' | 'mp4';

export interface CreativeSpec {
  /** Pixel size of the artwork the screen or print expects. */
  width: number;
  height: number;
  orientation: 'horizontal' | 'vertical';
  formats: CreativeFormat[];
  maxSizeMb: number;
  /** Spot length for digital media; null for static media. */
  spotSeconds: number | null;
  /** Insertions per day per advertiser (digital); null when the art is on show all day. */
  insertionsPerDay: number | null;
  notes: string;
}

/**
 * The creative specification per product type: the one source that the upload check, the product
 * page and /especificacoes-criacao read.
 */
export const creativeSpecs: Record<ProductType, CreativeSpec> = {
  torre: {
    width: 1080,
    height: 1920,
    orientation: 'vertical',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 50,
    spotSeconds: 15,
    insertionsPerDay: 240,
    notes: 'Telas verticais em elevadores e halls. Vídeo sem áudio.',
  },
  painel_led: {
    width: 1920,
    height: 1080,
    orientation: 'horizontal',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 100,
    spotSeconds: 10,
    insertionsPerDay: 720,
    notes: 'Painel em via de grande fluxo. Vídeo sem áudio; evite letras pequenas.',
  },
  outdoor: {
    width: 4500,
    height: 1500,
    orientation: 'horizontal',
    formats: ['jpg', 'png'],
    maxSizeMb: 20,
    spotSeconds: null,
    insertionsPerDay: null,
    notes: 'Impressão em lona 9 × 3 m, visível o dia todo. Arquivo em RGB, 1:20 da escala real.',
  },
  empena: {
    width: 3000,
    height: 5000,
    orientation: 'vertical',
    formats: ['jpg', 'png'],
    maxSizeMb: 20,
    spotSeconds: null,
    insertionsPerDay: null,
    notes: 'Lona na lateral de prédio. Textos grandes, leitura a mais de 100 m.',
  },
  mobiliario_urbano: {
    width: 1080,
    height: 1920,
    orientation: 'vertical',
    formats: ['jpg', 'png', 'webp', 'mp4'],
    maxSizeMb: 50,
    spotSeconds: 10,
    insertionsPerDay: 540,
    notes: 'Abrigos de ônibus e totens digitais. Vídeo sem áudio.',
  },
};

/** "JPG, PNG, WebP ou MP4". */
export function formatSpecFormats(formats: readonly string[]): string {
  const names = formats.map((f) => (f === 'webp' ? 'WebP' : f.toUpperCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? '');
}
