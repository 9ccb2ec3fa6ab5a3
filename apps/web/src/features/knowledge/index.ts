// Links into the knowledge centre for any screen (the articles themselves load only on /central).
export { articleHref, articleSlugs, knowledgeArticles, type ArticleSlug } from '@urbana/shared';
export { HelpLink } from './help-link.tsx';
