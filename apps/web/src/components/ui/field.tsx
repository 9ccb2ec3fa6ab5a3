import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '../../lib/cn.ts';

export const inputClass =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-600';

export const textareaClass =
  'block w-full rounded-lg border border-slate-300 bg-white p-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-[invalid=true]:border-red-600';

interface Labelled {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** What a control needs to be tied to its label, hint and error for screen readers. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The one labelled control of the app (issue #18 item 4): a label, the control, and either a hint or
 * the error right below it. Input, select and textarea share it, so every form looks and reads alike.
 */
function LabelledControl({
  label,
  error,
  hint,
  id,
  className,
  control,
}: Labelled & {
  id: string | undefined;
  className: string | undefined;
  control(props: ControlProps): ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-erro`;
  const hintId = `${controlId}-dica`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement>, Labelled {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error right below it (works with react-hook-form's `register`). */
export function Field({ label, error, hint, className, id, ...props }: FieldProps) {
  return (
    <LabelledControl
      {...{ label, error, hint, id, className }}
      control={(control) => <input className={inputClass} {...control} {...props} />}
    />
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, Labelled {
  options: ReadonlyArray<readonly [value: string, label: string]>;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select; `options` are [value, label] pairs, usually from the shared labels. */
export function SelectField({ label, error, hint, className, id, options, ...props }: SelectFieldProps) {
  return (
    <LabelledControl
      {...{ label, error, hint, id, className }}
      control={(control) => (
        <select className={inputClass} {...control} {...props}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, Labelled {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its error right below it. */
export function TextareaField({ label, error, hint, className, id, ...props }: TextareaFieldProps) {
  return (
    <LabelledControl
      {...{ label, error, hint, id, className }}
      control={(control) => <textarea className={textareaClass} rows={4} {...control} {...props} />}
    />
  );
}
