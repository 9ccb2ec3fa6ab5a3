import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { players } from '../src/db/schema/index.ts';
import { createTestApp, createUser, inject, signIn, testConfig, type TestContext } from './helpers.ts';

/** Issue #43 item 1 (decision 090): staff register the player of a screen face; its key is shown once. */
let ctx: TestContext;
let staff = '';
let screenFace = '';
let staticFace = '';

const product = (name: string, type: string, slots: number) => ({
  name,
  type,
  address: 'SCS Quadra 2',
  city: 'Brasília',
  state: 'DF',
  latitude: -15.79,
  longitude: -47.89,
  daily_price: 50_000,
  weekly_audience: 60_000,
  towers: [{ name: 'Face principal', screens: 1, weekly_audience: 60_000, slots }],
});
const player = (tower_id: string, over: object = {}) => ({
  tower_id,
  name: 'Player Painel SCS',
  resolution: '1080x1920',
  orientation: 'retrato',
  loop_seconds: 60,
  spot_seconds: 10,
  opens_at: '06:00',
  closes_at: '23:59',
  ...over,
});

async function faceOf(payload: object) {
  const res = await inject(ctx, { method: 'POST', url: '/api/admin/produtos', cookie: staff, payload });
  expect(res.statusCode, res.body).toBe(201);
  const read = await inject(ctx, {
    method: 'GET',
    url: `/api/admin/produtos/${res.json().id}`,
    cookie: staff,
  });
  return read.json().towers[0].id as string;
}

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ ADMIN_EMAILS: 'chefe-telas@urbana.com.br' }) });
  const { email, password } = await createUser(ctx, { email: 'chefe-telas@urbana.com.br', tipo: 'admin' });
  staff = await signIn(ctx, email, password);
  screenFace = await faceOf(product('Painel LED SCS', 'painel_led', 6));
  staticFace = await faceOf(product('Outdoor SCS', 'outdoor', 1));
}, 180_000);
afterAll(async () => ctx?.close());

describe('telas (players) das faces digitais', () => {
  it('cadastra o player; a chave e o QR code vêm só na resposta do cadastro', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      payload: player(screenFace),
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      product_name: 'Painel LED SCS',
      face_name: 'Face principal',
      loop_seconds: 60,
    });
    expect(created.secret).toMatch(/^[\w-]{40,}$/);
    expect(created.setup_url).toContain(`/tela/${created.id}#chave=${created.secret}`);
    expect(created.qr_svg).toContain('<svg');
    const [row] = await ctx.database.db.select().from(players).where(eq(players.id, created.id));
    expect(row!.secret).toBe(created.secret);
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/telas', cookie: staff });
    expect(list.json().items.map((p: { id: string }) => p.id)).toContain(created.id);
    expect(list.body).not.toContain(created.secret);
    const one = await inject(ctx, { method: 'GET', url: `/api/admin/telas/${created.id}`, cookie: staff });
    expect(one.body).not.toContain(created.secret);
  });

  it('uma face estática não tem player', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      payload: player(staticFace),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Esta face é estática (outdoor, empena ou mobiliário): ela não tem player.',
    );
  });

  it('o loop precisa ter tantos spots quanto a face vende', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      payload: player(screenFace, { loop_seconds: 80 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'O loop tem 8 spots, mas a face vende 6 slots: ajuste o loop ou os slots da face.',
    );
    const odd = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      payload: player(screenFace, { loop_seconds: 65 }),
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('múltiplo da duração do spot');
  });

  it('remove a tela', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      payload: player(screenFace, { name: 'Player reserva' }),
    });
    const id = res.json().id;
    const del = await inject(ctx, { method: 'DELETE', url: `/api/admin/telas/${id}`, cookie: staff });
    expect(del.statusCode).toBe(204);
    const gone = await inject(ctx, { method: 'GET', url: `/api/admin/telas/${id}`, cookie: staff });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Tela não encontrada.' });
  });

  it('a lista diz se a tela está em silêncio, pela regra do alerta', async () => {
    const res = await inject(ctx, {
      method: 'POST',
      url: '/api/admin/telas',
      cookie: staff,
      // Open all day (the same time twice is 24 h), so silence does not hang on the test's clock.
      payload: player(screenFace, { name: 'Player 24 horas', opens_at: '00:00', closes_at: '00:00' }),
    });
    const id = res.json().id as string;
    expect(res.json().silent).toBe(false);
    const quiet = new Date(Date.now() - 2 * 3600_000);
    await ctx.database.db
      .update(players)
      .set({ created_at: quiet, last_seen_at: quiet })
      .where(eq(players.id, id));
    const silent = await inject(ctx, { method: 'GET', url: `/api/admin/telas/${id}`, cookie: staff });
    expect(silent.json()).toMatchObject({ silent: true, last_seen_at: quiet.toISOString() });
    await ctx.database.db.update(players).set({ last_seen_at: new Date() }).where(eq(players.id, id));
    const list = await inject(ctx, { method: 'GET', url: '/api/admin/telas', cookie: staff });
    const row = list.json().items.find((p: { id: string }) => p.id === id);
    expect(row.silent).toBe(false);
  });
});
