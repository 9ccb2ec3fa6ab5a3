import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AudiencePicker } from './audience-picker.tsx';

describe('AudiencePicker', () => {
  it('um email para um usuário, ao ser editado, diz quem já foi escolhido', () => {
    const ana = {
      id: 'u1',
      email: 'ana@exemplo.com.br',
      nome_completo: 'Ana Souza',
      tipo_usuario: 'cliente',
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AudiencePicker chosen={ana} segment="usuario" userId="u1" onChange={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/Escolhido:/).textContent).toBe('Escolhido: Ana Souza (ana@exemplo.com.br)');
  });
});
