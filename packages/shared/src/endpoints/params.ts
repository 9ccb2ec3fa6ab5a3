import { z } from 'zod';

/** `:id` of a record: an id that is not a UUID is answered as the record not found (`notFound`). */
export const uuidParams = (notFound: string) => z.object({ id: z.uuid({ error: notFound }) });

/** A POST that takes no body (some clients send `{}` or nothing). */
export const emptyBody = z.object({}).nullish();
