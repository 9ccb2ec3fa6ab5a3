import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormCheck } from '@urbana/shared';

type Errors<Name extends string> = Partial<Record<Name, { message: string }>>;

/**
 * The sign-in page's forms (sign in, sign up, forgotten password) with one of the shared plain
 * checks, without react-hook-form: its 14 kB gzip were most of what `/auth` adds to a first visit
 * (docs/decisions/046-javascript-budgets.md). It keeps the part of react-hook-form's behaviour those
 * forms used, as `useForm` with a resolver did by default:
 *   - nothing is checked before the first submit; a refused submit shows each field's first message
 *     and focuses the first refused field (in the order of the fields);
 *   - after a submit, a change checks again and updates that field's message only;
 *   - the submit handler gets the checked values (trimmed, lower-cased…), `isSubmitting` meanwhile;
 *   - `setError` puts the server's refusal under a field until the field changes.
 * The inputs stay uncontrolled: `register` hands `Field` a name, a ref and the change handler.
 */
export function useCheckedForm<Values extends Record<string, string>, Out extends object>({
  check,
  defaultValues,
}: {
  check: (values: Values) => FormCheck<Out>;
  defaultValues: Values;
}) {
  type Name = keyof Values & string;
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const values = (): Values => {
    const read: Record<string, string> = { ...defaultValues };
    for (const [name, input] of inputs.current) read[name] = input.value;
    return read as Values;
  };
  const messagesOf = (result: FormCheck<Out>): Errors<Name> => {
    const found: Errors<Name> = {};
    if (result.ok) return found;
    for (const [name, message] of Object.entries(result.errors)) {
      if (typeof message === 'string') found[name as Name] = { message };
    }
    return found;
  };

  const register = (
    name: Name,
    options: { onChange?: (event: ChangeEvent<HTMLInputElement>) => void } = {},
  ) => ({
    name,
    defaultValue: defaultValues[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      options.onChange?.(event);
      if (!submitted.current) return;
      const message = messagesOf(check(values()))[name];
      setErrors((current) => ({ ...current, [name]: message }));
    },
  });

  const handleSubmit = (handler: (values: Out) => void | Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = check(values());
    if (!result.ok) {
      const found = messagesOf(result);
      setErrors(found);
      [...inputs.current].find(([name]) => found[name])?.[1].focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await handler(result.values);
    } finally {
      setSubmitting(false);
    }
  };

  const setError = (name: Name, error: { message: string }, options: { shouldFocus?: boolean } = {}) => {
    setErrors((current) => ({ ...current, [name]: error }));
    if (options.shouldFocus) inputs.current.get(name)?.focus();
  };

  return {
    register,
    handleSubmit,
    setError,
    getValues: (name: Name) => values()[name],
    formState: { errors, isSubmitting },
  };
}
