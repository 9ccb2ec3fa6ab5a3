/**
 * Tailwind class merging for `cn()`: a later class of the same group (same variants) replaces an
 * earlier one, as tailwind-merge does, for the utilities Urbana writes. tailwind-merge carries the
 * table of every Tailwind utility (8.8 kB gzip on every first visit); this covers the groups found
 * in apps/web/src, and `class-merge.test.ts` checks it against tailwind-merge itself for every pair
 * of class tokens of apps/web/src, with and without variants (docs/decisions/046-javascript-budgets.md).
 * A class of no known group is kept as written, as tailwind-merge keeps classes it does not know.
 */

const exact: Record<string, string> = {};
const set = (group: string, names: string) => {
  for (const name of names.split(' ')) exact[name] = group;
};
set('display', 'block inline inline-block inline-flex flex grid inline-grid contents flow-root table hidden');
set('position', 'static fixed absolute relative sticky');
set('visibility', 'visible invisible collapse');
set('sr', 'sr-only not-sr-only');
set('isolation', 'isolate isolation-auto');
set('text-overflow', 'truncate text-ellipsis text-clip');
set('text-transform', 'uppercase lowercase capitalize normal-case');
set('text-decoration', 'underline overline line-through no-underline');
set('fvn-spacing', 'tabular-nums proportional-nums');
set('border-w', 'border');
set('ring-w', 'ring');
set('outline-w', 'outline');
set('ring-w-inset', 'ring-inset');
set('shadow', 'shadow');
set('rounded', 'rounded');
set(
  'outline-style',
  'outline-none outline-solid outline-dashed outline-dotted outline-double outline-hidden',
);
set('border-style', 'border-solid border-dashed border-dotted border-double border-hidden border-none');
set('border-collapse', 'border-collapse border-separate');
set('flex-direction', 'flex-row flex-row-reverse flex-col flex-col-reverse');
set('flex-wrap', 'flex-wrap flex-wrap-reverse flex-nowrap');
set('break', 'break-normal break-words break-all break-keep');
set('list-style-type', 'list-none list-disc list-decimal');
set('object-fit', 'object-contain object-cover object-fill object-none object-scale-down');
set('transition', 'transition');
set('backdrop-blur', 'backdrop-blur');
set('grow', 'grow');
set('shrink', 'shrink');

const SIZE = /^(\d*xs|sm|base|md|lg|\d*xl)$/;
const LENGTH = /^\[[\d.]+(px|r?em|%|vh|vw|dvh|ch)\]$/;

/** Utilities named by a prefix and a value: [prefix, group for the value (or a fixed group)]. */
const prefixed: Array<[string, string | ((value: string) => string)]> = [
  ...[
    'p',
    'px',
    'py',
    'ps',
    'pe',
    'pt',
    'pr',
    'pb',
    'pl',
    'm',
    'mx',
    'my',
    'ms',
    'me',
    'mt',
    'mr',
    'mb',
    'ml',
  ].map((name): [string, string] => [name, name]),
  ...['inset-x', 'inset-y', 'inset', 'top', 'right', 'bottom', 'left', 'start', 'end'].map(
    (name): [string, string] => [name, name],
  ),
  ...['min-w', 'max-w', 'min-h', 'max-h', 'size', 'w', 'h', 'z', 'order', 'basis', 'shrink', 'grow'].map(
    (name): [string, string] => [name, name],
  ),
  ...['gap-x', 'gap-y', 'gap', 'space-x', 'space-y', 'grid-cols', 'grid-rows', 'leading', 'tracking'].map(
    (name): [string, string] => [name, name],
  ),
  ['col', 'col-start-end'],
  ['flex', 'flex'],
  ['justify-items', 'justify-items'],
  ['justify-self', 'justify-self'],
  ['justify', 'justify-content'],
  ['items', 'align-items'],
  ['self', 'align-self'],
  ['place-items', 'place-items'],
  ['place-content', 'place-content'],
  ['content', (v) => (v.startsWith('[') ? 'content' : 'align-content')],
  ['whitespace', 'whitespace'],
  ['align', 'vertical-align'],
  ['underline-offset', 'underline-offset'],
  ['decoration', 'text-decoration-color'],
  [
    'text',
    (v) =>
      /^(left|center|right|justify|start|end)$/.test(v)
        ? 'text-alignment'
        : SIZE.test(v) || LENGTH.test(v)
          ? 'font-size'
          : 'text-color',
  ],
  [
    'font',
    (v) =>
      /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(v)
        ? 'font-weight'
        : 'font-family',
  ],
  // tailwind-merge 3 reads Tailwind 3's `bg-gradient-to-*` as a colour: so does this table.
  ['bg', (v) => (/^(linear-|\[(url|[\w-]*gradient)\()/.test(v) ? 'bg-image' : 'bg-color')],
  ['from', 'gradient-from'],
  ['via', 'gradient-via'],
  ['to', 'gradient-to'],
  ['border-spacing', 'border-spacing'],
  ['border', borderGroup],
  ['divide', (v) => (/^[xy](-\d+)?$/.test(v) ? `divide-${v[0]}` : 'divide-color')],
  [
    'rounded',
    (v) => {
      const side = /^(tl|tr|br|bl|ss|se|es|ee|[tbrlse])(-|$)/.exec(v);
      return side ? `rounded-${side[1]}` : 'rounded';
    },
  ],
  ['ring-offset', (v) => (/^(\d+|\[[\d.]+px\])$/.test(v) ? 'ring-offset-w' : 'ring-offset-color')],
  ['ring', (v) => (/^(\d+|\[[\d.]+px\])$/.test(v) ? 'ring-w' : 'ring-color')],
  ['outline-offset', 'outline-offset'],
  ['outline', (v) => (/^(\d+|\[[\d.]+px\])$/.test(v) ? 'outline-w' : 'outline-color')],
  [
    'shadow',
    (v) => (SIZE.test(v) || /^(none|inner|\[.*\d(px|rem).*\])$/.test(v) ? 'shadow' : 'shadow-color'),
  ],
  ['opacity', 'opacity'],
  ['cursor', 'cursor'],
  ['pointer-events', 'pointer-events'],
  ['overflow-x', 'overflow-x'],
  ['overflow-y', 'overflow-y'],
  ['overflow', 'overflow'],
  ['object', 'object-position'],
  ['aspect', 'aspect'],
  ['animate', 'animate'],
  ['transition', 'transition'],
  ['rotate', 'rotate'],
  ['translate-x', 'translate-x'],
  ['translate-y', 'translate-y'],
  ['backdrop-blur', 'backdrop-blur'],
  ['fill', 'fill'],
  ['stroke', (v) => (/^\d+$/.test(v) ? 'stroke-w' : 'stroke')],
  ['accent', 'accent'],
  ['scroll-mt', 'scroll-mt'],
  ['line-clamp', 'line-clamp'],
];

function borderGroup(value: string): string {
  const side = /^([xytrblse])(?:-(.*))?$/.exec(value);
  if (side) {
    const width = side[2] === undefined || /^(\d+|\[[\d.]+px\])$/.test(side[2]);
    return `border-${width ? 'w' : 'color'}-${side[1]}`;
  }
  return /^(\d+|\[[\d.]+px\])$/.test(value) ? 'border-w' : 'border-color';
}

const sides = (group: string, names: string) => names.split(' ').map((name) => `${group}-${name}`);
const conflicts: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: sides('rounded', 's e t r b l ss se ee es tl tr br bl'),
  'rounded-s': sides('rounded', 'ss es'),
  'rounded-e': sides('rounded', 'se ee'),
  'rounded-t': sides('rounded', 'tl tr'),
  'rounded-r': sides('rounded', 'tr br'),
  'rounded-b': sides('rounded', 'br bl'),
  'rounded-l': sides('rounded', 'tl bl'),
  'border-w': sides('border-w', 'x y s e t r b l'),
  'border-w-x': sides('border-w', 's e r l'),
  'border-w-y': sides('border-w', 't b'),
  'border-color': sides('border-color', 'x y s e t r b l'),
  'border-color-x': sides('border-color', 's e r l'),
  'border-color-y': sides('border-color', 't b'),
};

/** The class's group, or undefined for a class this table does not know. */
export function classGroup(base: string): string | undefined {
  // An arbitrary property, `[overflow-wrap:anywhere]`: its group is the property.
  const property = /^\[([\w-]+):.+\]$/.exec(base);
  if (property) return `[${property[1]}]`;
  const name = base.startsWith('-') ? base.slice(1) : base;
  const known = exact[name];
  if (known) return known;
  for (const [prefix, group] of prefixed) {
    if (!name.startsWith(`${prefix}-`)) continue;
    const value = name.slice(prefix.length + 1);
    if (!value) return undefined;
    return typeof group === 'string' ? group : group(value);
  }
  return undefined;
}

/** Variants whose order changes what they select (tailwind-merge's `orderSensitiveModifiers`). */
const ORDER_SENSITIVE = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'file',
  'marker',
  'placeholder',
  'selection',
]);

function sortVariants(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || ORDER_SENSITIVE.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()].join(':');
}

/** Splits `sm:hover:!p-2` into its variants and base, outside brackets. */
function parse(token: string): { variants: string[]; base: string; important: boolean } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i += 1) {
    const char = token[i];
    if (char === '[' || char === '(') depth += 1;
    else if (char === ']' || char === ')') depth -= 1;
    else if (char === ':' && depth === 0) {
      parts.push(token.slice(start, i));
      start = i + 1;
    }
  }
  let base = token.slice(start);
  let important = false;
  if (base.startsWith('!') || base.endsWith('!')) {
    important = true;
    base = base.startsWith('!') ? base.slice(1) : base.slice(0, -1);
  }
  // An opacity after a slash (`bg-white/95`) does not change the group.
  const slash = /^(.*[^/])\/[\w.[\]%]+$/.exec(base);
  const grouped =
    slash &&
    !/^(w|h|size|inset|top|left|right|bottom|basis|translate-[xy]|aspect)-/.test(base.replace(/^-/, ''));
  return { variants: parts, base: grouped ? slash[1]! : base, important };
}

/**
 * The merged lists already made. Class lists are nearly all literals of the components, so a page
 * asks the same few hundred lists again and again, on the server for every render and in the
 * browser while it hydrates (tailwind-merge keeps such a cache too). Bounded: the oldest list
 * goes first when full.
 */
const merged = new Map<string, string>();
const MERGED_MAX = 1000;

/** Keeps, of the classes of one group under the same variants, the last one (as tailwind-merge). */
export function mergeClasses(classes: string): string {
  let result = merged.get(classes);
  if (result === undefined) {
    result = mergeUncached(classes);
    if (merged.size >= MERGED_MAX) merged.delete(merged.keys().next().value!);
    merged.set(classes, result);
  }
  return result;
}

function mergeUncached(classes: string): string {
  const tokens = classes.split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    const { variants, base, important } = parse(token);
    const group = classGroup(base);
    if (!group) {
      kept.push(token);
      continue;
    }
    const scope = `${sortVariants(variants)}${important ? '!' : ''}:`;
    if (seen.has(scope + group)) continue;
    seen.add(scope + group);
    for (const other of conflicts[group] ?? []) seen.add(scope + other);
    kept.push(token);
  }
  return kept.reverse().join(' ');
}
