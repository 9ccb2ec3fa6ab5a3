// Writes the `.gz` and `.br` copies of the build's text assets that the server sends instead of
// compressing on every request (apps/api/src/plugins/app/web.ts, `preCompressed`). Run as a worker
// thread by the `urbana-precompress` plugin of apps/web/vite.config.ts, one worker a core, each with
// its share of the files (`workerData.files`).
//
// The `.gz` copy is written by Zopfli: the same gzip format every browser reads, about 3 % smaller
// than zlib's level 9 (docs/decisions/058-zopfli-precompressed-assets.md). Zopfli's module installs
// process-wide error handlers when it loads, which is why it is loaded here, in a worker, and never
// in the build's own thread.
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { brotliCompressSync, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/** Zopfli's passes over each file: 5 gives within 0.1 kB of 15 over the whole build, in a third of the time. */
const ZOPFLI_ITERATIONS = 5;

for (const file of workerData.files) {
  const data = await readFile(file);
  await writeFile(`${file}.gz`, await gzipAsync(data, { numiterations: ZOPFLI_ITERATIONS }));
  await writeFile(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}
parentPort.postMessage(workerData.files.length);
