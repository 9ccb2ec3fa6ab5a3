import { articleCategories, parseArticle, type Article } from '@urbana/shared';

/**
 * The knowledge centre's Markdown files, bundled with the pages that show them (only /central and
 * its articles load this module).
 */
const files = import.meta.glob<string>('../../../../../packages/shared/content/central/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const articles: Article[] = Object.entries(files)
  .map(([file, raw]) => parseArticle(file.slice(file.lastIndexOf('/') + 1, -3), raw))
  .sort(
    (a, b) =>
      articleCategories.indexOf(a.category) - articleCategories.indexOf(b.category) || a.order - b.order,
  );

export const findArticle = (slug: string | undefined) => articles.find((a) => a.slug === slug);
