// Vitest global set-up of the API suite on PGlite: the migrated database every test file starts from
// is made once, before the workers start, instead of by the first files of each worker at the same time
// (apps/api/test/migrated-databases.ts), and outside any hook's time limit.
import { migratedSnapshot } from '../apps/api/test/migrated-databases.ts';

export async function setup(): Promise<void> {
  await migratedSnapshot();
}
