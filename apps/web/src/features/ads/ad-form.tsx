import { AlertTriangle, CheckCircle2, ImageOff } from 'lucide-react';
import { useMemo, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';
import {
  adMessages,
  creativeProblems,
  creativeSpecs,
  paths,
  productTypeLabels,
  ufNames,
  formatBookingRange,
  formatDate,
} from '@urbana/shared';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';
import {
  useAdOptions,
  useMediaLibrary,
  useSaveAd,
  useSubmitAd,
  type AdDetail,
  type AdItem,
  type MediaItem,
} from './api.ts';
import { MediaUploader } from './media-uploader.tsx';
import { MediaThumb, mediaFacts } from './media-thumb.tsx';

type Fit = { media: MediaItem; item: AdItem; problems: string[] };

/** The creative on the location's photo: a quick feel for how it reads in place. */
function MockUp({ item, media }: { item: AdItem; media: MediaItem }) {
  const spec = creativeSpecs[item.type];
  const ratio = spec.width / spec.height;
  // The frame takes most of the photo's height for vertical pieces, most of its width otherwise.
  const frame =
    ratio < 1 ? { height: '78%', aspectRatio: `${ratio}` } : { width: '70%', aspectRatio: `${ratio}` };
  return (
    <figure className="space-y-2">
      <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-slate-800">
        {item.photo ? (
          <img src={item.photo} alt="" className="absolute inset-0 h-full w-full object-cover" />
        ) : (
          <div className="absolute inset-0 flex items-center justify-center text-slate-400">
            <ImageOff className="h-10 w-10" aria-hidden="true" />
          </div>
        )}
        <div
          className="absolute left-1/2 top-1/2 -translate-x-1/2 -translate-y-1/2 overflow-hidden rounded-sm bg-black shadow-2xl ring-4 ring-slate-900/80"
          style={frame}
          data-testid="simulacao"
        >
          <MediaThumb item={media} className="h-full w-full [&_img]:object-cover [&_video]:object-cover" />
        </div>
      </div>
      <figcaption className="text-sm text-slate-600">
        Simulação de “{media.name}” em {item.name} ({productTypeLabels[item.type]}). A foto mostra o local; a
        posição da peça é ilustrativa.
      </figcaption>
    </figure>
  );
}

/** What keeps an ad from being sent, first thing first. */
function adProblem(name: string, itemIds: string[], mediaIds: string[], misfits: number) {
  if (!name) return adMessages.name;
  if (itemIds.length === 0) return adMessages.noItems;
  if (mediaIds.length === 0) return adMessages.noMedia;
  return misfits > 0
    ? 'Há arquivos que não servem para os itens escolhidos: veja a conferência abaixo.'
    : undefined;
}

/** Create or edit an ad: the booked items it runs on, files from the library, each checked at once. */
export function AdForm({
  ad,
  initialItem,
  onSaved,
}: {
  ad?: AdDetail;
  initialItem?: string | null;
  onSaved: (ad: AdDetail) => void;
}) {
  const options = useAdOptions(ad?.id);
  const library = useMediaLibrary();
  const save = useSaveAd(ad?.id);
  const submit = useSubmitAd();
  const [name, setName] = useState(ad?.name ?? '');
  const [itemIds, setItemIds] = useState<string[]>(
    ad ? ad.items.map((i) => i.id) : initialItem ? [initialItem] : [],
  );
  const [mediaIds, setMediaIds] = useState<string[]>(ad ? ad.media.map((m) => m.id) : []);
  // After the first send the checks follow every change; a server refusal stands until the form changes.
  const [attempted, setAttempted] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; sent: string }>();
  const [preview, setPreview] = useState(0);

  const items = options.data ?? [];
  const files = library.data?.items ?? [];
  const chosenItems = items.filter((i) => itemIds.includes(i.id));
  const chosenMedia = mediaIds.map((id) => files.find((m) => m.id === id)).filter((m): m is MediaItem => !!m);

  const fits: Fit[] = useMemo(
    () =>
      chosenMedia.flatMap((media) =>
        chosenItems.map((item) => ({
          media,
          item,
          problems: creativeProblems(
            {
              format: media.format,
              width: media.width,
              height: media.height,
              sizeBytes: media.size_bytes,
              durationMs: media.duration_ms,
            },
            item.type,
          ),
        })),
      ),
    [chosenMedia, chosenItems],
  );
  const misfits = fits.filter((f) => f.problems.length > 0);
  const latePassed = chosenItems.filter((i) => i.deadline_passed);

  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const clean = name.trim();
  const problem = adProblem(clean, itemIds, mediaIds, misfits.length);
  const asSent = JSON.stringify([clean, itemIds, mediaIds]);
  const formError = refusal?.sent === asSent ? refusal.message : attempted && clean ? problem : undefined;

  const validate = () => {
    setAttempted(true);
    return problem ? null : { name: clean, item_ids: itemIds, media_ids: mediaIds };
  };

  const onSave = async (event: SyntheticEvent, send: boolean) => {
    event.preventDefault();
    const input = validate();
    if (!input) return;
    try {
      let saved = await save.mutateAsync(input);
      if (send) {
        saved = await submit.mutateAsync(saved.id);
        toast.success(
          'Anúncio enviado para análise',
          'Avisaremos por notificação e email quando for revisado.',
        );
      } else {
        toast.success('Rascunho salvo');
      }
      onSaved(saved);
    } catch (error) {
      setRefusal({
        message: errorMessage(error, 'Não foi possível salvar o anúncio. Tente novamente.'),
        sent: asSent,
      });
    }
  };

  if (options.isPending || library.isPending) return <Spinner label="Carregando itens e arquivos..." />;
  if (options.isError || library.isError)
    return <Alert>{(options.error ?? library.error)?.message ?? 'Não foi possível carregar.'}</Alert>;

  const busy = save.isPending || submit.isPending;
  const shown = fits.length > 0 ? fits[Math.min(preview, fits.length - 1)] : undefined;

  return (
    <form className="space-y-8" noValidate onSubmit={(e) => void onSave(e, true)}>
      {ad?.status === 'reprovado' && ad.review_reason ? (
        <Alert>
          <p className="font-semibold">Anúncio reprovado pela equipe</p>
          <p className="mt-1">{ad.review_reason}</p>
          <p className="mt-1">Ajuste o que foi pedido e envie de novo para análise.</p>
        </Alert>
      ) : null}

      <Field
        label="Nome do anúncio"
        value={name}
        maxLength={120}
        onChange={(e) => setName(e.target.value)}
        error={attempted && !clean ? adMessages.name : undefined}
        hint="Só para você e a equipe reconhecerem o anúncio."
      />

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Onde o anúncio vai rodar</legend>
        {items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
            <p className="font-medium">Nenhum item pago esperando arte.</p>
            <p className="mt-1 text-sm">
              Os itens aparecem aqui depois que o pagamento do pedido é confirmado.
            </p>
            <Button asChild variant="secondary" className="mt-3">
              <Link to={paths.usuario.meusPedidos}>Ver meus pedidos</Link>
            </Button>
          </div>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {items.map((item) => {
              const checked = itemIds.includes(item.id);
              const spec = creativeSpecs[item.type];
              return (
                <li key={item.id}>
                  <label
                    className={cn(
                      'flex h-full cursor-pointer gap-3 rounded-xl border bg-white p-4',
                      checked
                        ? 'border-brand-600 ring-1 ring-brand-600'
                        : 'border-slate-200 hover:border-slate-400',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 accent-brand-700"
                      checked={checked}
                      onChange={() => setItemIds((list) => toggle(list, item.id))}
                    />
                    <span className="min-w-0 space-y-0.5 text-sm">
                      <span className="block font-semibold text-slate-900">{item.name}</span>
                      <span className="block text-slate-700">
                        {productTypeLabels[item.type]} · {item.city}, {ufNames[item.state] ?? item.state}
                      </span>
                      <span className="block text-slate-700">
                        {formatBookingRange(item.start, item.end)} · pedido {item.order_code}
                        {item.advertiser ? ` · para ${item.advertiser.name}` : ''}
                      </span>
                      <span className="block text-slate-700">
                        Arte: {spec.width} × {spec.height} px
                        {spec.spotSeconds ? `, até ${spec.spotSeconds} s` : ''}
                      </span>
                      <span
                        className={cn(
                          'block font-medium',
                          item.deadline_passed ? 'text-red-700' : 'text-amber-800',
                        )}
                      >
                        {item.deadline_passed
                          ? `Prazo da arte encerrado em ${formatDate(item.artwork_deadline)}`
                          : `Envie a arte até ${formatDate(item.artwork_deadline)}`}
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-sm text-slate-600">
          O prazo para enviar a arte é de 2 dias úteis antes do início. Veja as{' '}
          <Link className="font-medium text-brand-700 underline" to={paths.especificacoesCriacao}>
            especificações de criação
          </Link>
          .
        </p>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-lg font-semibold text-slate-900">Arquivos da biblioteca</legend>
        {files.length === 0 ? (
          <p className="text-sm text-slate-700">Sua biblioteca está vazia: envie a arte aqui mesmo.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {files.map((m) => {
              const chosen = mediaIds.includes(m.id);
              return (
                <li key={m.id}>
                  <label
                    className={cn(
                      'block cursor-pointer overflow-hidden rounded-xl border bg-white',
                      chosen
                        ? 'border-brand-600 ring-2 ring-brand-600'
                        : 'border-slate-200 hover:border-slate-400',
                    )}
                  >
                    <MediaThumb item={m} className="aspect-square" />
                    <span className="flex items-start gap-2 p-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                        checked={chosen}
                        onChange={() => setMediaIds((list) => toggle(list, m.id))}
                      />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-slate-900">{m.name}</span>
                        <span className="block text-xs text-slate-600">{mediaFacts(m)}</span>
                      </span>
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        <details className="rounded-xl border border-slate-200 bg-white p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-900">
            Enviar um arquivo novo
          </summary>
          <div className="mt-3">
            <MediaUploader
              library={library.data}
              compact
              onUploaded={(m) => setMediaIds((list) => (list.includes(m.id) ? list : [...list, m.id]))}
            />
          </div>
        </details>
      </fieldset>

      <section aria-labelledby="conferencia" className="space-y-3">
        <h2 id="conferencia" className="text-lg font-semibold text-slate-900">
          Conferência com as especificações
        </h2>
        {fits.length === 0 ? (
          <p className="text-sm text-slate-700">Escolha ao menos um item e um arquivo para conferir.</p>
        ) : (
          <ul className="space-y-2" aria-label="Conferência">
            {fits.map((f) => (
              <li
                key={`${f.media.id}-${f.item.id}`}
                className={cn(
                  'flex gap-3 rounded-lg border p-3 text-sm',
                  f.problems.length ? 'border-red-200 bg-red-50' : 'border-emerald-200 bg-emerald-50',
                )}
              >
                {f.problems.length ? (
                  <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
                ) : (
                  <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden="true" />
                )}
                <div>
                  <p className="font-medium text-slate-900">
                    “{f.media.name}” em {f.item.name}: {f.problems.length ? 'não serve' : 'serve'}
                  </p>
                  {f.problems.map((p) => (
                    <p key={p} className="text-red-800">
                      {p}
                    </p>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {shown ? (
          <div className="space-y-2">
            {fits.length > 1 ? (
              <div className="flex flex-wrap gap-2" role="group" aria-label="Escolher simulação">
                {fits.map((f, i) => (
                  <Button
                    key={`${f.media.id}-${f.item.id}`}
                    size="sm"
                    variant={i === preview ? 'primary' : 'secondary'}
                    aria-pressed={i === preview}
                    onClick={() => setPreview(i)}
                  >
                    {f.media.name} · {f.item.name}
                  </Button>
                ))}
              </div>
            ) : null}
            <MockUp item={shown.item} media={shown.media} />
          </div>
        ) : null}
      </section>

      {latePassed.length > 0 ? (
        <Alert tone="info">
          O prazo da arte já terminou para {latePassed.map((i) => i.name).join(', ')}. Você pode salvar o
          rascunho, mas o envio será recusado; fale com o suporte para reagendar.
        </Alert>
      ) : null}
      {formError ? <Alert>{formError}</Alert> : null}

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {submit.isPending ? 'Enviando...' : 'Enviar para análise'}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={(e) => void onSave(e, false)}>
          {save.isPending && !submit.isPending ? 'Salvando...' : 'Salvar rascunho'}
        </Button>
        {ad ? (
          <Button asChild variant="ghost">
            <Link to={paths.usuario.meusAnuncios}>Voltar aos anúncios</Link>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
