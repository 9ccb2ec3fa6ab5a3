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

/** The control of a filter in a toolbar (with `layout="compact"`): every filter of a row the same height. */
export const filterControlClass = 'h-10 py-0 text-sm';

/** A read-only box of text to copy (the Pix "copia e cola" code): small monospace, broken anywhere. */
export const copyBoxClass = 'break-all font-mono text-xs text-slate-800';

/**
 * Where the label sits: above the control (forms), small above it (toolbars and compact rows), or
 * beside it (a single filter in a row of buttons).
 */
export type FieldLayout = 'stacked' | 'compact' | 'inline';

interface Labelled {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  layout?: FieldLayout;
  /** Only for screen readers, where what is around the control already says what it is. */
  hideLabel?: boolean;
  /** Extra classes of the control itself (width, height); `className` goes to the wrapper. */
  controlClassName?: string;
}

/** What a control needs to be tied to its label, hint and error for screen readers. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

const shellClass: Record<FieldLayout, string> = {
  stacked: 'space-y-1.5',
  compact: 'space-y-1',
  inline: 'flex flex-wrap items-center gap-x-2 gap-y-1',
};
const labelClass: Record<FieldLayout, string> = {
  stacked: 'block text-sm font-medium text-slate-800',
  compact: 'block text-xs font-medium text-slate-700',
  inline: 'text-sm font-medium text-slate-800',
};

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
  layout = 'stacked',
  hideLabel,
  control,
}: Omit<Labelled, 'controlClassName'> & {
  id: string | undefined;
  className: string | undefined;
  control(props: ControlProps): ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const errorId = `${controlId}-erro`;
  const hintId = `${controlId}-dica`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const below = layout === 'inline' ? 'basis-full' : undefined;
  return (
    <div className={cn(shellClass[layout], className)}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : labelClass[layout]}>
        {label}
      </label>
      {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className={cn('text-sm text-slate-600', below)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={cn('text-sm font-medium text-red-700', below)}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type LabelledProps = Labelled & { className?: string | undefined; id?: string | undefined };

/** Splits a kit control's props into the label's part and the control's own, and draws both. */
function labelled<P extends LabelledProps>(
  { label, error, hint, className, id, layout, hideLabel, controlClassName, ...own }: P,
  draw: (control: ControlProps, own: Omit<P, keyof LabelledProps>, controlClassName?: string) => ReactNode,
) {
  return (
    <LabelledControl
      {...{ label, error, hint, id, className, layout, hideLabel }}
      control={(control) => draw(control, own, controlClassName)}
    />
  );
}

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement>, Labelled {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its error right below it (works with react-hook-form's `register`). */
export function Field(props: FieldProps) {
  return labelled(props, (control, own, controlClassName) => (
    <input className={cn(inputClass, controlClassName)} {...control} {...own} />
  ));
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, Labelled {
  options: ReadonlyArray<readonly [value: string, label: string]>;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select; `options` are [value, label] pairs, usually from the shared labels. */
export function SelectField(props: SelectFieldProps) {
  return labelled(props, (control, { options, ...own }, controlClassName) => (
    <select className={cn(inputClass, 'pr-8', controlClassName)} {...control} {...own}>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  ));
}

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, Labelled {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled textarea with its error right below it. */
export function TextareaField(props: TextareaFieldProps) {
  return labelled(props, (control, own, controlClassName) => (
    <textarea className={cn(textareaClass, controlClassName)} rows={4} {...control} {...own} />
  ));
}
