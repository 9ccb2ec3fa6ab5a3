import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A browser build's manifest in `dist` (`.vite/manifest.json`): the entry, the chunk every page
 * shares, the public layout and three public pages, each one file, as Vite writes them; and the
 * modules of each public page's route id (`.vite/pages.json`, as apps/web/page-chunks-plugin.ts writes it).
 */
export function writeWebManifest(dist: string): void {
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dist, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_comum.js'] },
      '_comum.js': { file: 'assets/comum-1.js' },
      'src/app/layouts/public-layout.tsx': { file: 'assets/public-layout-1.js', imports: ['_comum.js'] },
      'src/app/routes/public/home.tsx': { file: 'assets/home-1.js', imports: ['_comum.js'] },
      'src/app/routes/public/search.tsx': { file: 'assets/search-1.js', imports: ['_comum.js'] },
      'src/app/routes/public/product.tsx': { file: 'assets/product-1.js', imports: ['_comum.js'] },
    }),
  );
  const layout = 'src/app/layouts/public-layout.tsx';
  writeFileSync(
    path.join(dist, '.vite/pages.json'),
    JSON.stringify({
      home: [layout, 'src/app/routes/public/home.tsx'],
      buscarLocais: [layout, 'src/app/routes/public/search.tsx'],
      local: [layout, 'src/app/routes/public/product.tsx'],
      carrinho: [layout, 'src/app/routes/public/cart.tsx'],
    }),
  );
}
