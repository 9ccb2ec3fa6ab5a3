/** A zod error as the form shows it: the first message of each field (by its top-level key). */
export function fieldErrors<K extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): Partial<Record<K | 'root', string>> {
  const errors: Partial<Record<K | 'root', string>> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'root') as K | 'root';
    errors[key] ??= issue.message;
  }
  return errors;
}
