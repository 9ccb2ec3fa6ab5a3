import { defaultDescription, fullTitle } from '@urbana/shared';

function setMeta(selector: string, attr: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attr, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * Keeps the head in step with the page on navigation (the server wrote it for the first page):
 * title, description, canonical address and the Open Graph card.
 */
export function setPageHead(head: { title: string | null; description?: string | undefined }) {
  const title = head.title ? fullTitle(head.title) : 'Urbana — mídia exterior';
  const description = head.description ?? defaultDescription;
  document.title = title;
  setMeta('meta[name="description"]', 'name', 'description', description);
  setMeta('meta[property="og:title"]', 'property', 'og:title', title);
  setMeta('meta[property="og:description"]', 'property', 'og:description', description);
  const url = `${window.location.origin}${window.location.pathname}`;
  setMeta('meta[property="og:url"]', 'property', 'og:url', url);
  const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) canonical.href = url;
}
