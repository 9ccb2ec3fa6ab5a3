import { expect, test } from '@playwright/test';
import { createCustomer, signInWithForm, toast } from './support/users.ts';

const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('orçamento → plano → editar (remover, trocar, adicionar) → carrinho → checkout', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Planejar' }).click();
  await expect(page).toHaveURL(/\/planejar$/);

  const form = page.getByRole('form', { name: 'Dados do plano' });
  await form.getByLabel('Orçamento (R$)').fill('20000');
  await form.getByLabel('Semanas').selectOption('2');
  // Weeks no other spec books: this plan is paid for, and the journey specs book the first free weeks
  // of the same Brasília faces.
  await form.getByLabel('Início').fill(daysAhead(7 * 38));
  await form.getByRole('button', { name: 'Montar plano' }).click();

  const chosen = page.getByTestId('plano-faces').getByRole('listitem');
  const others = page.getByTestId('plano-alternativas').getByRole('listitem');
  await expect(chosen.first()).toBeVisible();
  await expect(page.getByTestId('plano-raciocinio')).toContainText(
    /com vaga de \d{2}\/\d{2}\/\d{4} até \d{2}\/\d{2}\/\d{4}\./,
  );
  await expect(chosen.first()).toContainText('CPM');
  await expect(chosen.first()).toContainText('km');
  const start = await chosen.count();
  expect(start).toBeGreaterThan(1);

  // Remove one.
  await chosen
    .first()
    .getByRole('button', { name: /^Remover / })
    .click();
  await expect(chosen).toHaveCount(start - 1);

  // Swap one for an alternative, each found by its name (the lists re-render as the plan changes; a
  // product with several faces shows its name once per face).
  const firstName = await chosen.first().getByRole('link').innerText();
  const sameName = await chosen.filter({ hasText: firstName }).count();
  await chosen
    .filter({ hasText: firstName })
    .first()
    .getByRole('button', { name: /^Trocar / })
    .click();
  const altName = await others.first().getByRole('link').innerText();
  await others
    .filter({ hasText: altName })
    .first()
    .getByRole('button', { name: /^Trocar por / })
    .click();
  await expect(chosen).toHaveCount(start - 1);
  await expect(chosen.filter({ hasText: altName }).first()).toBeVisible();
  if (altName !== firstName) await expect(chosen.filter({ hasText: firstName })).toHaveCount(sameName - 1);

  // Add one.
  await others
    .first()
    .getByRole('button', { name: /^Adicionar / })
    .click();
  await expect(chosen).toHaveCount(start);

  // The edits live on this page only: leaving for another page asks first, and staying keeps them.
  await chosen.first().getByRole('link').click();
  const leave = page.getByRole('dialog', { name: 'Sair sem salvar?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(page).toHaveURL(/\/planejar\?/);
  await expect(chosen).toHaveCount(start);

  const lines = Number((await page.getByText(/faces? em \d+ locais?/).innerText()).match(/em (\d+)/)![1]);
  await page.getByRole('button', { name: 'Adicionar plano ao carrinho' }).click();
  await expect(toast(page, 'Plano adicionado ao carrinho')).toBeVisible();
  await expect(page).toHaveURL(/\/carrinho$/);
  await expect(page.getByRole('list', { name: 'Itens do carrinho' }).getByRole('listitem')).toHaveCount(
    lines,
  );
  await expect(page.getByTestId('cpm-total')).not.toHaveText('—');

  await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const user = await createCustomer(request, 'Paula Planejadora');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/usuario\/completar-perfil\?voltar=%2Fcheckout/);
  const profile = page.getByRole('form', { name: 'Cadastro de faturamento' });
  await profile.getByLabel('Nome completo', { exact: true }).fill('Paula Planejadora');
  await profile.getByLabel('CPF', { exact: true }).fill('529.982.247-25');
  await profile.getByLabel('Telefone com DDD').fill('(61) 98888-7777');
  await profile.getByLabel('CEP').fill('70040-010');
  await profile.getByLabel('Endereço').fill('SBS Quadra 2');
  await profile.getByLabel('Número').fill('10');
  await profile.getByLabel('Bairro').fill('Asa Sul');
  await profile.getByLabel('Cidade').fill('Brasília');
  await profile.getByLabel('Estado').selectOption('DF');
  await profile.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('audiencia-periodo')).toHaveCount(lines);
  await expect(page.getByTestId('cpm-item')).toHaveCount(lines);
  await expect(page.getByTestId('total-pedido')).not.toHaveText('R$ 0,00');
  await expect(page.getByTestId('cpm-total')).not.toHaveText('—');
});

test('o resultado do planejador, editado, vira um plano salvo em Meus planos', async ({ page, request }) => {
  const user = await createCustomer(request, 'Otávio Orçamento');
  await signInWithForm(page, user.email, user.password);
  await expect(page).toHaveURL(/\/buscar-locais$/);
  await page.goto('/planejar');
  const form = page.getByRole('form', { name: 'Dados do plano' });
  await form.getByLabel('Orçamento (R$)').fill('15000');
  await form.getByRole('button', { name: 'Montar plano' }).click();
  const chosen = page.getByTestId('plano-faces').getByRole('listitem');
  await expect(chosen.first()).toBeVisible();
  await chosen
    .first()
    .getByRole('button', { name: /^Remover / })
    .click();
  const lines = Number((await page.getByText(/faces? em \d+ locais?/).innerText()).match(/em (\d+)/)![1]);

  await page.getByRole('button', { name: 'Salvar como plano' }).click();
  const dialog = page.getByRole('dialog', { name: 'Salvar como plano' });
  await expect(dialog).toContainText('Guarde este plano');
  await dialog.getByRole('button', { name: 'Salvar plano' }).click();
  await expect(dialog.getByText('Dê um nome ao plano.')).toBeVisible();
  await dialog.getByLabel('Nome do plano').fill('Verão 2027 — planejador');
  await dialog.getByRole('button', { name: 'Salvar plano' }).click();
  await dialog.getByRole('link', { name: 'Abrir o plano' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Verão 2027 — planejador' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Locais do plano' }).getByRole('listitem')).toHaveCount(lines);
});

test('da busca por área do mapa, "Planejar nesta área" monta o plano nessa área', async ({ page }) => {
  await page.goto('/buscar-locais?norte=-15.70&sul=-15.90&leste=-47.80&oeste=-48.00');
  await page.getByRole('link', { name: 'Planejar nesta área' }).click();
  await expect(page).toHaveURL(/\/planejar\?norte=/);
  await expect(page.getByTestId('plano-area')).toContainText('Área do mapa escolhida na busca');
  const form = page.getByRole('form', { name: 'Dados do plano' });
  await form.getByLabel('Orçamento (R$)').fill('20000');
  await form.getByRole('button', { name: 'Montar plano' }).click();
  await expect(page.getByTestId('plano-raciocinio')).toContainText('Na área do mapa');
  await expect(page.getByTestId('plano-faces').getByRole('listitem').first()).toBeVisible();
  expect(new URL(page.url()).searchParams.has('local')).toBe(false);
});
