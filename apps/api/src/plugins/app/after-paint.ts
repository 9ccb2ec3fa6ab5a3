import { createHash } from 'node:crypto';

/**
 * The scripts of a page drawn on the server are asked for after its first paint
 * (docs/decisions/061-scripts-after-the-first-paint.md). The page reads and paints without them: they
 * only hydrate it. Asked with the document, some 140 kB of JavaScript shared a slow link with the
 * stylesheet and the page's photo, and their evaluation could run before the photo was painted.
 */
export const AFTER_PAINT_ID = 'scripts-da-pagina';

/**
 * The loader, inline at the end of the body: when the browser reports the page's first contentful
 * paint (a paint waits for the stylesheet), it adds the module preloads and the entry script listed
 * in the JSON beside it. A browser without paint timing starts them two frames later; a tab in the
 * background, which paints nothing, when the timer runs out.
 */
export const AFTER_PAINT_LOADER =
  '(function(){var done=false;function start(){if(done)return;done=true;' +
  `var list=JSON.parse(document.getElementById('${AFTER_PAINT_ID}').textContent);` +
  "list.preload.forEach(function(href){var link=document.createElement('link');link.rel='modulepreload';" +
  "link.crossOrigin='';link.href=href;document.head.appendChild(link);});" +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  'script.src=list.entry;document.head.appendChild(script);}' +
  "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];if(types.indexOf('paint')>=0){" +
  "new PerformanceObserver(function(entries,observer){if(!entries.getEntriesByName('first-contentful-paint').length)return;" +
  "observer.disconnect();setTimeout(start,0);}).observe({type:'paint',buffered:true});}" +
  'else{requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0);});});}' +
  'setTimeout(start,1000);})();';

/** The loader's hash for the pages' Content-Security-Policy: the one inline script a page may run. */
export const AFTER_PAINT_CSP_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;

const MODULE_TAG =
  /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * The document of a page drawn on the server with its entry script and module preloads taken out of
 * the head and listed for the loader at the end of the body. A document without an entry script is
 * returned as it is.
 */
export function scriptsAfterPaint(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  let entry: string | undefined;
  const preload: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_TAG, (_tag, script?: string, link?: string) => {
    if (script) entry ??= script;
    else if (link && !preload.includes(link)) preload.push(link);
    return '';
  });
  if (!entry) return html;
  // JSON inside a script element: "</" is escaped so no value can close it.
  const list = JSON.stringify({ entry, preload }).replaceAll('</', '<\\/');
  const tail =
    `<script type="application/json" id="${AFTER_PAINT_ID}">${list}</script>` +
    `<script>${AFTER_PAINT_LOADER}</script>`;
  const rest = html.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  return bodyEnd < 0
    ? `${head}${rest}${tail}`
    : `${head}${rest.slice(0, bodyEnd)}${tail}${rest.slice(bodyEnd)}`;
}
