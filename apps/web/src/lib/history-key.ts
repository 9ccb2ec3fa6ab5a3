/**
 * Gives the document's history entry a key of its own when it has none (a page opened by its
 * address, a link from an e-mail, a bookmark), as React Router's framework mode does. Scroll
 * positions are kept by that key: without it every such page was 'default' and opened where the one
 * before it had been left. A reload or Back keeps the entry, and with it the page's own place.
 */
export function keyTheFirstEntry() {
  const state = window.history.state as { key?: string } | null;
  if (state?.key) return;
  window.history.replaceState({ ...state, key: Math.random().toString(36).slice(2, 10) }, '');
}
