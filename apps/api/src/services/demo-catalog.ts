import { count } from 'drizzle-orm';
import { productTypes, type ProductType } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { coupons, productPhotos, products, towers } from '../db/schema/index.ts';
import { generateProductPhoto, type StoredPhoto } from './photos.ts';
import type { Storage } from './storage.ts';
import { brasilia, demoCities } from './demo-cities.ts';

/** A deterministic pseudo-random sequence (mulberry32): the same catalogue on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A version-4-shaped UUID from the sequence, so that ids too are the same on every machine. */
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
      hex[12] = '4';
      hex[16] = ((Math.floor(next() * 4) + 8) as number).toString(16);
      const h = hex.join('');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}

const buildingNames = [
  'Aurora',
  'Parque das Flores',
  'Solar',
  'Horizonte',
  'Monte Verde',
  'Jardins',
  'Ipê Amarelo',
  'Bela Vista',
  'Atlântico',
  'Planalto',
  'Cerrado',
  'Lumière',
  'Vitória Régia',
  'Alvorada',
];

const audiences = [
  'Classes A e B, 25 a 54 anos, moradores e visitantes',
  'Trabalhadores de escritório, 22 a 50 anos, alto poder de compra',
  'Fluxo misto de motoristas e pedestres, todas as idades',
  'Estudantes e jovens adultos, 18 a 34 anos',
  'Famílias das classes B e C, moradores da região',
];

interface TypeProfile {
  price: [number, number];
  audience: [number, number];
  towers: [number, number];
  slots: [number, number];
  hours: string;
}

/** Daily prices in whole reais; audiences are weekly impressions (per tower for towers). */
const profiles: Record<ProductType, TypeProfile> = {
  torre: {
    price: [45, 140],
    audience: [3_000, 15_000],
    towers: [2, 12],
    slots: [4, 8],
    hours: 'Todos os dias, 6h às 23h',
  },
  painel_led: {
    price: [280, 950],
    audience: [150_000, 800_000],
    towers: [1, 1],
    slots: [6, 10],
    hours: 'Todos os dias, 6h às 24h',
  },
  outdoor: {
    price: [60, 210],
    audience: [80_000, 400_000],
    towers: [1, 1],
    slots: [1, 1],
    hours: 'Visível 24 horas, iluminado à noite',
  },
  empena: {
    price: [320, 1_200],
    audience: [200_000, 1_000_000],
    towers: [1, 1],
    slots: [1, 1],
    hours: 'Visível 24 horas',
  },
  mobiliario_urbano: {
    price: [35, 95],
    audience: [20_000, 120_000],
    towers: [1, 1],
    slots: [4, 6],
    hours: 'Todos os dias, 5h às 24h',
  },
};

function nameFor(type: ProductType, area: string, street: string, building: string, n: number): string {
  switch (type) {
    case 'torre':
      return `Condomínio ${building} — ${area}`;
    case 'painel_led':
      return `Painel de LED ${street}`;
    case 'outdoor':
      return `Outdoor ${street}, ${area}`;
    case 'empena':
      return `Empena Edifício ${building}`;
    case 'mobiliario_urbano':
      return `Abrigo de ônibus ${street} ${n}`;
  }
}

/**
 * A name no other product of the catalogue has: the neighbourhood is added, then a number. Two
 * "Empena Edifício Aurora" side by side in the search could not be told apart (issue #40 item 10).
 */
function uniqueName(used: Set<string>, name: string, area: string): string {
  let unique = used.has(name) && !name.includes(area) ? `${name} — ${area}` : name;
  for (let n = 2; used.has(unique); n++) unique = `${name} ${n}`;
  used.add(unique);
  return unique;
}

function describe(type: ProductType, area: string, city: string): string {
  const where = `${area}, ${city}`;
  switch (type) {
    case 'torre':
      return `Telas verticais nos elevadores e halls das torres do condomínio, em ${where}. Sua marca no dia a dia de quem mora ali, várias vezes por dia.`;
    case 'painel_led':
      return `Painel de LED de alta luminosidade em via de grande fluxo em ${where}. Spots em loop com outros anunciantes.`;
    case 'outdoor':
      return `Outdoor 9 × 3 m com iluminação noturna em ${where}. Um anunciante por vez, visível o dia todo.`;
    case 'empena':
      return `Empena de grande formato na lateral de edifício em ${where}, vista de longe por motoristas e pedestres.`;
    case 'mobiliario_urbano':
      return `Tela digital em abrigo de ônibus em ${where}, na altura dos olhos de quem espera e de quem passa.`;
  }
}

function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface SeedOptions {
  /** Total products; the default is the demo size (Brasília plus every state capital). */
  products?: number;
  log?: (message: string) => void;
}

export const PHOTO_VARIANTS = 4;

/**
 * The demo catalogue: at least 40 products in Brasília, products in every state capital, all five
 * types, tower products with 2–12 towers. Larger counts spread over the capitals for benchmarks.
 */
/** A pool of photos per type, shared by products of that type. */
async function photoPool(storage: Storage) {
  const pool = new Map<ProductType, StoredPhoto[]>();
  for (const type of productTypes) {
    const photos: StoredPhoto[] = [];
    for (let v = 0; v < PHOTO_VARIANTS; v++) photos.push(await generateProductPhoto(storage, type, v));
    pool.set(type, photos);
  }
  return pool;
}

/** The city of product i: the first 48 in Brasília, the next 104 four per capital; beyond, spread over all. */
function demoCity(i: number, total: number, demoTotal: number) {
  const cities = demoCities;
  return i < 48
    ? brasilia
    : i < demoTotal
      ? cities[1 + Math.floor((i - 48) / 4)]!
      : // Beyond the demo, an equal share per city, inserted city by city (a catalogue grows by region).
        cities[Math.floor(((i - demoTotal) * cities.length) / (total - demoTotal))]!;
}

/** A product's towers (or its one face) and their summed audience, drawn from the sequence in order. */
function demoTowers(r: ReturnType<typeof random>, productId: string, type: ProductType) {
  const profile = profiles[type];
  const rows: Array<typeof towers.$inferInsert> = [];
  const towersHere = r.int(profile.towers[0], profile.towers[1]);
  const isTower = type === 'torre';
  let audience = 0;
  for (let t = 0; t < towersHere; t++) {
    const towerAudience = r.int(profile.audience[0], profile.audience[1]);
    audience += towerAudience;
    rows.push({
      product_id: productId,
      name: isTower ? `Torre ${String.fromCharCode(65 + t)}` : 'Face principal',
      screens: isTower ? r.int(2, 6) : 1,
      weekly_audience: towerAudience,
      slots: r.int(profile.slots[0], profile.slots[1]),
    });
  }
  return { rows, audience };
}

export async function seedCatalog(db: Db, storage: Storage, options: SeedOptions = {}) {
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return { products: 0, towers: 0, skipped: true };

  const pool = await photoPool(storage);
  log(`${productTypes.length * PHOTO_VARIANTS} fotos geradas`);

  const demoTotal = 48 + 26 * 4;
  const total = Math.max(options.products ?? demoTotal, 1);
  const r = random(20261121);
  const usedSlugs = new Set<string>();
  const usedNames = new Set<string>();
  let productCount = 0;
  let towerCount = 0;
  const BATCH = 500;

  for (let start = 0; start < total; start += BATCH) {
    const productRows: Array<typeof products.$inferInsert> = [];
    const towerRows: Array<typeof towers.$inferInsert> = [];
    const photoRows: Array<typeof productPhotos.$inferInsert> = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const city = demoCity(i, total, demoTotal);
      const type = productTypes[i % productTypes.length]!;
      const profile = profiles[type];
      const place = r.pick(city.areas);
      const { name: area, lat: alat, lng: alng } = place;
      // The street is one of this neighbourhood's own (issue #16 item 16).
      const street = r.pick(place.streets);
      const building = r.pick(buildingNames);
      const name = uniqueName(usedNames, nameFor(type, area, street, building, r.int(100, 999)), area);
      let slug = slugify(`${name}-${city.name}`);
      if (usedSlugs.has(slug)) slug = `${slug}-${i}`;
      usedSlugs.add(slug);
      const id = r.uuid();
      const isTower = type === 'torre';
      const { rows: productTowers, audience } = demoTowers(r, id, type);
      towerRows.push(...productTowers);
      productRows.push({
        id,
        slug,
        name,
        description: describe(type, area, city.name),
        type,
        address: `${street}, ${r.int(10, 2999)}`,
        neighborhood: area,
        city: city.name,
        state: city.uf,
        latitude: Number((alat + (r.next() - 0.5) * 0.02).toFixed(6)),
        longitude: Number((alng + (r.next() - 0.5) * 0.02).toFixed(6)),
        daily_price: r.int(profile.price[0], profile.price[1]) * 100,
        is_tower_based: isTower,
        weekly_audience: audience,
        audience_profile: r.pick(audiences),
        operating_hours: profile.hours,
        status: 'ativo',
      });
      const photos = pool.get(type)!;
      const first = r.int(0, photos.length - 1);
      for (let p = 0; p < 2; p++) {
        const photo = photos[(first + p) % photos.length]!;
        photoRows.push({ product_id: id, ...photo, alt: `${name} — foto ${p + 1}`, position: p });
      }
    }
    await db.transaction(async (tx) => {
      await tx.insert(products).values(productRows);
      await tx.insert(towers).values(towerRows);
      await tx.insert(productPhotos).values(photoRows);
    });
    productCount += productRows.length;
    towerCount += towerRows.length;
    if (total > BATCH) log(`${productCount} de ${total} produtos`);
  }
  return { products: productCount, towers: towerCount, skipped: false };
}

/** Two demo coupons (docs/spec/product.md §8's fields): a first-purchase percentage and a fixed value. */
export async function seedDemoCoupons(db: Db) {
  await db
    .insert(coupons)
    .values([
      { code: 'BEMVINDO10', kind: 'percentual', value: 10, first_purchase_only: true, max_uses_per_user: 1 },
      {
        code: 'URBANA50',
        kind: 'valor',
        value: 5_000,
        min_order: 50_000,
        max_uses: 500,
        max_uses_per_user: 1,
      },
    ])
    .onConflictDoNothing();
}
