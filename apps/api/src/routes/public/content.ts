import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  articleHref,
  buildPath,
  endpoints,
  paths,
  publicPageList,
  todayInBrasilia,
  type MediaKit,
} from '@urbana/shared';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../lib/endpoint-route.ts';
import { loadArticles } from '../../services/articles.ts';
import { sitemapProducts } from '../../services/catalog/page-head.ts';
import { mediaKit } from '../../services/media-kit.ts';
import { mediaKitPdf } from '../../services/pdf/media-kit.ts';

/**
 * The public pages a search engine should list, from the table of public pages (@urbana/shared,
 * public-pages.ts); the rest need an account or are steps of a purchase.
 */
const sitemapPages = publicPageList.filter((page) => page.sitemap);

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Media kit (numbers and PDF), robots.txt and sitemap.xml. */
export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, catalogCache } = deps;

    /** One computation per cache period, shared by the page and the PDF. */
    const kit = async (): Promise<MediaKit> => {
      const cached = catalogCache.get('midia-kit');
      if (cached) return JSON.parse(cached.body) as MediaKit;
      const fresh = await mediaKit(db);
      catalogCache.set('midia-kit', JSON.stringify(fresh));
      return fresh;
    };

    route(app, endpoints.mediaKit.read, async () => kit());

    route(app, endpoints.mediaKit.pdf, async (_request, reply) => {
      const pdf = await mediaKitPdf(await kit(), config.publicUrl);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="midia-kit-urbana.pdf"')
        .header('cache-control', 'no-cache')
        .send(pdf);
    });

    // Not endpoints of the API: the files search engines ask for at the site's root.
    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
      const lines = [
        'User-agent: *',
        'Allow: /',
        // Personal and purchase pages: nothing to index there (they also say noindex).
        'Disallow: /usuario/',
        'Disallow: /admin',
        'Disallow: /auth',
        'Disallow: /carrinho',
        'Disallow: /checkout',
        'Disallow: /confirmacao-pedido',
        'Disallow: /pedido/',
        'Disallow: /api/docs',
        '',
        `Sitemap: ${config.publicUrl}/sitemap.xml`,
        '',
      ];
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(lines.join('\n'));
    });

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      let body = catalogCache.get('sitemap')?.body;
      if (body === undefined) {
        const products = await sitemapProducts(db);
        const today = todayInBrasilia();
        const url = (loc: string, lastmod?: string) =>
          `<url><loc>${xmlEscape(`${config.publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
        body = [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...sitemapPages.map((p) => url(p.path, p.sitemap === 'today' ? today : undefined)),
          ...loadArticles().map((a) => url(articleHref(a.slug))),
          ...products.map((p) => url(buildPath(paths.local, { slug: p.slug }), p.lastmod)),
          '</urlset>',
          '',
        ].join('\n');
        catalogCache.set('sitemap', body);
      }
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    });
  };
