import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiFile, apiUpload, fileNameOf, saveFile } from './api-client.ts';

/** Issue #18 item 4: one API client, which also sends extra headers and files and receives files. */
describe('api client: headers, files in and out', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function answer(response: Response) {
    const fetchMock = vi.fn<typeof fetch>(async () => response);
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('sends extra headers next to the JSON body', async () => {
    const fetchMock = answer(new Response(JSON.stringify({ id: 'p1' }), { status: 201 }));
    const order = await api<{ id: string }>('/api/orders', {
      method: 'POST',
      body: { items: [] },
      headers: { 'idempotency-key': 'k-1' },
    });
    expect(order).toEqual({ id: 'p1' });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/orders');
    expect(init?.headers).toEqual({ 'content-type': 'application/json', 'idempotency-key': 'k-1' });
    expect(init?.body).toBe('{"items":[]}');
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends a file as it is, typed by its own type', async () => {
    const fetchMock = answer(new Response('{}', { status: 200 }));
    const file = new File(['png'], 'fachada.png', { type: 'image/png' });
    await api('/api/admin/produtos/1/fotos', { method: 'POST', body: file });
    const init = fetchMock.mock.calls[0]![1];
    expect(init?.body).toBe(file);
    expect(init?.headers).toEqual({ 'content-type': 'image/png' });
  });

  it('receives a file: the blob and the name from Content-Disposition', async () => {
    answer(
      new Response('%PDF-1.7', {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="fatura-2026-000012.pdf"',
        },
      }),
    );
    const file = await apiFile('/api/invoices/1/pdf');
    expect(file.fileName).toBe('fatura-2026-000012.pdf');
    expect(file.blob.type).toBe('application/pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
  });

  it('a refused file call fails with the server message, like any other call', async () => {
    answer(new Response(JSON.stringify({ message: 'Fatura não encontrada.' }), { status: 404 }));
    const call = apiFile('/api/invoices/x/pdf');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 404, message: 'Fatura não encontrada.' });
  });

  it('no connection → status 0 with a Portuguese message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiFile('/api/proposta', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 0,
      message: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
    });
  });

  it('reads the file name in its plain, encoded and missing forms', () => {
    expect(fileNameOf('attachment; filename="proposta-urbana.pdf"')).toBe('proposta-urbana.pdf');
    expect(fileNameOf('attachment; filename=relatorio.csv')).toBe('relatorio.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''relat%C3%B3rio%20mensal.csv")).toBe(
      'relatório mensal.csv',
    );
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it('saves a file under the server name, else the fallback', () => {
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:x';
        static override revokeObjectURL = () => {};
      },
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    saveFile({ blob: new Blob(['a']), fileName: 'fatura-1.pdf' }, 'fatura.pdf');
    saveFile({ blob: new Blob(['a']), fileName: null }, 'proposta-urbana.pdf');
    expect(saved).toEqual(['fatura-1.pdf', 'proposta-urbana.pdf']);
  });

  /** A stand-in XMLHttpRequest: records what was sent and answers when the test says. */
  function fakeXhr() {
    const sent: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }> = [];
    class FakeXhr {
      static last: FakeXhr;
      status = 0;
      response: unknown = null;
      responseType = '';
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      private request = { method: '', path: '', headers: {} as Record<string, string> };
      constructor() {
        FakeXhr.last = this;
      }
      open(method: string, path: string) {
        this.request = { ...this.request, method, path };
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      send(body: unknown) {
        sent.push({ ...this.request, body });
      }
      abort() {
        this.onabort?.();
      }
      answer(status: number, response: unknown) {
        this.status = status;
        this.response = response;
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    return { sent, last: () => FakeXhr.last };
  }

  it('uploads a file with its headers and progress, and answers like any other call', async () => {
    const xhr = fakeXhr();
    const progress: number[] = [];
    const file = new Blob(['abc'], { type: 'image/png' });
    const upload = apiUpload<{ id: string }>('/api/media', file, {
      headers: { 'x-file-name': 'foto.png' },
      onProgress: (f) => progress.push(f),
    });
    xhr.last().upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
    xhr.last().answer(201, { id: 'm1' });
    await expect(upload.promise).resolves.toEqual({ id: 'm1' });
    expect(progress).toEqual([0.25, 1]);
    expect(xhr.sent).toEqual([
      {
        method: 'POST',
        path: '/api/media',
        headers: { 'content-type': 'image/png', 'x-file-name': 'foto.png' },
        body: file,
      },
    ]);
  });

  it('a refused upload fails with the server message; a cancelled one says so', async () => {
    const xhr = fakeXhr();
    const refused = apiUpload('/api/media', new Blob(['a']), { onProgress: () => undefined });
    xhr.last().answer(413, { message: 'Arquivo grande demais.' });
    await expect(refused.promise).rejects.toMatchObject({ status: 413, message: 'Arquivo grande demais.' });
    const cancelled = apiUpload('/api/media', new Blob(['a']), { onProgress: () => undefined });
    cancelled.cancel();
    await expect(cancelled.promise).rejects.toMatchObject({
      status: 0,
      cancelled: true,
      message: 'Envio cancelado.',
    });
  });
});
