import { CalendarRange, MapPin, QrCode, Search, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@urbana/shared';
import { Button } from '../../components/ui/button.tsx';
import { inputClass } from '../../components/ui/field.tsx';
import { DEFAULT_LOCATION, useSearch } from '../../features/search/index.ts';

const steps = [
  {
    icon: MapPin,
    title: 'Encontre',
    text: 'Veja no mapa painéis de LED, outdoors, empenas e telas em torres perto do seu público.',
  },
  {
    icon: CalendarRange,
    title: 'Reserve por semana',
    text: 'Escolha o início e quantas semanas quer; a disponibilidade aparece na hora.',
  },
  {
    icon: QrCode,
    title: 'Pague por Pix',
    text: 'Pagamento confirmado em minutos, com nota e fatura na sua conta.',
  },
  {
    icon: Upload,
    title: 'Envie sua arte',
    text: 'Confira as especificações, envie o criativo e acompanhe a campanha no ar.',
  },
];

export function Component() {
  const navigate = useNavigate();
  const { state, update } = useSearch();
  const [location, setLocation] = useState(state.location);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const place = location.trim() || DEFAULT_LOCATION;
    update({ location: place });
    navigate(`${paths.buscarLocais}?local=${encodeURIComponent(place)}`);
  };

  return (
    <div className="space-y-16">
      <section className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-slate-900 px-6 py-14 text-white sm:px-12 sm:py-20">
        <div className="max-w-2xl space-y-5">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">
            Mídia exterior sem complicação
          </p>
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight sm:text-5xl">
            Sua marca nas ruas da cidade, reservada em minutos
          </h1>
          <p className="text-lg text-slate-200">
            Painéis, outdoors e telas em torres residenciais e comerciais em todo o Brasil. Compare audiência
            e preço, reserve por semana e pague por Pix.
          </p>
          <form
            onSubmit={onSubmit}
            role="search"
            className="flex flex-col gap-2 rounded-xl bg-white p-2 sm:flex-row"
          >
            <label htmlFor="busca-local" className="sr-only">
              Cidade ou região
            </label>
            <input
              id="busca-local"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
              placeholder="Cidade ou região"
              className={`${inputClass} border-0 focus:outline-none`}
            />
            <Button type="submit" size="lg" className="shrink-0">
              <Search className="h-5 w-5" aria-hidden="true" />
              Buscar locais
            </Button>
          </form>
        </div>
      </section>

      <section aria-labelledby="como-funciona">
        <h2 id="como-funciona" className="text-2xl font-bold tracking-tight text-slate-900">
          Como funciona
        </h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5">
              <step.icon className="h-6 w-6 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 font-semibold text-slate-900">
                {index + 1}. {step.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
