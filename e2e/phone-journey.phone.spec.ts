import { expect, test, type Page } from '@playwright/test';
import { addDays, formatBookingPeriod } from '@urbana/shared';
import { createCustomer, signInWithForm } from './support/users.ts';
import { payAtPsp, personBilling } from './support/orders.ts';

/** dd/mm/aaaa → aaaa-mm-dd */
const isoOf = (br: string) => br.split('/').reverse().join('-');

test('produto no celular: a barra de reserva fica no pé da tela e segue a semana escolhida', async ({
  page,
  request,
}) => {
  const search = await (
    await request.get('/api/search?local=Bras%C3%ADlia&tipo=outdoor&por_pagina=1')
  ).json();
  await page.goto(`/locais/${search.items[0].slug}`);
  const bar = page.getByRole('region', { name: 'Resumo da reserva' });
  await expect(bar).toBeVisible();
  const period = bar.getByTestId('barra-periodo');
  await expect(period).toHaveText(/^de \d\d\/\d\d\/\d{4} até \d\d\/\d\d\/\d{4}$/);
  // One "Adicionar ao carrinho" on a phone: the bar's.
  await expect(page.getByRole('button', { name: 'Adicionar ao carrinho' })).toHaveCount(1);

  // Far down the page the bar is still at the bottom of the screen.
  await page.getByRole('heading', { name: 'Localização' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const viewport = page.viewportSize()!;
  const box = (await bar.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(viewport.height);
  expect(box.y).toBeGreaterThan(viewport.height / 2);
  // Nothing stays under it: at the end of the page the footer ends above the bar.
  const footerBottom = await page.locator('footer').evaluate((f) => f.getBoundingClientRect().bottom);
  expect(footerBottom).toBeLessThanOrEqual(box.y + 1);

  // A week picked in the calendar changes the period the bar shows.
  const week = page
    .getByRole('button', { name: /^Semana de .*: (Livre|Poucas vagas)/ })
    .and(page.locator('[aria-pressed="false"]'))
    .nth(1);
  const label = (await week.getAttribute('aria-label'))!;
  const start = isoOf(label.match(/\d\d\/\d\d\/\d{4}/)![0]);
  await week.click();
  await expect(period).toHaveText(formatBookingPeriod(start, 4));
  await expect(bar).toBeInViewport();
  await bar.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(page.getByTestId('contador-carrinho').first()).toHaveText('1');
});

/** Markers on the map: clusters count their places. */
async function placesOnMap(page: Page) {
  return page.evaluate(() => {
    const pins = document.querySelectorAll('.urbana-pin').length;
    const clusters = [...document.querySelectorAll('.urbana-cluster')].reduce(
      (sum, c) => sum + Number(c.textContent),
      0,
    );
    return pins + clusters;
  });
}

test('busca no celular: "Mapa" mostra todos os resultados (não só a página) e um toque abre o cartão', async ({
  page,
  request,
}) => {
  const first = await (await request.get('/api/search?local=Bras%C3%ADlia&por_pagina=12')).json();
  expect(first.total).toBeGreaterThan(12);
  await page.goto('/buscar-locais');
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
  // The map waits for the switch: a phone shows the list first.
  await expect(page.getByRole('region', { name: 'Mapa dos resultados' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Mapa' }).click();
  const map = page.getByRole('region', { name: 'Mapa dos resultados' });
  await expect(map).toBeInViewport();
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeHidden();
  await expect.poll(() => placesOnMap(page)).toBe(first.total);

  // Tap clusters until a single place's marker shows, then tap it.
  for (let i = 0; i < 6 && (await page.locator('.urbana-pin').count()) === 0; i++) {
    await page.locator('.urbana-cluster').first().tap();
    await page.waitForTimeout(600);
  }
  const pin = page.locator('.urbana-pin').first();
  const pinName = await page.locator('.leaflet-marker-icon', { has: pin }).getAttribute('title');
  await pin.tap();
  const card = page.getByRole('region', { name: 'Local selecionado no mapa' });
  await expect(card).toBeVisible();
  await expect(card).toContainText(pinName!);
  await expect(card).toContainText(/R\$\s?[\d.]+,\d\d\/dia/);
  await expect(card.locator('img')).toBeVisible();
  await card.getByRole('link', { name: 'Ver local' }).click();
  await expect(page).toHaveURL(/\/locais\/[^?]+\?inicio=\d{4}-\d\d-\d\d&semanas=4$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pinName!);

  await page.goBack();
  await page.getByRole('button', { name: 'Mapa' }).click();
  await page.getByRole('button', { name: 'Lista' }).click();
  await expect(page.getByRole('list', { name: 'Resultados' })).toBeVisible();
});

test('Pix no celular: "Copiar código Pix" antes do QR; depois do pagamento, "Enviar a arte"', async ({
  page,
}) => {
  const user = await createCustomer(page.request, 'Paulo Celular');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  const api = page.request;
  const search = await (await api.get('/api/search?local=Brasília&tipo=torre&por_pagina=1')).json();
  const product = await (await api.get(`/api/products/${search.items[0].slug}`)).json();
  expect(
    (
      await api.put('/api/billing-profile', {
        data: personBilling('Paulo Celular'),
      })
    ).status(),
  ).toBe(200);
  const placed = await api.post('/api/orders', {
    headers: { 'idempotency-key': `celular-${Date.now()}` },
    data: {
      items: [
        {
          product_id: product.id,
          // Far ahead, on a tower no other test books that week.
          start_date: addDays(product.period.start, 7 * 47),
          weeks: 1,
          tower_ids: product.towers.slice(-1).map((t: { id: string }) => t.id),
        },
      ],
      payment_method: 'pix',
    },
  });
  expect(placed.status()).toBe(201);
  const order = await placed.json();
  const [item] = (await (await api.get(`/api/orders/${order.id}`)).json()).items;

  await page.goto(`/confirmacao-pedido?orderId=${order.id}`);
  const copy = page.getByRole('button', { name: 'Copiar código Pix' });
  const qr = page.getByRole('img', { name: 'QR Code do Pix' });
  await expect(copy).toBeVisible();
  await expect(qr).toBeVisible();
  const copyBox = (await copy.boundingBox())!;
  const qrBox = (await qr.boundingBox())!;
  expect(copyBox.y + copyBox.height).toBeLessThanOrEqual(qrBox.y);
  // The instruction on a phone is to copy the code, not to scan a QR on the same screen.
  await expect(page.getByText('Copie o código Pix e cole no app do seu banco.')).toBeVisible();
  await expect(page.getByText(/Escaneie o QR Code/)).toBeHidden();

  // The customer pays at the bank (the PSP simulator's page); the PSP calls the webhook.
  await payAtPsp(page.context(), order.code);

  await expect(page.getByRole('heading', { name: 'Pagamento confirmado!' })).toBeVisible({ timeout: 10_000 });
  const next = page.getByRole('link', { name: 'Enviar a arte' });
  await expect(next).toBeInViewport();
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/usuario/criar-anuncio\\?item=${item.id}$`));
  await expect(page.getByRole('heading', { name: 'Criar anúncio' })).toBeVisible();
});

test('escolher uma semana no calendário não leva a página de volta ao topo', async ({ page, request }) => {
  const search = await (
    await request.get('/api/search?local=Bras%C3%ADlia&tipo=outdoor&por_pagina=1')
  ).json();
  await page.goto(`/locais/${search.items[0].slug}`);
  const week = page
    .getByRole('button', { name: /^Semana de .*: (Livre|Poucas vagas)/ })
    .and(page.locator('[aria-pressed="false"]'))
    .nth(2);
  await week.scrollIntoViewIfNeeded();
  const label = (await week.getAttribute('aria-label'))!;
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(300);
  await week.click();
  const start = isoOf(label.match(/\d\d\/\d\d\/\d{4}/)![0]);
  await expect(page).toHaveURL(new RegExp(`inicio=${start}`));
  // The page stays where the person was, with the week they tapped on screen and chosen.
  const picked = page.getByRole('button', { name: label.replace(/: .*/, '') + ':', exact: false }).first();
  await expect(picked).toHaveAttribute('aria-pressed', 'true');
  await expect(picked).toBeInViewport();
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - before)).toBeLessThan(40);
});
