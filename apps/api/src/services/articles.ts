import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArticle, type Article } from '@urbana/shared';
import { repoRoot } from '../config.ts';

/** The knowledge centre's Markdown files, the same ones the web app bundles. */
export const articlesDir = path.join(repoRoot, 'packages/shared/content/central');

let cache: Article[] | undefined;

/** Every article, read once (the files ship with the code and change only with a deploy). */
export function loadArticles(): Article[] {
  cache ??= readdirSync(articlesDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseArticle(f.slice(0, -3), readFileSync(path.join(articlesDir, f), 'utf8')));
  return cache;
}

export function findArticle(slug: string): Article | undefined {
  return loadArticles().find((a) => a.slug === slug);
}
