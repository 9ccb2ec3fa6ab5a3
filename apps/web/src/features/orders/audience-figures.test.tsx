import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AudienceSummary, LineCpm } from './audience-figures.tsx';

describe('audience and CPM figures (issue #23 item 1)', () => {
  it('the total is the summed prices over the summed audience, linked to the method', () => {
    render(
      <MemoryRouter>
        <AudienceSummary
          items={[
            { total: 100_000, audience: 10_000 },
            { total: 100_000, audience: 90_000 },
          ]}
        />
        <LineCpm cpm={null} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('audiencia-total').textContent).toBe('100.000');
    expect(screen.getByTestId('cpm-total').textContent).toMatch(/^R\$\s20,00$/);
    expect(screen.getByTestId('cpm-item').textContent).toContain('CPM: —');
    for (const link of screen.getAllByRole('link')) {
      expect(link.getAttribute('href')).toBe('/central/audiencia-e-cpm');
    }
  });

  it('the CPM of the total is over what is paid: a coupon or a proposal lowers it', () => {
    render(
      <MemoryRouter>
        <AudienceSummary
          items={[
            { total: 100_000, audience: 10_000 },
            { total: 100_000, audience: 90_000 },
          ]}
          paid={150_000}
        />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('cpm-total').textContent).toMatch(/^R\$\s15,00$/);
  });
});
