import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { articleSlugs } from '@urbana/shared';
import { articles } from './articles.ts';
import { Markdown } from './markdown.tsx';

const renderMd = (source: string) =>
  render(
    <MemoryRouter>
      <Markdown source={source} />
    </MemoryRouter>,
  );

describe('Markdown dos artigos', () => {
  it('títulos, listas, citação, negrito e links viram elementos', () => {
    const { container } = renderMd(
      [
        '## Prazo de 30 minutos',
        'O código vale por **30 minutos**. Veja o [suporte](/suporte) e o [site](https://exemplo.com.br).',
        '- primeiro\n- segundo',
        '1. um\n2. dois\n3. três',
        '> preço por dia × 7',
      ].join('\n\n'),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Prazo de 30 minutos' }).id).toBe(
      'prazo-de-30-minutos',
    );
    expect(screen.getByText('30 minutos').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'suporte' }).getAttribute('href')).toBe('/suporte');
    expect(screen.getByRole('link', { name: 'site' }).getAttribute('rel')).toBe('noopener noreferrer');
    const [ul, ol] = screen.getAllByRole('list');
    expect(within(ul!).getAllByRole('listitem')).toHaveLength(2);
    expect(ol!.tagName).toBe('OL');
    expect(within(ol!).getAllByRole('listitem')).toHaveLength(3);
    expect(container.querySelector('blockquote')?.textContent).toBe('preço por dia × 7');
  });

  it('nenhum texto vira HTML', () => {
    const { container } = renderMd('Olá <img src=x onerror="alert(1)"> <script>alert(2)</script>');
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<script>alert(2)</script>');
  });

  it('o app empacota todos os artigos, ordenados por categoria', () => {
    expect(articles.map((a) => a.slug).sort()).toEqual([...articleSlugs].sort());
    expect(articles[0]!.category).toBe('reservas');
    expect(articles.at(-1)!.category).toBe('pedidos');
  });
});
