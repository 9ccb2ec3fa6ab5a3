import { eq, sql } from 'drizzle-orm';
import {
  defaultDescription,
  formatInteger,
  formatMoney,
  fullTitle,
  isArticleSlug,
  isKnownAppPath,
  paths,
  productTypeLabels,
  publicPageMeta,
  SITE_NAME,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { executePrepared } from '../../db/prepared.ts';
import { mediaPlans } from '../../db/schema/index.ts';
import type { ProductRow } from '../../services/catalog/product-detail.ts';
import { findArticle } from '../../services/articles.ts';
import { fileUrl } from '../../services/catalog/rows.ts';

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

const indexable = new Set(Object.keys(publicPageMeta));

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

/** What a product page's head shows of the product (one prepared read, `productMeta`). */
type HeadRow = Omit<ProductRow, 'is_tower_based' | 'audience_profile'> & { photo_keys: string[] | string };

/** schema.org Product data of a product page, with its daily price as the offer. */
function productJsonLd(
  product: HeadRow,
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

/** A product page's head, cached with the catalogue; null when the product is not on sale. */
async function productMeta(deps: AppDeps, slug: string): Promise<Meta | null> {
  const { db, catalogCache } = deps;
  const base = deps.config.publicUrl;
  const key = `cabecalho|${slug}`;
  const cached = catalogCache.get(key)?.body;
  if (cached !== undefined) return JSON.parse(cached) as Meta | null;
  // One prepared statement: the product and its first photos (a page's head is read beside the
  // page itself on every miss, docs/decisions/064-pages-drawn-as-strings.md).
  const { rows } = await executePrepared<HeadRow>(
    db,
    'produto_cabecalho',
    sql`select p.id, p.slug, p.name, p.description, p.type, p.address, p.neighborhood, p.city, p.state,
        p.latitude, p.longitude, p.daily_price, p.weekly_audience, p.operating_hours,
        coalesce((select json_agg(f.storage_key order by f.position)
          from (select storage_key, position from product_photos where product_id = p.id
                order by position limit 4) f), '[]') as photo_keys
      from products p where p.slug = ${slug} and p.status = 'ativo'`,
  );
  const product = rows[0];
  let meta: Meta | null = null;
  if (product) {
    const keys =
      typeof product.photo_keys === 'string'
        ? (JSON.parse(product.photo_keys) as string[])
        : product.photo_keys;
    const url = `${base}/locais/${encodeURIComponent(product.slug)}`;
    const images = keys.map((k) => `${base}${fileUrl(k)}`);
    const type = productTypeLabels[product.type];
    const place = [product.neighborhood, `${product.city} – ${product.state}`].filter(Boolean).join(', ');
    meta = {
      title: product.name,
      description: `${type} em ${place}: ${formatInteger(product.weekly_audience)} impactos por semana, ${formatMoney(product.daily_price)} por dia. Reserve por semana e pague por Pix na Urbana.`,
      image: images[0],
      ...(keys[0] ? { preloadImage: fileUrl(keys[0]) } : {}),
      type: 'product',
      jsonLd: productJsonLd(product, { base, url, images, type, place }),
    };
  }
  catalogCache.set(key, JSON.stringify(meta));
  return meta;
}

/**
 * Per-page head for the HTML the server sends, so crawlers and link previews see each page's title,
 * description, canonical address and Open Graph card without running JavaScript, and a product page
 * carries its schema.org data. A missing product or article answers 404 (not a "soft 404").
 */
export function pageHeads(deps: AppDeps): (pathname: string) => Promise<PageHead> {
  const { db, config } = deps;
  const base = config.publicUrl;
  const render = (pathname: string, meta: Meta, status = 200) => renderHead(base, pathname, meta, status);

  const notFound = (pathname: string) =>
    render(pathname, { title: 'Página não encontrada', description: defaultDescription, noindex: true }, 404);

  return async (rawPathname) => {
    const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/$/, '') : rawPathname;
    if (!isKnownAppPath(rawPathname)) return notFound(pathname);
    if (indexable.has(pathname)) return render(pathname, publicPageMeta[pathname]!);

    const article = /^\/central\/([^/]+)$/.exec(pathname);
    if (article) {
      const found = isArticleSlug(article[1]!) ? findArticle(article[1]!) : undefined;
      if (!found) return notFound(pathname);
      return render(pathname, {
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
      });
    }

    const product = /^\/locais\/([^/]+)$/.exec(pathname);
    if (product) {
      let slug: string;
      try {
        slug = decodeURIComponent(product[1]!);
      } catch {
        return notFound(pathname);
      }
      const meta = await productMeta(deps, slug);
      return meta ? render(pathname, meta) : notFound(pathname);
    }

    // A shared plan (issue #23 item 3): its name on the link's preview, never indexed, 404 once revoked.
    const plan = /^\/plano\/([A-Za-z0-9_-]+)$/.exec(pathname);
    if (plan) {
      const row = await db.query.mediaPlans.findFirst({
        where: eq(mediaPlans.share_token, plan[1]!),
        columns: { name: true },
      });
      if (!row) return notFound(pathname);
      return render(pathname, {
        title: row.name,
        description: 'Plano de mídia exterior na Urbana: locais, períodos, audiência, CPM e total.',
        noindex: true,
      });
    }

    // Accounts, purchase steps, admin: the app sets the title; search engines stay out.
    return render(pathname, {
      title: pathname === paths.notFound ? 'Página não encontrada' : 'Mídia exterior',
      description: defaultDescription,
      noindex: true,
    });
  };
}
