import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailTemplateLabel, emailTemplateNames } from '@urbana/shared';

/** Every template id the API writes into email_log.template (`render('id', …)` in apps/api/src). */
function renderedTemplates(): string[] {
  const root = path.resolve(import.meta.dirname, '../src');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  const ids = new Set<string>();
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const match of source.matchAll(/render\(\s*'([a-z_]+)'/g)) ids.add(match[1]!);
  }
  return [...ids].sort();
}

describe('nomes dos modelos de email no painel', () => {
  it('cada modelo que a API envia tem um nome em palavras (o painel mostrava "confirmacao_email")', () => {
    const ids = renderedTemplates();
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => !(id in emailTemplateNames))).toEqual([]);
    expect(emailTemplateLabel('confirmacao_email')).toBe('Confirmação de email');
    expect(emailTemplateLabel('novo_modelo')).toBe('Novo modelo');
  });
});
