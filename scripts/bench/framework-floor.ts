/**
 * The framework floor of the JavaScript budgets (docs/decisions/117-javascript-budgets-over-the-framework-floor.md):
 * what React 19 (react, react-dom), React Router and TanStack Query weigh by themselves, built in the
 * same run as the app, with the app's Vite config (the same minifier, chunk groups and Zopfli `.gz`
 * copies; hidden source maps, which change no byte of the code and name the packages the framework
 * brings) from an entry that imports exactly what the browser app imports from them — the names read
 * from apps/web/src (tests and the server entry aside) — and nothing of Urbana's own.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildWithMaps, packagesIn } from './page-composition.ts';
import { pageFiles, sizeOf } from './page-files.ts';

/** The packages of the floor, as the app imports them. */
export const floorPackages = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@tanstack/react-query',
] as const;

export interface FrameworkFloor {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  /** The packages whose code the floor's build holds: the framework, as a page's modules are sorted. */
  packages: Set<string>;
  /** The names imported from each package (the entry's imports). */
  imports: Record<string, string[]>;
}

const browserSource = (file: string) =>
  /\.tsx?$/.test(file) &&
  !/\.test\.tsx?$/.test(file) &&
  !/[\\/]test-utils[\\/]/.test(file) &&
  !file.endsWith('entry-server.tsx');

/** Every value (not type) named import of the floor's packages in the browser app's sources. */
export function floorImports(webSrc: string): Record<string, string[]> {
  const found = new Map<string, Set<string>>(floorPackages.map((name) => [name, new Set<string>()]));
  // JSX compiles to the automatic runtime's calls.
  for (const name of ['jsx', 'jsxs', 'Fragment']) found.get('react/jsx-runtime')!.add(name);
  for (const entry of readdirSync(webSrc, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !browserSource(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const [, names, from] of text.matchAll(/import\s+(?!type\s)([^;]*?)\s+from\s+'([^']+)'/g)) {
      const wanted = found.get(from!);
      if (!wanted) continue;
      const braces = /\{([^}]*)\}/.exec(names!)?.[1];
      if (braces === undefined || /\*\s+as|^\s*\w+\s*(,|$)/.test(names!)) {
        throw new Error(`importação não nomeada de ${from} em ${file}: conte-a em framework-floor.ts`);
      }
      for (const part of braces.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) wanted.add(name);
      }
    }
  }
  return Object.fromEntries([...found].map(([name, names]) => [name, [...names].sort()]));
}

/** The floor entry: the imports, each kept by the bundler as the app keeps them (they are used). */
function floorEntry(imports: Record<string, string[]>): string {
  const lines: string[] = [];
  const used: string[] = [];
  Object.entries(imports).forEach(([from, names], index) => {
    if (names.length === 0) return;
    lines.push(`import { ${names.map((name) => `${name} as m${index}_${name}`).join(', ')} } from '${from}';`);
    used.push(...names.map((name) => `m${index}_${name}`));
  });
  lines.push(`(globalThis as Record<string, unknown>).__floor = [${used.join(', ')}];`);
  return `${lines.join('\n')}\n`;
}

/** Builds the floor entry with the app's Vite config into a scratch folder and weighs what it loads. */
export async function measureFrameworkFloor(root: string): Promise<FrameworkFloor> {
  const web = path.join(root, 'apps/web');
  const imports = floorImports(path.join(web, 'src'));
  // Inside the web app's folder, so that the entry resolves the packages as the app does.
  const scratchParent = path.join(web, 'node_modules/.cache');
  mkdirSync(scratchParent, { recursive: true });
  const scratch = mkdtempSync(path.join(scratchParent, 'piso-'));
  try {
    const entry = path.join(scratch, 'floor.ts');
    writeFileSync(entry, floorEntry(imports));
    const outDir = path.join(scratch, 'dist');
    await buildWithMaps(root, outDir, entry);
    const files = pageFiles(outDir, []);
    return {
      gzipBytes: files.reduce((sum, file) => sum + sizeOf(file).gzip, 0),
      rawBytes: files.reduce((sum, file) => sum + sizeOf(file).raw, 0),
      files: files.length,
      packages: packagesIn(files),
      imports,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
