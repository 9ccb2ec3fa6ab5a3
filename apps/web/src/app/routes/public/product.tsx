import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { paths, productMetaDescription, type AppConfig, type ProductDetail } from '@urbana/shared';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAppConfig, useProduct } from '../../../features/catalog/index.ts';
import {
  AvailabilityCalendar,
  BookingBar,
  BookingPanel,
  CreativeSpec,
  ProductAbout,
  ProductBreadcrumb,
  ProductHeader,
  ProductMap,
  ProductPhotos,
  useBooking,
  usePeriodParams,
} from '../../../features/catalog/product/index.ts';
import { setPageHead } from '../../../lib/page-head.ts';

export function Component() {
  const { slug = '' } = useParams();
  const { start, weeks, setPeriod } = usePeriodParams();
  const product = useProduct(slug, start, weeks);
  const config = useAppConfig();
  const data = product.data;

  useEffect(() => {
    if (data)
      setPageHead({
        title: data.name,
        description: productMetaDescription(data),
      });
  }, [data]);

  if (product.isPending) return <Spinner label="Carregando o local..." className="min-h-[50vh]" />;
  if (product.isError || !data) {
    return (
      <div className="mx-auto max-w-lg py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Local não encontrado</h1>
        <p className="mt-2 text-slate-600">{product.error?.message ?? 'Este local não está disponível.'}</p>
        <Link
          to={paths.buscarLocais}
          className="mt-6 inline-block font-semibold text-brand-700 hover:underline"
        >
          Voltar para a busca
        </Link>
      </div>
    );
  }
  return <ProductPage data={data} weeks={weeks} setPeriod={setPeriod} config={config.data} />;
}

function ProductPage({
  data,
  weeks,
  setPeriod,
  config,
}: {
  data: ProductDetail;
  weeks: number;
  setPeriod: (changes: { inicio?: string; semanas?: number }) => void;
  config: AppConfig | undefined;
}) {
  const booking = useBooking(data, weeks, config);
  return (
    <div className="space-y-8">
      <ProductBreadcrumb data={data} />
      <div className="grid gap-8 lg:grid-cols-[1fr_380px]">
        <div className="min-w-0 space-y-8">
          <ProductHeader data={data} />
          <ProductPhotos data={data} />
          <ProductAbout data={data} periodCpm={booking.periodCpm} />
          <AvailabilityCalendar data={data} setPeriod={setPeriod} />
          <CreativeSpec data={data} />
          <section aria-labelledby="mapa" className="space-y-3">
            <h2 id="mapa" className="text-xl font-bold text-slate-900">
              Localização
            </h2>
            <ProductMap product={data} tileUrl={config?.tile_url} attribution={config?.tile_attribution} />
          </section>
        </div>
        <BookingPanel data={data} weeks={weeks} booking={booking} setPeriod={setPeriod} />
      </div>
      <BookingBar data={data} weeks={weeks} booking={booking} />
    </div>
  );
}
