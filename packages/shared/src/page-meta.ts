export const SITE_NAME = 'Urbana';
/** The description of a page that has none of its own (public-pages.ts). */
export const defaultDescription =
  'Urbana: encontre e reserve mídia exterior — painéis, telas em torres e outdoors — por semana, com pagamento por Pix.';

/** "Mídia kit | Urbana". */
export const fullTitle = (title: string) => `${title} | ${SITE_NAME}`;
