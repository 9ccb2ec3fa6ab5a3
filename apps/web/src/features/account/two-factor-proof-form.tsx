import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { accountSettingsMessages, twoFactorChangeBodySchema, twoFactorMessages } from '@urbana/shared';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';

export type TwoFactorProof = z.output<typeof twoFactorChangeBodySchema>;

interface ProofFormProps {
  /** The form's accessible name. */
  name: string;
  codeLabel: string;
  passwordLabel?: string;
  submitLabel: string;
  pending: boolean;
  variant?: 'primary' | 'secondary';
  /** Sends the proof; a refusal is thrown and shown by the form. */
  onSubmit: (proof: TwoFactorProof) => Promise<void>;
  fallback: string;
  children?: ReactNode;
}

/**
 * The current password and a code, which turning two-factor sign-in on or off and taking new recovery
 * codes all ask (issue #39 item 5: a stolen session alone must not change the second factor). A wrong
 * password or code is said next to its field; anything else under the form.
 */
export function TwoFactorProofForm(props: ProofFormProps) {
  const form = useForm<z.input<typeof twoFactorChangeBodySchema>, unknown, TwoFactorProof>({
    resolver: zodResolver(twoFactorChangeBodySchema),
    defaultValues: { password: '', code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await props.onSubmit(values);
      form.reset();
    } catch (e) {
      const text = errorMessage(e, props.fallback);
      if (text === accountSettingsMessages.wrongPassword) form.setError('password', { message: text });
      else if (text === twoFactorMessages.invalidCode) form.setError('code', { message: text });
      else form.setError('root', { message: text });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={props.name}>
      {props.children ? <div className="space-y-4 sm:col-span-2">{props.children}</div> : null}
      <Field
        label={props.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...form.register('code')}
      />
      <Field
        label={props.passwordLabel ?? 'Senha atual'}
        type="password"
        autoComplete="current-password"
        hint="Pedimos a senha para confirmar que é você."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" variant={props.variant ?? 'primary'} disabled={props.pending || isSubmitting}>
          {props.submitLabel}
        </Button>
      </div>
      {errors.root ? (
        <div className="sm:col-span-2">
          <Alert>{errors.root.message}</Alert>
        </div>
      ) : null}
    </form>
  );
}
