import { count } from 'drizzle-orm';
import { productTypes, type ProductType } from '@urbana/shared';
import type { Db } from '../db/client.ts';
import { coupons, productPhotos, products, towers } from '../db/schema/index.ts';
import { generateProductPhoto, type StoredPhoto } from './photos.ts';
import type { Storage } from './storage.ts';

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

/** A neighbourhood and the streets that run through it: an address takes its street from here. */
export interface DemoArea {
  name: string;
  lat: number;
  lng: number;
  streets: readonly string[];
}

export interface DemoCity {
  name: string;
  uf: string;
  areas: readonly DemoArea[];
}

const area = (name: string, lat: number, lng: number, ...streets: string[]): DemoArea => ({
  name,
  lat,
  lng,
  streets,
});

/**
 * Brasília's neighbourhoods, each with streets that really cross it (issue #16 item 16: an address
 * used to pair any street of the city with any neighbourhood, "Avenida Hélio Prates, Lago Sul").
 */
const brasilia: DemoCity = {
  name: 'Brasília',
  uf: 'DF',
  areas: [
    area('Asa Sul', -15.8156, -47.8947, 'Via W3 Sul', 'Via L2 Sul', 'Eixo Rodoviário Sul'),
    area('Asa Norte', -15.7635, -47.8806, 'Via W3 Norte', 'Via L2 Norte', 'Eixo Rodoviário Norte'),
    area('Setor Comercial Sul', -15.7975, -47.8919, 'Via W3 Sul', 'Via S2'),
    area('Eixo Monumental', -15.7901, -47.8974, 'Eixo Monumental', 'Via N1', 'Via S1'),
    area('Sudoeste', -15.7985, -47.9239, 'Estrada Parque Indústrias Gráficas'),
    area('Noroeste', -15.7539, -47.9118, 'Estrada Parque Indústria e Abastecimento'),
    area('Lago Sul', -15.8416, -47.877, 'Estrada Parque Dom Bosco', 'Estrada Parque Aeroporto'),
    area('Lago Norte', -15.7359, -47.838, 'Estrada Parque Paranoá', 'Estrada Parque Península Norte'),
    area(
      'Águas Claras',
      -15.8402,
      -48.0276,
      'Avenida das Araucárias',
      'Avenida Castanheiras',
      'Avenida Pau-Brasil',
    ),
    area(
      'Taguatinga',
      -15.8336,
      -48.0565,
      'Avenida Comercial Norte',
      'Avenida Hélio Prates',
      'Avenida Samdu Norte',
    ),
    area('Guará', -15.8213, -47.9788, 'Estrada Parque Guará', 'Estrada Parque Taguatinga'),
    area('Ceilândia', -15.8199, -48.1081, 'Avenida Hélio Prates', 'Avenida Elmo Serejo'),
  ],
};

/** Every other state capital, with a few central neighbourhoods and streets of each. */
const capitals: readonly DemoCity[] = [
  {
    name: 'São Paulo',
    uf: 'SP',
    areas: [
      area('Bela Vista', -23.5614, -46.6559, 'Avenida Paulista', 'Rua Treze de Maio'),
      area('Pinheiros', -23.5662, -46.6916, 'Rua dos Pinheiros', 'Rua Teodoro Sampaio'),
      area('Itaim Bibi', -23.5846, -46.6789, 'Avenida Brigadeiro Faria Lima', 'Rua Joaquim Floriano'),
      area('Moema', -23.6005, -46.6658, 'Avenida Ibirapuera', 'Alameda dos Maracatins'),
    ],
  },
  {
    name: 'Rio de Janeiro',
    uf: 'RJ',
    areas: [
      area('Copacabana', -22.9711, -43.1863, 'Avenida Atlântica', 'Avenida Nossa Senhora de Copacabana'),
      area('Ipanema', -22.9838, -43.2096, 'Rua Visconde de Pirajá', 'Avenida Vieira Souto'),
      area('Centro', -22.9035, -43.1764, 'Avenida Rio Branco', 'Avenida Presidente Vargas'),
      area('Barra da Tijuca', -23.0004, -43.3659, 'Avenida das Américas', 'Avenida Lúcio Costa'),
    ],
  },
  {
    name: 'Salvador',
    uf: 'BA',
    areas: [
      area('Barra', -13.0096, -38.5313, 'Avenida Oceânica', 'Avenida Sete de Setembro'),
      area('Pituba', -12.999, -38.4566, 'Avenida Manoel Dias da Silva', 'Avenida Paulo VI'),
      area('Caminho das Árvores', -12.9817, -38.4567, 'Avenida Tancredo Neves'),
    ],
  },
  {
    name: 'Fortaleza',
    uf: 'CE',
    areas: [
      area('Meireles', -3.7262, -38.4947, 'Avenida Beira-Mar', 'Avenida da Abolição'),
      area('Aldeota', -3.7367, -38.496, 'Avenida Santos Dumont', 'Avenida Dom Luís'),
      area('Centro', -3.7277, -38.527, 'Avenida Duque de Caxias', 'Rua Major Facundo'),
    ],
  },
  {
    name: 'Belo Horizonte',
    uf: 'MG',
    areas: [
      area('Savassi', -19.9386, -43.9344, 'Avenida Getúlio Vargas', 'Avenida Cristóvão Colombo'),
      area('Centro', -19.9191, -43.9386, 'Avenida Afonso Pena', 'Avenida Amazonas'),
      area('Lourdes', -19.9317, -43.9436, 'Avenida Álvares Cabral'),
    ],
  },
  {
    name: 'Manaus',
    uf: 'AM',
    areas: [
      area('Centro', -3.1303, -60.0234, 'Avenida Eduardo Ribeiro', 'Avenida Sete de Setembro'),
      area('Adrianópolis', -3.1008, -60.012, 'Avenida Mário Ypiranga'),
      area('Ponta Negra', -3.0707, -60.098, 'Avenida Coronel Teixeira'),
    ],
  },
  {
    name: 'Curitiba',
    uf: 'PR',
    areas: [
      area('Centro', -25.4296, -49.2713, 'Rua XV de Novembro', 'Avenida Marechal Floriano Peixoto'),
      area('Batel', -25.4418, -49.2885, 'Avenida do Batel', 'Rua Comendador Araújo'),
    ],
  },
  {
    name: 'Recife',
    uf: 'PE',
    areas: [
      area('Boa Viagem', -8.1276, -34.9006, 'Avenida Boa Viagem', 'Avenida Conselheiro Aguiar'),
      area('Boa Vista', -8.0603, -34.8885, 'Avenida Conde da Boa Vista', 'Rua da Aurora'),
    ],
  },
  {
    name: 'Goiânia',
    uf: 'GO',
    areas: [
      area('Centro', -16.6799, -49.255, 'Avenida Goiás', 'Avenida Anhanguera'),
      area('Setor Bueno', -16.704, -49.27, 'Avenida T-63', 'Avenida T-9'),
      area('Setor Marista', -16.7012, -49.262, 'Avenida 85'),
    ],
  },
  {
    name: 'Belém',
    uf: 'PA',
    areas: [
      area('Nazaré', -1.4536, -48.4856, 'Avenida Nazaré', 'Avenida Governador José Malcher'),
      area('Umarizal', -1.4434, -48.4837, 'Avenida Visconde de Souza Franco'),
      area('Campina', -1.4526, -48.5, 'Avenida Presidente Vargas'),
    ],
  },
  {
    name: 'Porto Alegre',
    uf: 'RS',
    areas: [
      area('Centro Histórico', -30.031, -51.23, 'Avenida Borges de Medeiros', 'Rua dos Andradas'),
      area('Moinhos de Vento', -30.0258, -51.2019, 'Rua Padre Chagas'),
      area('Cidade Baixa', -30.042, -51.221, 'Rua da República', 'Rua João Alfredo'),
    ],
  },
  {
    name: 'São Luís',
    uf: 'MA',
    areas: [
      area('Centro', -2.5307, -44.302, 'Rua Grande', 'Avenida Pedro II'),
      area('Renascença', -2.5003, -44.2903, 'Avenida Colares Moreira'),
      area('Calhau', -2.4862, -44.2543, 'Avenida Litorânea'),
    ],
  },
  {
    name: 'Maceió',
    uf: 'AL',
    areas: [
      area('Ponta Verde', -9.6646, -35.705, 'Avenida Álvaro Otacílio', 'Avenida Sandoval Arroxelas'),
      area('Pajuçara', -9.6668, -35.7135, 'Avenida Doutor Antônio Gouveia'),
      area('Centro', -9.666, -35.7356, 'Rua do Comércio'),
    ],
  },
  {
    name: 'Campo Grande',
    uf: 'MS',
    areas: [area('Centro', -20.4628, -54.614, 'Avenida Afonso Pena', 'Rua 14 de Julho', 'Avenida Calógeras')],
  },
  {
    name: 'Natal',
    uf: 'RN',
    areas: [
      area('Ponta Negra', -5.8797, -35.1772, 'Avenida Engenheiro Roberto Freire'),
      area('Petrópolis', -5.7849, -35.2046, 'Avenida Hermes da Fonseca', 'Avenida Afonso Pena'),
      area('Lagoa Nova', -5.8185, -35.2117, 'Avenida Senador Salgado Filho', 'Avenida Prudente de Morais'),
    ],
  },
  {
    name: 'Teresina',
    uf: 'PI',
    areas: [
      area('Centro', -5.0892, -42.8019, 'Avenida Frei Serafim'),
      area('Jóquei', -5.0645, -42.7868, 'Avenida Nossa Senhora de Fátima'),
    ],
  },
  {
    name: 'João Pessoa',
    uf: 'PB',
    areas: [
      area(
        'Tambaú',
        -7.1159,
        -34.8236,
        'Avenida Almirante Tamandaré',
        'Avenida Nossa Senhora dos Navegantes',
      ),
      area('Manaíra', -7.1, -34.8302, 'Avenida Flávio Ribeiro Coutinho'),
      area('Centro', -7.1195, -34.8807, 'Avenida General Osório', 'Rua Duque de Caxias'),
    ],
  },
  {
    name: 'Aracaju',
    uf: 'SE',
    areas: [
      area('Atalaia', -10.9862, -37.053, 'Avenida Santos Dumont'),
      area('Jardins', -10.9445, -37.0588, 'Avenida Ministro Geraldo Barreto Sobral'),
      area('Centro', -10.9112, -37.05, 'Rua João Pessoa', 'Avenida Ivo do Prado'),
    ],
  },
  {
    name: 'Cuiabá',
    uf: 'MT',
    areas: [area('Centro Sul', -15.6, -56.098, 'Avenida Getúlio Vargas', 'Avenida Isaac Póvoas')],
  },
  {
    name: 'Porto Velho',
    uf: 'RO',
    areas: [area('Centro', -8.7612, -63.9004, 'Avenida Sete de Setembro', 'Avenida Presidente Dutra')],
  },
  {
    name: 'Macapá',
    uf: 'AP',
    areas: [area('Centro', 0.0342, -51.0546, 'Avenida FAB', 'Rua Cândido Mendes')],
  },
  {
    name: 'Florianópolis',
    uf: 'SC',
    areas: [
      area('Centro', -27.5963, -48.5502, 'Rua Felipe Schmidt', 'Avenida Hercílio Luz'),
      area('Agronômica', -27.5802, -48.5366, 'Avenida Jornalista Rubens de Arruda Ramos'),
      area('Trindade', -27.588, -48.522, 'Rua Lauro Linhares'),
    ],
  },
  {
    name: 'Rio Branco',
    uf: 'AC',
    areas: [area('Centro', -9.9747, -67.8076, 'Avenida Brasil', 'Avenida Getúlio Vargas')],
  },
  {
    name: 'Vitória',
    uf: 'ES',
    areas: [
      area('Praia do Canto', -20.2945, -40.294, 'Avenida Saturnino de Brito'),
      area('Jardim da Penha', -20.282, -40.293, 'Avenida Fernando Ferrari'),
      area('Centro', -20.3195, -40.338, 'Avenida Jerônimo Monteiro', 'Avenida Princesa Isabel'),
    ],
  },
  {
    name: 'Boa Vista',
    uf: 'RR',
    areas: [area('Centro', 2.8194, -60.6714, 'Avenida Jaime Brasil', 'Avenida Ville Roy')],
  },
  {
    name: 'Palmas',
    uf: 'TO',
    areas: [
      area(
        'Plano Diretor Sul',
        -10.185,
        -48.334,
        'Avenida Teotônio Segurado',
        'Avenida Juscelino Kubitschek',
      ),
    ],
  },
];

/** The demo's cities: Brasília first, then the capitals (exported for the catalogue's own test). */
export const demoCities: readonly DemoCity[] = [brasilia, ...capitals];

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
export async function seedCatalog(db: Db, storage: Storage, options: SeedOptions = {}) {
  const log = options.log ?? (() => {});
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return { products: 0, towers: 0, skipped: true };

  // A pool of photos per type, shared by products of that type.
  const pool = new Map<ProductType, StoredPhoto[]>();
  for (const type of productTypes) {
    const photos: StoredPhoto[] = [];
    for (let v = 0; v < PHOTO_VARIANTS; v++) photos.push(await generateProductPhoto(storage, type, v));
    pool.set(type, photos);
  }
  log(`${productTypes.length * PHOTO_VARIANTS} fotos geradas`);

  const cities = demoCities;
  const demoTotal = 48 + 26 * 4;
  const total = Math.max(options.products ?? demoTotal, 1);
  const r = random(20261121);
  const usedSlugs = new Set<string>();
  let productCount = 0;
  let towerCount = 0;
  const BATCH = 500;

  for (let start = 0; start < total; start += BATCH) {
    const productRows: Array<typeof products.$inferInsert> = [];
    const towerRows: Array<typeof towers.$inferInsert> = [];
    const photoRows: Array<typeof productPhotos.$inferInsert> = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      // The first 48 are in Brasília, the next 104 four per capital; beyond that, spread over all.
      const city =
        i < 48
          ? brasilia
          : i < demoTotal
            ? cities[1 + Math.floor((i - 48) / 4)]!
            : // Beyond the demo, an equal share per city, inserted city by city (a catalogue grows by region).
              cities[Math.floor(((i - demoTotal) * cities.length) / (total - demoTotal))]!;
      const type = productTypes[i % productTypes.length]!;
      const profile = profiles[type];
      const place = r.pick(city.areas);
      const { name: area, lat: alat, lng: alng } = place;
      // The street is one of this neighbourhood's own (issue #16 item 16).
      const street = r.pick(place.streets);
      const building = r.pick(buildingNames);
      const name = nameFor(type, area, street, building, r.int(100, 999));
      let slug = slugify(`${name}-${city.name}`);
      if (usedSlugs.has(slug)) slug = `${slug}-${i}`;
      usedSlugs.add(slug);
      const id = r.uuid();
      const towersHere = r.int(profile.towers[0], profile.towers[1]);
      const isTower = type === 'torre';
      let audience = 0;
      for (let t = 0; t < towersHere; t++) {
        const towerAudience = r.int(profile.audience[0], profile.audience[1]);
        audience += towerAudience;
        towerRows.push({
          product_id: id,
          name: isTower ? `Torre ${String.fromCharCode(65 + t)}` : 'Face principal',
          screens: isTower ? r.int(2, 6) : 1,
          weekly_audience: towerAudience,
          slots: r.int(profile.slots[0], profile.slots[1]),
        });
      }
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
