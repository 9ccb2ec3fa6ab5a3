import {
  buildPath,
  decodePageParams,
  defaultDescription,
  fullTitle,
  isArticleSlug,
  isKnownAppPath,
  matchPublicPage,
  paths,
  productMetaDescription,
  productPlace,
  productTypeLabels,
  publicPages,
  SITE_NAME,
  type PublicPageId,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { findArticle } from '../../services/articles.ts';
import { productHead, type ProductHeadRow } from '../../services/catalog/page-head.ts';
import { fileUrl } from '../../services/catalog/rows.ts';
import { sharedPlanName } from '../../services/plans/read.ts';

export interface PageHead {
  status: number;
  /** Tags for <head>: title, description, canonical, Open Graph, robots, JSON-LD. */
  tags: string;
}

interface Meta {
  title: string;
  description: string;
  /** Absolute URL of the page's picture for link previews. */
  image?: string;
  /** Same-origin address of the picture the page shows largest, fetched with the HTML. */
  preloadImage?: string;
  type?: 'website' | 'article' | 'product';
  /** Pages behind a sign-in or inside a purchase: not for search engines. */
  noindex?: boolean;
  jsonLd?: object;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside <script>: "<" escaped so that no text of the data can close the element. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The head's tags for one page: title, description, canonical (or noindex), Open Graph, JSON-LD. */
function renderHead(base: string, pathname: string, meta: Meta, status = 200): PageHead {
  const defaultImage = `${base}/og-urbana.png`;
  const title = fullTitle(meta.title);
  const canonical = `${base}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.noindex || status !== 200
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:site_name" content="${SITE_NAME}">`,
    '<meta property="og:locale" content="pt_BR">',
    `<meta property="og:type" content="${meta.type === 'article' ? 'article' : 'website'}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(meta.image ?? defaultImage)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    meta.preloadImage
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(meta.preloadImage)}">`
      : '',
    meta.jsonLd ? `<script type="application/ld+json">${jsonForScript(meta.jsonLd)}</script>` : '',
  ];
  return { status, tags: tags.join('') };
}

/** schema.org Product data of a product page, with its daily price as the offer. */
function productJsonLd(
  product: ProductHeadRow,
  at: { base: string; url: string; images: string[]; type: string; place: string },
) {
  const { base, url, images, type, place } = at;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || `${type} em ${place}`,
    url,
    sku: product.id,
    category: type,
    ...(images.length ? { image: images } : {}),
    brand: { '@type': 'Brand', name: SITE_NAME },
    additionalProperty: [
      {
        '@type': 'PropertyValue',
        name: 'Audiência semanal (impactos)',
        value: product.weekly_audience,
      },
      ...(product.operating_hours
        ? [
            {
              '@type': 'PropertyValue',
              name: 'Horário de funcionamento',
              value: product.operating_hours,
            },
          ]
        : []),
    ],
    offers: {
      '@type': 'Offer',
      url,
      price: (product.daily_price / 100).toFixed(2),
      priceCurrency: 'BRL',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: (product.daily_price / 100).toFixed(2),
        priceCurrency: 'BRL',
        unitCode: 'DAY',
        unitText: 'dia',
      },
      seller: { '@type': 'Organization', name: SITE_NAME, url: base },
      areaServed: {
        '@type': 'Place',
        name: place,
        address: {
          '@type': 'PostalAddress',
          streetAddress: product.address,
          addressLocality: product.city,
          addressRegion: product.state,
          addressCountry: 'BR',
        },
        geo: {
          '@type': 'GeoCoordinates',
          latitude: product.latitude,
          longitude: product.longitude,
        },
      },
    },
  };
}

/** A product page's head; null when the product is not on sale (the page answers 404). */
async function productMeta(deps: AppDeps, slug: string): Promise<Meta | null> {
  const base = deps.config.publicUrl;
  const product = await productHead(deps.db, deps.catalogCache, slug);
  if (!product) return null;
  const keys = product.photo_keys;
  const url = `${base}${buildPath(paths.local, { slug: product.slug })}`;
  const images = keys.map((k) => `${base}${fileUrl(k)}`);
  const type = productTypeLabels[product.type];
  const place = productPlace(product);
  return {
    title: product.name,
    description: productMetaDescription(product),
    image: images[0],
    ...(keys[0] ? { preloadImage: fileUrl(keys[0]) } : {}),
    type: 'product',
    jsonLd: productJsonLd(product, { base, url, images, type, place }),
  };
}

/** An article's head, with its schema.org data; null when there is no such article. */
function articleMeta(base: string, pathname: string, slug: string): Meta | null {
  const found = isArticleSlug(slug) ? findArticle(slug) : undefined;
  if (!found) return null;
  return {
    title: found.title,
    description: found.description,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: found.title,
      description: found.description,
      inLanguage: 'pt-BR',
      url: `${base}${pathname}`,
      publisher: { '@type': 'Organization', name: SITE_NAME, url: base },
    },
  };
}

/** The pages whose head is made of their data, by route id; null when the data is not there (404). */
type DataHead = (params: Record<string, string>, pathname: string) => Promise<Meta | null>;

function dataHeads(deps: AppDeps): Partial<Record<PublicPageId, DataHead>> {
  const base = deps.config.publicUrl;
  return {
    centralArtigo: async ({ artigo }, pathname) => articleMeta(base, pathname, artigo ?? ''),
    local: async ({ slug }) => productMeta(deps, slug ?? ''),
    // A shared plan (issue #23 item 3): its name on the link's preview, never indexed, 404 once revoked.
    planoCompartilhado: async ({ token }) => {
      const name = await sharedPlanName(deps.db, token ?? '');
      if (name === null) return null;
      return { title: name, description: publicPages.planoCompartilhado.description, noindex: true };
    },
  };
}

/**
 * Per-page head for the HTML the server sends, so crawlers and link previews see each page's title,
 * description, canonical address and Open Graph card without running JavaScript, and a product page
 * carries its schema.org data. The texts are the public pages' table's (@urbana/shared,
 * public-pages.ts), or the page's data's. A missing product or article answers 404 (not a "soft 404").
 */
export function pageHeads(deps: AppDeps): (pathname: string) => Promise<PageHead> {
  const base = deps.config.publicUrl;
  const heads = dataHeads(deps);
  const render = (pathname: string, meta: Meta, status = 200) => renderHead(base, pathname, meta, status);

  const notFound = (pathname: string) =>
    render(
      pathname,
      { title: publicPages.notFound.title, description: defaultDescription, noindex: true },
      404,
    );

  return async (rawPathname) => {
    const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/$/, '') : rawPathname;
    if (!isKnownAppPath(rawPathname)) return notFound(pathname);
    const found = matchPublicPage(pathname);
    // Accounts and admin: the app sets the title; search engines stay out.
    if (!found) {
      return render(pathname, { title: 'Mídia exterior', description: defaultDescription, noindex: true });
    }
    const { page, rawParams } = found;
    const head = heads[page.id];
    if (head) {
      let params: Record<string, string>;
      try {
        params = decodePageParams(rawParams);
      } catch {
        return notFound(pathname);
      }
      const meta = await head(params, pathname);
      return meta ? render(pathname, meta) : notFound(pathname);
    }
    // Purchase steps and sign-in pages say noindex; the others are in the sitemap.
    return render(pathname, {
      title: page.title,
      description: page.description ?? defaultDescription,
      noindex: !page.sitemap,
    });
  };
}
