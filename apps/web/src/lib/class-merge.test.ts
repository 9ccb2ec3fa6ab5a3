import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge.ts';

/** Every string literal of apps/web/src (tests aside). */
function literals(): string[] {
  const root = path.resolve(import.meta.dirname, '..');
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes('.test.')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g))
      found.push(match[1] ?? match[2] ?? match[3]!);
  }
  return found;
}

function classTokens(): string[] {
  const tokens = new Set(literals().flatMap((literal) => literal.split(/\s+/).filter(Boolean)));
  // A token tailwind-merge knows drops its own earlier copy; words it does not know stay twice.
  return [...tokens].filter((token) => twMerge(`${token} ${token}`) === token).sort();
}

/** `sm:hover:p-2` → ['sm:hover', 'p-2'], reading `:` only outside brackets. */
function splitVariants(token: string): [string, string] {
  let depth = 0;
  let last = -1;
  for (let i = 0; i < token.length; i += 1) {
    if (token[i] === '[') depth += 1;
    else if (token[i] === ']') depth -= 1;
    else if (token[i] === ':' && depth === 0) last = i;
  }
  return [token.slice(0, Math.max(last, 0)), token.slice(last + 1)];
}

const tokens = classTokens();
const bases = [...new Set(tokens.map((token) => splitVariants(token)[1].replace(/^!|!$/g, '')))];
const variants = [...new Set(tokens.map((token) => splitVariants(token)[0]).filter(Boolean))];

/**
 * The oracle for `mergeClasses` (docs/decisions/046-javascript-budgets.md): tailwind-merge itself,
 * on every class token written in apps/web/src — each pair in both orders, and under the variants
 * the app writes — so that `cn()` gives every component the classes it had.
 */
describe('mergeClasses against tailwind-merge', () => {
  it('reads enough of the app to mean something', () => {
    expect(bases.length).toBeGreaterThan(300);
    expect(variants).toContain('sm');
  });

  // About 290,000 pairs, a few seconds on a quiet machine: more on a busy one.
  it('agrees on every pair of class tokens of the app', () => {
    const differences: string[] = [];
    for (const a of bases) {
      for (const b of bases) {
        const classes = `${a} ${b}`;
        if (mergeClasses(classes) !== twMerge(classes)) differences.push(classes);
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('agrees under variants, important and opacity', () => {
    const differences: string[] = [];
    const variantsAndImportant = [...variants, 'hover:focus', 'focus:hover'];
    for (const a of bases) {
      for (const variant of variantsAndImportant) {
        for (const classes of [
          `${variant}:${a} ${a}`,
          `${a} ${variant}:${a}`,
          `${variant}:${a} ${variant}:${a}`,
          `!${a} ${a}`,
          `${a} ${a}!`,
        ]) {
          if (mergeClasses(classes) !== twMerge(classes)) differences.push(classes);
        }
      }
    }
    expect(differences).toEqual([]);
  }, 60_000);

  it('agrees on every class list the app writes, each whole', () => {
    const lists = literals().filter((list) => list.split(/\s+/).length > 1);
    expect(lists.length).toBeGreaterThan(300);
    expect(lists.filter((list) => mergeClasses(list) !== twMerge(list))).toEqual([]);
    // A component's own classes with a caller's that override some of them.
    const overridden =
      'inline-flex items-center px-4 py-2 text-sm ml-1 hidden sm:inline-flex p-3 text-slate-600';
    expect(mergeClasses(overridden)).toBe(twMerge(overridden));
    expect(mergeClasses(overridden)).toBe(
      'items-center text-sm ml-1 hidden sm:inline-flex p-3 text-slate-600',
    );
  });

  it('answers a list asked again as the first time, also after more lists than it keeps', () => {
    const list = 'px-4 py-2 p-3 text-sm text-base';
    const first = mergeClasses(list);
    expect(first).toBe('p-3 text-base');
    for (let i = 0; i < 2500; i += 1) {
      expect(mergeClasses(`w-${i} w-[${i}px] mt-${i % 7}`)).toBe(`w-[${i}px] mt-${i % 7}`);
    }
    expect(mergeClasses(list)).toBe(first);
    expect(mergeClasses(`w-3 w-[3px] mt-3`)).toBe('w-[3px] mt-3');
  });
});
